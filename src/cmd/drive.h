/*
 * drive.h - the one reader loop every subcommand runs.
 *
 * A command says what it does with each item, and drive() does the rest
 * the same way for all of them: it opens the operands (--skip-invalid),
 * lets the -j workers do the command's per-value work (reader_set_map),
 * draws the --progress line, passes each item through --author and
 * --invocation, stops at bad input (exit 65, the output so far kept), and
 * ends with the summary of skipped values and the worst exit status.
 */
#ifndef ADKEV_DRIVE_H
#define ADKEV_DRIVE_H

#include <jansson.h>
#include <stdbool.h>

#include "cmd/extract.h"
#include "read/reader.h"

/* How a run of drive() ended, for a caller that runs it once per operand (--per-file). */
struct drive_end {
	bool stopped;          /* bad input stopped it (without --skip-invalid) */
	unsigned long skipped; /* bad values skipped (--skip-invalid), added to */
};

struct drive {
	/* Reader flags beside READER_SKIP_INVALID, which --skip-invalid sets (READER_ANY_VALUE). */
	unsigned reader_flags;
	/*
	 * What item() and map() read of each event; only that is built
	 * (reader_select), with the author and invocation id the filters
	 * read.  NULL: every value whole, for a command that writes events out
	 * whole.
	 */
	const struct adk_reads *reads;
	/*
	 * Whether the command writes its output while it reads (to-a2a, show):
	 * then the read stops once the output has failed, all of the output,
	 * done()'s too, comes before the final --progress line, and on a
	 * terminal that shows the output too only that final line is drawn.
	 * Otherwise the line is drawn as the input is read, and done() writes
	 * the results after it.
	 */
	bool streams;
	/*
	 * Whether item() applies --author and --invocation itself, and so gets
	 * every item (extract: --invocation last counts the invocations of
	 * events the filters drop).
	 */
	bool own_filters;
	/*
	 * Each item that passes --author and --invocation (every item with
	 * own_filters).  Returns 0 to go
	 * on, or an exit status that ends the read (a value the command must
	 * reject, a file it cannot write) and counts in the run's status.
	 */
	int (*item)(void *ctx, struct reader *r, const struct reader_item *item);
	/*
	 * Optional: called once after the read, before the summary of skipped
	 * values; writes what the run owes at its end.  Returns an exit status
	 * that counts in the run's.
	 */
	int (*done)(void *ctx, struct reader *r);
	void *ctx;
	/*
	 * Optional: work the -j workers do on each value they parse
	 * (reader_set_map, with map_ctx); item() finds it in item->mapped.
	 */
	void *(*map)(const json_t *value, void *map_ctx);
	void (*map_release)(void *result);
	void *map_ctx;
	/*
	 * Optional, with map: what item() still reads of an event a worker
	 * mapped (item->mapped set), beside the author and invocation id the
	 * filters read; only that crosses to the reader's thread.  NULL: the
	 * whole event.
	 */
	const struct adk_reads *map_keeps;
	/*
	 * Optional: where the run says how it ended; the caller then reports
	 * the skipped values itself, once for all its runs
	 * (reader_report_skipped_count), and drive() does not.
	 */
	struct drive_end *end;
};

/*
 * Reads the operands argv[0..argc) with the options o (--skip-invalid,
 * --progress, the filters) as d says; returns the exit status: the worst of
 * bad input, item()'s and done()'s statuses and the reader's own.
 */
int drive(const struct drive *d, const struct extract_options *o, int argc, char *argv[]);

#endif
