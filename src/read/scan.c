/*
 * scan.c - jansson's grammar, read once, built where asked (scan.h): the
 * strings, numbers, words, arrays and objects of a value, built with
 * jansson's constructors or skipped without allocating, and the way in
 * (scan_only(), scan_load()).  Which members of an ADK object are built is
 * scan_chosen.c's.
 *
 * Every function here reads from s->p[s->i], moves s->i past what it read
 * and returns false at the first byte jansson would refuse; then nothing
 * it built is left over.  Where it builds (a non-NULL out), it uses
 * jansson's constructors, so a value is the value jansson would have made.
 */
#include "read/scan_int.h"
#include "plain.h"
#include "util.h"

#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Each hex digit's value plus one; 0 for any other byte. */
static const unsigned char hex_digit[256] = {
    ['0'] = 1,  ['1'] = 2,  ['2'] = 3,  ['3'] = 4,  ['4'] = 5,  ['5'] = 6,  ['6'] = 7,  ['7'] = 8,
    ['8'] = 9,  ['9'] = 10, ['a'] = 11, ['b'] = 12, ['c'] = 13, ['d'] = 14, ['e'] = 15, ['f'] = 16,
    ['A'] = 11, ['B'] = 12, ['C'] = 13, ['D'] = 14, ['E'] = 15, ['F'] = 16};

/* The value of four hex digits at p, or -1. */
static inline long hex4(const unsigned char *p)
{
	unsigned a = hex_digit[p[0]], b = hex_digit[p[1]], c = hex_digit[p[2]], d = hex_digit[p[3]];
	if (!a || !b || !c || !d)
		return -1;
	return (long)((a - 1) << 12 | (b - 1) << 8 | (c - 1) << 4 | (d - 1));
}

/*
 * The code point of the \u escape at p[i..n) (p[i] is the backslash), a
 * surrogate pair taken whole; *len gets its length.  -1 where jansson
 * refuses it: too few hex digits, a low surrogate alone, a high one not
 * followed by a low one.
 */
static long unicode_escape(const unsigned char *p, size_t i, size_t n, size_t *len)
{
	long cp = i + 6 <= n ? hex4(p + i + 2) : -1;
	*len = 6;
	if (cp < 0 || (cp >= 0xDC00 && cp <= 0xDFFF))
		return -1;
	if (cp < 0xD800 || cp > 0xDBFF)
		return cp;
	if (i + 12 > n || p[i + 6] != '\\' || p[i + 7] != 'u')
		return -1;
	long low = hex4(p + i + 8);
	if (low < 0xDC00 || low > 0xDFFF)
		return -1;
	*len = 12;
	return 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
}

/* Reads the escape at s->p[s->i] (a backslash). */
static bool scan_escape(struct scan *s, struct token *t)
{
	if (s->i + 1 >= s->n)
		return false;
	switch (s->p[s->i + 1]) {
	case '"':
	case '\\':
	case '/':
	case 'b':
	case 'f':
	case 'n':
	case 'r':
	case 't':
		s->i += 2;
		return true;
	case 'u': {
		size_t len;
		long cp = unicode_escape(s->p, s->i, s->n, &len);
		if (cp < 0)
			return false;
		t->has_nul = t->has_nul || cp == 0;
		s->i += len;
		return true;
	}
	default:
		return false;
	}
}

/* Reads a string token at s->p[s->i] (its opening quote) into *t, byte by byte. */
static bool scan_token_bytes(struct scan *s, struct token *t)
{
	const unsigned char *p = s->p;
	size_t n = s->n, i = s->i + 1;
	*t = (struct token){.start = i};
	for (;;) {
		/* Past the ASCII a string holds as it is; UTF-8 is checked below. */
		i = plain_span(p, i, n, true);
		if (i >= n)
			return false;
		unsigned char c = p[i];
		if (c == '"')
			break;
		if (c == '\\') {
			s->i = i;
			if (!scan_escape(s, t))
				return false;
			t->escaped = true;
			i = s->i;
			continue;
		}
		size_t len = c >= 0x80 ? utf8_length(p + i, n - i) : 0;
		if (!len)
			return false; /* a control byte, or bad UTF-8 */
		i += len;
	}
	t->end = i;
	s->i = i + 1;
	return true;
}

bool scan_token(struct scan *s, struct token *t)
{
	if (!s->stage)
		return scan_token_bytes(s, t);
	size_t open = s->i, i = open + 1;
	*t = (struct token){.start = i};
	for (;;) {
		size_t stop = stage_next_stop(s->stage, i);
		if (stop == STAGE_DOUBT) {
			s->stage = NULL;
			s->i = open;
			return scan_token_bytes(s, t);
		}
		if (stop >= s->n || s->p[stop] < 0x20)
			return false;
		if (s->p[stop] == '"') {
			t->end = stop;
			s->i = stop + 1;
			return true;
		}
		s->i = stop;
		if (!scan_escape(s, t))
			return false;
		t->escaped = true;
		i = s->i;
	}
}

static char *scratch(struct scan *s, size_t size)
{
	if (size <= s->scratch_cap)
		return s->scratch;
	if (s->scratch != s->stack_scratch)
		free(s->scratch);
	s->scratch = xmalloc(size);
	s->scratch_cap = size;
	return s->scratch;
}

static size_t put_utf8(char *out, long cp)
{
	if (cp < 0x80) {
		out[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		out[0] = (char)(0xC0 | (cp >> 6));
		out[1] = (char)(0x80 | (cp & 0x3F));
		return 2;
	}
	if (cp < 0x10000) {
		out[0] = (char)(0xE0 | (cp >> 12));
		out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
		out[2] = (char)(0x80 | (cp & 0x3F));
		return 3;
	}
	out[0] = (char)(0xF0 | (cp >> 18));
	out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
	out[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
	out[3] = (char)(0x80 | (cp & 0x3F));
	return 4;
}

const char *scan_decode(struct scan *s, const struct token *t, size_t *len)
{
	const char *in = (const char *)s->p;
	if (!t->escaped) {
		*len = t->end - t->start;
		return in + t->start;
	}
	/* No escape decodes to more bytes than it is written in. */
	char *out = scratch(s, t->end - t->start + 1);
	size_t o = 0;
	for (size_t i = t->start; i < t->end;) {
		const char *slash = memchr(in + i, '\\', t->end - i);
		size_t run = slash ? (size_t)(slash - (in + i)) : t->end - i;
		memcpy(out + o, in + i, run);
		o += run;
		i += run;
		if (!slash)
			break;
		size_t elen = 2;
		switch (in[i + 1]) {
		case 'b':
			out[o++] = '\b';
			break;
		case 'f':
			out[o++] = '\f';
			break;
		case 'n':
			out[o++] = '\n';
			break;
		case 'r':
			out[o++] = '\r';
			break;
		case 't':
			out[o++] = '\t';
			break;
		case 'u':
			o += put_utf8(out + o, unicode_escape(s->p, i, t->end, &elen));
			break;
		default: /* '"', '\\' or '/', itself */
			out[o++] = in[i + 1];
		}
		i += elen;
	}
	*len = o;
	return out;
}

static bool scan_string(struct scan *s, json_t **out)
{
	struct token t;
	if (!scan_token(s, &t))
		return false;
	if (out) {
		size_t len;
		const char *bytes = scan_decode(s, &t, &len);
		*out = json_stringn_nocheck(bytes, len);
	}
	return true;
}

/*
 * jansson reads one byte past a number, true, false or null and puts it
 * back; a NUL byte put back is lost (its buffer reads a NUL as "empty"), so
 * it accepts "[1\0]" and its end position comes one byte short of the
 * value's end.  The scanner does the same, to accept the same bytes and
 * end where jansson says they end.
 */
static void after_word(struct scan *s)
{
	if (s->i < s->n && s->p[s->i] == '\0') {
		s->i++;
		s->nuls_after_words++;
	}
}

static size_t skip_digits(struct scan *s)
{
	size_t from = s->i;
	while (s->i < s->n && s->p[s->i] >= '0' && s->p[s->i] <= '9')
		s->i++;
	return s->i - from;
}

/*
 * The real p[from..to) into *out, when its digits fit a double exactly and
 * so does its power of ten: then one multiplication or division, correctly
 * rounded, gives what strtod() gives (Clinger's fast path), at a fraction
 * of its cost.  false where strtod() must be asked.
 */
static bool exact_real(const unsigned char *p, size_t from, size_t to, double *out)
{
#if FLT_EVAL_METHOD == 0
	static const double powers[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
	                                1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
	                                1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
	size_t i = from + (p[from] == '-');
	uint64_t digits = 0;
	int significant = 0;
	long e10 = 0;
	bool after_point = false;
	for (; i < to && p[i] != 'e' && p[i] != 'E'; i++) {
		if (p[i] == '.') {
			after_point = true;
			continue;
		}
		e10 -= after_point;
		if (digits == 0 && p[i] == '0')
			continue;
		if (++significant > 15) /* below 10^15, every integer is a double */
			return false;
		digits = digits * 10 + (uint64_t)(p[i] - '0');
	}
	if (i < to) {
		bool negative = p[++i] == '-';
		i += p[i] == '-' || p[i] == '+';
		long exponent = 0;
		for (; i < to; i++) {
			if (exponent > 100000)
				return false;
			exponent = exponent * 10 + (p[i] - '0');
		}
		e10 += negative ? -exponent : exponent;
	}
	double v = (double)digits;
	if (digits != 0 && (e10 < -22 || e10 > 22))
		return false;
	if (digits != 0)
		v = e10 < 0 ? v / powers[-e10] : v * powers[e10];
	*out = p[from] == '-' ? -v : v;
	return true;
#else
	(void)p, (void)from, (void)to, (void)out;
	return false;
#endif
}

/* Parses p[from..to) with strtoll or strtod, as jansson does; false on overflow. */
static bool convert_number(const unsigned char *p, size_t from, size_t to, bool real, json_t **out)
{
	char small[64];
	size_t len = to - from;
	char *text = len < sizeof small ? small : xmalloc(len + 1);
	memcpy(text, p + from, len);
	text[len] = '\0';
	errno = 0;
	bool ok;
	if (real) {
		double d = strtod(text, NULL);
		ok = !(errno == ERANGE && (d == HUGE_VAL || d == -HUGE_VAL));
		if (ok && out)
			*out = json_real(d);
	} else {
		long long v = strtoll(text, NULL, 10);
		ok = errno != ERANGE;
		if (ok && out)
			*out = json_integer(v);
	}
	if (text != small)
		free(text);
	return ok;
}

/*
 * A number, by JSON's grammar and jansson's limits: an integer must fit in
 * int64, a real must not overflow (underflow is accepted).  Numbers too
 * small to overflow skip the conversion when nothing is built.
 */
static bool scan_number_token(struct scan *s, json_t **out)
{
	size_t from = s->i;
	take(s, '-');
	size_t int_start = s->i;
	size_t int_digits = skip_digits(s);
	bool zero = int_digits > 0 && s->p[int_start] == '0';
	if (int_digits == 0 || (zero && int_digits > 1))
		return false;
	bool real = false;
	long exponent = 0;
	if (take(s, '.')) {
		real = true;
		if (skip_digits(s) == 0)
			return false;
	}
	if (take(s, 'e') || take(s, 'E')) {
		real = true;
		bool negative = take(s, '-');
		if (!negative)
			take(s, '+');
		size_t at = s->i;
		if (skip_digits(s) == 0)
			return false;
		for (size_t k = at; k < s->i && exponent < 100000; k++)
			exponent = exponent * 10 + (s->p[k] - '0');
		if (negative)
			exponent = -exponent;
	}
	/* Below 10^308 no real overflows, and no integer of 18 digits leaves int64. */
	bool may_overflow = real ? (zero ? 0 : (long)int_digits) + exponent > 308 : int_digits > 18;
	double d;
	if (out && real && !may_overflow && exact_real(s->p, from, s->i, &d)) {
		*out = json_real(d);
		return true;
	}
	if (may_overflow || (out && real))
		return convert_number(s->p, from, s->i, real, out);
	if (out) {
		long long v = 0;
		for (size_t k = int_start; k < int_start + int_digits; k++)
			v = v * 10 + (s->p[k] - '0');
		*out = json_integer(int_start > from ? -v : v);
	}
	return true;
}

static bool scan_number(struct scan *s, json_t **out)
{
	if (!scan_number_token(s, out))
		return false;
	after_word(s);
	return true;
}

/* true, false or null, not followed by a letter (jansson reads a word whole). */
static bool scan_word(struct scan *s, json_t **out)
{
	static const char *const words[] = {"true", "false", "null"};
	int k = s->p[s->i] == 't' ? 0 : s->p[s->i] == 'f' ? 1 : s->p[s->i] == 'n' ? 2 : -1;
	if (k < 0)
		return false;
	size_t len = k == 1 ? 5 : 4, next = s->i + len;
	if (next > s->n || memcmp(s->p + s->i, words[k], 4) != 0 ||
	    (k == 1 && s->p[s->i + 4] != 'e'))
		return false;
	unsigned char c = next < s->n ? (unsigned char)(s->p[next] | 0x20) : 0;
	if (c >= 'a' && c <= 'z')
		return false;
	s->i = next;
	after_word(s);
	if (out)
		*out = k == 0 ? json_true() : k == 1 ? json_false() : json_null();
	return true;
}

static bool scan_array(struct scan *s, json_t **out)
{
	json_t *array = out ? json_array() : NULL;
	s->i++;
	skip_space(s);
	if (take(s, ']'))
		goto done;
	for (;;) {
		json_t *el = NULL;
		if (!scan_value(s, array ? &el : NULL))
			goto fail;
		if (array)
			json_array_append_new(array, el);
		skip_space(s);
		if (take(s, ']'))
			goto done;
		if (!take(s, ','))
			goto fail;
		skip_space(s);
	}
done:
	if (out)
		*out = array;
	return true;
fail:
	json_decref(array);
	return false;
}

static bool scan_object(struct scan *s, json_t **out)
{
	json_t *object = out ? json_object() : NULL;
	s->i++;
	skip_space(s);
	bool more = !take(s, '}');
	while (more) {
		struct token key;
		json_t *value = NULL;
		if (!scan_key(s, &key) || !scan_value(s, object ? &value : NULL))
			goto fail;
		if (object)
			scan_set_member(s, object, &key, value);
		if (!member_end(s, &more))
			goto fail;
	}
	if (out)
		*out = object;
	return true;
fail:
	json_decref(object);
	return false;
}

/*
 * A string, number, true, false or null nothing is built of, at
 * s->p[s->i] (s->i < s->n).
 */
static inline bool skip_scalar(struct scan *s)
{
	unsigned char c = s->p[s->i];
	struct token t;
	if (c == '"')
		return scan_token(s, &t);
	if (c == '-' || (c >= '0' && c <= '9'))
		return scan_number(s, NULL);
	return scan_word(s, NULL);
}

/* Open containers of skip_value(): a bit for each, set for an object. */
struct skip_stack {
	size_t open;
	uint64_t objects[JSON_PARSER_MAX_DEPTH / 64 + 1];
};

static inline bool skip_push(struct skip_stack *st, bool object, size_t depth)
{
	if (depth + st->open + 1 > JSON_PARSER_MAX_DEPTH)
		return false;
	uint64_t bit = (uint64_t)1 << (st->open % 64);
	if (object)
		st->objects[st->open / 64] |= bit;
	else
		st->objects[st->open / 64] &= ~bit;
	st->open++;
	return true;
}

static inline bool skip_in_object(const struct skip_stack *st)
{
	size_t top = st->open - 1;
	return st->objects[top / 64] >> (top % 64) & 1;
}

/*
 * What follows a value inside the open containers: a ',' and the next
 * member's key, or the next element, or the container's end (and so on
 * outwards).  true with *done once the outermost has ended, true without
 * it where a value is to be read next.
 */
static inline bool skip_after_value(struct scan *s, struct skip_stack *st, bool *done)
{
	while (st->open > 0) {
		bool object = skip_in_object(st);
		skip_space(s);
		if (take(s, object ? '}' : ']')) {
			st->open--;
			continue;
		}
		if (!take(s, ','))
			return false;
		skip_space(s);
		struct token key;
		return !object || scan_key(s, &key);
	}
	*done = true;
	return true;
}

/*
 * A value nothing is built of: scan_value()'s grammar and limits with out
 * NULL, walked in one loop over a stack of the containers open rather than
 * in a call for each value.
 */
static bool skip_value(struct scan *s)
{
	struct skip_stack st;
	st.open = 0;
	bool done = false;
	while (!done) {
		if (s->i >= s->n || s->depth + st.open + 1 > JSON_PARSER_MAX_DEPTH)
			return false;
		unsigned char c = s->p[s->i];
		if (c != '{' && c != '[') {
			if (!skip_scalar(s) || !skip_after_value(s, &st, &done))
				return false;
			continue;
		}
		if (!skip_push(&st, c == '{', s->depth))
			return false;
		s->i++;
		skip_space(s);
		struct token key;
		if (take(s, c == '{' ? '}' : ']')) {
			st.open--;
			if (!skip_after_value(s, &st, &done))
				return false;
		} else if (c == '{' && !scan_key(s, &key)) {
			return false;
		}
	}
	return true;
}

/*
 * A container deeper than the command reads, its '{' or '[' counted toward
 * the depth already: checked and skipped, standing in as true.
 */
static bool stand_in(struct scan *s, json_t **out)
{
	s->depth--;
	bool ok = skip_value(s);
	s->depth++;
	*out = ok ? json_true() : NULL;
	return ok;
}

bool scan_value(struct scan *s, json_t **out)
{
	if (!out)
		return skip_value(s);
	if (s->i >= s->n || ++s->depth > JSON_PARSER_MAX_DEPTH)
		return false;
	bool ok;
	switch (s->p[s->i]) {
	case '{':
	case '[':
		ok = s->depth > s->build_depth ? stand_in(s, out)
		     : s->p[s->i] == '{'       ? scan_object(s, out)
		                               : scan_array(s, out);
		break;
	case '"':
		ok = scan_string(s, out);
		break;
	case '-':
	case '0':
	case '1':
	case '2':
	case '3':
	case '4':
	case '5':
	case '6':
	case '7':
	case '8':
	case '9':
		ok = scan_number(s, out);
		break;
	default:
		ok = scan_word(s, out);
	}
	s->depth--;
	return ok;
}

bool scan_only(const char *p, size_t n, const struct adk_reads *reads, json_t **value, size_t *end)
{
	struct scan s = {
	    .p = (const unsigned char *)p, .n = n, .reads = reads, .build_depth = SIZE_MAX};
	struct stage stage;
	s.stage = stage_init(&stage, p, n) ? &stage : NULL;
	s.scratch = s.stack_scratch;
	s.scratch_cap = sizeof s.stack_scratch;
	skip_space(&s);
	size_t start = s.i;
	*value = NULL;
	enum chosen step = CHOSEN_IS_SESSION;
	if (!scan_reads_everything(reads) && start < n && p[start] == '{') {
		s.depth = 1;
		step = reads->split_eval_cases ? scan_eval_set(&s, value)
		                               : scan_chosen(&s, ADK_OBJECT_EVENT, value);
	}
	if (step == CHOSEN_IS_SESSION) {
		s.i = start;
		s.stage = stage_init(&stage, p, n) ? &stage : NULL;
		s.depth = s.nuls_after_words = 0;
		step = scan_value(&s, value) ? CHOSEN_READ : CHOSEN_REFUSED;
	}
	if (s.scratch != s.stack_scratch)
		free(s.scratch);
	*end = s.i - s.nuls_after_words;
	return step == CHOSEN_READ;
}

json_t *scan_load(const char *p, size_t n, const struct adk_reads *reads, json_error_t *e)
{
	json_t *value;
	size_t end;
	if (scan_only(p, n, reads, &value, &end)) {
		e->line = e->column = -1;
		e->position = (int)end;
		e->source[0] = e->text[0] = '\0';
		return value;
	}
	return json_loadb(p, n, SCAN_JSON_FLAGS, e);
}
