/*
 * event.h - the ADK event model: the only module that knows ADK field names.
 *
 * ADK JS and the ADK servers write camelCase (invocationId, functionCall);
 * ADK Python's model_dump() writes snake_case (invocation_id, function_call).
 * Every lookup here tries both, camelCase first, and treats a member whose
 * value is null as absent.  All returned json_t pointers are borrowed from
 * the event: they live as long as the event does and the caller must not
 * decref them.
 */
#ifndef ADKEV_EVENT_H
#define ADKEV_EVENT_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

#include "item.h"

/* Every ADK field adkev reads or writes, whatever object it lives in. */
enum adk_field {
	/* event: the members of ADK's Event schema, ADK_ID to ADK_EVENT_LAST */
	ADK_ID,
	ADK_INVOCATION_ID,
	ADK_AUTHOR,
	ADK_BRANCH,
	ADK_TIMESTAMP,
	ADK_CONTENT,
	ADK_ACTIONS,
	ADK_PARTIAL,
	ADK_TURN_COMPLETE,
	ADK_ERROR_CODE,
	ADK_ERROR_MESSAGE,
	ADK_LONG_RUNNING_TOOL_IDS,
	ADK_USAGE_METADATA,
	ADK_CUSTOM_METADATA,
	ADK_GROUNDING_METADATA,
	ADK_CITATION_METADATA,
	ADK_FINISH_REASON,
	ADK_INTERRUPTED,
	ADK_MODEL_VERSION,
	ADK_INPUT_TRANSCRIPTION,
	ADK_OUTPUT_TRANSCRIPTION,
	ADK_AVG_LOGPROBS,
	ADK_LOGPROBS_RESULT,
	ADK_LIVE_SESSION_RESUMPTION_UPDATE,
	ADK_CACHE_METADATA,
	/* ADK JS 2.0.0's compacted event (isCompacted, its range and summary) */
	ADK_IS_COMPACTED,
	ADK_START_TIME,
	ADK_END_TIME,
	ADK_COMPACTED_CONTENT,
	/* a 2.x workflow node's event; output is also codeExecutionResult's */
	ADK_NODE_INFO,
	ADK_OUTPUT,
	ADK_EVENT_LAST = ADK_OUTPUT,
	/* content */
	ADK_PARTS,
	ADK_ROLE,
	/* actions */
	ADK_STATE_DELTA,
	ADK_ARTIFACT_DELTA,
	ADK_TRANSFER_TO_AGENT,
	ADK_ESCALATE,
	ADK_SKIP_SUMMARIZATION,
	ADK_REQUESTED_AUTH_CONFIGS,
	ADK_REQUESTED_TOOL_CONFIRMATIONS,
	ADK_RESPONSE_CONTENT,
	ADK_COMPACTION, /* ADK Python 2.x: {startTimestamp, endTimestamp, compactedContent} */
	ADK_REWIND_BEFORE_INVOCATION_ID, /* ADK Python 2.x: a rewind's target (adk/rewind.h) */
	/* part */
	ADK_TEXT,
	ADK_THOUGHT,
	ADK_THOUGHT_SIGNATURE,
	ADK_INLINE_DATA,
	ADK_FILE_DATA,
	ADK_FUNCTION_CALL,
	ADK_FUNCTION_RESPONSE,
	ADK_EXECUTABLE_CODE,
	ADK_CODE_EXECUTION_RESULT,
	ADK_VIDEO_METADATA,
	/* functionCall, functionResponse */
	ADK_NAME,
	ADK_ARGS,
	ADK_RESPONSE,
	ADK_WILL_CONTINUE,
	ADK_SCHEDULING,
	/* inlineData, fileData */
	ADK_DATA,
	ADK_MIME_TYPE,
	ADK_DISPLAY_NAME,
	ADK_FILE_URI,
	/* executableCode, codeExecutionResult */
	ADK_CODE,
	ADK_LANGUAGE,
	ADK_OUTCOME,
	/* actions.compaction (ADK Python), nodeInfo (2.x workflows) */
	ADK_START_TIMESTAMP,
	ADK_END_TIMESTAMP,
	ADK_PATH,
	ADK_MESSAGE_AS_OUTPUT, /* nodeInfo: its model text is its output (an LlmAgent node) */
	/*
	 * a 2.x workflow router's choice (bool, int, string or list): ADK JS
	 * 2.0.0 writes it on the event, ADK Python 2.x in actions
	 */
	ADK_ROUTE,
	/* the args of an adk_request_input call (ADK 2.x RequestInput) */
	ADK_MESSAGE,
	/* usageMetadata */
	ADK_PROMPT_TOKEN_COUNT,
	ADK_CANDIDATES_TOKEN_COUNT,
	ADK_TOTAL_TOKEN_COUNT,
	ADK_THOUGHTS_TOKEN_COUNT,
	ADK_CACHED_CONTENT_TOKEN_COUNT,
	ADK_TOOL_USE_PROMPT_TOKEN_COUNT,
	/* citationMetadata */
	ADK_CITATIONS,
	/* session object (its id is ADK_ID), server stream error */
	ADK_EVENTS,
	ADK_APP_NAME,
	ADK_USER_ID,
	ADK_SESSION_STATE, /* a session's state */
	ADK_STREAM_ERROR,
	/*
	 * Vertex AI Agent Engine's sessions.events.list response and its
	 * SessionEvent envelope (adk/vertex.h), and what ADK keeps in its
	 * eventMetadata.customMetadata and actions
	 */
	ADK_SESSION_EVENTS,
	ADK_RAW_EVENT,
	ADK_EVENT_METADATA,
	ADK_TRANSFER_AGENT,
	ADK_VERTEX_USAGE,
	ADK_VERTEX_COMPACTION,
	ADK_VERTEX_WORKFLOW,
	ADK_AGENT_STATE,
	ADK_END_OF_AGENT,
	/*
	 * ADK Go's workflow members of an event (session/session.go), which its
	 * session database keeps in columns of their own (routes_json and the
	 * like); outside the event section, which has no bit left for them
	 */
	ADK_ROUTES,
	ADK_REQUESTED_INPUT,
	/*
	 * ADK 2.x members adkev reads by name only to spell them and pass them
	 * through (adkev-model(5)): renderUiWidgets (a widget's
	 * payload is its provider's own), setModelResponse; the event's
	 * isolationScope, interactionId, turnCompleteReason, liveSessionId; and
	 * the session_id and node_path that adk run --jsonl writes beside an
	 * event's own members
	 */
	ADK_RENDER_UI_WIDGETS,
	ADK_PAYLOAD,
	ADK_SET_MODEL_RESPONSE,
	ADK_ISOLATION_SCOPE,
	ADK_INTERACTION_ID,
	ADK_TURN_COMPLETE_REASON,
	ADK_LIVE_SESSION_ID,
	ADK_RUN_SESSION_ID,
	ADK_RUN_NODE_PATH,
	/* ADK's evaluation models: EvalSet, EvalCase, Invocation, IntermediateData,
	 * InvocationEvents (eval_set.py, eval_case.py), EvalConfig and its criteria
	 * (eval_config.py, eval_metrics.py) */
	ADK_EVAL_CASES,
	ADK_EVAL_ID,
	ADK_EVAL_SET_ID,
	ADK_CONVERSATION,
	ADK_CONVERSATION_SCENARIO,
	ADK_FINAL_SESSION_STATE,
	ADK_USER_CONTENT,
	ADK_FINAL_RESPONSE,
	ADK_INTERMEDIATE_DATA,
	ADK_TOOL_USES,
	ADK_INVOCATION_EVENTS,
	ADK_DURATION,
	ADK_CRITERIA,
	ADK_THRESHOLD,
	ADK_INCLUDE_INTERMEDIATE,
	ADK_MATCH_TYPE,
	ADK_IGNORE_ARGS,
	ADK_CUSTOM_METRICS,
	ADK_CODE_CONFIG,
	/* ADK's EvalSetResult and EvalCaseResult (eval_result.py), read as a baseline */
	ADK_EVAL_CASE_RESULTS,
	ADK_OVERALL_EVAL_METRIC_RESULTS,
	ADK_METRIC_NAME,
	ADK_SCORE,
	ADK_FIELD_COUNT
};

/* The camelCase spelling, the one adkev writes when it builds an event. */
const char *adk_field_name(enum adk_field field);
/* field's names, camelCase first, into names[0..return): one or two. */
size_t adk_field_spellings(enum adk_field field, const char *names[2]);
/* Whether key[0..len) (no NUL needed) is field's name under either spelling. */
bool adk_key_is(enum adk_field field, const char *key, size_t len);

/*
 * What a command reads of each event, so that the reader builds only that
 * (read/scan.h): the members it reads of the event, of its content, of its
 * actions and of each part of content.parts.  A member that is not read is
 * still there, standing in as true (or null where it is null), so whether
 * it is present can be asked but nothing more; a set of ADK_MEMBERS_ALL
 * has that object built whole.  ADK_MEMBER(field) is the field's bit in the
 * set of its own object (event, content, actions or part).
 */
typedef uint32_t adk_member_set;
#define ADK_MEMBERS_ALL (~(adk_member_set)0)
#define ADK_MEMBER(field)                                                                          \
	((adk_member_set)1 << ((field) - ((field) >= ADK_TEXT          ? ADK_TEXT                  \
	                                  : (field) >= ADK_STATE_DELTA ? ADK_STATE_DELTA           \
	                                  : (field) >= ADK_PARTS       ? ADK_PARTS                 \
	                                                               : ADK_ID)))
struct adk_reads {
	adk_member_set event, content, actions, part;
	/*
	 * An object with an eval_cases array (an ADK eval set) is built whole
	 * but for that array, which stands in as an empty one: the reader hands
	 * its cases out one at a time, each parsed from its own bytes, so an
	 * eval set is never held whole (adkev eval).
	 */
	bool split_eval_cases;
	/*
	 * How many levels of a part's functionCall and functionResponse are
	 * built where the part's set reads them: 0, all of them; else an
	 * object or array deeper stands in as true.  A call's name and a
	 * result's "error" and "status" are 2 levels down, its arguments and
	 * data below, and a tool's data can be most of a run's bytes.
	 */
	unsigned tool_levels;
};
/* Everything: every value built whole. */
extern const struct adk_reads adk_reads_all;

/* The objects of struct adk_reads. */
enum adk_object { ADK_OBJECT_EVENT, ADK_OBJECT_CONTENT, ADK_OBJECT_ACTIONS, ADK_OBJECT_PART };
/*
 * The field a key names among the members of object, under either
 * spelling; for an event also ADK_EVENTS, ADK_SESSION_EVENTS and
 * ADK_STREAM_ERROR, which the reader must see; ADK_FIELD_COUNT for any other key.  key[0..len) need
 * not end in a NUL.
 */
enum adk_field adk_member_of(enum adk_object object, const char *key, size_t len);

/*
 * A copy of v (caller owns it) with snake_case object keys spelled in
 * camelCase (prompt_token_count -> promptTokenCount), at the top level of an
 * object only, or at every level when deep (for genai structs such as
 * usageMetadata, which hold no user-chosen keys).  Null members are dropped
 * where keys are rewritten.
 */
json_t *adk_camel_copy(const json_t *v, bool deep);
/*
 * A copy of an event (caller owns it) with every key ADK wrote spelled one
 * way: camelCase as ADK JS and the servers write it, or snake_case as ADK
 * Python's model_dump() does.  What a user or a tool chose is kept as it
 * is: the keys inside a call's args, a result's response, a state or
 * artifact delta, custom metadata, auth and confirmation requests and an
 * agent's state.  Where a key is in both spellings the camelCase one wins
 * (events.md 1.2).
 */
json_t *adk_respelled(const json_t *event, bool snake);
/* The member of obj named field under either spelling; NULL if absent or null. */
json_t *adk_get(const json_t *obj, enum adk_field field);
/* The same, but only a string value; NULL otherwise. */
const char *adk_get_string(const json_t *obj, enum adk_field field);
/*
 * Whether the session object (NULL: none) names the session of id, app and
 * user (NULL: none), each its string member or none.  A file of session
 * objects is split where this turns false: two objects that name the same
 * session one after the other are one session, as in a database, and an
 * object is never told from the last by its address alone, which a new
 * object may take once the last is freed.
 */
bool session_object_names(const json_t *object, const char *id, const char *app, const char *user);

/*
 * A file's events split into sessions by the session object each came from
 * (--per-session, show, timeline): whether the last event came from one,
 * and its app, user and id, owned, NULL where absent.  An object is
 * only compared by its names (session_object_names()), never kept.
 */
struct session_split {
	bool started;   /* an event was read */
	bool in_object; /* the last one came from a session object */
	char *app, *user, *id;
};

#define SESSION_SPLIT_INIT                                                                         \
	{                                                                                          \
		false, false, NULL, NULL, NULL                                                     \
	}
void session_split_init(struct session_split *split);
/* Frees the names; split is then as session_split_init() leaves it, nothing read. */
void session_split_release(struct session_split *split);
/*
 * Whether an event from object (NULL: none) begins a session: the first
 * event does, and one from another session than the last's, or from none
 * after one, or from one after none.  The caller ends the last session,
 * whose names split still holds, and then calls session_split_take().
 */
bool session_split_begins(const struct session_split *split, const json_t *object);
/* Makes object's session (NULL: none) the one being read: its names copied. */
void session_split_take(struct session_split *split, const json_t *object);

/* Python's truthiness of adk_get(obj, field): false for absent, null, false, 0, "", [], {}. */
bool adk_truthy(const json_t *obj, enum adk_field field);
bool json_truthy(const json_t *value);

/* What a top-level JSON value read from input is (enum value_kind: item.h). */
enum value_kind value_kind(const json_t *value);
/* A short description of why value is not an event, for diagnostics. */
const char *value_not_event_reason(const json_t *value);

/* Event fields. */
const char *event_author(const json_t *event);
const char *event_invocation_id(const json_t *event);
/*
 * The author and the invocation id as the JSON strings they are (borrowed),
 * or NULL when absent or not strings.  A name may hold "\u0000", so names
 * are compared, printed and used as table keys with the length jansson
 * reports (json_string_length), never as C strings: "a\u0000evil" is not
 * "a".
 */
const json_t *event_author_string(const json_t *event);
const json_t *event_invocation_id_string(const json_t *event);
/* Whether s is a JSON string whose whole value, every byte of it, is name. */
bool json_string_equals(const json_t *s, const char *name);
/* Whether JSON strings a and b are the same bytes (false if either is not a string). */
bool json_strings_equal(const json_t *a, const json_t *b);
bool event_is_user(const json_t *event);
bool event_is_partial(const json_t *event);
/* content.parts as an array, or NULL. */
json_t *event_parts(const json_t *event);
/*
 * The parts an answer is read from: actions.responseContent (an array of
 * parts, or an object with parts) when it is present and non-empty, else
 * content.parts.  NULL when neither is an array.
 */
json_t *event_answer_parts(const json_t *event);
/*
 * Whether a non-partial event ends a model call: an agent's event whose
 * content is the model's, or that has usage or an error (timeline, to-otlp).
 * An event that repeats the usage of the call before it continues that call.
 */
bool event_is_model_call(const json_t *event);
/*
 * ADK's Event.is_final_response(), events.md section 2, but never true of
 * a compaction summary (event_is_compaction()): ADK JS 2.0.0 says true of
 * its compacted event (text, no call), yet its text restates earlier
 * events and is no answer (tests/corpus/adk2/RULES.md section 4).
 */
bool event_is_final(const json_t *event);
/*
 * Whether the event is a compaction summary of earlier events, which stay
 * in the session: ADK JS 2.0.0 writes a separate event with isCompacted
 * true (author "system", invocationId ""), ADK Python 2.x an event whose
 * actions.compaction is an object (author "user", no content).
 */
bool event_is_compaction(const json_t *event);
/* What a compaction summary says; pointers borrowed from the event. */
struct event_compaction {
	bool ranged;       /* both ends were given */
	double start, end; /* in seconds; ADK JS's start may lie after its end */
	const char *text;  /* the summary's text, or NULL */
	size_t text_len;
};
/* Reads a compaction summary; false when event is not one. */
bool event_compaction(const json_t *event, struct event_compaction *c);
/*
 * A 2.x workflow node's path (nodeInfo.path: ADK JS 2.0.0 "wf.node",
 * ADK Python "wf/A@1/B@1"; else a non-empty node_path of an adk run --jsonl
 * line), a JSON string borrowed from the event, or NULL.
 */
const json_t *event_node_path(const json_t *event);
/*
 * The message of an adk_request_input call part (ADK 2.x RequestInput,
 * args.message), *len bytes; "" for such a call without one; NULL when the
 * part is no such call.
 */
const char *part_input_request(const json_t *part, size_t *len);
/*
 * Whether the event's content is a user's message: in the user's role
 * (content.role "user") whoever wrote it, as a user's message that came
 * back through A2A under a remote agent's name is.  A tool's results, which
 * ADK also sends in the user's role, are not: an event with a function
 * response is the tool's.
 */
bool event_content_is_user(const json_t *event);
/*
 * Whether the event is an agent's final response, the one answers are read
 * from: event_is_final(), but never an event written by the user nor one
 * whose content is a user's message.  ADK's is_final_response() says yes
 * to both (it reads neither the author nor the role); final, reasoning,
 * eval, events --kind final, show and to-otlp all ask this instead.
 */
bool event_is_answer(const json_t *event);
/*
 * What event_is_answer(), event_is_final(), event_is_user(),
 * event_answer_parts(), part_text(), part_input_request() and
 * part_is_thought() read: all a command that picks answers out of events
 * needs built.  A part's calls are read down to an adk_request_input
 * call's message; its results are only asked whether they are there.  The ADK_READS_FINAL_* macros
 * are its four sets as initializers, for a command's own set that holds them and more.
 */
extern const struct adk_reads adk_reads_final;
#define ADK_READS_FINAL_EVENT                                                                      \
	(ADK_MEMBER(ADK_AUTHOR) | ADK_MEMBER(ADK_PARTIAL) | ADK_MEMBER(ADK_CONTENT) |              \
	 ADK_MEMBER(ADK_ACTIONS) | ADK_MEMBER(ADK_LONG_RUNNING_TOOL_IDS) |                         \
	 ADK_MEMBER(ADK_IS_COMPACTED))
#define ADK_READS_FINAL_CONTENT (ADK_MEMBER(ADK_PARTS) | ADK_MEMBER(ADK_ROLE))
#define ADK_READS_FINAL_ACTIONS                                                                    \
	(ADK_MEMBER(ADK_SKIP_SUMMARIZATION) | ADK_MEMBER(ADK_RESPONSE_CONTENT) |                   \
	 ADK_MEMBER(ADK_COMPACTION))
/* A call is read 3 levels down, to an adk_request_input call's message. */
#define ADK_READS_FINAL_PART                                                                       \
	(ADK_MEMBER(ADK_TEXT) | ADK_MEMBER(ADK_THOUGHT) | ADK_MEMBER(ADK_FUNCTION_CALL))
#define ADK_READS_FINAL_TOOL_LEVELS 3
/* The event's time in float seconds (milliseconds above 1e11 are converted); false if none. */
bool event_timestamp(const json_t *event, double *seconds);
/*
 * Folds the event's state delta into state (an object): the last write of
 * a key wins, in the place the key was first written (as a Python dict
 * keeps it), and "temp:" keys, which ADK keeps for the current invocation
 * only, are dropped.  The caller decides which events count (not partial
 * ones).
 */
void event_fold_state_delta(json_t *state, const json_t *event);
/*
 * Whether a state key (len bytes) is one ADK keeps for itself rather than
 * the app's: "_adk_" bookkeeping, which ADK Python's conformance harness
 * leaves out (event_actions.py), and the OAuth flow's "adk_oauth_state:ID"
 * and "adk_oauth_credential:ID", whose value holds a PKCE verifier (ADK
 * Python 2.x workflow auth, commit 4b1e0045).  state hides them, and
 * redaction hides their values.
 */
bool state_key_is_internal(const char *key, size_t len);

/*
 * A session stored in ADK's tables, without its events (caller owns it):
 * its id, app name and user id, and the state ADK's DatabaseSessionService
 * gives it back with (_merge_state): the session's own state, then each
 * key of app_state as "app:KEY" and of user_state as "user:KEY", a later
 * one winning.  The three states are borrowed; one that is not an object
 * counts as empty.
 */
json_t *session_stored_new(const char *app, const char *user, const char *id,
                           const json_t *app_state, const json_t *user_state,
                           const json_t *session_state);
/*
 * Folds the state of a stored session (session_stored_new()) into state,
 * the last write of a key winning as event_fold_state_delta()'s does.
 */
void session_fold_stored_state(json_t *state, const json_t *session);
/* The stream error text of a VALUE_STREAM_ERROR value. */
const char *stream_error_text(const json_t *value);

/* Part fields. */
/* The part's text if it is a string (possibly empty), else NULL; *len gets its length. */
const char *part_text(const json_t *part, size_t *len);
bool part_is_thought(const json_t *part);

#endif
