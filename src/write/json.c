/*
 * json.c - the JSON writer (json.h): framing, escaping, numbers, and the
 * sinks the text goes to.
 */
#include "write/json.h"
#include "plain.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A stream sink gets the text once this much has gathered, at the latest. */
#define FLUSH_AT (64 * 1024)

static const char hex[] = "0123456789abcdef";

/* Sinks and writer state. */

static void init(struct json_writer *w, struct strbuf *out, unsigned flags)
{
	memset(w, 0, sizeof *w);
	w->own = (struct strbuf)STRBUF_INIT;
	w->out = out ? out : &w->own;
	w->flags = flags;
	w->empty = true;
	w->fd = -1;
}

void jw_init_buf(struct json_writer *w, struct strbuf *sb, unsigned flags)
{
	init(w, sb, flags);
}

void jw_init_sink(struct json_writer *w, unsigned flags, jw_sink_fn *sink, void *ctx)
{
	init(w, NULL, flags);
	w->sink = sink;
	w->ctx = ctx;
}

static bool fd_sink(void *ctx, const char *data, size_t len)
{
	struct json_writer *w = ctx;
	while (len) {
		ssize_t n = write(w->fd, data, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			w->error = n < 0 ? errno : EIO;
			return false;
		}
		data += n;
		len -= (size_t)n;
	}
	return true;
}

void jw_init_fd(struct json_writer *w, int fd, unsigned flags)
{
	jw_init_sink(w, flags, fd_sink, NULL);
	w->ctx = w;
	w->fd = fd;
}

void jw_set_level(struct json_writer *w, int level)
{
	w->level = level;
}

bool jw_flush(struct json_writer *w)
{
	if (!w->sink)
		return !w->failed;
	if (!w->failed && w->out->len && !w->sink(w->ctx, w->out->buf, w->out->len)) {
		w->failed = true;
		if (!w->error)
			w->error = errno ? errno : EIO;
	}
	strbuf_reset(w->out);
	return !w->failed;
}

/* Hands the text on when enough has gathered, or drops it after a failure. */
static void maybe_flush(struct json_writer *w)
{
	if (w->sink && (w->failed || w->out->len >= FLUSH_AT))
		jw_flush(w);
}

bool jw_failed(const struct json_writer *w)
{
	return w->failed;
}

int jw_error(const struct json_writer *w)
{
	return w->failed ? (w->error ? w->error : EIO) : 0;
}

void jw_release(struct json_writer *w)
{
	strbuf_release(&w->own);
}

/* Colours (JW_COLOR), as jq's defaults. */

#define COLOR_BRACKET "\033[1;39m"
#define COLOR_KEY     "\033[34;1m"
#define COLOR_STRING  "\033[0;32m"
#define COLOR_NULL    "\033[1;30m"
#define COLOR_OFF     "\033[0m"

static void color_on(struct json_writer *w, const char *sgr)
{
	if (w->flags & JW_COLOR)
		strbuf_addstr(w->out, sgr);
}

static void color_off(struct json_writer *w)
{
	if (w->flags & JW_COLOR)
		strbuf_add(w->out, COLOR_OFF, sizeof COLOR_OFF - 1);
}

/* Framing. */

static void newline_indent(struct strbuf *sb, int level)
{
	static const char spaces[] = "\n                                ";
	size_t n = 2 * (size_t)level;
	strbuf_add(sb, spaces, 1);
	while (n) {
		size_t k = n < sizeof spaces - 2 ? n : sizeof spaces - 2;
		strbuf_add(sb, spaces + 1, k);
		n -= k;
	}
}

/* What stands before a value: nothing after a key or at the top, else a comma and a line. */
static void before_value(struct json_writer *w)
{
	if (w->after_key) {
		w->after_key = false;
		return;
	}
	if (!w->open)
		return;
	if (!w->empty)
		strbuf_addch(w->out, ',');
	w->empty = false;
	if (w->flags & JW_PRETTY)
		newline_indent(w->out, w->level + w->open);
}

static void begin(struct json_writer *w, char open)
{
	before_value(w);
	color_on(w, COLOR_BRACKET);
	strbuf_addch(w->out, open);
	color_off(w);
	w->open++;
	w->empty = true;
}

static void end(struct json_writer *w, char close)
{
	w->open--;
	if ((w->flags & JW_PRETTY) && !w->empty)
		newline_indent(w->out, w->level + w->open);
	color_on(w, COLOR_BRACKET);
	strbuf_addch(w->out, close);
	color_off(w);
	w->empty = false;
}

void jw_object_begin(struct json_writer *w)
{
	begin(w, '{');
}

void jw_object_end(struct json_writer *w)
{
	end(w, '}');
}

void jw_array_begin(struct json_writer *w)
{
	begin(w, '[');
}

void jw_array_end(struct json_writer *w)
{
	end(w, ']');
}

/* Strings. */

/* The escape of control byte c: \n and friends, else \u00XX. */
static void add_control(struct strbuf *sb, unsigned char c)
{
	switch (c) {
	case '\n':
		strbuf_add(sb, "\\n", 2);
		break;
	case '\t':
		strbuf_add(sb, "\\t", 2);
		break;
	case '\r':
		strbuf_add(sb, "\\r", 2);
		break;
	case '\b':
		strbuf_add(sb, "\\b", 2);
		break;
	case '\f':
		strbuf_add(sb, "\\f", 2);
		break;
	default: {
		char esc[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
		strbuf_add(sb, esc, 6);
	}
	}
}

/* Escapes s[0..len) as JSON requires, without quotes: plain runs are copied whole. */
static void escape_json(struct strbuf *sb, const char *s, size_t len)
{
	const unsigned char *bytes = (const unsigned char *)s;
	strbuf_grow(sb, len);
	size_t run = 0;
	for (size_t i = plain_span(bytes, 0, len, false); i < len;
	     i = plain_span(bytes, run, len, false)) {
		unsigned char c = bytes[i];
		strbuf_add(sb, s + run, i - run);
		run = i + 1;
		if (c == '"')
			strbuf_add(sb, "\\\"", 2);
		else if (c == '\\')
			strbuf_add(sb, "\\\\", 2);
		else
			add_control(sb, c);
	}
	strbuf_add(sb, s + run, len - run);
}

/* Whether seq[0..n) begins U+2028 or U+2029 (E2 80 A8, E2 80 A9). */
static bool line_separator_prefix(const unsigned char *seq, size_t n)
{
	return seq[0] == 0xe2 && (n < 2 || seq[1] == 0x80) && (n < 3 || (seq[2] | 1) == 0xa9);
}

static void add_line_separator(struct strbuf *sb, unsigned char last)
{
	strbuf_add(sb, last == 0xa8 ? "\\u2028" : "\\u2029", 6);
}

/*
 * Completes the bytes a Go piece held back with the first bytes of s;
 * returns how many bytes of s it took.
 */
static size_t go_resume(struct json_writer *w, const unsigned char *s, size_t len)
{
	unsigned char seq[3];
	size_t n = w->nheld, took = 0;
	memcpy(seq, w->held, n);
	while (n < 3 && took < len)
		seq[n++] = s[took++];
	if (!line_separator_prefix(seq, n)) {
		/* Not a separator after all: the held bytes are written as they are. */
		strbuf_add(w->out, w->held, w->nheld);
		w->nheld = 0;
		return 0;
	}
	if (n == 3) {
		add_line_separator(w->out, seq[2]);
		w->nheld = 0;
	} else {
		memcpy(w->held, seq, n);
		w->nheld = (unsigned char)n;
	}
	return took;
}

/*
 * Escapes s[0..len) as Go's encoding/json does.  A piece that ends inside
 * what may be U+2028 or U+2029 holds those bytes back for the next one.
 */
static void escape_go(struct json_writer *w, const char *text, size_t len)
{
	const unsigned char *s = (const unsigned char *)text;
	struct strbuf *sb = w->out;
	size_t i = w->nheld ? go_resume(w, s, len) : 0;
	for (; i < len; i++) {
		unsigned char c = s[i];
		if (c == '"' || c == '\\') {
			strbuf_addch(sb, '\\');
			strbuf_addch(sb, (char)c);
		} else if (c < 0x20) {
			add_control(sb, c);
		} else if (c == '<' || c == '>' || c == '&') {
			char esc[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
			strbuf_add(sb, esc, 6);
		} else if (c == 0xe2 && line_separator_prefix(s + i, len - i < 3 ? len - i : 3)) {
			if (len - i < 3) {
				memcpy(w->held, s + i, len - i);
				w->nheld = (unsigned char)(len - i);
				return;
			}
			add_line_separator(sb, s[i + 2]);
			i += 2;
		} else {
			strbuf_addch(sb, (char)c);
		}
	}
}

static void escape(struct json_writer *w, const char *s, size_t len)
{
	if (w->flags & JW_GO)
		escape_go(w, s, len);
	else
		escape_json(w->out, s, len);
}

/* The held bytes of a Go string cut inside a sequence that was not completed. */
static void release_held(struct json_writer *w)
{
	strbuf_add(w->out, w->held, w->nheld);
	w->nheld = 0;
}

static void add_quoted(struct json_writer *w, const char *s, size_t len)
{
	strbuf_grow(w->out, len + 2);
	strbuf_addch(w->out, '"');
	escape(w, s, len);
	release_held(w);
	strbuf_addch(w->out, '"');
}

void jw_keyn(struct json_writer *w, const char *key, size_t len)
{
	if (!w->empty)
		strbuf_addch(w->out, ',');
	w->empty = false;
	if (w->flags & JW_PRETTY)
		newline_indent(w->out, w->level + w->open);
	color_on(w, COLOR_KEY);
	add_quoted(w, key, len);
	color_off(w);
	if (w->flags & JW_PRETTY)
		strbuf_add(w->out, ": ", 2);
	else
		strbuf_addch(w->out, ':');
	w->after_key = true;
}

void jw_key(struct json_writer *w, const char *key)
{
	jw_keyn(w, key, strlen(key));
}

/* Whether a string begun now is written bare: -r, and not inside a container. */
static bool bare_string(const struct json_writer *w)
{
	return (w->flags & JW_RAW) && !w->open && !w->after_key;
}

void jw_string(struct json_writer *w, const char *s, size_t len)
{
	if (bare_string(w)) {
		strbuf_add(w->out, s, len);
		return;
	}
	before_value(w);
	color_on(w, COLOR_STRING);
	add_quoted(w, s, len);
	color_off(w);
}

void jw_string_begin(struct json_writer *w)
{
	w->line_ended = false;
	w->break_held = false;
	w->bare = bare_string(w);
	if (!w->bare) {
		before_value(w);
		color_on(w, COLOR_STRING);
		strbuf_addch(w->out, '"');
	}
}

void jw_string_piece(struct json_writer *w, const char *s, size_t len)
{
	if (w->break_held)
		escape(w, "\n", 1);
	w->break_held = false;
	w->line_ended = false;
	if (w->bare)
		strbuf_add(w->out, s, len);
	else
		escape(w, s, len);
	/* The piece goes out now: a result that grows with the input is shown as it grows. */
	if (w->sink)
		jw_flush(w);
}

void jw_string_break(struct json_writer *w)
{
	if (!w->bare) {
		w->break_held = true;
		return;
	}
	strbuf_addch(w->out, '\n');
	w->line_ended = true;
	if (w->sink)
		jw_flush(w);
}

void jw_string_end(struct json_writer *w)
{
	w->break_held = false;
	if (!w->bare) {
		release_held(w);
		strbuf_addch(w->out, '"');
		color_off(w);
	}
	w->bare = false;
	maybe_flush(w);
}

/* Numbers and literals. */

/* Appends n in decimal: snprintf's work without its cost on the hot path. */
static void add_int(struct strbuf *sb, json_int_t n)
{
	char digits[24];
	size_t at = sizeof digits;
	/* Through uintmax_t, so that the most negative value has a magnitude. */
	uintmax_t m = n < 0 ? -(uintmax_t)n : (uintmax_t)n;
	do {
		digits[--at] = (char)('0' + m % 10);
		m /= 10;
	} while (m);
	if (n < 0)
		digits[--at] = '-';
	strbuf_add(sb, digits + at, sizeof digits - at);
}

void jw_int(struct json_writer *w, json_int_t n)
{
	before_value(w);
	add_int(w->out, n);
}

/*
 * What %.15g writes for v, when that is quick to know, into out (40
 * bytes).  From 1e-4 up to below 1e15 %.15g writes plain digits, and a v
 * that is m / 10^k, m a whole number below 10^15, is written as m's digits
 * with the point k places from the right: that holds exactly when dividing
 * m by 10^k, one correctly rounded operation, gives v back, and the least
 * such k leaves no trailing zero.  Reals read from ADK events (scores,
 * coordinates, timestamps) nearly all are such; false sends the others to
 * snprintf.
 */
static bool quick_real(char *out, double v)
{
	static const double powers[] = {1e0, 1e1, 1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
	                                1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15};
	double mag = v < 0 ? -v : v;
	if (!(mag >= 1e-4 && mag < 1e15))
		return false;
	for (int k = 0; k <= 15; k++) {
		double scaled = mag * powers[k];
		if (scaled >= 1e15)
			return false;
		uint64_t m = (uint64_t)(scaled + 0.5);
		if ((double)m / powers[k] != mag)
			continue;
		char digits[24];
		int len = snprintf(digits, sizeof digits, "%" PRIu64, m);
		char *o = out;
		if (v < 0)
			*o++ = '-';
		if (k == 0) {
			sprintf(o, "%s.0", digits);
		} else if (k >= len) {
			*o++ = '0';
			*o++ = '.';
			memset(o, '0', (size_t)(k - len));
			memcpy(o + k - len, digits, (size_t)len + 1);
		} else {
			memcpy(o, digits, (size_t)(len - k));
			o[len - k] = '.';
			memcpy(o + len - k + 1, digits + len - k, (size_t)k + 1);
		}
		return true;
	}
	return false;
}

/* The shortest %.Ng (N from 15 to 17) that reads back as v, marked as a real. */
static void add_real(struct strbuf *sb, double v)
{
	char tmp[40];
	if (quick_real(tmp, v)) {
		strbuf_addstr(sb, tmp);
		return;
	}
	for (int prec = 15; prec <= 17; prec++) {
		snprintf(tmp, sizeof tmp, "%.*g", prec, v);
		if (strtod(tmp, NULL) == v)
			break;
	}
	strbuf_addstr(sb, tmp);
	/* Keep a real recognisable as one, as Python and jansson do: 3.0, not 3. */
	if (!strpbrk(tmp, ".eEn"))
		strbuf_add(sb, ".0", 2);
}

/*
 * Appends v as Go's strconv.FormatFloat(v, 'g'-like, -1, 64) does for
 * encoding/json: the shortest digits that read back as v, in plain
 * notation unless the magnitude is below 1e-6 or from 1e21 up, where it is
 * 1e-7 / 1e+21 (Go trims the exponent's leading zero only when negative).
 */
static void add_go_real(struct strbuf *sb, double v)
{
	char tmp[40];
	int prec = 0;
	for (; prec < 17; prec++) {
		snprintf(tmp, sizeof tmp, "%.*e", prec, v);
		if (strtod(tmp, NULL) == v)
			break;
	}
	/* tmp is [-]d[.ddd]e[+-]XX: take the digits and the exponent apart. */
	char digits[24];
	size_t n = 0;
	const char *p = tmp;
	if (*p == '-') {
		strbuf_addch(sb, '-');
		p++;
	}
	for (; *p && *p != 'e'; p++)
		if (*p != '.')
			digits[n++] = *p;
	int exp10 = atoi(p + 1);
	while (n > 1 && digits[n - 1] == '0')
		n--;
	double mag = fabs(v);
	if (mag != 0 && (mag < 1e-6 || mag >= 1e21)) {
		strbuf_addch(sb, digits[0]);
		if (n > 1) {
			strbuf_addch(sb, '.');
			strbuf_add(sb, digits + 1, n - 1);
		}
		if (exp10 < 0 && exp10 > -10)
			strbuf_addf(sb, "e-%d", -exp10);
		else
			strbuf_addf(sb, "e%c%02d", exp10 < 0 ? '-' : '+', abs(exp10));
		return;
	}
	if (exp10 < 0) {
		strbuf_add(sb, "0.", 2);
		for (int i = -1; i > exp10; i--)
			strbuf_addch(sb, '0');
		strbuf_add(sb, digits, n);
		return;
	}
	for (int i = 0; i <= exp10; i++)
		strbuf_addch(sb, (size_t)i < n ? digits[i] : '0');
	if (n > (size_t)exp10 + 1) {
		strbuf_addch(sb, '.');
		strbuf_add(sb, digits + exp10 + 1, n - (size_t)exp10 - 1);
	}
}

void jw_real(struct json_writer *w, double v)
{
	before_value(w);
	/* JSON has no infinities; jansson never produces them, but be safe. */
	if (!isfinite(v))
		strbuf_add(w->out, "null", 4);
	else if (w->flags & JW_GO)
		add_go_real(w->out, v);
	else
		add_real(w->out, v);
}

void jw_bool(struct json_writer *w, bool b)
{
	before_value(w);
	if (b)
		strbuf_add(w->out, "true", 4);
	else
		strbuf_add(w->out, "false", 5);
}

void jw_null(struct json_writer *w)
{
	/* Nothing found, as text, is no text: -r's empty line, as for "". */
	if (bare_string(w))
		return;
	before_value(w);
	color_on(w, COLOR_NULL);
	strbuf_add(w->out, "null", 4);
	color_off(w);
}

/* Jansson values. */

static void add_value(struct json_writer *w, const json_t *v);

/* A member's value, or what jw_value_shown() writes in its place. */
static void add_member_value(struct json_writer *w, const char *key, size_t len, const json_t *v)
{
	const struct jw_shown *shown = w->shown;
	if (shown && shown->hidden(shown->ctx, key, len))
		shown->string(shown->ctx, w, shown->replacement, strlen(shown->replacement), true);
	else
		add_value(w, v);
}

struct member {
	const char *key;
	size_t len;
	json_t *value;
};

/* Bytewise, as Go sorts map keys; a key that is a prefix of another comes first. */
static int compare_members(const void *a, const void *b)
{
	const struct member *x = a, *y = b;
	int c = memcmp(x->key, y->key, x->len < y->len ? x->len : y->len);
	return c ? c : (x->len > y->len) - (x->len < y->len);
}

static void add_sorted_members(struct json_writer *w, const json_t *v)
{
	size_t n = json_object_size(v), i = 0;
	struct member *m = xmalloc((n ? n : 1) * sizeof *m);
	const char *key;
	size_t key_len;
	json_t *member;
	json_object_keylen_foreach((json_t *)v, key, key_len, member)
	{
		m[i++] = (struct member){key, key_len, member};
	}
	qsort(m, n, sizeof *m, compare_members);
	for (i = 0; i < n; i++) {
		jw_keyn(w, m[i].key, m[i].len);
		add_member_value(w, m[i].key, m[i].len, m[i].value);
	}
	free(m);
}

static void add_object(struct json_writer *w, const json_t *v)
{
	const char *key;
	size_t key_len;
	json_t *member;
	/* An object whose keys are shown otherwise: its members come from the one in its place. */
	json_t *instead = w->shown ? w->shown->object(w->shown->ctx, v) : NULL;
	if (instead)
		v = instead;
	jw_object_begin(w);
	if (w->flags & JW_SORTED) {
		add_sorted_members(w, v);
	} else {
		/* With its length, a key that holds \u0000 is written whole. */
		json_object_keylen_foreach((json_t *)v, key, key_len, member)
		{
			jw_keyn(w, key, key_len);
			add_member_value(w, key, key_len, member);
		}
	}
	jw_object_end(w);
	json_decref(instead);
}

static void add_value(struct json_writer *w, const json_t *v)
{
	switch (json_typeof(v)) {
	case JSON_OBJECT:
		add_object(w, v);
		break;
	case JSON_ARRAY: {
		size_t n = json_array_size(v);
		jw_array_begin(w);
		for (size_t i = 0; i < n; i++)
			add_value(w, json_array_get(v, i));
		jw_array_end(w);
		break;
	}
	case JSON_STRING:
		if (w->shown)
			w->shown->string(w->shown->ctx, w, json_string_value(v),
			                 json_string_length(v), false);
		else
			jw_string(w, json_string_value(v), json_string_length(v));
		break;
	case JSON_INTEGER:
		/* Exactly, also in Go's form (Go would round those beyond 2^53; we do not). */
		jw_int(w, json_integer_value(v));
		break;
	case JSON_REAL:
		jw_real(w, json_real_value(v));
		break;
	case JSON_TRUE:
		jw_bool(w, true);
		break;
	case JSON_FALSE:
		jw_bool(w, false);
		break;
	default:
		jw_null(w);
	}
}

void jw_value(struct json_writer *w, const json_t *v)
{
	add_value(w, v);
	maybe_flush(w);
}

void jw_value_shown(struct json_writer *w, const json_t *v, const struct jw_shown *shown)
{
	w->shown = shown;
	add_value(w, v);
	w->shown = NULL;
	maybe_flush(w);
}

/* Text laid out elsewhere. */

void jw_raw_begin(struct json_writer *w)
{
	before_value(w);
	w->skip_blank = false;
	/* Raw text is one value: a key can only follow its own '{'. */
	w->raw = (struct jw_raw_colors){.expect_key = false};
}

static bool is_blank(char c)
{
	return c == '\n' || c == '\r' || c == ' ' || c == '\t';
}

/* The first line break in text[0..len), or len: memchr's speed, as most text has none. */
static size_t next_break(const char *text, size_t len)
{
	const char *nl = memchr(text, '\n', len);
	size_t before_nl = nl ? (size_t)(nl - text) : len;
	const char *cr = memchr(text, '\r', before_nl);
	return cr ? (size_t)(cr - text) : before_nl;
}

/* Appends text[0..len) without its line breaks and the blanks after them. */
static void add_one_line(struct json_writer *w, const char *text, size_t len)
{
	size_t i = 0;
	while (w->skip_blank && i < len && is_blank(text[i]))
		i++;
	if (i < len)
		w->skip_blank = false;
	while (i < len) {
		size_t n = next_break(text + i, len - i);
		strbuf_add(w->out, text + i, n);
		i += n;
		if (i == len)
			break;
		while (i < len && is_blank(text[i]))
			i++;
		/* A piece that ends in the blanks goes on skipping them in the next. */
		w->skip_blank = i == len;
	}
}

/* One byte of raw text, coloured by where it stands: in a key, a string, a bracket. */
static void add_colored_byte(struct json_writer *w, struct jw_raw_colors *c, char b)
{
	bool object = c->depth && c->depth <= 64 && (c->in_object >> (c->depth - 1) & 1);
	if (c->in_string) {
		strbuf_addch(w->out, b);
		if (c->escaped) {
			c->escaped = false;
		} else if (b == '\\') {
			c->escaped = true;
		} else if (b == '"') {
			c->in_string = false;
			color_off(w);
		}
		return;
	}
	/* Outside strings only null has an 'n'. */
	if (b == 'n' || c->null_left) {
		if (b == 'n')
			color_on(w, COLOR_NULL);
		strbuf_addch(w->out, b);
		c->null_left = b == 'n' ? 3 : c->null_left - 1;
		if (!c->null_left)
			color_off(w);
		return;
	}
	if (b == '"') {
		color_on(w, c->expect_key ? COLOR_KEY : COLOR_STRING);
		strbuf_addch(w->out, b);
		c->in_string = true;
		return;
	}
	if (b == '{' || b == '[') {
		if (c->depth < 64)
			c->in_object = (c->in_object & ~((uint64_t)1 << c->depth)) |
			               (uint64_t)(b == '{') << c->depth;
		c->depth++;
		c->expect_key = b == '{';
	} else if (b == '}' || b == ']') {
		c->depth -= c->depth > 0;
		c->expect_key = false;
	} else {
		if (b == ',' || b == ':')
			c->expect_key = b == ',' && object;
		strbuf_addch(w->out, b);
		return;
	}
	color_on(w, COLOR_BRACKET);
	strbuf_addch(w->out, b);
	color_off(w);
}

/* Raw text with colours: laid out first as it would be without them. */
static void add_colored_raw(struct json_writer *w, const char *text, size_t len)
{
	struct strbuf laid = STRBUF_INIT;
	if (!(w->flags & JW_PRETTY)) {
		struct strbuf *out = w->out;
		w->out = &laid;
		add_one_line(w, text, len);
		w->out = out;
		text = laid.buf ? laid.buf : "";
		len = laid.len;
	}
	for (size_t i = 0; i < len; i++)
		add_colored_byte(w, &w->raw, text[i]);
	strbuf_release(&laid);
}

void jw_raw_piece(struct json_writer *w, const char *text, size_t len)
{
	if (w->flags & JW_COLOR)
		add_colored_raw(w, text, len);
	else if (w->flags & JW_PRETTY)
		strbuf_add(w->out, text, len);
	else
		add_one_line(w, text, len);
	maybe_flush(w);
}

void jw_raw_end(struct json_writer *w)
{
	w->skip_blank = false;
	maybe_flush(w);
}

void jw_raw(struct json_writer *w, const char *text, size_t len)
{
	jw_raw_begin(w);
	jw_raw_piece(w, text, len);
	jw_raw_end(w);
}

void jw_line_end(struct json_writer *w)
{
	/* A bare string that ended with jw_string_break() has ended its line already. */
	if (!w->line_ended)
		strbuf_addch(w->out, '\n');
	w->line_ended = false;
	if (w->sink)
		jw_flush(w);
}
