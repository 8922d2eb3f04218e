/*
 * merge.h - partial results: what an extracting command folds over a piece
 * of its input, merged in input order with the folds of the pieces before
 * it into what one run over all the pieces gives.  Two uses share one
 * merge: --partial and --merge, where the folds travel between processes
 * and machines as JSON lines (partial_write(), partial_merge_run()), and a
 * run in one process that folds chunks apart and merges them in order
 * (merge_piece()).
 *
 * Who owns what: the extractor's states belong to the invocation groups
 * that hold them (cmd/groups.h), and the groups to whoever made them; a
 * struct partial_piece only borrows a piece's groups and head, and a
 * struct merge only borrows the groups it merges into, which end up
 * holding the merged states: their owner writes the results from them
 * (the finish) and releases them.  A fold or record a hook returns is
 * owned by its caller; one a hook is given is borrowed.
 */
#ifndef ADKEV_MERGE_H
#define ADKEV_MERGE_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "cmd/groups.h"
#include "cmd/run.h"

/*
 * What an extractor gives for partial results.  fold() is a state as a
 * JSON value, owned by the caller, from which absorb() goes on exactly:
 * absorb() folds in a fold() of the events that come after the state's, as
 * if the state had been fed them, and returns false when fold is not of
 * that shape (the merge then fails, and the state is only released).
 * options() is what of config changes the fold, as a JSON object owned by
 * the caller: partial results made with other options are refused.
 *
 * records() and absorb_record(), both or neither, are for a fold that
 * grows with its input (trajectory's calls and results): fold() then
 * holds what stays small, and records() hands take() the rest, one record
 * at a time (borrowed, valid during the call), in order, until take()
 * returns false; it returns 0, or the exit status of a failure to read
 * them back, which it reported.
 * absorb_record() folds one in after absorb() took the fold they came
 * with; false when it is not of the record's shape.
 */
struct fold_hooks {
	json_t *(*fold)(void *state);
	bool (*absorb)(void *state, const json_t *fold);
	json_t *(*options)(const void *config);
	int (*records)(void *state, bool (*take)(void *ctx, const json_t *record), void *ctx);
	bool (*absorb_record)(void *state, const json_t *record);
};

/*
 * What read a piece leaves to merge: all borrowed.  Its states must be
 * made as a --partial run makes them (the extractor's start or begin under
 * run options with partial set): trajectory then journals its pieces for
 * records(), and a state made otherwise has none to give.
 */
struct partial_piece {
	const struct invocation_groups *groups;
	/*
	 * With groups by invocation: the state of the stream errors read before
	 * the piece's first event, which join the invocation in progress where
	 * the piece before ended, so only the merge knows which it is; or NULL.
	 */
	void *head;
	bool stopped;                 /* bad input ended the piece's read */
	unsigned long author_matched; /* with --author: the piece's events by the author */
};

/* A merge in progress, into groups made and owned by the caller. */
struct merge {
	const struct fold_hooks *hooks;
	struct invocation_groups *into;
	size_t *map;  /* the piece's groups, by their place in the piece: their place in into */
	size_t lines; /* the piece's groups merged so far */
	bool stopped; /* a piece that bad input ended was merged: what follows is not */
	unsigned long author_matched; /* the pieces' author_matched, summed */
};

/* A merge into groups, started with invocation_groups_init() and empty. */
void merge_init(struct merge *m, const struct fold_hooks *hooks, struct invocation_groups *into);
/*
 * Folds one piece, which comes after those merged so far, into m's
 * groups; the piece's states are only read.  False when a fold failed.
 * A piece after one that was stopped is passed over (true), as one run's
 * read would have ended there.
 */
bool merge_piece(struct merge *m, const struct partial_piece *piece);
void merge_release(struct merge *m);

/* What a text partial result is of: the command, its hooks and its options. */
struct partial_format {
	const char *command;
	const struct fold_hooks *hooks;
	const void *config;
	const struct run_options *o;
};

/*
 * What is wrong with o for --partial or --merge (a usage error, for the
 * command to report), or NULL.
 */
const char *partial_refusal(const struct run_options *o);
/*
 * --partial: writes piece as a partial result to standard output.  Returns
 * 0, or the status of the extractor's failure to read its records back
 * (reported): then the end line is not written, so no merge takes it.
 */
int partial_write(const struct partial_format *f, const struct partial_piece *piece);
/*
 * --merge: reads the partial results in the operands argv[0..argc), merges
 * them into into, and calls finish(ctx, reader) to write the results when
 * all merged; returns the exit status, finish()'s included.
 */
int partial_merge_run(const struct partial_format *f, struct invocation_groups *into, int argc,
                      char *argv[], struct run_end *end, int (*finish)(void *ctx, struct reader *r),
                      void *ctx);

#endif
