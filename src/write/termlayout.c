/*
 * termlayout.c - an event's lines in columns, for a terminal (see termlayout.h).
 */
#include "write/termlayout.h"
#include "write/termtext.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define TIME_WIDTH  10
#define LABEL_WIDTH 8
#define GAP         2 /* blanks between two columns */
/*
 * When lines are cut, author names are cut too, to what the line leaves
 * beside a value's minimum, within these bounds, so no line outgrows the width.
 */
#define AUTHOR_MAX_WIDTH 32
#define AUTHOR_CUT_MIN   8
#define MIN_VALUE_WIDTH  10
#define ELLIPSIS         "\xE2\x80\xA6" /* U+2026, one column */

/* A faded line has every piece dim, what it would be written in otherwise, plain text too. */
static void sgr(struct termlayout *t, const char *params)
{
	if (t->color && (params || t->fading)) {
		strbuf_add(t->out, "\033[", 2);
		strbuf_addstr(t->out, t->fading ? SGR_DIM : params);
		strbuf_addch(t->out, 'm');
	}
}

static void sgr_reset(struct termlayout *t, const char *params)
{
	if (t->color && (params || t->fading))
		strbuf_add(t->out, "\033[0m", 4);
}

/* Without colour a faded line is marked at its start instead: '~', in the time column. */
static void put_fade_mark(struct termlayout *t)
{
	if (t->fading && !t->color) {
		strbuf_addch(t->out, '~');
		t->used++;
	}
}

static void pad(struct termlayout *t, size_t columns)
{
	for (size_t i = 0; i < columns; i++)
		strbuf_addch(t->out, ' ');
	t->used += columns;
}

/* Pads a column that holds used columns to width. */
static void pad_to(struct termlayout *t, size_t used, size_t width)
{
	pad(t, used < width ? width - used : 0);
}

static void trim_blanks(struct termlayout *t)
{
	while (t->out->len && t->out->buf[t->out->len - 1] == ' ')
		t->out->len--;
}

void termlayout_ours(struct termlayout *t, const char *text, const char *style)
{
	sgr(t, style);
	strbuf_addstr(t->out, text);
	sgr_reset(t, style);
	t->used += strlen(text);
}

/* A value's width on one line, counted only up to limit. */
static size_t measure(const struct termlayout_segment *seg, size_t nseg, size_t limit)
{
	size_t w = 0;
	for (size_t k = 0; k < nseg && w <= limit; k++)
		w += termtext_columns(seg[k].text, seg[k].len, limit - w);
	return w;
}

/* An escape for an unsafe cp, dimmed so it stands apart from the text in style. */
static bool put_escape(struct termlayout *t, uint32_t cp, size_t *budget, const char *style)
{
	char esc[16];
	size_t elen = text_escape(cp, esc, sizeof esc);
	if (elen > *budget)
		return false;
	*budget -= *budget == SIZE_MAX ? 0 : elen;
	sgr(t, SGR_DIM);
	strbuf_add(t->out, esc, elen);
	sgr_reset(t, SGR_DIM);
	sgr(t, style);
	t->used += elen;
	return true;
}

/* A newline in a value with breaks: the value goes on at its column on the next line. */
static void put_break(struct termlayout *t)
{
	/* No trailing blanks on a line the break leaves empty. */
	trim_blanks(t);
	strbuf_addch(t->out, '\n');
	t->used = 0;
	put_fade_mark(t);
	pad_to(t, t->used, t->value_col);
}

/*
 * Writes sanitised text, as long as it fits in budget columns (no limit
 * when budget is SIZE_MAX).  With breaks, a newline starts a new line at
 * the value column.  Returns false when it ran out of room.
 */
static bool put_text(struct termlayout *t, const char *p, size_t n, size_t *budget, bool breaks,
                     const char *style)
{
	for (size_t i = 0; i < n;) {
		uint32_t cp;
		size_t len = utf8_decode(p + i, n - i, &cp);
		if (breaks && cp == '\n') {
			put_break(t);
		} else if (text_unsafe(cp)) {
			if (!put_escape(t, cp, budget, style))
				return false;
		} else {
			size_t w = termtext_width(cp);
			if (w > *budget)
				return false;
			*budget -= *budget == SIZE_MAX ? 0 : w;
			strbuf_add(t->out, p + i, len);
			t->used += w;
		}
		i += len;
	}
	return true;
}

/* The columns a value may take so that an ellipsis still fits: all, unless cut at limit. */
static size_t budget_for(const struct termlayout_segment *seg, size_t nseg, size_t limit)
{
	return measure(seg, nseg, limit) > limit ? limit - 1 : limit;
}

void termlayout_value(struct termlayout *t, const struct termlayout_segment *seg, size_t nseg,
                      const char *style)
{
	size_t budget = SIZE_MAX;
	if (t->width) {
		size_t room = t->width > t->used ? t->width - t->used : 0;
		budget = budget_for(seg, nseg, room < MIN_VALUE_WIDTH ? MIN_VALUE_WIDTH : room);
	}
	bool fits = true;
	for (size_t k = 0; k < nseg && fits; k++) {
		const char *st = seg[k].sgr ? seg[k].sgr : style;
		sgr(t, st);
		fits = put_text(t, seg[k].text, seg[k].len, &budget, t->breaks, st);
		sgr_reset(t, st);
	}
	if (!fits) {
		strbuf_addstr(t->out, ELLIPSIS);
		t->used++;
	}
}

void termlayout_line_end(struct termlayout *t)
{
	/* Trailing blanks are left off, so a label with no value ends the line. */
	trim_blanks(t);
	strbuf_addch(t->out, '\n');
	t->fading = false;
}

size_t termlayout_author_limit(const struct termlayout *t, size_t indent)
{
	if (!t->width)
		return SIZE_MAX;
	size_t fixed = TIME_WIDTH + GAP + indent + GAP + LABEL_WIDTH + GAP + MIN_VALUE_WIDTH;
	size_t room = t->width > fixed ? t->width - fixed : 0;
	return room < AUTHOR_CUT_MIN     ? AUTHOR_CUT_MIN
	       : room > AUTHOR_MAX_WIDTH ? AUTHOR_MAX_WIDTH
	                                 : room;
}

void termlayout_heading(struct termlayout *t, bool first, const char *ours, const char *text,
                        size_t len)
{
	size_t budget = SIZE_MAX;
	if (!first)
		strbuf_addch(t->out, '\n');
	sgr(t, SGR_BOLD);
	strbuf_addstr(t->out, ours);
	put_text(t, text, len, &budget, false, SGR_BOLD);
	sgr_reset(t, SGR_BOLD);
	strbuf_addch(t->out, '\n');
}

void termlayout_event(struct termlayout *t, const struct termlayout_head *head)
{
	t->head = *head;
	t->first_line = true;
}

static void format_offset(char *buf, size_t size, double d)
{
	const char *sign = d < 0 ? "-" : "+";
	double a = fabs(d);
	if (!(a < 1e12)) {
		/* Beyond any real run (and beyond a long): seconds as they are. */
		snprintf(buf, size, "%s%gs", sign, a);
	} else if (a < 60) {
		snprintf(buf, size, "%s%.3fs", sign, a);
	} else if (a < 3600) {
		int m = (int)(a / 60);
		snprintf(buf, size, "%s%d:%06.3f", sign, m, a - 60.0 * m);
	} else {
		/* Tenths past an hour, so the column keeps its width up to ten hours. */
		long h = (long)(a / 3600);
		int m = (int)((a - 3600.0 * h) / 60);
		snprintf(buf, size, "%s%ld:%02d:%04.1f", sign, h, m, a - 3600.0 * h - 60.0 * m);
	}
}

/* The time column: the offset right-aligned, or blanks. */
static void put_time(struct termlayout *t)
{
	char when[32] = "";
	if (t->head.timed)
		format_offset(when, sizeof when, t->head.offset);
	/* After a fade mark: a time of the column's full width moves the line one column right. */
	pad_to(t, t->used + strlen(when), TIME_WIDTH);
	termlayout_ours(t, when, SGR_DIM);
}

/* The author, all of it, or cut with an ellipsis when lines are cut and it is too wide. */
static void put_author(struct termlayout *t)
{
	const struct termlayout_head *h = &t->head;
	/* All of it: a "\u0000" inside is shown escaped, never ends the name. */
	struct termlayout_segment seg = {h->author, h->author_len, NULL};
	size_t limit = termlayout_author_limit(t, h->indent);
	size_t budget = t->width ? budget_for(&seg, 1, limit) : SIZE_MAX;
	sgr(t, h->author_style);
	bool whole = put_text(t, seg.text, seg.len, &budget, false, h->author_style);
	sgr_reset(t, h->author_style);
	if (!whole) {
		strbuf_addstr(t->out, ELLIPSIS);
		t->used++;
	}
}

/* An event's first line up to its label: the time, then the author or the source. */
static void put_head(struct termlayout *t)
{
	put_time(t);
	pad(t, GAP + t->head.indent);
	size_t before = t->used;
	if (t->head.source)
		termlayout_ours(t, t->head.source, SGR_DIM);
	else if (t->head.author)
		put_author(t);
	pad_to(t, t->used - before, t->head.author_width);
	pad(t, GAP);
}

void termlayout_line(struct termlayout *t, const char *label, const char *label_style)
{
	t->used = 0;
	t->fading = t->head.faded;
	put_fade_mark(t);
	if (t->first_line)
		put_head(t);
	else
		pad_to(t, t->used, TIME_WIDTH + GAP + t->head.indent + t->head.author_width + GAP);
	t->first_line = false;
	termlayout_ours(t, label, label_style);
	pad_to(t, strlen(label), LABEL_WIDTH);
	pad(t, GAP);
	t->value_col = t->used;
}
