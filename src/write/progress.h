/*
 * progress.h - the --progress line: how much of a long batch run is done.
 *
 * While a reader works through its operands, one line on standard error is
 * redrawn in place, at most ten times a second: bytes read (of the total
 * when every operand is a regular file), events read, the rate and the time
 * left.  At the end it is drawn once more with the final numbers and ended
 * with a newline.  Nothing is ever written when standard error is not a
 * terminal, so logs and pipes never see it.
 */
#ifndef ADKEV_PROGRESS_H
#define ADKEV_PROGRESS_H

#include "read/reader.h"

/*
 * Starts showing r's progress if standard error is a terminal; NULL (and
 * nothing shown, ever) otherwise.  r must outlive the progress.
 */
struct progress *progress_start(struct reader *r);
/*
 * The same, for a command that writes its output while it reads (show,
 * to-a2a): when standard output is a terminal too, the line would tear the
 * output apart, so only the final line is drawn, after the output.
 */
struct progress *progress_start_streaming(struct reader *r);
/*
 * Whether a progress line would be drawn on the terminal that shows
 * standard output too, where output written while reading would tear it.
 */
bool progress_on_output_terminal(void);
/* Draws the final line, ends it, and frees p; NULL is fine. */
void progress_finish(struct progress *p);

/* The line for these numbers, for tests: elapsed in seconds. */
void progress_format(char *buf, size_t size, const struct reader_progress *rp, double elapsed,
                     bool done);

#endif
