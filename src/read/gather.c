/*
 * gather.c - values over several lines (gather.h): the scanner that finds
 * where such a value ends, and the gathering of its lines.
 */
#include "read/gather.h"
#include "read/framer.h"
#include "read/input.h"
#include "read/reader.h"

#include <string.h>

/* jansson's own limit; the scanner applies it too, so a deep value fails fast. */
#define MAX_DEPTH 2048

enum scan_result {
	SCAN_MORE,
	SCAN_DONE,
	SCAN_TOO_DEEP,
	SCAN_ELEMENT, /* a ',' or the closing ']' of the array being split */
	SCAN_MEMBER,  /* a member array of the top-level object opened */
};

static void scanner_reset(struct scanner *s)
{
	strbuf_reset(&s->stack);
	s->in_string = s->escape = s->in_key = false;
	s->last = 0;
	s->key_start = s->key_end = 0;
}

/* Feeds the byte c of a string; true when it closed a top-level string. */
static bool scanner_in_string(struct scanner *s, char c)
{
	if (s->escape)
		s->escape = false;
	else if (c == '\\')
		s->escape = true;
	else if (c == '"') {
		s->in_string = false;
		s->last = '"';
		return s->stack.len == 0;
	}
	return false;
}

/* Whether p[i], a '"' outside strings, opens a key of the top-level object being watched. */
static bool opens_watched_key(const struct scanner *s)
{
	return s->watch_members && s->stack.len == 1 && s->stack.buf[0] == '{' &&
	       (s->last == '{' || s->last == ',');
}

/* Opens the container c at p[i]; SCAN_MEMBER when it is a member array watched. */
static enum scan_result scanner_open(struct scanner *s, char c)
{
	bool member = c == '[' && s->watch_members && s->stack.len == 1 && s->stack.buf[0] == '{' &&
	              s->last == ':';
	strbuf_addch(&s->stack, c);
	s->last = c;
	return member ? SCAN_MEMBER : SCAN_MORE;
}

/* Whether the ',' or ']' at hand ends an element of the array being split. */
static bool ends_element(const struct scanner *s)
{
	return s->split_depth && s->stack.len == s->split_depth;
}

/*
 * Feeds p[from..n); on any result but SCAN_MORE, *at is the offset just
 * past the end or the member's '[', or of the fault or the element's end.
 */
static enum scan_result scanner_feed(struct scanner *s, const char *p, size_t from, size_t n,
                                     size_t *at)
{
	for (size_t i = from; i < n; i++) {
		char c = p[i];
		if (s->in_string) {
			bool closed = scanner_in_string(s, c);
			if (!s->in_string && s->in_key) {
				s->in_key = false;
				s->key_end = i + 1;
			}
			if (!closed)
				continue;
			*at = i + 1;
			return SCAN_DONE;
		}
		switch (c) {
		case '"':
			s->in_key = opens_watched_key(s);
			if (s->in_key)
				s->key_start = s->key_end = i;
			s->in_string = true;
			break;
		case '{':
		case '[':
			if (s->stack.len >= MAX_DEPTH) {
				*at = i;
				return SCAN_TOO_DEEP;
			}
			if (scanner_open(s, c) == SCAN_MEMBER) {
				*at = i + 1;
				return SCAN_MEMBER;
			}
			break;
		case ',':
			if (ends_element(s)) {
				s->last = c;
				*at = i;
				return SCAN_ELEMENT;
			}
			s->last = c;
			break;
		case '}':
		case ']':
			if (c == ']' && ends_element(s)) {
				/* The array's end is scanned again once its last element is out. */
				s->split_depth = 0;
				*at = i;
				return SCAN_ELEMENT;
			}
			s->last = c;
			if (s->stack.len <= 1) {
				/* A mismatched bracket is left for jansson to report. */
				*at = i + 1;
				return SCAN_DONE;
			}
			s->stack.len--;
			break;
		case ' ':
		case '\t':
		case '\r':
		case '\n':
			break;
		default:
			s->last = c;
		}
	}
	return SCAN_MORE;
}

/*
 * Whether a line that starts with '{' or '[' can continue the open value.
 * Where the grammar forbids it, the open value was cut short and the line
 * starts a new record: a JSONL writer died mid-line, say.
 */
static bool scanner_accepts_container(const struct scanner *s)
{
	if (s->in_string || s->stack.len == 0)
		return false;
	char top = s->stack.buf[s->stack.len - 1];
	if (top == '[')
		return s->last == '[' || s->last == ',';
	return s->last == ':';
}

/* The current line is the value's last so far: where a truncation is said to be. */
static void note_last_line(struct gather *g, const struct lines *l)
{
	g->last_line = l->line_no;
	g->last_end_column = framer_columns(lines_text(l), l->len) + 1;
}

static enum gathered report_truncated(const struct gather *g, const struct lines *l,
                                      const char *why)
{
	struct reader_pos pos = {l->in->name, g->last_line, g->last_end_column, NULL};
	if (!diag_damaged_ahead(l->diag))
		diag_report(l->diag, &pos, "truncated JSON value: %s", why);
	return GATHER_INVALID;
}

/* What the line after the value's last one does to the value. */
enum next_line {
	NEXT_JOINS,   /* it goes on the value */
	NEXT_PASSED,  /* an SSE field between data lines: the value goes on after it */
	NEXT_CUTS,    /* it cannot go on the value: the value was cut short */
	NEXT_NONE,    /* the input ended */
	NEXT_GAVE_UP, /* the lines gave up */
};

/* Moves to the next line; with NEXT_JOINS, *from is where its part of the value starts. */
static enum next_line next_line(struct gather *g, struct lines *l, bool sse, size_t *from)
{
	if (!g->line_ready)
		lines_consume(l);
	g->line_ready = false;
	/* As a line read whole would be, whatever the reads cut it into. */
	l->in_value = true;
	bool more = lines_peek(l);
	l->in_value = false;
	if (!more)
		return lines_gave_up(l) ? NEXT_GAVE_UP : NEXT_NONE;
	/* The data lines of an SSE event are joined across its other fields. */
	if (sse && l->kind == FRAME_SSE_OTHER)
		return NEXT_PASSED;
	/* An SSE value goes on in "data:" lines only, a plain one in plain lines. */
	if (sse != (l->kind == FRAME_SSE_DATA))
		return NEXT_CUTS;
	const char *line = lines_text(l);
	*from = sse ? l->payload : 0;
	size_t first = framer_skip_space(line, *from, l->len);
	bool container = first < l->len && (line[first] == '{' || line[first] == '[');
	if (g->scanner.in_string || (container && !scanner_accepts_container(&g->scanner)))
		return NEXT_CUTS;
	return NEXT_JOINS;
}

/* Lets go of text[0..n) and its origins: the scan goes on from text[0]. */
static void drop_text(struct gather *g, struct origins *o, size_t n)
{
	if (!n)
		return;
	origins_drop(o, g->text.buf, n);
	memmove(g->text.buf, g->text.buf + n, g->text.len - n);
	g->text.len -= n;
	g->line_start = g->line_start > n ? g->line_start - n : 0;
	g->scan_at = g->scan_at > n ? g->scan_at - n : 0;
}

/* Joins the current line, from offset g->from on, to the value; *at as scanner_feed(). */
static enum scan_result join_line(struct gather *g, struct lines *l, struct origins *o, size_t *at)
{
	if (g->draining)
		drop_text(g, o, g->text.len);
	origins_add(o, l->line_no, g->from);
	strbuf_addch(&g->text, '\n');
	g->line_start = g->text.len;
	strbuf_add(&g->text, lines_text(l) + g->from, l->len - g->from);
	note_last_line(g, l);
	g->scan_at = g->text.len;
	return scanner_feed(&g->scanner, g->text.buf, g->line_start, g->text.len, at);
}

/* Starts the value at offset i of the current line; *at as scanner_feed(). */
static enum scan_result start_value(struct gather *g, struct lines *l, struct origins *o, size_t i,
                                    size_t *at)
{
	const char *line = lines_text(l);
	strbuf_reset(&g->text);
	origins_reset(o);
	scanner_reset(&g->scanner);
	g->sse = l->kind == FRAME_SSE_DATA;
	g->from = i;
	g->draining = false;
	g->line_ready = false;
	origins_add(o, l->line_no, framer_columns(line, i));
	strbuf_add(&g->text, line + i, l->len - i);
	g->line_start = 0;
	g->scan_at = g->text.len;
	note_last_line(g, l);
	return scanner_feed(&g->scanner, g->text.buf, 0, g->text.len, at);
}

void gather_stream(struct gather *g, bool split, bool members)
{
	g->scanner.split_depth = split ? 1 : 0;
	g->scanner.watch_members = members;
}

void gather_enter_array(struct gather *g, struct origins *o)
{
	strbuf_reset(&g->text);
	origins_reset(o);
	/* The text's first byte is the '\n' before the first line: no position is said there. */
	origins_add(o, 0, 0);
	scanner_reset(&g->scanner);
	strbuf_addch(&g->scanner.stack, '[');
	g->scanner.last = ',';
	gather_stream(g, true, false);
	g->sse = false;
	g->from = 0;
	g->draining = false;
	g->line_start = g->scan_at = 0;
	g->last_line = g->last_end_column = 0;
	g->line_ready = true;
}

void gather_split_member(struct gather *g)
{
	g->scanner.split_depth = 2;
	g->scanner.watch_members = false;
}

void gather_stop_splitting(struct gather *g, bool drain)
{
	g->scanner.split_depth = 0;
	g->scanner.watch_members = false;
	g->draining = drain;
}

/* The value ends at text[at], on the current line: what follows it there is read next. */
static enum gathered value_ends(struct gather *g, struct lines *l, struct origins *o,
                                enum scan_result res, size_t at, size_t *len)
{
	l->cur = l->len - (g->text.len - at);
	if (res == SCAN_TOO_DEEP) {
		struct reader_pos pos = {
		    l->in->name, l->line_no,
		    o->list[o->count - 1].column +
		        framer_columns(g->text.buf + g->line_start, at - g->line_start) + 1,
		    NULL};
		if (!diag_damaged_ahead(l->diag))
			diag_report(l->diag, &pos, "invalid JSON: nesting deeper than %d levels",
			            MAX_DEPTH);
		l->cur = l->len;
		return GATHER_INVALID;
	}
	*len = at;
	return GATHERED;
}

/* Scans on from res, joining lines, until the value ends or a streaming stop. */
static enum gathered scan_on(struct gather *g, struct lines *l, struct origins *o,
                             enum scan_result res, size_t at, size_t *len)
{
	while (res == SCAN_MORE) {
		switch (next_line(g, l, g->sse, &g->from)) {
		case NEXT_JOINS:
			res = join_line(g, l, o, &at);
			break;
		case NEXT_PASSED:
			break;
		case NEXT_CUTS:
			return report_truncated(g, l, "its line ends inside it");
		case NEXT_NONE:
			return report_truncated(g, l, "the input ends inside it");
		case NEXT_GAVE_UP:
			return GATHER_GAVE_UP;
		}
	}
	if (res == SCAN_ELEMENT || res == SCAN_MEMBER) {
		g->stop = at;
		/* A ',' is passed; a ']' is scanned again, as the end of the array. */
		g->scan_at = res == SCAN_ELEMENT && g->text.buf[at] == ',' ? at + 1 : at;
		return res == SCAN_ELEMENT ? GATHER_ELEMENT : GATHER_MEMBER;
	}
	return value_ends(g, l, o, res, at, len);
}

enum gathered gather_value(struct gather *g, struct lines *l, struct origins *o, size_t i,
                           size_t *len)
{
	size_t at = 0;
	enum scan_result res = start_value(g, l, o, i, &at);
	return scan_on(g, l, o, res, at, len);
}

enum gathered gather_resume(struct gather *g, struct lines *l, struct origins *o, size_t drop,
                            size_t *len)
{
	drop_text(g, o, drop);
	size_t at = 0;
	enum scan_result res = scanner_feed(&g->scanner, g->text.buf, g->scan_at, g->text.len, &at);
	return scan_on(g, l, o, res, at, len);
}

void gather_release(struct gather *g)
{
	strbuf_release(&g->text);
	strbuf_release(&g->scanner.stack);
}
