/*
 * a2a.h - the ADK <-> Agent2Agent mapping shared by to-a2a and from-a2a
 * (a2a.md): genai parts <-> A2A parts, ADK event fields <-> A2A metadata,
 * and the recognition of A2A objects in their 0.3 and 1.0 wire forms.
 * a2a_out.c maps ADK to A2A, a2a_in.c A2A to ADK, and a2a_envelope.c finds
 * the A2A object in what it arrives in.
 *
 * A2A field names are spelled in a2a_wire.h and nowhere else; ADK field
 * names come from event.h.  Every function that reports bad input sets
 * *why to a short constant text naming fields, never input values, and
 * returns NULL/false.
 */
#ifndef ADKEV_A2A_H
#define ADKEV_A2A_H

#include <jansson.h>
#include <stdbool.h>

#include "util.h"

enum a2a_version { A2A_V03, A2A_V10 };

/* ---- ADK -> A2A (to-a2a): a2a_out.c ---- */

struct a2a_message_options {
	enum a2a_version version;
	const char *task_id; /* NULL: not set (or from metadata) */
	const char *context_id;
	bool ids_from_metadata; /* customMetadata "a2a:task_id" / "a2a:context_id" */
	/*
	 * Also write what ADK Go does not (adk_actions, adk_error_message,
	 * adk_event_id, adk_event_members, adk_long_running_tool_ids,
	 * adk_node_info, adk_thought_signature, adk_timestamp), so that
	 * adkev -> adkev round trips keep every member of the event.
	 */
	bool lossless;
};

/*
 * The A2A part for one genai part (a2a.md section 3); lrt_ids is the event's
 * longRunningToolIds (may be NULL).  Caller owns the result; NULL on bad
 * input.
 */
json_t *a2a_part_from_genai(const json_t *part, const json_t *lrt_ids,
                            const struct a2a_message_options *o, const char **why);

/*
 * The A2A Message for one ADK event (section 5).  fresh_id is the messageId
 * used when the event has no id of its own.  Caller owns the result; NULL on
 * bad input.
 */
json_t *a2a_message_from_event(const json_t *event, const struct a2a_message_options *o,
                               const char *fresh_id, const char **why);

/* ---- A2A -> ADK (from-a2a): the object, a2a_envelope.c ---- */

enum a2a_kind { A2A_MESSAGE, A2A_TASK, A2A_STATUS_UPDATE, A2A_ARTIFACT_UPDATE, A2A_RPC_ERROR };

enum a2a_state {
	A2A_STATE_UNSPECIFIED,
	A2A_STATE_SUBMITTED,
	A2A_STATE_WORKING,
	A2A_STATE_INPUT_REQUIRED,
	A2A_STATE_AUTH_REQUIRED,
	A2A_STATE_COMPLETED,
	A2A_STATE_CANCELED,
	A2A_STATE_FAILED,
	A2A_STATE_REJECTED,
};

/* An A2A object found in an input value; every pointer is borrowed from the value. */
struct a2a_object {
	enum a2a_kind kind;
	const json_t *obj;    /* the Message, Task, update, or JSON-RPC error member */
	enum a2a_state state; /* Task and status update */
	bool final;           /* status update: decision 2 */
	bool append;          /* artifact update */
	bool last_chunk;      /* artifact update */
	int adk_partial; /* artifact and status update: metadata.adk_partial, -1 if not a bool */
	const char *artifact_id; /* artifact update, or NULL */
	const char *timestamp;   /* status.timestamp, or NULL */
};

/*
 * Finds the A2A object in one input value: a JSON-RPC envelope, a 1.0
 * wrapper, a 0.3 object with "kind", or (extension) a bare object whose kind
 * is inferred from its members (section 6.1).
 */
bool a2a_recognise(const json_t *value, struct a2a_object *out, const char **why);

/* Case-insensitive, "_" = "-", optional "TASK_STATE_" prefix; anything unknown is unspecified. */
enum a2a_state a2a_parse_state(const char *s);
bool a2a_state_is_terminal(enum a2a_state s);

/* ---- A2A -> ADK (from-a2a): the event, a2a_in.c ---- */

struct a2a_event_options {
	/*
	 * Set by the options, each names every event (NULL: not given).  Where
	 * one is not given, a Message's adk_author, adk_invocation_id and
	 * adk_branch name its event, and default_author and
	 * default_invocation_id the others (section 6.2).
	 */
	const char *author;
	const char *invocation_id;
	const char *branch;
	const char *default_author;
	const char *default_invocation_id;
	bool no_peer_actions; /* drop adk_escalate, adk_transfer_to_agent, adk_actions */
};

/*
 * The genai part for one A2A part, 0.3 or 1.0 (section 4).  *long_running
 * (may be NULL) is set when the part is a function call flagged
 * adk_is_long_running.  Caller owns the result; NULL on bad input.
 */
json_t *a2a_part_to_genai(const json_t *part, bool *long_running, const char **why);

/*
 * The body of the ADK event for an A2A object (sections 6.2 to 6.4, and the
 * error event of decision 7): every member except id, invocationId,
 * author, branch and timestamp, which only a Message that says them has
 * (adk_event_id, adk_invocation_id, adk_author, adk_branch, adk_timestamp,
 * what adkev to-a2a writes).  Caller owns the result.  NULL either when the
 * object converts to nothing (*why == NULL) or on bad input (*why set).
 */
json_t *a2a_event_body(const struct a2a_object *o, const struct a2a_event_options *opts,
                       const char **why);

/*
 * The finished event: id, invocationId, author, branch (if any), timestamp
 * (if any), then the other members of body.  What the options set wins,
 * then what body says, then id (may be NULL), ts (may be NULL) and the
 * defaults of opts.  Steals body; caller owns the result.
 */
json_t *a2a_event_finish(json_t *body, const struct a2a_event_options *opts, const char *id,
                         const double *ts);

/*
 * Appends value (borrowed) as Go's encoding/json writes it (decision 5),
 * with the JSON writer's JW_GO | JW_SORTED: keys sorted bytewise at every
 * level, < > & U+2028 U+2029 escaped, no white space; reals as Go formats
 * a float64 (shortest digits: 1000, 2.5, 1e+21, 1e-7), integers exactly
 * (Go would round those beyond 2^53; we do not).  from-a2a writes a data
 * part that is not a typed one this way, in tagged bytes, as Go does.
 */
void a2a_go_json(struct strbuf *sb, const json_t *value);

#endif
