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
/*
 * Appends to sb the bytes output_json() would write for value (borrowed) in style,
 * line end included; for work done off the writing thread (output_json's
 * own buffer belongs to that thread).
 */
void output_format_json(struct strbuf *sb, const json_t *value, struct output_style style);
/* Writes bytes as they are (events passed through); false once writing has failed. */
bool output_bytes(const char *data, size_t len);
/*
 * A string result written in pieces as they are found, so that it is never
 * held whole (final --concat, reasoning).  The first piece writes the
 * opening quote; each piece is escaped as jw_string_piece() escapes
 * (so a piece may end inside a UTF-8 sequence), or written as it is with
 * -r; output_string_end() closes the string and the line.  The
 * bytes are those output_json() writes for the whole string in the style
 * set.  Start with struct output_string w = {0}.
 */
struct output_string {
	bool started; /* a piece, even an empty one, was written */
};
/* Writes s[0..len) as the next piece; false once writing has failed. */
bool output_string_piece(struct output_string *w, const char *s, size_t len);
/*
 * Ends the string and its line; when no piece was written, writes
 * output_json(none) (borrowed) instead (the value a result without text has).
 */
bool output_string_end(struct output_string *w, const json_t *none);
/* Whether a write has failed; commands stop their work when it has. */
bool output_failed(void);
/* Flushes standard output; 0, or EXIT_IOERR after reporting the error once. */
int output_finish(void);

/*
 * The appenders of before the writer, now written with it (json.h), for
 * the callers that have not moved to it yet: json_append() is jw_value()
 * at level indent, json_append_one_line() is compact jw_raw().  No value
 * is kept.
 */
void json_append(struct strbuf *sb, const json_t *value, bool pretty, int indent);
void json_append_string(struct strbuf *sb, const char *s, size_t len);
void json_append_real(struct strbuf *sb, double v);
void json_append_one_line(struct strbuf *sb, const char *text, size_t len);

/*
 * Files written into one directory (partition --split), the only other
 * place adkev writes.  Each file is written under a hidden temporary name
 * (".adkev-PID-N.tmp") in the directory and gets its real name only from
 * output_dir_commit(), so a failed run leaves no half-written file under a
 * real name.  Writes go through one shared buffer and at most
 * OUTPUT_DIR_MAX_OPEN descriptors, closed and reopened for appending as
 * needed, so any number of files fits in constant memory and under the
 * descriptor limit.  Every failure is reported here, once, naming the file;
 * the int functions return 0, EXIT_CANTCREAT or EXIT_IOERR.
 */
#define OUTPUT_DIR_MAX_OPEN 64

struct output_dir;

/*
 * Opens the directory path, creating it and any missing parents.  Without
 * force, output_dir_add() refuses names that exist already.  NULL after
 * reporting why, with *status set to EXIT_CANTCREAT.
 */
struct output_dir *output_dir_open(const char *path, bool force, int *status);
/* What a file name is called in messages and results: the directory as given, '/', name. */
const char *output_dir_path(struct output_dir *d, size_t index);
/*
 * Starts the file name (one path component) and sets *index for
 * output_dir_write().  EXIT_CANTCREAT when name exists and force is off,
 * when it exists and is a directory, or when the temporary file cannot be
 * created.
 */
int output_dir_add(struct output_dir *d, const char *name, size_t *index);
/* Appends data[0..len) to file index; EXIT_IOERR once any write has failed. */
int output_dir_write(struct output_dir *d, size_t index, const char *data, size_t len);
/*
 * Writes out and closes every file, then renames each to its name, in the
 * order they were added (over an existing file only with force).  A file
 * renamed stays even if a later one fails.
 */
int output_dir_commit(struct output_dir *d);
/* Removes the temporary files that were not committed, closes and frees d. */
void output_dir_free(struct output_dir *d);

#endif
