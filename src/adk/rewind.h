/*
 * rewind.h - which events a session's rewinds undo, read as ADK Python's
 * runner and contents code read them (Runner.rewind_async,
 * sessions/_rewind_utils.py; flows/llm_flows/contents.py, later
 * google.adk.events._rewind_events, ADK Python 2.x).
 *
 * A rewind is an event (author "user", no content, invocation id
 * "e-<uuid>") whose actions.rewindBeforeInvocationId names an invocation
 * X: it undoes X's first event and every event after it up to itself.
 * The events stay in the session; the model's history leaves them out.
 * ADK finds the live events by a walk from the last event backwards: a
 * rewind jumps to its target's first event, so a later rewind wins, a
 * rewind inside a range another undid counts for nothing, and one whose
 * target is not found before it undoes only itself.  The rewind event is
 * never live: it is no answer, no call, no input.
 *
 * A command that reads events forward cannot know at an event whether a
 * later rewind undoes it, so it keeps what it computes per span (a run of
 * events of one invocation id, or one rewind event) and asks the walk at
 * the end which spans count.  A span's first event is its invocation's
 * first event or follows another invocation's, so the walk over spans is
 * ADK's walk over events.
 */
#ifndef ADKEV_REWIND_H
#define ADKEV_REWIND_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

/*
 * The invocation a rewind event names, a non-empty JSON string (borrowed),
 * or NULL when event is no rewind.
 */
const json_t *event_rewind_target(const json_t *event);

struct rewind_span {
	json_t *id;     /* the events' invocation id (a copy, owned), or NULL */
	json_t *target; /* a rewind's span: the invocation it names (a copy, owned); else NULL */
	void *data;     /* the caller's, for what it computes of the span's events */
	size_t events;  /* how many events the span holds */
	bool live;      /* after rewind_spans_walk(): whether the span counts */
	/*
	 * After rewind_spans_walk(): whether a later rewind undid the span (a
	 * rewind's own span only when a later rewind's range holds it).
	 */
	bool undone;
};

struct rewind_spans {
	struct rewind_span *list;
	size_t count, cap;
	size_t rewinds; /* how many rewind events were taken */
};

void rewind_spans_init(struct rewind_spans *s);
/*
 * The span event belongs to (its position in list), a new one when its
 * invocation id differs from the last span's, or it or the last span is a
 * rewind; *fresh says whether it is new (its data NULL).  Events taken
 * from the last one backwards make the same spans, in reverse
 * (rewind_spans_reverse()).
 */
size_t rewind_spans_add(struct rewind_spans *s, const json_t *event, bool *fresh);
/* Puts later's spans after s's (their events came after), leaving later empty. */
void rewind_spans_append(struct rewind_spans *s, struct rewind_spans *later);
/* Turns spans taken from the last event backwards into their order. */
void rewind_spans_reverse(struct rewind_spans *s);
/* Sets each span's live and undone flags by ADK's backward walk. */
void rewind_spans_walk(struct rewind_spans *s);

/* What a walk undid: counts of spans it left out (after rewind_spans_walk()). */
struct rewind_count {
	size_t rewinds;     /* rewind events */
	size_t invocations; /* distinct invocation ids none of whose spans is live */
	size_t events;      /* events left out, the rewind events not among them */
};
void rewind_spans_count(const struct rewind_spans *s, struct rewind_count *c);

/* Frees the spans, with release (may be NULL) called on each data that is not NULL. */
void rewind_spans_release(struct rewind_spans *s, void (*release)(void *data));

#endif
