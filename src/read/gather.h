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
};

struct gather {
	struct strbuf text; /* the value's lines, joined with '\n' */
	struct scanner scanner;
	size_t line_start;             /* where the last line joined starts in text */
	unsigned long last_line;       /* that line's number, for a value truncated after it */
	unsigned long last_end_column; /* and the column just past its end */
};

enum gathered {
	GATHERED,       /* the value is whole in text */
	GATHER_INVALID, /* bad input, reported: truncated, or nested too deep */
	GATHER_GAVE_UP, /* the lines gave up (lines_gave_up()): the operand's read ends */
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
void gather_release(struct gather *g);

#endif
