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

#include <stdbool.h>
#include <stddef.h>

/* The numbers the line shows, as whoever reads the input counts them. */
struct progress_count {
	unsigned long long bytes; /* read so far */
	unsigned long long total; /* there are to read, when total_known */
	bool total_known;
	unsigned long long items; /* events read so far */
};

/*
 * Starts showing a count if standard error is a terminal; NULL (and
 * nothing shown, ever) otherwise.  count(ctx, out) fills *out each time the
 * line is drawn; ctx must outlive the progress.  The progress knows nothing
 * of who counts: the run connects the reader's counters to it, and calls
 * progress_tick() when they move.
 */
struct progress *progress_start(void (*count)(void *ctx, struct progress_count *out), void *ctx);
/*
 * The same, for a command that writes its output while it reads (show,
 * to-a2a): when standard output is a terminal too, the line would tear the
 * output apart, so only the final line is drawn, after the output.
 */
struct progress *progress_start_streaming(void (*count)(void *ctx, struct progress_count *out),
                                          void *ctx);
/*
 * The count moved (a block was read): the line is redrawn once a tenth of a
 * second has passed since it last was.  progress is a struct progress *,
 * taken as a callback's context so the counter can call this directly;
 * NULL is fine.
 */
void progress_tick(void *progress);
/*
 * Whether a progress line would be drawn on the terminal that shows
 * standard output too, where output written while reading would tear it.
 */
bool progress_on_output_terminal(void);
/* Draws the final line, ends it, and frees p; NULL is fine.  No tick may come after. */
void progress_finish(struct progress *p);

/* The line for these numbers, for tests: elapsed in seconds. */
void progress_format(char *buf, size_t size, const struct progress_count *c, double elapsed,
                     bool done);

#endif
