/*
 * rewind.c - the spans of a stream and ADK Python's rewind walk over them
 * (rewind.h).
 */
#include "adk/rewind.h"

#include "adk/event.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

const json_t *event_rewind_target(const json_t *event)
{
	const json_t *target =
	    adk_get(adk_get(event, ADK_ACTIONS), ADK_REWIND_BEFORE_INVOCATION_ID);
	/* ADK tests the member for truth: an empty or absent target is no rewind. */
	return json_is_string(target) && json_string_length(target) > 0 ? target : NULL;
}

void rewind_spans_init(struct rewind_spans *s)
{
	*s = (struct rewind_spans){0};
}

/* Whether two ids (JSON strings or NULL) name the same invocation, or both none. */
static bool same_id(const json_t *a, const json_t *b)
{
	return (!a && !b) || json_strings_equal(a, b);
}

/*
 * A copy of a JSON string, so that a span outlives its event: a -j worker
 * releases the event, and a second reference would have two threads count
 * the string down.
 */
static json_t *string_copy(const json_t *s)
{
	return s ? json_stringn_nocheck(json_string_value(s), json_string_length(s)) : NULL;
}

size_t rewind_spans_add(struct rewind_spans *s, const json_t *event, bool *fresh)
{
	const json_t *id = event_invocation_id_string(event);
	const json_t *target = event_rewind_target(event);
	struct rewind_span *last = s->count ? &s->list[s->count - 1] : NULL;
	*fresh = !last || target || last->target || !same_id(last->id, id);
	if (!*fresh) {
		last->events++;
		return s->count - 1;
	}
	if (s->count == s->cap) {
		s->cap = s->cap ? s->cap * 2 : 16;
		s->list = xrealloc(s->list, s->cap * sizeof *s->list);
	}
	s->list[s->count] = (struct rewind_span){
	    .id = string_copy(id),
	    .target = string_copy(target),
	    .events = 1,
	    .live = !target,
	};
	if (target)
		s->rewinds++;
	return s->count++;
}

void rewind_spans_append(struct rewind_spans *s, struct rewind_spans *later)
{
	if (s->count + later->count > s->cap) {
		s->cap = s->count + later->count;
		s->list = xrealloc(s->list, s->cap * sizeof *s->list);
	}
	if (later->count)
		memcpy(s->list + s->count, later->list, later->count * sizeof *later->list);
	s->count += later->count;
	s->rewinds += later->rewinds;
	free(later->list);
	rewind_spans_init(later);
}

void rewind_spans_reverse(struct rewind_spans *s)
{
	for (size_t i = 0, j = s->count; i + 1 < j; i++, j--) {
		struct rewind_span t = s->list[i];
		s->list[i] = s->list[j - 1];
		s->list[j - 1] = t;
	}
}

/*
 * ADK's loop (contents.py _get_contents): from the last event back, a
 * rewind moves the walk to the first earlier event of its target, which the
 * step back then passes over too; any other event is kept.
 */
void rewind_spans_walk(struct rewind_spans *s)
{
	for (size_t k = s->count; k > 0; k--) {
		s->list[k - 1].live = false;
		s->list[k - 1].undone = true;
	}
	size_t i = s->count;
	while (i > 0) {
		struct rewind_span *span = &s->list[i - 1];
		span->undone = false;
		if (!span->target) {
			span->live = true;
			i--;
			continue;
		}
		size_t j = 0;
		while (j < i - 1 && !same_id(s->list[j].id, span->target))
			j++;
		/* Found: the walk goes on before the target's first span; else past the rewind. */
		i = j < i - 1 ? j : i - 1;
	}
}

/* Whether some live span of s has id. */
static bool id_live(const struct rewind_spans *s, const json_t *id)
{
	for (size_t i = 0; i < s->count; i++)
		if (s->list[i].live && same_id(s->list[i].id, id))
			return true;
	return false;
}

/* Whether an earlier span than at has the same id (so at's invocation is counted there). */
static bool id_seen_before(const struct rewind_spans *s, size_t at)
{
	for (size_t i = 0; i < at; i++)
		if (!s->list[i].target && same_id(s->list[i].id, s->list[at].id))
			return true;
	return false;
}

void rewind_spans_count(const struct rewind_spans *s, struct rewind_count *c)
{
	*c = (struct rewind_count){.rewinds = s->rewinds};
	for (size_t i = 0; i < s->count; i++) {
		const struct rewind_span *span = &s->list[i];
		if (span->target || span->live)
			continue;
		c->events += span->events;
		if (span->id && !id_live(s, span->id) && !id_seen_before(s, i))
			c->invocations++;
	}
}

void rewind_spans_release(struct rewind_spans *s, void (*release)(void *data))
{
	for (size_t i = 0; i < s->count; i++) {
		json_decref(s->list[i].id);
		json_decref(s->list[i].target);
		if (release && s->list[i].data)
			release(s->list[i].data);
	}
	free(s->list);
	rewind_spans_init(s);
}
