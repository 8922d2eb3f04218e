/*
 * base64.c - a strict base64 codec: one encoder (standard, padded), one
 * decoder for both alphabets.  Strict because a bytes field that does not
 * decode is invalid input (a2a.md section 12), never a guess.
 */
#include "adk/base64.h"

static const char std_alphabet[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

void base64_encode(struct strbuf *sb, const void *data, size_t len)
{
	const unsigned char *p = data;
	strbuf_grow(sb, (len + 2) / 3 * 4);
	sb->buf[sb->len] = '\0'; /* strbuf_grow leaves the buffer unterminated */
	size_t i = 0;
	for (; i + 3 <= len; i += 3) {
		unsigned long v =
		    (unsigned long)p[i] << 16 | (unsigned long)p[i + 1] << 8 | p[i + 2];
		char quad[4] = {std_alphabet[v >> 18 & 63], std_alphabet[v >> 12 & 63],
		                std_alphabet[v >> 6 & 63], std_alphabet[v & 63]};
		strbuf_add(sb, quad, 4);
	}
	if (i < len) {
		unsigned long v = (unsigned long)p[i] << 16;
		if (i + 1 < len)
			v |= (unsigned long)p[i + 1] << 8;
		char quad[4] = {std_alphabet[v >> 18 & 63], std_alphabet[v >> 12 & 63],
		                i + 1 < len ? std_alphabet[v >> 6 & 63] : '=', '='};
		strbuf_add(sb, quad, 4);
	}
}

/* The value of c in either alphabet, or -1; *url says which alphabet it belongs to. */
static int digit(unsigned char c, int *alphabet)
{
	if (c >= 'A' && c <= 'Z')
		return c - 'A';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 26;
	if (c >= '0' && c <= '9')
		return c - '0' + 52;
	/* 1 = standard, 2 = URL-safe; mixing them is garbage. */
	int which = c == '+' || c == '/' ? 1 : c == '-' || c == '_' ? 2 : 0;
	if (!which || (*alphabet && *alphabet != which))
		return -1;
	*alphabet = which;
	return c == '+' || c == '-' ? 62 : 63;
}

bool base64_decode(struct strbuf *out, const char *text, size_t len)
{
	size_t pad = 0;
	while (pad < len && pad < 2 && text[len - 1 - pad] == '=')
		pad++;
	size_t n = len - pad;
	/* Padding, when present, must complete the last quantum exactly. */
	if (pad && len % 4 != 0)
		return false;
	if (n % 4 == 1)
		return false;
	size_t old = out->len;
	strbuf_grow(out, n / 4 * 3 + 2);
	out->buf[old] = '\0';
	int alphabet = 0;
	unsigned long acc = 0;
	int bits = 0;
	for (size_t i = 0; i < n; i++) {
		int d = digit((unsigned char)text[i], &alphabet);
		if (d < 0) {
			out->len = old;
			out->buf[old] = '\0';
			return false;
		}
		acc = (acc << 6 | (unsigned long)d) & 0xffffff;
		bits += 6;
		if (bits >= 8) {
			bits -= 8;
			strbuf_addch(out, (char)(acc >> bits & 0xff));
		}
	}
	/* The bits left over after the last byte must be zero (canonical encoding). */
	if (bits && (acc & ((1UL << bits) - 1))) {
		out->len = old;
		out->buf[old] = '\0';
		return false;
	}
	return true;
}
