/*
 * mermaid.c - the lines of a Mermaid sequenceDiagram (see mermaid.h).
 */
#include "write/mermaid.h"
#include "write/termtext.h"

#include <string.h>

#define INDENT   "    "
#define ELLIPSIS "\xE2\x80\xA6"

/* Whether cp is written as an entity code rather than as itself. */
static bool mermaid_special(uint32_t cp)
{
	return cp == ';' || cp == '#' || cp == '<' || cp == '>' || cp == '&' || cp == '"' ||
	       cp == '%' || cp == '`' || text_unsafe(cp);
}

void mermaid_text(struct strbuf *sb, const char *s, size_t len)
{
	size_t count = 0;
	bool space = false; /* a run of white space becomes one blank */
	size_t start = sb->len;
	for (size_t i = 0; i < len;) {
		uint32_t cp;
		size_t n = utf8_decode(s + i, len - i, &cp);
		const char *at = s + i;
		i += n;
		if (cp == ' ' || cp == '\n' || cp == '\t' || cp == '\r') {
			space = sb->len > start;
			continue;
		}
		if (count + (space ? 1 : 0) >= MERMAID_TEXT_MAX) {
			strbuf_addstr(sb, ELLIPSIS);
			return;
		}
		if (space) {
			strbuf_addch(sb, ' ');
			count++;
			space = false;
		}
		if (mermaid_special(cp))
			strbuf_addf(sb, "#%u;", (unsigned)cp);
		else
			strbuf_add(sb, at, n);
		count++;
	}
}

void mermaid_begin(struct strbuf *sb)
{
	strbuf_addstr(sb, "sequenceDiagram\n");
}

void mermaid_participant(struct strbuf *sb, const char *id, bool actor, const char *prefix,
                         const char *name, size_t len)
{
	strbuf_addf(sb, INDENT "%s %s as %s", actor ? "actor" : "participant", id, prefix);
	mermaid_text(sb, name, len);
	strbuf_addch(sb, '\n');
}

void mermaid_message(struct strbuf *sb, const char *from, const char *to, bool reply, bool failed,
                     const char *text, size_t len)
{
	const char *arrow = failed ? (reply ? "--x" : "-x") : (reply ? "-->>" : "->>");
	strbuf_addf(sb, INDENT "%s%s%s: ", from, arrow, to);
	mermaid_text(sb, text, len);
	strbuf_addch(sb, '\n');
}

void mermaid_note(struct strbuf *sb, const char *over, const char *text, size_t len)
{
	strbuf_addf(sb, INDENT "Note over %s: ", over);
	mermaid_text(sb, text, len);
	strbuf_addch(sb, '\n');
}

void mermaid_comment(struct strbuf *sb, const char *text, size_t len)
{
	strbuf_addstr(sb, INDENT "%% ");
	mermaid_text(sb, text, len);
	strbuf_addch(sb, '\n');
}
