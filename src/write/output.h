/*
 * output.h - the only module that writes to standard output.
 *
 * Results are written by the JSON writer (json.h) of standard output:
 * compact (one line each) by default, indented with -p, and a string
 * result as raw text with -r.  Its text and output_bytes() keep the order
 * they were written in.  Write errors are sticky: the first one is
 * reported once, every later write is dropped, and output_finish()
 * returns EXIT_IOERR.  A closed pipe ends the process by
 * SIGPIPE, as it does for cat(1).
 */
#ifndef ADKEV_OUTPUT_H
#define ADKEV_OUTPUT_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "util.h"
#include "write/json.h"

struct output_style {
	bool raw;    /* a string result is written as its text */
	bool pretty; /* two-space indentation */
};

/* The writer flags of style: JW_RAW for raw, JW_PRETTY for pretty. */
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
/* Whether a write has failed; commands stop their work when it has. */
bool output_failed(void);
/* Flushes standard output; 0, or EXIT_IOERR after reporting the error once. */
int output_finish(void);

#endif
