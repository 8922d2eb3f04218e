/*
 * output.h - the only module that writes to standard output.
 *
 * Results are written by the JSON writer (json.h) of standard output:
 * compact (one line each) by default, indented with -p, and a string
 * result as raw text with -r.  Its text and output_bytes() keep the order
 * they were written in.  Write errors are sticky: the first one is
 * reported once, every later write is dropped, and output_finish()
 * returns EXIT_IOERR.  A closed pipe ends the process by
 * SIGPIPE, as it does for cat(1), but only at output_finish(): until then
 * the signal is held back, so that a write to a reader that went away
 * fails like any other, the run stops at its next look at output_failed()
 * and lets its threads go, and no thread dies in the middle of its work.
 */
#ifndef ADKEV_OUTPUT_H
#define ADKEV_OUTPUT_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "util.h"
#include "write/json.h"

struct output_style {
	bool raw;     /* a string result is written as its text */
	bool pretty;  /* two-space indentation */
	bool compact; /* one line a result, also on a terminal (-c) */
};

/*
 * Looks once at what standard output is, before any thread starts: on a
 * terminal JSON is indented and coloured, as jq writes it there.  Holds
 * SIGPIPE back (blocked, in the calling thread and every thread it
 * starts) until output_finish(), even if the parent ignored it.
 */
void output_init(void);
/*
 * The writer flags of style: JW_RAW for raw; JW_PRETTY for pretty, or on a
 * terminal unless compact; JW_COLOR on a terminal that wants colour
 * (output_wants_color()).  A pipe or a file gets the same bytes whatever
 * the terminal.
 */
unsigned output_flags(struct output_style style);
/* Sets how output_json() and output_writer() write results; the default is compact JSON. */
void output_set_style(struct output_style style);
/*
 * The writer of standard output, in the style set: results written with it
 * and ended with jw_line_end() go out through the write-error policy below.
 */
struct json_writer *output_writer(void);
/* Writes one result (borrowed) and a newline; false once writing has failed. */
bool output_json(const json_t *value);
/* Writes bytes as they are (events passed through); false once writing has failed. */
bool output_bytes(const char *data, size_t len);
/*
 * Makes path (created, or emptied) what standard output writes to, for a
 * command's -o FILE; false with errno when it cannot be opened.
 */
bool output_to_file(const char *path);
/* Whether standard output is a terminal. */
bool output_on_terminal(void);
/* Whether a write has failed; commands stop their work when it has. */
bool output_failed(void);
/*
 * Hands everything written so far to standard output (the reader calls it
 * before it waits for input); a failure is kept for output_finish().
 */
void output_flush(void);
/* With on, every result is flushed as soon as it is written (--unbuffered). */
void output_set_unbuffered(bool on);
/*
 * The width text is cut to when no width is given: on a terminal its width
 * ($COLUMNS, else 80, when it does not say); elsewhere 0, no cut, since a
 * file or a pipe has no edge to fit.
 */
long output_terminal_width(void);
/* Whether colour suits standard output: a terminal, NO_COLOR unset or empty, not TERM=dumb. */
bool output_wants_color(void);
/*
 * Flushes standard output; 0, or EXIT_IOERR after reporting the error
 * once.  Where the reader of standard output went away, it lets the
 * SIGPIPE held back end the process instead, with no message.
 */
int output_finish(void);

#endif
