/*
 * stats_rewind.c - the counts of stats' spans, taken off the totals when a
 * rewind undid them (stats_rewind.h).
 */
#include "cmd/stats_rewind.h"

#include "util.h"

#include <stdlib.h>
#include <string.h>

/* What one span added to the totals that a rewind can take off again. */
struct span_counts {
	json_int_t kinds[ITEM_KIND_COUNT];
	json_t *tools; /* name -> {"calls", "errors"}, only the nonzero ones */
};

static void span_counts_free(void *data)
{
	struct span_counts *c = data;
	json_decref(c->tools);
	free(c);
}

void stats_rewind_init(struct stats_rewind *r)
{
	rewind_spans_init(&r->spans);
	r->current = NULL;
}

void stats_rewind_event(struct stats_rewind *r, const json_t *event)
{
	bool fresh;
	size_t at = rewind_spans_add(&r->spans, event, &fresh);
	r->current = &r->spans.list[at];
	if (fresh) {
		struct span_counts *c = xcalloc(1, sizeof *c);
		c->tools = json_object();
		r->current->data = c;
	}
}

void stats_rewind_kinds(struct stats_rewind *r, const bool seen[ITEM_KIND_COUNT])
{
	struct span_counts *c = r->current->data;
	for (int k = 0; k < ITEM_KIND_COUNT; k++)
		c->kinds[k] += seen[k];
}

/* Adds n to obj's count of key (len bytes); a count that reaches 0 stays as 0. */
static void add_count(json_t *obj, const char *key, size_t len, json_int_t n)
{
	json_t *v = json_object_getn(obj, key, len);
	json_object_setn_new_nocheck(obj, key, len, json_integer((v ? json_integer_value(v) : 0) + n));
}

void stats_rewind_tool(struct stats_rewind *r, const json_t *name, const char *what)
{
	struct span_counts *c = r->current->data;
	const char *key = json_string_value(name);
	size_t len = json_string_length(name);
	json_t *tool = json_object_getn(c->tools, key, len);
	if (!tool) {
		tool = json_object();
		json_object_setn_new_nocheck(c->tools, key, len, tool);
	}
	add_count(tool, what, strlen(what), 1);
}

void stats_rewind_join(struct stats_rewind *r, struct stats_rewind *later)
{
	rewind_spans_append(&r->spans, &later->spans);
	r->current = r->spans.count ? &r->spans.list[r->spans.count - 1] : NULL;
	later->current = NULL;
}

/* Takes one undone span's counts off the totals. */
static void take_off(const struct span_counts *c, json_int_t kinds[ITEM_KIND_COUNT], json_t *tools)
{
	for (int k = 0; k < ITEM_KIND_COUNT; k++)
		kinds[k] -= c->kinds[k];
	const char *name;
	size_t len;
	json_t *counts;
	json_object_keylen_foreach(c->tools, name, len, counts)
	{
		json_t *tool = json_object_getn(tools, name, len);
		if (!tool)
			continue;
		const char *what;
		json_t *n;
		json_object_foreach(counts, what, n)
		    add_count(tool, what, strlen(what), -json_integer_value(n));
		if (json_integer_value(json_object_get(tool, "calls")) == 0 &&
		    json_integer_value(json_object_get(tool, "errors")) == 0)
			json_object_deln(tools, name, len);
	}
}

json_t *stats_rewind_settle(struct stats_rewind *r, json_int_t kinds[ITEM_KIND_COUNT],
                            json_t *tools)
{
	json_t *rewound = NULL;
	if (r->spans.rewinds > 0) {
		rewind_spans_walk(&r->spans);
		for (size_t i = 0; i < r->spans.count; i++)
			if (!r->spans.list[i].live && !r->spans.list[i].target)
				take_off(r->spans.list[i].data, kinds, tools);
		struct rewind_count c;
		rewind_spans_count(&r->spans, &c);
		rewound = json_pack("{s:I,s:I,s:I}", "rewinds", (json_int_t)c.rewinds, "invocations",
		                    (json_int_t)c.invocations, "events", (json_int_t)c.events);
	}
	stats_rewind_release(r);
	return rewound;
}

void stats_rewind_release(struct stats_rewind *r)
{
	rewind_spans_release(&r->spans, span_counts_free);
	r->current = NULL;
}
