/*
 * stage.h - the structure of a JSON text's strings, found 64 bytes at a
 * time, for the scanner (read/scan.c).
 *
 * In the manner of simdjson's first stage (Langdale and Lemire, "Parsing
 * Gigabytes of JSON per Second", 2019; Keiser and Lemire, "Validating UTF-8
 * In Less Than One Instruction Per Byte", 2021): for each block of 64 bytes
 * a bitmap of the bytes that end a plain run inside a string (a quote no
 * backslash escapes, a backslash that starts an escape, a control byte),
 * and the UTF-8 of every byte checked.  The scanner then crosses a string
 * from stop to stop, checks escapes only where one starts and looks at no
 * UTF-8 itself.
 *
 * The scanner knows where each string opens, so no mask of string
 * interiors is made: the first stop after an opening quote is that string's
 * end, an escape or a control byte.  Blocks are indexed as the scanner
 * reaches them, in windows of at most STAGE_WINDOW bytes, so a value costs
 * its own bytes however much of the buffer follows it.  Three paths give
 * the same bits: AVX2 and SSE2 (chosen at run time) and plain C.
 */
#ifndef ADKEV_STAGE_H
#define ADKEV_STAGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum stage_path { STAGE_OFF, STAGE_SCALAR, STAGE_SSE2, STAGE_AVX2 };

/*
 * The path in use: the one ADKEV_SIMD names (off, scalar, sse2 or avx2)
 * when this CPU has it, else the widest it has.  STAGE_OFF: the scanner
 * checks every byte by itself, as it did before this stage.
 */
enum stage_path stage_path(void);

/* Makes path the one in use; false, and nothing changes, where this CPU lacks it. */
bool stage_use(enum stage_path path);

/* "off", "scalar", "sse2" or "avx2". */
const char *stage_path_name(enum stage_path path);

#define STAGE_WINDOW 4096

/* What stage_next_stop() says when the bytes indexed hold bad UTF-8. */
#define STAGE_DOUBT SIZE_MAX

struct stage {
	const unsigned char *p;
	size_t n;
	enum stage_path path;
	size_t base, end; /* stops holds p[base..end); base is a multiple of 64 */
	size_t window;    /* the size of the next window: doubles up to STAGE_WINDOW */
	size_t utf8_done; /* the scalar paths have checked the UTF-8 of p[0..utf8_done) */
	uint64_t escaped; /* 1: the byte at end follows a backslash that escapes it */
	bool bad;         /* bad UTF-8 seen: every answer from here on is STAGE_DOUBT */
	uint64_t stops[STAGE_WINDOW / 64];
};

/* Readies st to index p[0..n) with the path in use; false for STAGE_OFF. */
bool stage_init(struct stage *st, const char *p, size_t n);

/* Indexes the window after st->end; false once bad UTF-8 is seen. */
bool stage_next_window(struct stage *st);

/*
 * The first stop at or after i (a quote not escaped, a backslash that
 * starts an escape, a byte below 0x20), n when there is none, STAGE_DOUBT
 * once bad UTF-8 is found in a block indexed so far.  Escapes are counted
 * from p[0], so i must lie inside a string (after its opening quote), and
 * asks must not go back before the window of the last answer.  Inline: the
 * scanner asks once for every string.
 */
static inline size_t stage_next_stop(struct stage *st, size_t i)
{
	if (i < st->base || st->bad)
		return STAGE_DOUBT;
	for (;;) {
		if (i < st->end) {
			size_t w = (i - st->base) / 64, words = (st->end - st->base + 63) / 64;
			uint64_t bits = st->stops[w] & (~(uint64_t)0 << (i % 64));
			while (!bits && ++w < words)
				bits = st->stops[w];
			if (bits)
				return st->base + w * 64 + (size_t)__builtin_ctzll(bits);
			i = st->end;
		}
		if (st->end >= st->n)
			return st->n;
		if (!stage_next_window(st))
			return STAGE_DOUBT;
	}
}

/*
 * The length of the UTF-8 sequence at p[0..avail), 0 when jansson's
 * utf8_check_full() would refuse it: a stray continuation byte, an overlong
 * form, a surrogate, beyond U+10FFFF, or cut short.  These are the ranges
 * of well-formed UTF-8 (Unicode's table 3-7), which is what jansson's
 * checks come to.
 */
static inline size_t utf8_length(const unsigned char *p, size_t avail)
{
	unsigned char c = p[0];
	/* The common two-byte form (Latin, Greek, Cyrillic) first. */
	if (c >= 0xC2 && c <= 0xDF && avail >= 2 && (p[1] & 0xC0) == 0x80)
		return 2;
	size_t len = c >= 0xC2 && c <= 0xDF   ? 2
	             : c >= 0xE0 && c <= 0xEF ? 3
	             : c >= 0xF0 && c <= 0xF4 ? 4
	                                      : 0;
	if (len == 0 || len > avail)
		return 0;
	/* The second byte's range narrows where an overlong form, a surrogate or too much would
	 * start. */
	unsigned char lo = c == 0xE0 ? 0xA0 : c == 0xF0 ? 0x90 : 0x80;
	unsigned char hi = c == 0xED ? 0x9F : c == 0xF4 ? 0x8F : 0xBF;
	if (p[1] < lo || p[1] > hi)
		return 0;
	for (size_t k = 2; k < len; k++)
		if ((p[k] & 0xC0) != 0x80)
			return 0;
	return len;
}

#endif
