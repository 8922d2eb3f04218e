/*
 * partial.h - the merges of partial results (--partial, --merge): what
 * stats and state fold over a piece of a stream, combined with what they
 * folded over the pieces before it, exactly as one fold over both pieces.
 *
 * Every merge here takes the earlier piece's fold, which it changes, and
 * the later one's, which it only reads; a later fold of the wrong shape
 * leaves the earlier one as it was and gives false.  Names keep the order
 * in which one fold would have met them first: the earlier piece's, then
 * the later piece's new ones in its order.
 */
#ifndef ADKEV_PARTIAL_H
#define ADKEV_PARTIAL_H

#include <jansson.h>
#include <stdbool.h>

/*
 * Counts by name: {name: n} with n a whole number from 0, or, with depth
 * 2, {name: {count name: n}} (stats' tools); the later counts are added.
 */
bool partial_counts_merge(json_t *earlier, const json_t *later, int depth);
/*
 * A set of names, {name: true} (stats' invocations): the union.
 */
bool partial_set_merge(json_t *earlier, const json_t *later);
/* Whether later is such a set. */
bool partial_set_valid(const json_t *later);
/*
 * Session state (state's fold, event_fold_state_delta()): the later
 * piece's last writes over the earlier ones.
 */
bool partial_state_merge(json_t *earlier, const json_t *later);

#endif
