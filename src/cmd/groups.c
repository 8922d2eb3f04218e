/*
 * groups.c - the groups --per-invocation splits a stream into (groups.h).
 */
#include "cmd/groups.h"
#include "adk/event.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

/* id: a JSON string (keyed by all its bytes, "\u0000" included), or NULL. */
static size_t group_of_id(struct invocation_groups *g, const json_t *id)
{
	if (id) {
		json_t *known =
		    json_object_getn(g->index, json_string_value(id), json_string_length(id));
		if (known)
			return (size_t)json_integer_value(known);
	} else if (g->without_id >= 0) {
		return (size_t)g->without_id;
	}
	if (g->count == g->cap) {
		g->cap = g->cap ? g->cap * 2 : 8;
		g->list = xrealloc(g->list, g->cap * sizeof *g->list);
	}
	size_t n = g->count++;
	g->list[n].id =
	    id ? json_stringn_nocheck(json_string_value(id), json_string_length(id)) : json_null();
	g->list[n].state = g->start(g->ctx);
	if (id)
		json_object_setn_new_nocheck(g->index, json_string_value(id),
		                             json_string_length(id), json_integer((json_int_t)n));
	else
		g->without_id = (long)n;
	return n;
}

void invocation_groups_init(struct invocation_groups *g, bool per_invocation,
                            void *(*start)(const void *ctx), const void *ctx)
{
	memset(g, 0, sizeof *g);
	g->index = json_object();
	g->without_id = g->in_progress = g->last_id = -1;
	g->per_invocation = per_invocation;
	g->start = start;
	g->ctx = ctx;
	if (!per_invocation)
		group_of_id(g, NULL);
}

void *invocation_groups_state(struct invocation_groups *g, const struct reader_item *item)
{
	size_t n;
	if (!g->per_invocation)
		n = group_of_id(g, NULL);
	else if (item->kind == VALUE_EVENT) {
		const json_t *id = event_invocation_id_string(item->value);
		n = group_of_id(g, id);
		if (id)
			g->last_id = (long)n;
	} else if (g->in_progress >= 0)
		n = (size_t)g->in_progress;
	else
		n = group_of_id(g, NULL);
	g->in_progress = (long)n;
	return g->list[n].state;
}

size_t invocation_groups_find(struct invocation_groups *g, const json_t *id)
{
	return group_of_id(g, id);
}

void invocation_groups_release(struct invocation_groups *g, void (*release)(void *state))
{
	for (size_t i = 0; i < g->count; i++) {
		release(g->list[i].state);
		json_decref(g->list[i].id);
	}
	free(g->list);
	json_decref(g->index);
}
