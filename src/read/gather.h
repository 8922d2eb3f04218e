/*
 * gather.h - a value that runs past the end of its line, gathered from
 * the lines after it until it closes.
 *
 * The reader parses a line's value in one call; only when the parser says
 * that the value runs past the line's end does it come here.  The value's
 * lines - for SSE the data lines of its event, passing over the event's
 * other fields - are joined and fed to a small incremental scanner that
 * finds where the value ends, so a value pretty-printed over n lines is
 * gathered in time linear in its size, and parsed once.  A line that
 * cannot go on the value (a plain line inside an SSE value, or a line that
 * starts a new record where the grammar forbids it: a JSONL writer died
 * mid-line) ends it as truncated, and is read afresh.
 *
 * Internal to the reader.
 */
#ifndef ADKEV_GATHER_H
#define ADKEV_GATHER_H

#include <stdbool.h>
#include <stddef.h>

#include "read/diag.h"
#include "read/lines.h"
#include "util.h"

/* Finds the end of a value that spans lines, fed one line at a time. */
struct scanner {
	struct strbuf stack; /* the open containers, '{' or '[' */
	bool in_string;
	bool escape;
	char last; /* the last significant byte outside strings */
	/*
	 * Streaming: the depth of the array whose elements are handed out as
	 * they end (0: none), whose ',' and closing ']' stop the scan; and
	 * whether a member array of the top-level object stops it as it opens
	 * (the reader then asks whether its key, at key_start..key_end of the
	 * text, names the array to split).
	 */
	size_t split_depth;
	bool watch_members;
	bool in_key;
	size_t key_start, key_end;
};

struct gather {
	struct strbuf text; /* the value's lines, joined with '\n' */
	struct scanner scanner;
	size_t line_start;       /* where the last line joined starts in text */
	size_t scan_at;          /* where the scan of text goes on */
	size_t from;             /* where the value's part of the current line starts */
	bool sse;                /* the value is in SSE data lines */
	size_t stop;             /* GATHER_ELEMENT, GATHER_MEMBER: where the scan stopped */
	bool draining;           /* gather_stop_splitting(drain): text holds no more than a line */
	unsigned long last_line; /* that line's number, for a value truncated after it */
	unsigned long last_end_column; /* and the column just past its end */
	/* gather_enter_array(): the next line is joined as it is, not consumed first. */
	bool line_ready;
};

enum gathered {
	GATHERED,       /* the value is whole in text */
	GATHER_INVALID, /* bad input, reported: truncated, or nested too deep */
	GATHER_GAVE_UP, /* the lines gave up (lines_gave_up()): the operand's read ends */
	/*
	 * Streaming (scanner.split_depth): a ',' or the closing ']' of the
	 * array being split is at text[stop]: the element before it is whole.
	 */
	GATHER_ELEMENT,
	/* scanner.watch_members: a member array of the top-level object opens, text[stop - 1]. */
	GATHER_MEMBER,
};

/*
 * Gathers the value that starts at offset i of l's current line and runs
 * past its end.  On GATHERED, g->text.buf[0..*len) is the value, o holds
 * the origins of its lines, and l's current line is the one it ends on,
 * with cur just past it.  On GATHER_INVALID the current line is where the
 * read goes on: past the value, or the line that cut it short.
 */
enum gathered gather_value(struct gather *g, struct lines *l, struct origins *o, size_t i,
                           size_t *len);
/*
 * Sets the value gather_value() is about to start streaming: with split, a
 * top-level array stops at each of its elements' ends; with members, a
 * top-level object stops as each member array opens.
 */
void gather_stream(struct gather *g, bool split, bool members);
/*
 * Goes on with the value after GATHER_ELEMENT or GATHER_MEMBER, as
 * gather_value() does, once text[0..drop) is let go (0: nothing), with its
 * origins.
 */
enum gathered gather_resume(struct gather *g, struct lines *l, struct origins *o, size_t drop,
                            size_t *len);
/*
 * Sets g as the gather of a top-level array stands just after a ',' that
 * ended an element's line, with nothing after it (a chunk's reader that
 * starts inside the array, reader_options' in_array): the next
 * gather_resume() joins l's next line, not yet peeked, as the first of the
 * text, and goes on as the gather of the whole array would.
 */
void gather_enter_array(struct gather *g, struct origins *o);
/* Stops the scan at the ',' and ']' of a member array that opened (GATHER_MEMBER) from now on. */
void gather_split_member(struct gather *g);
/*
 * Stops splitting: the rest of the value is scanned to its end only; with
 * drain, its bytes are let go as they are scanned (a bad value passed over).
 */
void gather_stop_splitting(struct gather *g, bool drain);
void gather_release(struct gather *g);

#endif
