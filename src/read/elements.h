/*
 * elements.h - the reader's hand-out of the top-level values it parsed:
 * an event (or server stream error) as it is, an array of events and a
 * session's "events" and an eval set's "eval_cases" one element at a time,
 * each element with its own original bytes and position; anything else is refused as not an event
 * (unless READER_ANY_VALUE).  A session object that is an element of a
 * top-level array (a file of sessions, as a script that dumps ADK's
 * list_sessions writes) has its events handed out in turn, each with that
 * session, as a session read alone would.
 *
 * Internal to the reader.  Whatever input a value came from (lines of
 * bytes or a record), it is handed out here.
 */
#ifndef ADKEV_ELEMENTS_H
#define ADKEV_ELEMENTS_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "adk/event.h"
#include "item.h"
#include "read/diag.h"

struct elements {
	bool any_value;                    /* READER_ANY_VALUE: every value is an item */
	bool split_eval_cases;             /* READER_EVAL_SET: an eval set's cases one by one */
	bool whole;                        /* READER_WHOLE_VALUE: arrays too are handed out whole */
	struct origins *origins;           /* the positions of the value handed out */
	struct diag *diag;                 /* where elements that are not events are counted */
	void (*map_release)(void *result); /* frees mapped (reader_set_map) */

	json_t *held;    /* the top-level value being handed out, owned */
	void *mapped;    /* what a -j worker's map function made of held, owned */
	const char *src; /* held's original bytes, src[0..len) */
	size_t len;
	json_t *array; /* the array being handed out element by element (of held), or NULL */
	size_t index;  /* its next element */
	size_t scan;   /* where that element's bytes are looked for in src */
	/*
	 * An eval set's cases (adk_reads.split_eval_cases): array is the empty
	 * stand-in, and each element is parsed from src when it is handed out,
	 * into element, which is let go at the next one.
	 */
	bool from_bytes;
	json_t *element;
	/*
	 * A Vertex AI sessions.events.list response's sessionEvents: each
	 * envelope is handed out as the ADK event it stands for (adk/vertex.h),
	 * made into element.  Its raw bytes are that event's, in converted
	 * (owned; pool_free() frees it, as it does all of jansson's text): a
	 * command that copies an event's bytes copies the event, not the
	 * envelope.
	 */
	bool vertex;
	char *converted;
	/*
	 * The session element of a top-level array whose events are being
	 * handed out (owned), and the array's place to go back to after them;
	 * outer.array NULL when the session came from a streamed array
	 * (elements_hand_one), whose next element the stream reads.
	 */
	json_t *session;
	struct {
		json_t *array;
		size_t index, scan;
	} outer;
};

/*
 * Hands out value, freshly parsed from src[0..len) (whose origins are all
 * added), which the hand-out owns from now on, with mapped (owned too, or
 * NULL): *item is the value itself, or its first element.  The bytes must
 * stay as they are until the hand-out is done with the value.
 */
enum step elements_deliver(struct elements *e, json_t *value, void *mapped, const char *src,
                           size_t len, struct reader_item *item);
/*
 * Hands out value, parsed from src[0..len) and owned from now on, whole as
 * an item of kind, whatever value_kind() makes of it (a session's stored
 * state, from an input of records).
 */
enum step elements_deliver_as(struct elements *e, json_t *value, enum value_kind kind,
                              const char *src, size_t len, struct reader_item *item);
/* Whether an array or session is being handed out: elements_next() gives the rest. */
bool elements_pending(const struct elements *e);
/* The next element of the array or session being handed out; STEP_NONE past the last. */
enum step elements_next(struct elements *e, struct reader_item *item);
/*
 * Streaming (reader.c): hands out element, parsed from src[off..off+len)
 * alone (owned from now on, let go at the next one), as an element of the
 * array being handed out; held, if not NULL, is the object the array is a
 * member of.  Positions are of e->origins, begun at src.
 */
enum step elements_hand_one(struct elements *e, json_t *element, const char *src, size_t off,
                            size_t len, struct reader_item *item);
/* Whether element of an array is handed out (else it is refused as no event). */
bool elements_takes(const struct elements *e, const json_t *element);
/*
 * Whether a member array of a top-level object keyed key[0..len) (the
 * quoted token) may be handed out element by element: an eval set's cases
 * (READER_EVAL_SET), a session's events (unless READER_ANY_VALUE), named in
 * *field.
 */
bool elements_splits_member(const struct elements *e, const char *key, size_t len,
                            enum adk_field *field);
/*
 * Whether the members of a session before its events say which session it
 * is (id, appName, userId, as ADK writes them first): only then are its
 * events handed out as they are read, since commands ask at the first.
 */
bool elements_named_session(const json_t *head);
/* Lets go of the value handed out last; with -j the worker that parsed it releases it. */
void elements_drop(struct elements *e);
/* Frees what is held, once the -j workers have ended. */
void elements_release(struct elements *e);

#endif
