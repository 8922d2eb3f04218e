/*
 * usage.h - token usage summed once per model call (events.md 3.3), for
 * adkev trajectory and adkev stats.
 *
 * Partial events are skipped, and so is an event whose usage object equals
 * that of the previous non-partial usage-bearing event of the same author
 * and invocation (streaming repeats a call's cumulative usage on several
 * events).  A missing count adds 0; counts saturate instead of overflowing.
 */
#ifndef ADKEV_USAGE_H
#define ADKEV_USAGE_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "adk/store.h"
#include "util.h"

/* Token counts summed, and which of them any counted event had. */
struct usage_counts {
	long long input, output, total, thoughts, cached;
	bool any, has_thoughts, has_cached;
};

/* A key's first usage: the key's hash, the usage object's hash and its counts. */
struct usage_first {
	uint64_t key, usage;
	struct usage_counts counts;
};

struct usage_total {
	struct usage_counts sum;
	/*
	 * For a partial result (usage_total_keep_edges()): each author and
	 * invocation's first and last usage objects, [first, last] under the
	 * key "<author length>:<author><invocation>", and the counts of all
	 * counted events but each key's first.  A merge needs them: a piece's
	 * first usage of a key repeats the last one of the piece before when
	 * streaming cut the two apart, and then counts once.  NULL otherwise.
	 */
	json_t *edges;
	struct usage_counts rest;
	/*
	 * For a total that usage_total_absorb() takes in, in one process
	 * (usage_total_keep_firsts()): each key's first counted usage, by the
	 * hashes usage_total_add() compares, in the order the keys came; the
	 * last usage of each key is the one its entry in last holds.  Counts
	 * and hashes instead of the usage objects, so a chunk's total keeps no
	 * value of its events alive.  Together with rest, as edges.
	 */
	struct usage_first *firsts;
	size_t first_count, first_cap;
	bool keeps_firsts;
	/*
	 * The hash of each author and invocation, with the hash of the last
	 * usage object seen for it (usage.c says why hashes are enough).
	 */
	struct store_table last;
	struct strbuf scratch;
	int status; /* a failure of the table's file, when it has one */
};

/* An empty total whose table stays in memory. */
void usage_total_init(struct usage_total *u);
/*
 * Keeps at most limit bytes of the table in memory, then moves it to a
 * temporary file (store.h), reported as "WHO: ..."; a failure of the file
 * is recorded in *status unless *status is set already, and the counts are
 * then no longer right.  Called before the first usage_total_add().
 */
void usage_total_spill(struct usage_total *u, const char *who, size_t limit, int *status);
/*
 * Takes in one event (borrowed; nothing of it is kept).  Returns whether
 * its usage counted: a model call's first report of it.
 */
bool usage_total_add(struct usage_total *u, const json_t *event);
/*
 * usage_total_add() of a non-partial event whose usageMetadata object is
 * usage, its author and invocation id the JSON strings author and inv
 * (NULL: none), all borrowed (usage is kept, with a reference, by a total
 * that keeps its edges): for a caller that counts them as other than the
 * event holds them (stats, with their secrets hidden).
 */
bool usage_total_add_call(struct usage_total *u, json_t *usage, const json_t *author,
                          const json_t *inv);
/*
 * {"input_tokens","output_tokens","total_tokens"[,"thoughts_tokens"][,"cached_tokens"]},
 * or JSON null when no counted event had usage; owned by the caller.
 */
json_t *usage_total_json(const struct usage_total *u);
void usage_total_release(struct usage_total *u);

/* Keeps what a partial result needs (struct usage_total's edges); before the first add. */
void usage_total_keep_edges(struct usage_total *u);
/*
 * The partial result of a total that keeps its edges:
 * {"edges": {key: [first, last]}, "rest": counts}, owned by the caller.
 */
json_t *usage_total_partial(const struct usage_total *u);
/*
 * Folds p, the partial result of the usage that comes after u's, into u,
 * as if u had read that usage itself; false, having changed nothing, when
 * p is not such a partial result.  A total that merged is a merge's, whose
 * sums are written and never folded again: it lets its edges go and keeps
 * only the 16 bytes per author and invocation usage_total_add() keeps, so
 * a merge of many pieces holds no usage object.
 */
bool usage_total_merge(struct usage_total *u, const json_t *p);
/*
 * Keeps what usage_total_absorb() needs of a total (its firsts), in place
 * of edges, for a total that is never written as a partial result (a
 * chunk's, read/chunks.h); before the first add.
 */
void usage_total_keep_firsts(struct usage_total *u);
/*
 * The same as usage_total_merge() in one process, for u read as
 * usage_total_add() reads (neither edges nor firsts kept) and from, a total
 * of the usage after u's that kept its firsts: each key's first usage in
 * from counts unless it repeats the last one of the key before it, told
 * apart by the hashes usage_total_add() compares, so u counts what one
 * total over both would, with no more memory than that total's table.
 */
void usage_total_absorb(struct usage_total *u, struct usage_total *from);

#endif
