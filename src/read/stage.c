/*
 * stage.c - the stops of a JSON text's strings and its UTF-8, 64 bytes at a
 * time (stage.h).
 *
 * Each path turns a block of 64 bytes into three masks (quotes,
 * backslashes, control bytes); one piece of plain C makes the stops of
 * them, carrying an odd run of backslashes from block to block.  UTF-8 is
 * checked by the AVX2 path with Keiser and Lemire's three table look-ups
 * per 32 bytes, and by the others a sequence at a time past ASCII.
 */
#include "read/stage.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) && defined(__GNUC__)
#define STAGE_X86 1
#include <immintrin.h>
#define TARGET_AVX2 __attribute__((target("avx2")))
#endif

static _Atomic int chosen = -1;

static bool cpu_has(enum stage_path path)
{
#ifdef STAGE_X86
	if (path == STAGE_AVX2)
		return __builtin_cpu_supports("avx2");
	return true;
#else
	return path == STAGE_OFF || path == STAGE_SCALAR;
#endif
}

const char *stage_path_name(enum stage_path path)
{
	static const char *const names[] = {"off", "scalar", "sse2", "avx2"};
	return names[path];
}

bool stage_use(enum stage_path path)
{
	if (!cpu_has(path))
		return false;
	atomic_store(&chosen, (int)path);
	return true;
}

enum stage_path stage_path(void)
{
	int path = atomic_load_explicit(&chosen, memory_order_relaxed);
	if (path >= 0)
		return (enum stage_path)path;
	enum stage_path widest = cpu_has(STAGE_AVX2)   ? STAGE_AVX2
	                         : cpu_has(STAGE_SSE2) ? STAGE_SSE2
	                                               : STAGE_SCALAR;
	const char *asked = getenv("ADKEV_SIMD");
	for (int k = STAGE_OFF; asked && k <= STAGE_AVX2; k++)
		if (strcmp(asked, stage_path_name((enum stage_path)k)) == 0 &&
		    cpu_has((enum stage_path)k))
			widest = (enum stage_path)k;
	atomic_store(&chosen, (int)widest);
	return widest;
}

bool stage_init(struct stage *st, const char *p, size_t n)
{
	st->path = stage_path();
	if (st->path == STAGE_OFF)
		return false;
	st->p = (const unsigned char *)p;
	st->n = n;
	st->base = st->end = st->utf8_done = 0;
	st->window = 128;
	st->escaped = 0;
	st->bad = false;
	return true;
}

/*
 * The stops of a block from its masks.  A backslash escapes the byte after
 * it unless it is escaped itself, so in a run of backslashes those at an
 * odd distance from the run's first are escaped, and so is the byte after
 * an odd run.  Adding a run's first bit to the run clears the run, which
 * finds the runs that start on an even bit.  *escaped carries into the next
 * block whether its first byte is escaped.
 */
static uint64_t block_stops(uint64_t quote, uint64_t backslash, uint64_t control,
                            uint64_t *escaped)
{
	const uint64_t even = 0x5555555555555555u, odd = ~even;
	uint64_t carried = *escaped;
	uint64_t b = backslash & ~carried; /* an escaped backslash starts no run */
	uint64_t starts = b & ~(b << 1);
	uint64_t even_runs = b & ~(b + (starts & even)), odd_runs = b & ~even_runs;
	uint64_t esc = ((even_runs << 1) & odd) | ((odd_runs << 1) & even) | carried;
	*escaped = odd_runs >> 63;
	return ((quote | backslash) & ~esc) | control;
}

/* The UTF-8 of p[from..to) checked, sequences running on past to included; false if bad. */
static bool utf8_scalar(struct stage *st, size_t from, size_t to)
{
	const unsigned char *p = st->p;
	size_t i = from > st->utf8_done ? from : st->utf8_done;
	while (i < to) {
		uint64_t word;
		if (i + 8 <= to && (memcpy(&word, p + i, 8), (word & 0x8080808080808080u) == 0)) {
			i += 8;
			continue;
		}
		if (p[i] < 0x80) {
			i++;
			continue;
		}
		size_t len = utf8_length(p + i, st->n - i);
		if (!len)
			return false;
		i += len;
	}
	st->utf8_done = i;
	return true;
}

/* The masks of one block in plain C. */
static void masks_scalar(const unsigned char *b, uint64_t *quote, uint64_t *backslash,
                         uint64_t *control)
{
	uint64_t q = 0, s = 0, c = 0;
	for (int k = 0; k < 64; k++) {
		q |= (uint64_t)(b[k] == '"') << k;
		s |= (uint64_t)(b[k] == '\\') << k;
		c |= (uint64_t)(b[k] < 0x20) << k;
	}
	*quote = q, *backslash = s, *control = c;
}

#ifdef STAGE_X86
static void masks_sse2(const unsigned char *b, uint64_t *quote, uint64_t *backslash,
                       uint64_t *control)
{
	const __m128i q = _mm_set1_epi8('"'), s = _mm_set1_epi8('\\');
	const __m128i last_control = _mm_set1_epi8(0x1F);
	uint64_t mq = 0, ms = 0, mc = 0;
	for (int k = 0; k < 4; k++) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(b + 16 * k));
		/* Unsigned, v is at most 0x1F when max(v, 0x1F) is 0x1F. */
		__m128i c = _mm_cmpeq_epi8(_mm_max_epu8(v, last_control), last_control);
		mq |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, q)) << (16 * k);
		ms |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, s)) << (16 * k);
		mc |= (uint64_t)(unsigned)_mm_movemask_epi8(c) << (16 * k);
	}
	*quote = mq, *backslash = ms, *control = mc;
}

TARGET_AVX2 static inline uint64_t mask_avx2(__m256i lo, __m256i hi)
{
	return (uint64_t)(uint32_t)_mm256_movemask_epi8(lo) |
	       (uint64_t)(uint32_t)_mm256_movemask_epi8(hi) << 32;
}

TARGET_AVX2 static void masks_avx2(__m256i lo, __m256i hi, uint64_t *quote, uint64_t *backslash,
                                   uint64_t *control)
{
	const __m256i q = _mm256_set1_epi8('"'), s = _mm256_set1_epi8('\\');
	const __m256i last_control = _mm256_set1_epi8(0x1F);
	*quote = mask_avx2(_mm256_cmpeq_epi8(lo, q), _mm256_cmpeq_epi8(hi, q));
	*backslash = mask_avx2(_mm256_cmpeq_epi8(lo, s), _mm256_cmpeq_epi8(hi, s));
	*control = mask_avx2(_mm256_cmpeq_epi8(_mm256_max_epu8(lo, last_control), last_control),
	                     _mm256_cmpeq_epi8(_mm256_max_epu8(hi, last_control), last_control));
}

/* Error bits of Keiser and Lemire's tables: which rule a pair of bytes breaks. */
enum {
	TOO_SHORT = 1 << 0,  /* a lead or ASCII where a continuation must come */
	TOO_LONG = 1 << 1,   /* a continuation after ASCII */
	OVERLONG_3 = 1 << 2, /* E0 80..9F */
	TOO_LARGE = 1 << 3,  /* F4 90.. and F5 up */
	SURROGATE = 1 << 4,  /* ED A0..BF */
	OVERLONG_2 = 1 << 5, /* C0, C1 */
	TOO_LARGE_1000 = 1 << 6,
	OVERLONG_4 = 1 << 6, /* F0 80..8F */
	TWO_CONTS = 1 << 7,  /* a continuation after a continuation */
	CARRY = TOO_SHORT | TOO_LONG | TWO_CONTS
};

/* A table of 16 bytes, in both halves of a vector for _mm256_shuffle_epi8(). */
TARGET_AVX2 static inline __m256i table16(const unsigned char *t)
{
	return _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)t));
}

/* The rules the pairs (previous byte, byte) break, by the nibbles of both. */
TARGET_AVX2 static __m256i pair_errors(__m256i in, __m256i prev1)
{
	const __m256i nibble = _mm256_set1_epi8(0x0F);
	static const unsigned char first_high[16] = {TOO_LONG,
	                                             TOO_LONG,
	                                             TOO_LONG,
	                                             TOO_LONG,
	                                             TOO_LONG,
	                                             TOO_LONG,
	                                             TOO_LONG,
	                                             TOO_LONG,
	                                             TWO_CONTS,
	                                             TWO_CONTS,
	                                             TWO_CONTS,
	                                             TWO_CONTS,
	                                             TOO_SHORT | OVERLONG_2,
	                                             TOO_SHORT,
	                                             TOO_SHORT | OVERLONG_3 | SURROGATE,
	                                             TOO_SHORT | TOO_LARGE | TOO_LARGE_1000 |
	                                                 OVERLONG_4};
	static const unsigned char first_low[16] = {CARRY | OVERLONG_3 | OVERLONG_2 | OVERLONG_4,
	                                            CARRY | OVERLONG_2,
	                                            CARRY,
	                                            CARRY,
	                                            CARRY | TOO_LARGE,
	                                            CARRY | TOO_LARGE | TOO_LARGE_1000,
	                                            CARRY | TOO_LARGE | TOO_LARGE_1000,
	                                            CARRY | TOO_LARGE | TOO_LARGE_1000,
	                                            CARRY | TOO_LARGE | TOO_LARGE_1000,
	                                            CARRY | TOO_LARGE | TOO_LARGE_1000,
	                                            CARRY | TOO_LARGE | TOO_LARGE_1000,
	                                            CARRY | TOO_LARGE | TOO_LARGE_1000,
	                                            CARRY | TOO_LARGE | TOO_LARGE_1000,
	                                            CARRY | TOO_LARGE | TOO_LARGE_1000 | SURROGATE,
	                                            CARRY | TOO_LARGE | TOO_LARGE_1000,
	                                            CARRY | TOO_LARGE | TOO_LARGE_1000};
	static const unsigned char second_high[16] = {
	    TOO_SHORT,
	    TOO_SHORT,
	    TOO_SHORT,
	    TOO_SHORT,
	    TOO_SHORT,
	    TOO_SHORT,
	    TOO_SHORT,
	    TOO_SHORT,
	    TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE_1000 | OVERLONG_4,
	    TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE,
	    TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE,
	    TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE,
	    TOO_SHORT,
	    TOO_SHORT,
	    TOO_SHORT,
	    TOO_SHORT};
	__m256i a = _mm256_shuffle_epi8(table16(first_high),
	                                _mm256_and_si256(_mm256_srli_epi16(prev1, 4), nibble));
	__m256i b = _mm256_shuffle_epi8(table16(first_low), _mm256_and_si256(prev1, nibble));
	__m256i c = _mm256_shuffle_epi8(table16(second_high),
	                                _mm256_and_si256(_mm256_srli_epi16(in, 4), nibble));
	return _mm256_and_si256(_mm256_and_si256(a, b), c);
}

/* in shifted by k bytes, the last k bytes of prev coming first. */
#define PREV_BYTES(in, prev, k)                                                                    \
	_mm256_alignr_epi8(in, _mm256_permute2x128_si256(prev, in, 0x21), 16 - (k))

/*
 * The UTF-8 errors of the 32 bytes in, prev being the 32 before them: the
 * pairs' rules, and the third and fourth bytes of long sequences, which
 * must be continuations (TWO_CONTS where the pair rule found two).
 */
TARGET_AVX2 static __m256i utf8_errors(__m256i in, __m256i prev)
{
	__m256i pairs = pair_errors(in, PREV_BYTES(in, prev, 1));
	__m256i third = _mm256_subs_epu8(PREV_BYTES(in, prev, 2), _mm256_set1_epi8(0x60));
	__m256i fourth = _mm256_subs_epu8(PREV_BYTES(in, prev, 3), _mm256_set1_epi8(0x70));
	__m256i must_be_cont =
	    _mm256_and_si256(_mm256_or_si256(third, fourth), _mm256_set1_epi8((char)0x80));
	return _mm256_xor_si256(must_be_cont, pairs);
}
#endif

/* One block of 64 bytes from p[at..], spaces standing in past the end. */
static const unsigned char *block_at(const struct stage *st, size_t at, unsigned char *pad)
{
	if (at + 64 <= st->n)
		return st->p + at;
	memset(pad, ' ', 64);
	memcpy(pad, st->p + at, st->n - at);
	return pad;
}

static bool index_scalar(struct stage *st)
{
	unsigned char pad[64];
	for (size_t at = st->base; at < st->end; at += 64) {
		uint64_t q, s, c;
		if (st->path == STAGE_SCALAR)
			masks_scalar(block_at(st, at, pad), &q, &s, &c);
#ifdef STAGE_X86
		else
			masks_sse2(block_at(st, at, pad), &q, &s, &c);
#endif
		st->stops[(at - st->base) / 64] = block_stops(q, s, c, &st->escaped);
	}
	return utf8_scalar(st, st->base, st->end);
}

#ifdef STAGE_X86
/*
 * The AVX2 path: masks and UTF-8 in one pass.  The 32 bytes before a
 * window are read from the buffer itself (none before p[0]), so no UTF-8
 * state is carried; an error is found at the first byte that shows it,
 * which for a sequence cut short is at or before the quote that ends its
 * string, so a string the scanner crosses has all its UTF-8 checked.
 */
TARGET_AVX2 static bool index_avx2(struct stage *st)
{
	unsigned char pad[64];
	__m256i prev =
	    st->base ? _mm256_loadu_si256((const __m256i *)(const void *)(st->p + st->base - 32))
	             : _mm256_setzero_si256();
	__m256i error = _mm256_setzero_si256();
	for (size_t at = st->base; at < st->end; at += 64) {
		const unsigned char *b = block_at(st, at, pad);
		__m256i lo = _mm256_loadu_si256((const __m256i *)(const void *)b);
		__m256i hi = _mm256_loadu_si256((const __m256i *)(const void *)(b + 32));
		uint64_t q, s, c;
		masks_avx2(lo, hi, &q, &s, &c);
		st->stops[(at - st->base) / 64] = block_stops(q, s, c, &st->escaped);
		if (_mm256_movemask_epi8(_mm256_or_si256(_mm256_or_si256(lo, hi), prev))) {
			error = _mm256_or_si256(error, utf8_errors(lo, prev));
			error = _mm256_or_si256(error, utf8_errors(hi, lo));
		}
		prev = hi;
	}
	if (st->end == st->n) /* a sequence cut short by the end of the text */
		error = _mm256_or_si256(error, utf8_errors(_mm256_set1_epi8(' '), prev));
	return _mm256_testz_si256(error, error);
}
#endif

/* Indexes the next window; false when its bytes hold bad UTF-8. */
static bool next_window(struct stage *st)
{
	st->base = st->end;
	st->end = st->n - st->base < st->window ? st->n : st->base + st->window;
	if (st->window < STAGE_WINDOW)
		st->window *= 2;
#ifdef STAGE_X86
	if (st->path == STAGE_AVX2)
		return index_avx2(st);
#endif
	return index_scalar(st);
}

bool stage_next_window(struct stage *st)
{
	st->bad = !next_window(st);
	return !st->bad;
}
