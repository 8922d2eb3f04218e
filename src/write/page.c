/*
 * page.c - the timeline page written to standard output (see page.h).
 */
#include "write/page.h"
#include "write/output.h"

#include <string.h>

/* The template line the run's data replaces. */
#define DATA_MARKER "<!-- adkev:data -->\n"

void page_append_script_json(struct strbuf *sb, const json_t *value)
{
	struct strbuf json = STRBUF_INIT;
	json_append(&json, value, false, 0);
	/*
	 * These characters stand only inside strings in JSON text (never
	 * between tokens), where an escape means the same character.
	 */
	for (size_t i = 0; i < json.len; i++) {
		unsigned char c = (unsigned char)json.buf[i];
		if (c == '<' || c == '>' || c == '&') {
			strbuf_addf(sb, "\\u%04x", c);
		} else if (c == 0xE2 && i + 2 < json.len &&
		           (unsigned char)json.buf[i + 1] == 0x80 &&
		           ((unsigned char)json.buf[i + 2] == 0xA8 ||
		            (unsigned char)json.buf[i + 2] == 0xA9)) {
			strbuf_addf(sb, "\\u%04x", 0x2000 + (unsigned char)json.buf[i + 2] - 0x80);
			i += 2;
		} else {
			strbuf_addch(sb, (char)c);
		}
	}
	strbuf_release(&json);
}

bool page_write_timeline(const json_t *data)
{
	struct strbuf sb = STRBUF_INIT;
	bool ok = true;
	for (size_t i = 0; i < timeline_page_nlines && ok; i++) {
		const char *line = timeline_page_lines[i];
		if (strcmp(line, DATA_MARKER) != 0) {
			ok = output_bytes(line, strlen(line));
			continue;
		}
		strbuf_addstr(&sb, "<script type=\"application/json\" id=\"adkev-run\">");
		page_append_script_json(&sb, data);
		strbuf_addstr(&sb, "</script>\n");
		ok = output_bytes(sb.buf, sb.len);
	}
	strbuf_release(&sb);
	return ok;
}
