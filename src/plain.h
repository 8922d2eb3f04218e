/*
 * plain.h - runs of bytes a JSON string holds as they are, found sixteen
 * at a time: the scanner skips them in its input (read/scan.c) and the
 * writer copies them to its output (write/json.c).  Most of an event's
 * bytes are the text of its strings, so both spend their time here.
 */
#ifndef ADKEV_PLAIN_H
#define ADKEV_PLAIN_H

#include <stdbool.h>
#include <stddef.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

/*
 * The offset of the first byte of p from i on (before n) that is a quote, a
 * backslash or a control byte, and with ascii_only any byte from 0x80 up;
 * n when there is none.  With SSE2 (every x86-64) sixteen bytes are
 * looked at together.
 */
static inline size_t plain_span(const unsigned char *p, size_t i, size_t n, bool ascii_only)
{
#ifdef __SSE2__
	const __m128i quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\');
	const __m128i space = _mm_set1_epi8(0x20), last_control = _mm_set1_epi8(0x1F);
	while (i + 16 <= n) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(p + i));
		/*
		 * Compared as signed, a byte from 0x80 up is below 0x20 too;
		 * compared unsigned (v is at most 0x1F when max(v, 0x1F) is
		 * 0x1F), only a control byte is.
		 */
		__m128i control = ascii_only
		                      ? _mm_cmplt_epi8(v, space)
		                      : _mm_cmpeq_epi8(_mm_max_epu8(v, last_control), last_control);
		__m128i special = _mm_or_si128(
		    _mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, backslash)), control);
		unsigned mask = (unsigned)_mm_movemask_epi8(special);
		if (mask)
			return i + (size_t)__builtin_ctz(mask);
		i += 16;
	}
#endif
	for (; i < n; i++) {
		unsigned char c = p[i];
		if (c < 0x20 || c == '"' || c == '\\' || (ascii_only && c >= 0x80))
			break;
	}
	return i;
}

#endif
