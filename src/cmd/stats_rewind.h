/*
 * stats_rewind.h - what stats leaves out of a session ADK Python's runner
 * rewound (adk/rewind.h): each span's kinds and tool counts are kept
 * beside the totals until the end, when the rewind walk says which spans
 * were undone and their counts are taken off again.
 */
#ifndef ADKEV_STATS_REWIND_H
#define ADKEV_STATS_REWIND_H

#include <jansson.h>

#include "adk/eventview.h"
#include "adk/rewind.h"

struct stats_rewind {
	struct rewind_spans spans;
	struct rewind_span *current; /* the span of the event being counted */
};

void stats_rewind_init(struct stats_rewind *r);
/* The next event: its span becomes the one counted into. */
void stats_rewind_event(struct stats_rewind *r, const json_t *event);
/* The event's kinds (seen[k]: it brought an item of kind k), as the totals took them. */
void stats_rewind_kinds(struct stats_rewind *r, const bool seen[ITEM_KIND_COUNT]);
/* One tool's count ("calls" or "errors") as the totals took it; name borrowed. */
void stats_rewind_tool(struct stats_rewind *r, const json_t *name, const char *what);
/* Puts later's spans after r's, leaving later empty (a chunk's, -j). */
void stats_rewind_join(struct stats_rewind *r, struct stats_rewind *later);
/*
 * Takes the undone spans' counts off kinds and tools (a tool left with no
 * call and no error goes) and forgets the spans.  Returns what was left
 * out, {"rewinds", "invocations", "events"} (owned by the caller), or NULL
 * when the events held no rewind.
 */
json_t *stats_rewind_settle(struct stats_rewind *r, json_int_t kinds[ITEM_KIND_COUNT],
                            json_t *tools);
void stats_rewind_release(struct stats_rewind *r);

#endif
