/*
 * backward.h - the reader's backward twin: a JSONL or SSE file read from
 * its end, one line at a time.
 *
 * `final` wants the last final response of a stream; on a regular file it
 * can find it by reading from the end and stopping there, whatever the
 * file's size.  This module only hands out what it is sure the forward
 * reader would hand out for the same lines: one event (or server stream
 * error) per line, as JSONL or SSE "data:" lines, SSE fields and blank lines
 * in between.  Anything else - a line that does not parse, a value over
 * several lines, two values on a line, an array, a session, a value that is
 * not an event, a file whose first value is not such a line - makes it
 * answer BACKWARD_UNSURE, and the caller reads the file forward instead, so
 * every diagnostic comes from the forward reader.  The caller also reads
 * the line above the one that decided its result: when that line is not a
 * value of its own (a value left open above would take the answer's line
 * into itself), it reads forward.  The lines further up are not validated
 * (that is what `final --full-scan` is for).
 */
#ifndef ADKEV_BACKWARD_H
#define ADKEV_BACKWARD_H

#include <stdbool.h>
#include <stddef.h>

#include "item.h"

struct backward;

/*
 * Opens a regular file for reading from its end; NULL when it cannot be
 * opened, is not a regular file, or does not start like JSONL or SSE (its
 * first value must be one event, or stream error, on one line).  Nothing is
 * reported: the forward read reports what is wrong.  max_line is the
 * forward read's --max-line (0: FRAMER_MAX_LINE_DEFAULT): a line longer
 * than that is the forward read's to refuse, so it makes the backward read
 * unsure.
 */
struct backward *backward_open(const char *path, size_t max_line);

enum backward_step {
	BACKWARD_ITEM,   /* *item holds the previous value of the file */
	BACKWARD_START,  /* the start of the file was reached */
	BACKWARD_UNSURE, /* a line the forward reader must see; stop reading backwards */
};

/*
 * The value before the last one handed out.  item->value is borrowed and
 * lives until the next call; item->pos has the file name, line 0 (lines
 * are not counted backwards) and the value's column.
 */
enum backward_step backward_prev(struct backward *b, struct reader_item *item);
void backward_close(struct backward *b);

#endif
