/*
 * output.h - the only module that writes to standard output.
 *
 * Results are written compact (one line each) by default, indented with -p,
 * and a string result as raw text with -r.  Write errors are sticky: the
 * first one is reported once, every later write is dropped, and
 * output_finish() returns EXIT_IOERR.  A closed pipe ends the process by
 * SIGPIPE, as it does for cat(1).
 */
#ifndef ADKEV_OUTPUT_H
#define ADKEV_OUTPUT_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "util.h"

struct output_style {
	bool raw;    /* a string result is written as its text */
	bool pretty; /* two-space indentation */
};

/* Sets how output_json() writes results; the default is compact JSON. */
void output_set_style(struct output_style style);
/* Writes one result and a newline; false once writing has failed. */
bool output_json(const json_t *value);
/* Writes bytes as they are (events passed through); false once writing has failed. */
bool output_bytes(const char *data, size_t len);
/* Whether a write has failed; commands stop their work when it has. */
bool output_failed(void);
/* Flushes standard output; 0, or EXIT_IOERR after reporting the error once. */
int output_finish(void);

/*
 * Appends value as JSON to sb: compact, or indented by two spaces from
 * level indent when pretty.  Reals are written in the shortest form that
 * reads back as the same double (jansson's own printer writes 0.1 as
 * 0.10000000000000001); object members keep their order; strings are UTF-8
 * with only the escapes JSON requires.
 */
void json_append(struct strbuf *sb, const json_t *value, bool pretty, int indent);
/* Appends s[0..len) as a quoted JSON string. */
void json_append_string(struct strbuf *sb, const char *s, size_t len);
/* Appends a double in its shortest round-trip form. */
void json_append_real(struct strbuf *sb, double v);

#endif
