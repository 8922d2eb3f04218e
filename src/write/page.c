/*
 * page.c - the timeline page written to standard output (see page.h).
 */
#include "write/page.h"
#include "write/json.h"
#include "write/output.h"

#include <string.h>

/* The template line the run's data replaces. */
#define DATA_MARKER "<!-- adkev:data -->\n"

void page_append_script_json(struct strbuf *sb, const json_t *value)
{
	struct json_writer w;
	/* Go's escapes are exactly the ones a script element needs. */
	jw_init_buf(&w, sb, JW_GO);
	jw_value(&w, value);
	jw_release(&w);
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
