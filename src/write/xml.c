/*
 * xml.c - text made fit for an XML 1.0 document (xml.h).
 */
#include "write/xml.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#define REPLACEMENT "\xef\xbf\xbd" /* U+FFFD */

static bool xml_char(uint32_t cp)
{
	if (cp < 0x20)
		return cp == '\t' || cp == '\n' || cp == '\r';
	return cp != 0xfffe && cp != 0xffff;
}

static void escape(struct strbuf *sb, const char *s, size_t len, bool attr)
{
	size_t i = 0;
	while (i < len) {
		unsigned char c = (unsigned char)s[i];
		const char *entity = NULL;
		switch (c) {
		case '&':
			entity = "&amp;";
			break;
		case '<':
			entity = "&lt;";
			break;
		case '>':
			entity = "&gt;";
			break;
		case '"':
			entity = attr ? "&quot;" : NULL;
			break;
		case '\'':
			entity = attr ? "&apos;" : NULL;
			break;
		case '\t':
			entity = attr ? "&#9;" : NULL;
			break;
		case '\n':
			entity = attr ? "&#10;" : NULL;
			break;
		case '\r':
			entity = "&#13;";
			break;
		default:
			break;
		}
		if (entity) {
			strbuf_addstr(sb, entity);
			i++;
			continue;
		}
		size_t n = utf8_valid_length(s + i, len - i);
		uint32_t cp = 0;
		if (n)
			utf8_decode(s + i, n, &cp);
		if (n == 0 || !xml_char(cp)) {
			strbuf_add(sb, REPLACEMENT, 3);
			i += n ? n : 1;
			continue;
		}
		strbuf_add(sb, s + i, n);
		i += n;
	}
}

void xml_text(struct strbuf *sb, const char *s, size_t len)
{
	escape(sb, s, len, false);
}

void xml_attr(struct strbuf *sb, const char *s, size_t len)
{
	escape(sb, s, len, true);
}
