/*
 * gather.c - values over several lines (gather.h): the scanner that finds
 * where such a value ends, and the gathering of its lines.
 */
#include "read/gather.h"
#include "read/framer.h"
#include "read/input.h"
#include "read/reader.h"

/* jansson's own limit; the scanner applies it too, so a deep value fails fast. */
#define MAX_DEPTH 2048

enum scan_result { SCAN_MORE, SCAN_DONE, SCAN_TOO_DEEP };

static void scanner_reset(struct scanner *s)
{
	strbuf_reset(&s->stack);
	s->in_string = s->escape = false;
	s->last = 0;
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

/*
 * Feeds p[0..n); on SCAN_DONE or SCAN_TOO_DEEP, *at is the offset just past
 * the end or of the fault.
 */
static enum scan_result scanner_feed(struct scanner *s, const char *p, size_t n, size_t *at)
{
	for (size_t i = 0; i < n; i++) {
		char c = p[i];
		if (s->in_string) {
			if (!scanner_in_string(s, c))
				continue;
			*at = i + 1;
			return SCAN_DONE;
		}
		switch (c) {
		case '"':
			s->in_string = true;
			break;
		case '{':
		case '[':
			if (s->stack.len >= MAX_DEPTH) {
				*at = i;
				return SCAN_TOO_DEEP;
			}
			strbuf_addch(&s->stack, c);
			s->last = c;
			break;
		case '}':
		case ']':
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
	lines_consume(l);
	if (!lines_peek(l))
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

/* Joins the current line, from offset from on, to the value and scans it; *at as scanner_feed(). */
static enum scan_result join_line(struct gather *g, struct lines *l, struct origins *o, size_t from,
                                  size_t *at)
{
	origins_add(o, l->line_no, from);
	strbuf_addch(&g->text, '\n');
	g->line_start = g->text.len;
	strbuf_add(&g->text, lines_text(l) + from, l->len - from);
	note_last_line(g, l);
	enum scan_result res =
	    scanner_feed(&g->scanner, g->text.buf + g->line_start, l->len - from, at);
	*at += g->line_start;
	return res;
}

/* Starts the value at offset i of the current line; *at as scanner_feed(). */
static enum scan_result start_value(struct gather *g, struct lines *l, struct origins *o, size_t i,
                                    size_t *at)
{
	const char *line = lines_text(l);
	strbuf_reset(&g->text);
	origins_reset(o);
	scanner_reset(&g->scanner);
	origins_add(o, l->line_no, framer_columns(line, i));
	strbuf_add(&g->text, line + i, l->len - i);
	g->line_start = 0;
	note_last_line(g, l);
	return scanner_feed(&g->scanner, g->text.buf, g->text.len, at);
}

enum gathered gather_value(struct gather *g, struct lines *l, struct origins *o, size_t i,
                           size_t *len)
{
	bool sse = l->kind == FRAME_SSE_DATA;
	size_t at = 0, from = i;
	enum scan_result res = start_value(g, l, o, i, &at);
	while (res == SCAN_MORE) {
		switch (next_line(g, l, sse, &from)) {
		case NEXT_JOINS:
			res = join_line(g, l, o, from, &at);
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
	/* The value ends on the current line; what follows it there is read next. */
	l->cur = from + (at - g->line_start);
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

void gather_release(struct gather *g)
{
	strbuf_release(&g->text);
	strbuf_release(&g->scanner.stack);
}
