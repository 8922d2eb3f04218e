/*
 * groups.h - the groups --per-invocation splits a stream into, for
 * extraction (cmd/extract.c) and partition, which writes its groups itself.
 *
 * One state per invocation id, in order of first appearance; events
 * without an id share one group whose id is JSON null; a stream error joins
 * the invocation in progress.  Without --per-invocation there is one group,
 * made at once.
 */
#ifndef ADKEV_GROUPS_H
#define ADKEV_GROUPS_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "read/reader.h"

struct invocation_group {
	json_t *id; /* the invocation id as a JSON string, or JSON null; owned */
	void *state;
};

struct invocation_groups {
	struct invocation_group *list;
	size_t count, cap;
	json_t *index;    /* invocation id -> position in list */
	long without_id;  /* the group of events without an id, or -1 */
	long in_progress; /* the group of the last item, or -1 */
	long last_id;     /* the group of the last event with an invocation id, or -1 */
	bool per_invocation;
	void *(*start)(const void *ctx); /* a new group's state */
	const void *ctx;
};

void invocation_groups_init(struct invocation_groups *g, bool per_invocation,
                            void *(*start)(const void *ctx), const void *ctx);
/* The state item belongs to, started when its group is new; borrowed. */
void *invocation_groups_state(struct invocation_groups *g, const struct reader_item *item);
/*
 * The position in list of the group of id (a JSON string, or NULL for
 * events without one), started when it is new: --merge's groups.
 */
size_t invocation_groups_find(struct invocation_groups *g, const json_t *id);
/* Releases every state with release, and the groups themselves. */
void invocation_groups_release(struct invocation_groups *g, void (*release)(void *state));

#endif
