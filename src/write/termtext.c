/*
 * termtext.c - escaping and measuring text for a terminal.
 */
#include "write/termtext.h"

#include <stdio.h>

size_t utf8_decode(const char *p, size_t n, uint32_t *cp)
{
	unsigned char c = (unsigned char)p[0];
	size_t len = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
	if (len > n || (c >= 0x80 && c < 0xC0)) {
		*cp = 0xFFFD;
		return 1;
	}
	uint32_t v = len == 1 ? c : len == 2 ? c & 0x1F : len == 3 ? c & 0x0F : c & 0x07;
	for (size_t i = 1; i < len; i++)
		v = (v << 6) | ((unsigned char)p[i] & 0x3F);
	*cp = v;
	return len;
}

bool termtext_unsafe(uint32_t cp)
{
	return cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp <= 0x9F) ||
	       (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069) || cp == 0x200E ||
	       cp == 0x200F || cp == 0x061C;
}

size_t termtext_escape(uint32_t cp, char *buf, size_t size)
{
	switch (cp) {
	case '\n':
		return (size_t)snprintf(buf, size, "\\n");
	case '\t':
		return (size_t)snprintf(buf, size, "\\t");
	case '\r':
		return (size_t)snprintf(buf, size, "\\r");
	case 0x1B:
		return (size_t)snprintf(buf, size, "\\e");
	default:
		if (cp < 0x100)
			return (size_t)snprintf(buf, size, "\\x%02x", (unsigned)cp);
		return (size_t)snprintf(buf, size, "\\u%04x", (unsigned)cp);
	}
}

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
		if (termtext_unsafe(cp)) {
			size_t e = termtext_escape(cp, esc, sizeof esc);
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
