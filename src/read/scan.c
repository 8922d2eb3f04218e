/*
 * scan.c - jansson's grammar, read once, built where asked (scan.h).
 *
 * Every function here reads from s->p[s->i], moves s->i past what it read
 * and returns false at the first byte jansson would refuse; then nothing
 * it built is left over.  Where it builds (a non-NULL out), it uses
 * jansson's constructors, so a value is the value jansson would have made.
 */
#include "read/scan.h"
#include "util.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

_Static_assert(ADK_EVENT_LAST < 32, "adk_member_set has a bit for every event member");

struct scan {
	const unsigned char *p;
	size_t n, i;
	size_t depth;            /* values open, counted as jansson counts them */
	size_t nuls_after_words; /* see after_word() */
	/* Where strings with escapes are decoded before jansson copies them. */
	char *scratch;
	size_t scratch_cap;
	char stack_scratch[1024];
};

/* A string token: its bytes between the quotes, as they are in the input. */
struct token {
	size_t start, end;
	bool escaped; /* holds a backslash: must be decoded */
	bool has_nul; /* holds \u0000, which jansson refuses in a key */
};

static bool scan_value(struct scan *s, json_t **out);

static void skip_space(struct scan *s)
{
	while (s->i < s->n) {
		unsigned char c = s->p[s->i];
		if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
			return;
		s->i++;
	}
}

/* Whether the next byte is c; if so, it is read. */
static bool take(struct scan *s, unsigned char c)
{
	if (s->i < s->n && s->p[s->i] == c) {
		s->i++;
		return true;
	}
	return false;
}

/*
 * The length of the UTF-8 sequence at p[0..avail), 0 when jansson's
 * utf8_check_full() would refuse it: a stray continuation byte, an overlong
 * form, a surrogate, beyond U+10FFFF, or cut short.
 */
static size_t utf8_length(const unsigned char *p, size_t avail)
{
	unsigned char c = p[0];
	size_t len;
	uint32_t cp;
	if (c >= 0xC2 && c <= 0xDF)
		len = 2, cp = c & 0x1F;
	else if (c >= 0xE0 && c <= 0xEF)
		len = 3, cp = c & 0x0F;
	else if (c >= 0xF0 && c <= 0xF4)
		len = 4, cp = c & 0x07;
	else
		return 0;
	if (len > avail)
		return 0;
	for (size_t k = 1; k < len; k++) {
		if ((p[k] & 0xC0) != 0x80)
			return 0;
		cp = (cp << 6) | (p[k] & 0x3F);
	}
	if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF) || (len == 3 && cp < 0x800) ||
	    (len == 4 && cp < 0x10000))
		return 0;
	return len;
}

/* The value of four hex digits at p, or -1. */
static long hex4(const unsigned char *p)
{
	long v = 0;
	for (int k = 0; k < 4; k++) {
		unsigned char c = p[k];
		int d = c >= '0' && c <= '9'   ? c - '0'
		        : c >= 'a' && c <= 'f' ? c - 'a' + 10
		        : c >= 'A' && c <= 'F' ? c - 'A' + 10
		                               : -1;
		if (d < 0)
			return -1;
		v = v * 16 + d;
	}
	return v;
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

/* Whether any of the eight bytes of w is a quote, a backslash, a control byte or not ASCII. */
static bool word_is_special(uint64_t w)
{
	const uint64_t ones = 0x0101010101010101u, highs = 0x8080808080808080u;
	uint64_t quote = w ^ (ones * '"'), slash = w ^ (ones * '\\');
	uint64_t zero_quote = (quote - ones) & ~quote;
	uint64_t zero_slash = (slash - ones) & ~slash;
	uint64_t control = w - ones * 0x20; /* a byte below 0x20 borrows into its high bit */
	return ((zero_quote | zero_slash | control | w) & highs) != 0;
}

/* Reads a string token at s->p[s->i] (its opening quote) into *t. */
static bool scan_token(struct scan *s, struct token *t)
{
	const unsigned char *p = s->p;
	size_t n = s->n, i = s->i + 1;
	*t = (struct token){.start = i};
	for (;;) {
		uint64_t w;
		while (i + 8 <= n && (memcpy(&w, p + i, 8), !word_is_special(w)))
			i += 8;
		if (i >= n)
			return false;
		unsigned char c = p[i];
		if (c == '"')
			break;
		if (c < 0x20)
			return false;
		if (c == '\\') {
			s->i = i;
			if (!scan_escape(s, t))
				return false;
			t->escaped = true;
			i = s->i;
		} else if (c >= 0x80) {
			size_t len = utf8_length(p + i, n - i);
			if (!len)
				return false;
			i += len;
		} else {
			i++;
		}
	}
	t->end = i;
	s->i = i + 1;
	return true;
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

/*
 * The bytes a checked token stands for; *len gets their length.  They are
 * the input's own where it has no escape, else decoded into the scratch
 * buffer, valid until the next decode.
 */
static const char *decode(struct scan *s, const struct token *t, size_t *len)
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
		if (in[i] != '\\') {
			out[o++] = in[i++];
			continue;
		}
		static const char simple[] = "\"\"\\\\//b\bf\fn\nr\rt\t";
		const char *hit = in[i + 1] == 'u' ? NULL : strchr(simple, in[i + 1]);
		if (hit) {
			out[o++] = hit[1];
			i += 2;
			continue;
		}
		size_t elen;
		o += put_utf8(out + o, unicode_escape(s->p, i, t->end, &elen));
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
		const char *bytes = decode(s, &t, &len);
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
	for (int k = 0; k < 3; k++) {
		size_t len = strlen(words[k]);
		if (s->n - s->i >= len && memcmp(s->p + s->i, words[k], len) == 0) {
			size_t next = s->i + len;
			unsigned char c = next < s->n ? (unsigned char)(s->p[next] | 0x20) : 0;
			if (c >= 'a' && c <= 'z')
				return false;
			s->i = next;
			after_word(s);
			if (out)
				*out = k == 0 ? json_true() : k == 1 ? json_false() : json_null();
			return true;
		}
	}
	return false;
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

/* Reads a key and its ':' up to the value; false where jansson refuses them. */
static bool scan_key(struct scan *s, struct token *key)
{
	if (s->i >= s->n || s->p[s->i] != '"' || !scan_token(s, key) || key->has_nul)
		return false;
	skip_space(s);
	if (!take(s, ':'))
		return false;
	skip_space(s);
	return true;
}

/* Sets key (a checked token) to value in object; jansson keeps the last of duplicate keys. */
static void set_member(struct scan *s, json_t *object, const struct token *key, json_t *value)
{
	size_t len;
	const char *name = decode(s, key, &len);
	json_object_setn_new_nocheck(object, name, len, value);
}

/* After a member: true and *more when a ',' follows, true and !*more at the '}'. */
static bool member_end(struct scan *s, bool *more)
{
	skip_space(s);
	if (take(s, '}')) {
		*more = false;
		return true;
	}
	if (!take(s, ','))
		return false;
	skip_space(s);
	*more = true;
	return true;
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
			set_member(s, object, &key, value);
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

/* Any value; jansson counts every value, a scalar too, toward its depth limit. */
static bool scan_value(struct scan *s, json_t **out)
{
	if (s->i >= s->n || ++s->depth > JSON_PARSER_MAX_DEPTH)
		return false;
	bool ok;
	switch (s->p[s->i]) {
	case '{':
		ok = scan_object(s, out);
		break;
	case '[':
		ok = scan_array(s, out);
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

enum event_scan { EVENT_READ, EVENT_REFUSED, EVENT_IS_SESSION };

/*
 * One top-level member of an event: built when the command reads it (or it
 * is a stream error's text), else checked and stood in for.  A session's
 * "events" array is not read here: the whole value is built instead.
 */
static enum event_scan event_member(struct scan *s, json_t *event, adk_member_set members)
{
	struct token key;
	if (!scan_key(s, &key))
		return EVENT_REFUSED;
	size_t len;
	const char *name = decode(s, &key, &len);
	enum adk_field field = adk_top_member(name, len);
	if (field == ADK_EVENTS && s->i < s->n && s->p[s->i] == '[')
		return EVENT_IS_SESSION;
	bool wanted =
	    field == ADK_STREAM_ERROR || (field <= ADK_EVENT_LAST && (members & ADK_MEMBER(field)));
	json_t *value = NULL;
	bool is_null = s->i < s->n && s->p[s->i] == 'n';
	if (!scan_value(s, wanted ? &value : NULL))
		return EVENT_REFUSED;
	if (!wanted)
		value = is_null ? json_null() : json_true();
	set_member(s, event, &key, value);
	return EVENT_READ;
}

/* A top-level object, read as an event with only members built; *out is set on EVENT_READ. */
static enum event_scan scan_event(struct scan *s, adk_member_set members, json_t **out)
{
	json_t *event = json_object();
	s->depth = 1;
	s->i++;
	skip_space(s);
	bool more = !take(s, '}');
	while (more) {
		/* A member is one level deeper than the event, as jansson counts. */
		enum event_scan step = event_member(s, event, members);
		if (step != EVENT_READ || !member_end(s, &more)) {
			json_decref(event);
			return step == EVENT_READ ? EVENT_REFUSED : step;
		}
	}
	s->depth = 0;
	*out = event;
	return EVENT_READ;
}

bool scan_only(const char *p, size_t n, adk_member_set members, json_t **value, size_t *end)
{
	struct scan s = {.p = (const unsigned char *)p, .n = n};
	s.scratch = s.stack_scratch;
	s.scratch_cap = sizeof s.stack_scratch;
	skip_space(&s);
	size_t start = s.i;
	*value = NULL;
	enum event_scan step = EVENT_IS_SESSION;
	if (members != ADK_MEMBERS_ALL && start < n && p[start] == '{')
		step = scan_event(&s, members, value);
	if (step == EVENT_IS_SESSION) {
		s.i = start;
		s.depth = s.nuls_after_words = 0;
		step = scan_value(&s, value) ? EVENT_READ : EVENT_REFUSED;
	}
	if (s.scratch != s.stack_scratch)
		free(s.scratch);
	*end = s.i - s.nuls_after_words;
	return step == EVENT_READ;
}

json_t *scan_load(const char *p, size_t n, adk_member_set members, json_error_t *e)
{
	json_t *value;
	size_t end;
	if (scan_only(p, n, members, &value, &end)) {
		e->line = e->column = -1;
		e->position = (int)end;
		e->source[0] = e->text[0] = '\0';
		return value;
	}
	return json_loadb(p, n, SCAN_JSON_FLAGS, e);
}
