/*
 * item.h - what the reader hands the layers above it: one value read from
 * the input, what kind of value it is, its original bytes and where it was.
 *
 * It sits at the base, below adk/ and read/, because both name it: the
 * reader (read/) makes items and the domain modules (adk/trajectory,
 * adk/timeline) take them, and adk/ must not include read/.  What the kinds
 * mean is the ADK model's to say (value_kind() in adk/event.h); this header
 * only names them.
 */
#ifndef ADKEV_ITEM_H
#define ADKEV_ITEM_H

#include <jansson.h>
#include <stddef.h>

/* What a top-level JSON value read from input is. */
enum value_kind {
	VALUE_EVENT,        /* an ADK event object */
	VALUE_SESSION,      /* a session object: its "events" array holds the events */
	VALUE_STREAM_ERROR, /* the server's SSE line {"error": "..."} */
	VALUE_ARRAY,        /* an array of events */
	VALUE_OTHER,        /* anything else: not an event */
};

/*
 * A place in the input, for diagnostics.  Lines and columns count from 1;
 * columns in code points.  A value from an input of records (a session
 * database's rows, read/input.h) has no line: record names its place in
 * the file ("session s-1, event e-7"), and line and column are 0.
 */
struct reader_pos {
	const char *file;
	unsigned long line;
	unsigned long column;
	const char *record; /* NULL for a value read from lines */
};

/* One event (or server stream error) read from the input. */
struct reader_item {
	json_t *value;        /* borrowed; valid until the next reader_next() */
	enum value_kind kind; /* VALUE_EVENT or VALUE_STREAM_ERROR (any, with READER_ANY_VALUE) */
	const char *raw;      /* the value's original bytes, valid as long as value */
	size_t raw_len;
	struct reader_pos pos; /* where the value starts */
	/*
	 * What the map function (reader_set_map) made of this value on a
	 * worker thread, or NULL: then the caller does that work itself.
	 * Borrowed, valid as long as value.
	 */
	void *mapped;
	/*
	 * The session object whose "events" array holds this event, or NULL
	 * for an event read on its own or from an array: its id, appName and
	 * userId name a run (adkev eval, evalset).  Borrowed, valid as long as
	 * value; a member the command did not ask the reader to build may be a
	 * stand-in (read/scan.h), so only a string member is to be trusted.
	 */
	const json_t *session;
};

#endif
