/*
 * termtext.c - escaping and measuring text for a terminal.
 */
#include "write/termtext.h"

#include <stdio.h>

size_t termtext_width(uint32_t cp)
{
	if ((cp >= 0x0300 && cp <= 0x036F) || (cp >= 0x200B && cp <= 0x200D) ||
	    (cp >= 0xFE00 && cp <= 0xFE0F) || (cp >= 0x20D0 && cp <= 0x20FF))
		return 0;
	if ((cp >= 0x1100 && cp <= 0x115F) || (cp >= 0x2E80 && cp <= 0x303E) ||
	    (cp >= 0x3041 && cp <= 0x33FF) || (cp >= 0x3400 && cp <= 0x4DBF) ||
	    (cp >= 0x4E00 && cp <= 0x9FFF) || (cp >= 0xA000 && cp <= 0xA4CF) ||
	    (cp >= 0xAC00 && cp <= 0xD7A3) || (cp >= 0xF900 && cp <= 0xFAFF) ||
	    (cp >= 0xFE30 && cp <= 0xFE4F) || (cp >= 0xFF00 && cp <= 0xFF60) ||
	    (cp >= 0xFFE0 && cp <= 0xFFE6) || (cp >= 0x1F300 && cp <= 0x1F64F) ||
	    (cp >= 0x1F680 && cp <= 0x1F6FF) || (cp >= 0x1F900 && cp <= 0x1F9FF) ||
	    (cp >= 0x1FA70 && cp <= 0x1FAFF) || (cp >= 0x20000 && cp <= 0x3FFFD))
		return 2;
	return 1;
}

size_t termtext_append(struct strbuf *sb, const char *s, size_t len)
{
	size_t width = 0;
	char esc[16];
	for (size_t i = 0; i < len;) {
		uint32_t cp;
		size_t n = utf8_decode(s + i, len - i, &cp);
		if (text_unsafe(cp)) {
			size_t e = text_escape(cp, esc, sizeof esc);
			strbuf_add(sb, esc, e);
			width += e;
		} else {
			strbuf_add(sb, s + i, n);
			width += termtext_width(cp);
		}
		i += n;
	}
	return width;
}

size_t termtext_append_cut(struct strbuf *sb, const char *s, size_t len, size_t limit)
{
	if (!limit || termtext_columns(s, len, limit) <= limit)
		return termtext_append(sb, s, len);
	/* Whole code points (an escape counts as its columns) until "…" would not fit. */
	size_t width = 0, end = 0;
	char esc[16];
	while (end < len) {
		uint32_t cp;
		size_t n = utf8_decode(s + end, len - end, &cp);
		size_t w = text_unsafe(cp) ? text_escape(cp, esc, sizeof esc) : termtext_width(cp);
		if (width + w + 1 > limit)
			break;
		width += w;
		end += n;
	}
	termtext_append(sb, s, end);
	strbuf_addstr(sb, "\u2026");
	return width + 1;
}

size_t termtext_columns(const char *s, size_t len, size_t limit)
{
	size_t width = 0;
	char esc[16];
	for (size_t i = 0; i < len && width <= limit;) {
		uint32_t cp;
		i += utf8_decode(s + i, len - i, &cp);
		width += text_unsafe(cp) ? text_escape(cp, esc, sizeof esc) : termtext_width(cp);
	}
	return width;
}
