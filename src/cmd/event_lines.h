/*
 * event_lines.h - the run of a command that writes at most one line per
 * item, made from that item and the command's options alone (to-a2a,
 * events): in input order at any -j.
 *
 * Where the input can be read in chunks (cmd/run.h), each chunk's lines go
 * to a spool of its own, in memory up to a megabyte and in an unlinked
 * temporary file past it (adk/store.h), and the spools are copied to
 * standard output in input order: a line needs nothing of the items before
 * it, so the output is -j 1's.  Otherwise the lines are written as the
 * items are read, made on the -j workers where the command gives a map.
 */
#ifndef ADKEV_EVENT_LINES_H
#define ADKEV_EVENT_LINES_H

#include "cmd/run.h"
#include "util.h"

struct event_lines {
	/*
	 * Appends item's line, with its '\n', to out, or nothing for an item
	 * that has none; returns 0, or EXIT_DATAERR once it has refused the
	 * item (reader_reject()) and the refusal ends the read.  Called on
	 * chunk workers too, so it only reads ctx, unless no_chunks is set.
	 */
	int (*line)(const void *ctx, struct reader *r, const struct reader_item *item,
	            struct strbuf *out);
	const void *ctx;
	const char *name;              /* the command's, for the spool's messages */
	const struct item_map *map;    /* optional: the -j workers' work, which line() finds */
	const struct adk_reads *reads; /* what line() reads of an event (struct run_plan's) */
	bool no_chunks;                /* the lines depend on more than each item (--per-session) */
};

/* Reads the operands argv[0..argc) with o and writes their lines; the exit status. */
int event_lines_run(const struct event_lines *how, const struct run_options *o, int argc,
                    char *argv[]);

#endif
