/*
 * otlp_int.h - what the files of to-otlp's converter share (otlp.h): the
 * converter's state, OTLP's integers, and the calls across the files.
 * Only adk/otlp*.c include it.
 *
 * otlp_spans.c keeps an invocation's trace and its span records;
 * otlp.c makes spans of events, as the GenAI semantic conventions say;
 * otlp_write.c writes the records as an OTLP/JSON TracesData line.  The
 * OpenTelemetry names (gen_ai.*, the OTLP/JSON members) are spelled in
 * these files and nowhere else; ADK's come from event.h.
 */
#ifndef ADKEV_OTLP_INT_H
#define ADKEV_OTLP_INT_H

#include "adk/otlp.h"
#include "adk/usage.h"
#include "util.h"

#include <jansson.h>
#include <stdbool.h>

/* OTLP's SpanKind and StatusCode, which OTLP/JSON writes as integers. */
enum { SPAN_KIND_INTERNAL = 1, SPAN_KIND_CLIENT = 3 };
enum { STATUS_CODE_UNSET = 0, STATUS_CODE_ERROR = 2 };

/* The converter: what lasts the whole stream, and the invocation in progress. */
struct otlp {
	const struct otlp_config *c;
	struct usage_total usage; /* the token rule, over the whole stream as trajectory's */
	json_t *parts_written;    /* invocation id -> parts of it written so far */
	/* The invocation in progress. */
	bool open;
	json_t *inv;         /* its id (a JSON string, owned), or NULL: events without one */
	json_int_t part;     /* which part of the invocation this is, from 0 */
	char trace[33];      /* the trace id, in hex */
	char *conversation;  /* gen_ai.conversation.id, owned, or NULL */
	json_t *spans;       /* the span records */
	json_t *agents;      /* agent key -> index of the agent's part in progress */
	json_t *latest;      /* author -> index of its latest part (a branch's parent) */
	json_t *models;      /* author -> index of its last generate_content span */
	json_t *calls;       /* tool call id -> index of its execute_tool span */
	json_t *unnamed;     /* tool name -> [indexes of unanswered calls without an id] */
	json_t *transfers;   /* agent name -> index of the part that transferred to it */
	json_t *workflows;   /* a workflow's node path -> index of its invoke_workflow span */
	json_t *input;       /* --content: the user's messages no agent part has taken */
	json_t *prev_key;    /* the agent key of the invocation's last event, or NULL */
	json_t *prev_branch; /* its branch, or NULL */
	long current;        /* index of the last event's agent part, -1 before one */
	long long last_ns;   /* the invocation's last time, -1 before one */
	struct strbuf key;   /* scratch */
};

/* otlp_spans.c: the trace and its span records. */

/*
 * A new string of s[0..len), with a NUL inside kept (jansson's own length);
 * the caller owns it.
 */
json_t *otlp_string_of(const json_t *s);

/* Appends "<length>:<bytes>" of a JSON string (or of nothing), so keys cannot run together. */
void otlp_key_add(struct strbuf *sb, const json_t *s);

/*
 * Begins the trace of the invocation inv (borrowed; NULL: events without an
 * id), whose first event is event; its conversation is --conversation-id, or
 * session's id, or the session_id an adk run --jsonl line carries.
 */
void otlp_invocation_begin(struct otlp *o, const json_t *inv, const json_t *session,
                           const json_t *event);

/* Lets go of the invocation in progress: its trace, span records and tables. */
void otlp_invocation_release(struct otlp *o);

/* The span record at index, borrowed from o's spans. */
json_t *otlp_span_at(struct otlp *o, long index);

/*
 * A new span record named "op suffix" (suffix may be NULL), under the span
 * at parent (-1: a root), from start; returns its index.  Its id hashes the
 * trace, the invocation's part, the span's index and event_id.
 */
long otlp_span_new(struct otlp *o, const char *op, const json_t *suffix, int kind, long parent,
                   long long start, const char *event_id);

/* The span at index, and every span above it, end no sooner than t. */
void otlp_span_extend(struct otlp *o, long index, long long t);

/* Sets an attribute of the span at index; steals value (NULL: nothing is set). */
void otlp_span_attr(struct otlp *o, long index, const char *name, json_t *value);

/* Adds a span event at time t; steals attrs (an object, or NULL for none). */
void otlp_span_event(struct otlp *o, long index, const char *name, long long t, json_t *attrs);

/* Marks the span failed: error.type type, the status message message (NULL: none). */
void otlp_span_error(struct otlp *o, long index, const char *type, const char *message);

#endif
