/*
 * timeline.h - a run laid out in time, for `adkev timeline` to draw.
 *
 * The events of a run become lanes (one per agent, in order of first
 * appearance, an agent of a branch "a.b" nested under the lane of "a") and
 * items placed in them at their time: model calls with their tokens, tool
 * calls paired with their results (a bar from call to last result), user
 * input, text, thoughts, answers, code, data, state changes, artifacts,
 * transfers, escalations, auth and confirmation requests, and errors.
 *
 * Partial (streaming) events are not items of their own: their text comes
 * again whole in the non-partial event that ends the model call, and the
 * number of chunks is kept on that model call.  A model call is a
 * non-partial event of an agent whose content is the model's, or that has
 * usage or an error; it starts when the event before it in its invocation
 * was written and ends at its own event.  An event that repeats the usage
 * of the model call before it (same author and invocation) continues that
 * model call, as trajectory counts tokens once per model call.
 *
 * Events without a timestamp keep their place in the sequence: they are
 * given the time of the event before them (the first timed event's time
 * when none came before) and marked "untimed".
 */
#ifndef ADKEV_TIMELINE_H
#define ADKEV_TIMELINE_H

#include <jansson.h>

#include "adk/redact.h"
#include "item.h"

struct timeline_config {
	const struct redactor *redactor; /* NULL: values shown as they are */
	long max_string;                 /* strings cut to this many code points; -1: never */
};

struct timeline;

/* A new, empty timeline; c must outlive it. */
struct timeline *timeline_new(const struct timeline_config *c);
/* Adds one event, or a server stream error (item->kind VALUE_STREAM_ERROR). */
void timeline_add(struct timeline *t, const struct reader_item *item);
/*
 * The run as one object, owned by the caller:
 *   {"timed": bool, "start": seconds|null, "end": seconds|null, "events": N,
 *    "lanes": [{"name", "depth", "parent": index|null}, ...],
 *    "items": [{"kind", "lane", "seq", "t", ...}, ...]}
 * Lanes are listed parents first, each followed by its nested lanes; an
 * item's lane is its index in that list.  Times are seconds since the first
 * timestamp.  The members of each item kind are listed in adkev-timeline(1).
 */
json_t *timeline_json(struct timeline *t);
/* Whether any event or stream error was added. */
bool timeline_has_events(const struct timeline *t);
void timeline_free(struct timeline *t);

#endif
