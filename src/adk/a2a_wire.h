/*
 * a2a_wire.h - what the A2A modules share, and no other module includes:
 * the A2A wire names and metadata keys (a2a.md sections 1 and 2), spelled
 * here and only here; the tables that pair them with genai part and event
 * members; and the small readers of JSON members all three use.
 *
 * a2a_out.c maps ADK to A2A, a2a_in.c A2A to ADK, and a2a_envelope.c finds
 * the A2A object in whatever it arrives in; a2a_wire.c holds the tables.
 */
#ifndef ADKEV_A2A_WIRE_H
#define ADKEV_A2A_WIRE_H

#include <jansson.h>
#include <stdbool.h>

#include "adk/event.h"

/* A2A wire field names (0.3 and 1.0). */
#define A_KIND        "kind"
#define A_TEXT        "text"
#define A_FILE        "file"
#define A_DATA        "data"
#define A_BYTES       "bytes"
#define A_URI         "uri"
#define A_MIME_TYPE   "mimeType"
#define A_NAME        "name"
#define A_METADATA    "metadata"
#define A_RAW         "raw"
#define A_URL         "url"
#define A_MEDIA_TYPE  "mediaType"
#define A_FILENAME    "filename"
#define A_MESSAGE_ID  "messageId"
#define A_ROLE        "role"
#define A_PARTS       "parts"
#define A_CONTEXT_ID  "contextId"
#define A_TASK_ID     "taskId"
#define A_ID          "id"
#define A_STATUS      "status"
#define A_STATE       "state"
#define A_MESSAGE     "message"
#define A_TIMESTAMP   "timestamp"
#define A_ARTIFACTS   "artifacts"
#define A_ARTIFACT    "artifact"
#define A_ARTIFACT_ID "artifactId"
#define A_APPEND      "append"
#define A_LAST_CHUNK  "lastChunk"
#define A_FINAL       "final"
#define A_JSONRPC     "jsonrpc"
#define A_RESULT      "result"
#define A_METHOD      "method"
#define A_ERROR       "error"
#define A_CODE        "code"
#define A_VALUE       "value"
/* 1.0 stream-response wrapper members. */
#define A_W_TASK     "task"
#define A_W_MESSAGE  "message"
#define A_W_STATUS   "statusUpdate"
#define A_W_ARTIFACT "artifactUpdate"
/* 0.3 kinds. */
#define KIND_TEXT     "text"
#define KIND_FILE     "file"
#define KIND_DATA     "data"
#define KIND_MESSAGE  "message"
#define KIND_TASK     "task"
#define KIND_STATUS   "status-update"
#define KIND_ARTIFACT "artifact-update"

/* A message's role: 0.3 writes the lower-case words, 1.0 the enum names. */
#define ROLE_USER_03  "user"
#define ROLE_AGENT_03 "agent"
#define ROLE_USER_10  "ROLE_USER"
#define ROLE_AGENT_10 "ROLE_AGENT"

/* A2A-side metadata keys (section 2.1). */
#define M_TYPE              "adk_type"
#define M_IS_LONG_RUNNING   "adk_is_long_running"
#define M_THOUGHT           "adk_thought"
#define M_THOUGHT_SIGNATURE "adk_thought_signature"
#define M_VIDEO_METADATA_GO "video_metadata"
#define M_VIDEO_METADATA    "adk_video_metadata"
#define M_ESCALATE          "adk_escalate"
#define M_TRANSFER          "adk_transfer_to_agent"
#define M_INVOCATION_ID     "adk_invocation_id"
#define M_AUTHOR            "adk_author"
#define M_BRANCH            "adk_branch"
#define M_EVENT_ID          "adk_event_id"
#define M_TIMESTAMP         "adk_timestamp"
#define M_ERROR_CODE        "adk_error_code"
#define M_ERROR_MESSAGE     "adk_error_message"
#define M_CITATION          "adk_citation_metadata"
#define M_GROUNDING         "adk_grounding_metadata"
#define M_USAGE             "adk_usage_metadata"
#define M_CUSTOM            "adk_custom_metadata"
#define M_PARTIAL           "adk_partial"
#define M_IS_ERROR_MESSAGE  "adk_is_error_message"
#define M_ACTIONS           "adk_actions"
#define M_LONG_RUNNING_IDS  "adk_long_running_tool_ids"
#define M_DATA_PART_COMPAT  "data_part_compat"
#define M_NODE_PATH         "adk_node_path"
#define M_NODE_INFO         "adk_node_info"
#define M_EVENT_MEMBERS     "adk_event_members"
/* adk_type values. */
#define T_FUNCTION_CALL         "function_call"
#define T_FUNCTION_RESPONSE     "function_response"
#define T_EXECUTABLE_CODE       "executable_code"
#define T_CODE_EXECUTION_RESULT "code_execution_result"
/* adkev's own: an ADK 2.x workflow node's output (Event.output), no genai part. */
#define T_OUTPUT "output"
/* ADK-side keys in customMetadata (section 2.2). */
#define C_TASK_ID    "a2a:task_id"
#define C_CONTEXT_ID "a2a:context_id"
#define C_ERROR      "a2a:error"

/* Data that is not a typed part travels as these around its JSON, as text/plain bytes. */
#define TAG_OPEN   "<a2a_datapart_json>"
#define TAG_CLOSE  "</a2a_datapart_json>"
#define TEXT_PLAIN "text/plain"

/* The typed DataParts: adk_type value <-> genai part member, in Go's checking order. */
struct a2a_typed_part {
	const char *type;
	enum adk_field field;
};
#define A2A_NTYPED 4
extern const struct a2a_typed_part a2a_typed_parts[A2A_NTYPED];

/*
 * The genai metadata objects an event carries whole, and their A2A keys
 * (sections 5 and 6.2), in the order from-a2a writes them.
 */
struct a2a_genai_object {
	const char *key;
	enum adk_field field;
};
#define A2A_NGENAI_OBJECTS 3
extern const struct a2a_genai_object a2a_genai_objects[A2A_NGENAI_OBJECTS];

/*
 * The event members no other key carries, which to-a2a --lossless writes
 * in adk_event_members and from-a2a sets back: ADK 2.x's isolationScope,
 * the Live API's interactionId, turnCompleteReason, liveSessionId and
 * transcriptions, adk run --jsonl's session_id and node_path, a router's
 * route(s) and ADK Go's requestedInput; the model's partial, finishReason, interrupted,
 * modelVersion, logprobs and cache members; and ADK JS's compaction members.  Each is named there
 * as from-a2a writes it, adk_field_name()'s spelling.
 */
#define A2A_NEVENT_MEMBERS 23
extern const enum adk_field a2a_event_members[A2A_NEVENT_MEMBERS];

/*
 * The members that name an event, which adk_event_members holds only when
 * they are the empty string: from-a2a would name the event itself.
 */
#define A2A_NEVENT_NAMES 4
extern const enum adk_field a2a_event_names[A2A_NEVENT_NAMES];

/*
 * An event's actions without default members (null, false, "", [], {}),
 * top-level keys in camelCase: as to-a2a --lossless writes adk_actions and
 * as from-a2a reads it back.  Caller owns the result.
 */
json_t *a2a_normalised_actions(const json_t *actions);

/* Member key of obj when it is a string, else NULL; borrowed. */
static inline const char *string_member(const json_t *obj, const char *key)
{
	json_t *v = json_object_get(obj, key);
	return json_is_string(v) ? json_string_value(v) : NULL;
}

/* Member key of obj when it is an object, else NULL; borrowed. */
static inline json_t *object_member(const json_t *obj, const char *key)
{
	json_t *v = json_object_get(obj, key);
	return json_is_object(v) ? v : NULL;
}

static inline bool true_member(const json_t *obj, const char *key)
{
	return json_is_true(json_object_get(obj, key));
}

/* s, or NULL when it is NULL or empty: an empty id or name is an unset one. */
static inline const char *nonempty(const char *s)
{
	return s && *s ? s : NULL;
}

#endif
