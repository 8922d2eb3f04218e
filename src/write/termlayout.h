/*
 * termlayout.h - lines for a person at a terminal, in columns (adkev show).
 *
 * An event is a block of lines.  Its first line starts with the time since
 * the run began, right-aligned in its column, then, indented by the
 * event's depth, its author, cut with an ellipsis when lines are cut; its
 * other lines leave those columns blank.  Then every line has a label in
 * a column of its own and a value: cut at the width with an ellipsis, or,
 * with breaks, written whole and broken at its newlines onto lines that
 * start at the value's column.  A heading stands above a group of events.
 *
 * Text from the input goes through termtext's escapes, written dim so they
 * stand apart from the text; colours are SGR codes, written only when
 * colour is on.  The caller says what each line shows and in which style;
 * this module says where it goes and how it is cut.  Lines are appended to
 * a buffer the caller owns and writes out.
 */
#ifndef ADKEV_TERMLAYOUT_H
#define ADKEV_TERMLAYOUT_H

#include <stdbool.h>
#include <stddef.h>

#include "util.h"

/* SGR parameters: the styles a line's pieces are written in (NULL: plain). */
#define SGR_BOLD        "1"
#define SGR_DIM         "2"
#define SGR_DIM_ITALIC  "2;3"
#define SGR_RED_BOLD    "1;31"
#define SGR_GREEN       "32"
#define SGR_GREEN_BOLD  "1;32"
#define SGR_YELLOW      "33"
#define SGR_YELLOW_BOLD "1;33"
#define SGR_BLUE        "34"
#define SGR_BLUE_BOLD   "1;34"
#define SGR_MAGENTA     "35"
#define SGR_CYAN        "36"

/* A piece of a value, from the input or ours, written in one style. */
struct termlayout_segment {
	const char *text;
	size_t len;
	const char *sgr; /* NULL: the value's own style */
};

/* What an event's first line shows before its label. */
struct termlayout_head {
	size_t indent;       /* columns of indentation before the author */
	size_t author_width; /* the author column, at most termlayout_author_limit() */
	bool timed;          /* false: the time column is left blank */
	double offset;       /* seconds since the run began, when timed */
	const char *author;  /* the author as the input has it, or NULL */
	size_t author_len;
	const char *author_style;
	const char *source; /* ours, dim, where there is no author ("(stream)"), or NULL */
	/*
	 * The event counts for nothing (a rewind undid it): each of its lines
	 * is written all dim when colour is on, else begins with '~' in the
	 * time column's first place.
	 */
	bool faded;
};

/*
 * The caller sets the first four members before an event; the rest are
 * this module's, about the event and the line being written.
 */
struct termlayout {
	struct strbuf *out; /* borrowed: lines are appended here */
	bool color;         /* SGR codes are written */
	size_t width;       /* lines are cut to this many columns; 0: never */
	bool breaks;        /* a value's newlines break its line (with width 0) */

	struct termlayout_head head;
	bool first_line; /* the head is still to be written */
	bool fading;     /* a line of a faded event is being written */
	size_t used;     /* columns used on the current line */
	size_t value_col;
};

/*
 * The widest an author may be shown at indent: all it needs, unless lines
 * are cut; then what a line leaves beside a value's minimum, within bounds.
 */
size_t termlayout_author_limit(const struct termlayout *t, size_t indent);

/* A heading line of ours then text from the input, bold; a blank line above unless first. */
void termlayout_heading(struct termlayout *t, bool first, const char *ours, const char *text,
                        size_t len);

/* Starts the lines of an event, whose first line shows head (copied). */
void termlayout_event(struct termlayout *t, const struct termlayout_head *head);
/* Starts a line of the event: its head or blanks, then the label in its style. */
void termlayout_line(struct termlayout *t, const char *label, const char *label_style);
/* Writes a value of nseg segments (in style where theirs is NULL), cut or broken. */
void termlayout_value(struct termlayout *t, const struct termlayout_segment *seg, size_t nseg,
                      const char *style);
/* Writes text of ours in style, as it is: never cut. */
void termlayout_ours(struct termlayout *t, const char *text, const char *style);
/* Ends the line, without the blanks it ended in. */
void termlayout_line_end(struct termlayout *t);

#endif
