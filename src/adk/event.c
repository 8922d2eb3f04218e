/*
 * event.c - ADK field names in both spellings, and the rules ADK itself
 * applies to events (is_final_response, timestamps).  No other file spells
 * an ADK field name.
 */
#include "adk/event.h"
#include "stamp.h"
#include "util.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

static const struct {
	const char *camel;
	const char *snake; /* NULL where both spellings are the same */
	/* Their lengths, so that a key read from input is matched without strlen(). */
	unsigned char camel_len, snake_len;
} field_names[ADK_FIELD_COUNT] = {
#define ONE_SPELLING(camel)                                                                        \
	{                                                                                          \
		camel, NULL, sizeof camel - 1, 0                                                   \
	}
#define TWO_SPELLINGS(camel, snake)                                                                \
	{                                                                                          \
		camel, snake, sizeof camel - 1, sizeof snake - 1                                   \
	}
    [ADK_ID] = ONE_SPELLING("id"),
    [ADK_INVOCATION_ID] = TWO_SPELLINGS("invocationId", "invocation_id"),
    [ADK_AUTHOR] = ONE_SPELLING("author"),
    [ADK_BRANCH] = ONE_SPELLING("branch"),
    [ADK_TIMESTAMP] = ONE_SPELLING("timestamp"),
    [ADK_CONTENT] = ONE_SPELLING("content"),
    [ADK_ACTIONS] = ONE_SPELLING("actions"),
    [ADK_PARTIAL] = ONE_SPELLING("partial"),
    [ADK_TURN_COMPLETE] = TWO_SPELLINGS("turnComplete", "turn_complete"),
    [ADK_ERROR_CODE] = TWO_SPELLINGS("errorCode", "error_code"),
    [ADK_ERROR_MESSAGE] = TWO_SPELLINGS("errorMessage", "error_message"),
    [ADK_LONG_RUNNING_TOOL_IDS] = TWO_SPELLINGS("longRunningToolIds", "long_running_tool_ids"),
    [ADK_USAGE_METADATA] = TWO_SPELLINGS("usageMetadata", "usage_metadata"),
    [ADK_CUSTOM_METADATA] = TWO_SPELLINGS("customMetadata", "custom_metadata"),
    [ADK_GROUNDING_METADATA] = TWO_SPELLINGS("groundingMetadata", "grounding_metadata"),
    [ADK_CITATION_METADATA] = TWO_SPELLINGS("citationMetadata", "citation_metadata"),
    [ADK_FINISH_REASON] = TWO_SPELLINGS("finishReason", "finish_reason"),
    [ADK_INTERRUPTED] = ONE_SPELLING("interrupted"),
    [ADK_MODEL_VERSION] = TWO_SPELLINGS("modelVersion", "model_version"),
    [ADK_INPUT_TRANSCRIPTION] = TWO_SPELLINGS("inputTranscription", "input_transcription"),
    [ADK_OUTPUT_TRANSCRIPTION] = TWO_SPELLINGS("outputTranscription", "output_transcription"),
    [ADK_AVG_LOGPROBS] = TWO_SPELLINGS("avgLogprobs", "avg_logprobs"),
    [ADK_LOGPROBS_RESULT] = TWO_SPELLINGS("logprobsResult", "logprobs_result"),
    [ADK_LIVE_SESSION_RESUMPTION_UPDATE] =
        TWO_SPELLINGS("liveSessionResumptionUpdate", "live_session_resumption_update"),
    [ADK_CACHE_METADATA] = TWO_SPELLINGS("cacheMetadata", "cache_metadata"),
    [ADK_IS_COMPACTED] = TWO_SPELLINGS("isCompacted", "is_compacted"),
    [ADK_START_TIME] = TWO_SPELLINGS("startTime", "start_time"),
    [ADK_END_TIME] = TWO_SPELLINGS("endTime", "end_time"),
    [ADK_COMPACTED_CONTENT] = TWO_SPELLINGS("compactedContent", "compacted_content"),
    [ADK_NODE_INFO] = TWO_SPELLINGS("nodeInfo", "node_info"),
    [ADK_OUTPUT] = ONE_SPELLING("output"),
    [ADK_PARTS] = ONE_SPELLING("parts"),
    [ADK_ROLE] = ONE_SPELLING("role"),
    [ADK_STATE_DELTA] = TWO_SPELLINGS("stateDelta", "state_delta"),
    [ADK_ARTIFACT_DELTA] = TWO_SPELLINGS("artifactDelta", "artifact_delta"),
    [ADK_TRANSFER_TO_AGENT] = TWO_SPELLINGS("transferToAgent", "transfer_to_agent"),
    [ADK_ESCALATE] = ONE_SPELLING("escalate"),
    [ADK_SKIP_SUMMARIZATION] = TWO_SPELLINGS("skipSummarization", "skip_summarization"),
    [ADK_REQUESTED_AUTH_CONFIGS] = TWO_SPELLINGS("requestedAuthConfigs", "requested_auth_configs"),
    [ADK_REQUESTED_TOOL_CONFIRMATIONS] =
        TWO_SPELLINGS("requestedToolConfirmations", "requested_tool_confirmations"),
    [ADK_RESPONSE_CONTENT] = TWO_SPELLINGS("responseContent", "response_content"),
    [ADK_COMPACTION] = ONE_SPELLING("compaction"),
    [ADK_REWIND_BEFORE_INVOCATION_ID] =
        TWO_SPELLINGS("rewindBeforeInvocationId", "rewind_before_invocation_id"),
    [ADK_TEXT] = ONE_SPELLING("text"),
    [ADK_THOUGHT] = ONE_SPELLING("thought"),
    [ADK_THOUGHT_SIGNATURE] = TWO_SPELLINGS("thoughtSignature", "thought_signature"),
    [ADK_INLINE_DATA] = TWO_SPELLINGS("inlineData", "inline_data"),
    [ADK_FILE_DATA] = TWO_SPELLINGS("fileData", "file_data"),
    [ADK_FUNCTION_CALL] = TWO_SPELLINGS("functionCall", "function_call"),
    [ADK_FUNCTION_RESPONSE] = TWO_SPELLINGS("functionResponse", "function_response"),
    [ADK_EXECUTABLE_CODE] = TWO_SPELLINGS("executableCode", "executable_code"),
    [ADK_CODE_EXECUTION_RESULT] = TWO_SPELLINGS("codeExecutionResult", "code_execution_result"),
    [ADK_VIDEO_METADATA] = TWO_SPELLINGS("videoMetadata", "video_metadata"),
    [ADK_NAME] = ONE_SPELLING("name"),
    [ADK_ARGS] = ONE_SPELLING("args"),
    [ADK_RESPONSE] = ONE_SPELLING("response"),
    [ADK_WILL_CONTINUE] = TWO_SPELLINGS("willContinue", "will_continue"),
    [ADK_SCHEDULING] = ONE_SPELLING("scheduling"),
    [ADK_DATA] = ONE_SPELLING("data"),
    [ADK_MIME_TYPE] = TWO_SPELLINGS("mimeType", "mime_type"),
    [ADK_DISPLAY_NAME] = TWO_SPELLINGS("displayName", "display_name"),
    [ADK_FILE_URI] = TWO_SPELLINGS("fileUri", "file_uri"),
    [ADK_CODE] = ONE_SPELLING("code"),
    [ADK_LANGUAGE] = ONE_SPELLING("language"),
    [ADK_OUTCOME] = ONE_SPELLING("outcome"),
    [ADK_START_TIMESTAMP] = TWO_SPELLINGS("startTimestamp", "start_timestamp"),
    [ADK_END_TIMESTAMP] = TWO_SPELLINGS("endTimestamp", "end_timestamp"),
    [ADK_PATH] = ONE_SPELLING("path"),
    [ADK_MESSAGE_AS_OUTPUT] = TWO_SPELLINGS("messageAsOutput", "message_as_output"),
    [ADK_ROUTE] = ONE_SPELLING("route"),
    [ADK_MESSAGE] = ONE_SPELLING("message"),
    [ADK_PROMPT_TOKEN_COUNT] = TWO_SPELLINGS("promptTokenCount", "prompt_token_count"),
    [ADK_CANDIDATES_TOKEN_COUNT] = TWO_SPELLINGS("candidatesTokenCount", "candidates_token_count"),
    [ADK_TOTAL_TOKEN_COUNT] = TWO_SPELLINGS("totalTokenCount", "total_token_count"),
    [ADK_THOUGHTS_TOKEN_COUNT] = TWO_SPELLINGS("thoughtsTokenCount", "thoughts_token_count"),
    [ADK_CACHED_CONTENT_TOKEN_COUNT] =
        TWO_SPELLINGS("cachedContentTokenCount", "cached_content_token_count"),
    [ADK_TOOL_USE_PROMPT_TOKEN_COUNT] =
        TWO_SPELLINGS("toolUsePromptTokenCount", "tool_use_prompt_token_count"),
    [ADK_CITATIONS] = ONE_SPELLING("citations"),
    [ADK_EVENTS] = ONE_SPELLING("events"),
    [ADK_APP_NAME] = TWO_SPELLINGS("appName", "app_name"),
    [ADK_USER_ID] = TWO_SPELLINGS("userId", "user_id"),
    [ADK_SESSION_STATE] = ONE_SPELLING("state"),
    [ADK_STREAM_ERROR] = ONE_SPELLING("error"),
    [ADK_SESSION_EVENTS] = TWO_SPELLINGS("sessionEvents", "session_events"),
    [ADK_RAW_EVENT] = TWO_SPELLINGS("rawEvent", "raw_event"),
    [ADK_EVENT_METADATA] = TWO_SPELLINGS("eventMetadata", "event_metadata"),
    [ADK_TRANSFER_AGENT] = TWO_SPELLINGS("transferAgent", "transfer_agent"),
    [ADK_VERTEX_USAGE] = ONE_SPELLING("_usage_metadata"),
    [ADK_VERTEX_COMPACTION] = ONE_SPELLING("_compaction"),
    [ADK_VERTEX_WORKFLOW] = ONE_SPELLING("_workflow"),
    [ADK_AGENT_STATE] = TWO_SPELLINGS("agentState", "agent_state"),
    [ADK_END_OF_AGENT] = TWO_SPELLINGS("endOfAgent", "end_of_agent"),
    [ADK_ROUTES] = ONE_SPELLING("routes"),
    [ADK_REQUESTED_INPUT] = TWO_SPELLINGS("requestedInput", "requested_input"),
    [ADK_RENDER_UI_WIDGETS] = TWO_SPELLINGS("renderUiWidgets", "render_ui_widgets"),
    [ADK_PAYLOAD] = ONE_SPELLING("payload"),
    [ADK_SET_MODEL_RESPONSE] = TWO_SPELLINGS("setModelResponse", "set_model_response"),
    [ADK_ISOLATION_SCOPE] = TWO_SPELLINGS("isolationScope", "isolation_scope"),
    [ADK_INTERACTION_ID] = TWO_SPELLINGS("interactionId", "interaction_id"),
    [ADK_TURN_COMPLETE_REASON] = TWO_SPELLINGS("turnCompleteReason", "turn_complete_reason"),
    [ADK_LIVE_SESSION_ID] = TWO_SPELLINGS("liveSessionId", "live_session_id"),
    /* adk run --jsonl writes these two in snake_case beside a camelCase event:
     * they are its own, not the Event's, and keep that one spelling. */
    [ADK_RUN_SESSION_ID] = ONE_SPELLING("session_id"),
    [ADK_RUN_NODE_PATH] = ONE_SPELLING("node_path"),
    [ADK_EVAL_CASES] = TWO_SPELLINGS("evalCases", "eval_cases"),
    [ADK_EVAL_ID] = TWO_SPELLINGS("evalId", "eval_id"),
    [ADK_EVAL_SET_ID] = TWO_SPELLINGS("evalSetId", "eval_set_id"),
    [ADK_CONVERSATION] = ONE_SPELLING("conversation"),
    [ADK_CONVERSATION_SCENARIO] = TWO_SPELLINGS("conversationScenario", "conversation_scenario"),
    [ADK_FINAL_SESSION_STATE] = TWO_SPELLINGS("finalSessionState", "final_session_state"),
    [ADK_USER_CONTENT] = TWO_SPELLINGS("userContent", "user_content"),
    [ADK_FINAL_RESPONSE] = TWO_SPELLINGS("finalResponse", "final_response"),
    [ADK_INTERMEDIATE_DATA] = TWO_SPELLINGS("intermediateData", "intermediate_data"),
    [ADK_TOOL_USES] = TWO_SPELLINGS("toolUses", "tool_uses"),
    [ADK_INVOCATION_EVENTS] = TWO_SPELLINGS("invocationEvents", "invocation_events"),
    [ADK_DURATION] = ONE_SPELLING("duration"),
    [ADK_CRITERIA] = ONE_SPELLING("criteria"),
    [ADK_THRESHOLD] = ONE_SPELLING("threshold"),
    [ADK_INCLUDE_INTERMEDIATE] = TWO_SPELLINGS("includeIntermediateResponsesInFinal",
                                               "include_intermediate_responses_in_final"),
    [ADK_MATCH_TYPE] = TWO_SPELLINGS("matchType", "match_type"),
    [ADK_IGNORE_ARGS] = TWO_SPELLINGS("ignoreArgs", "ignore_args"),
    [ADK_CUSTOM_METRICS] = TWO_SPELLINGS("customMetrics", "custom_metrics"),
    [ADK_CODE_CONFIG] = TWO_SPELLINGS("codeConfig", "code_config"),
    [ADK_EVAL_CASE_RESULTS] = TWO_SPELLINGS("evalCaseResults", "eval_case_results"),
    [ADK_OVERALL_EVAL_METRIC_RESULTS] =
        TWO_SPELLINGS("overallEvalMetricResults", "overall_eval_metric_results"),
    [ADK_METRIC_NAME] = TWO_SPELLINGS("metricName", "metric_name"),
    [ADK_SCORE] = ONE_SPELLING("score"),
#undef ONE_SPELLING
#undef TWO_SPELLINGS
};

const char *adk_field_name(enum adk_field field)
{
	return field_names[field].camel;
}

size_t adk_field_spellings(enum adk_field field, const char *names[2])
{
	names[0] = field_names[field].camel;
	names[1] = field_names[field].snake;
	return names[1] ? 2 : 1;
}

/* Whether key[0..len) is field's name under either spelling. */
static bool spelt(enum adk_field field, const char *key, size_t len)
{
	const char *camel = field_names[field].camel, *snake = field_names[field].snake;
	return (len == field_names[field].camel_len && memcmp(camel, key, len) == 0) ||
	       (snake && len == field_names[field].snake_len && memcmp(snake, key, len) == 0);
}

bool adk_key_is(enum adk_field field, const char *key, size_t len)
{
	return spelt(field, key, len);
}

const struct adk_reads adk_reads_all = {.event = ADK_MEMBERS_ALL,
                                        .content = ADK_MEMBERS_ALL,
                                        .actions = ADK_MEMBERS_ALL,
                                        .part = ADK_MEMBERS_ALL};

/* The first and last field of each object's section of enum adk_field. */
static const struct {
	enum adk_field first, last;
} object_fields[] = {
    [ADK_OBJECT_EVENT] = {ADK_ID, ADK_EVENT_LAST},
    [ADK_OBJECT_CONTENT] = {ADK_PARTS, ADK_ROLE},
    [ADK_OBJECT_ACTIONS] = {ADK_STATE_DELTA, ADK_REWIND_BEFORE_INVOCATION_ID},
    [ADK_OBJECT_PART] = {ADK_TEXT, ADK_VIDEO_METADATA},
};

/*
 * Where each object's names are found: an open-addressed table per object,
 * by a hash of a key's length and three of its bytes, so that the scanner's
 * look-up of every key it reads costs a probe or two, not a walk over the
 * object's fields.  Each slot holds a field plus one (0: empty).  Names are
 * put in the order adk_member_of() once tried them, so where two could
 * match, the first still wins.
 */
#define MEMBER_SLOTS 256
static unsigned char member_slots[ADK_OBJECT_PART + 1][MEMBER_SLOTS];
_Static_assert(ADK_FIELD_COUNT < 255, "a field and one fit in a slot");

static size_t member_hash(const char *key, size_t len)
{
	const unsigned char *k = (const unsigned char *)key;
	return (len * 37 + k[0] * 7 + k[len / 2] * 3 + k[len - 1]) % MEMBER_SLOTS;
}

static void put_member(enum adk_object object, const char *name, size_t len, enum adk_field field)
{
	size_t slot = member_hash(name, len);
	while (member_slots[object][slot])
		slot = (slot + 1) % MEMBER_SLOTS;
	member_slots[object][slot] = (unsigned char)(field + 1);
}

static void put_field(enum adk_object object, enum adk_field field)
{
	put_member(object, field_names[field].camel, field_names[field].camel_len, field);
	if (field_names[field].snake)
		put_member(object, field_names[field].snake, field_names[field].snake_len, field);
}

static void make_member_slots(void)
{
	for (int object = ADK_OBJECT_EVENT; object <= ADK_OBJECT_PART; object++)
		for (int field = object_fields[object].first;
		     field <= (int)object_fields[object].last; field++)
			put_field((enum adk_object)object, (enum adk_field)field);
	put_field(ADK_OBJECT_EVENT, ADK_EVENTS);
	put_field(ADK_OBJECT_EVENT, ADK_SESSION_EVENTS);
	put_field(ADK_OBJECT_EVENT, ADK_STREAM_ERROR);
}

enum adk_field adk_member_of(enum adk_object object, const char *key, size_t len)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;
	pthread_once(&once, make_member_slots);
	if (len == 0)
		return ADK_FIELD_COUNT;
	for (size_t slot = member_hash(key, len); member_slots[object][slot];
	     slot = (slot + 1) % MEMBER_SLOTS) {
		enum adk_field field = (enum adk_field)(member_slots[object][slot] - 1);
		if (spelt(field, key, len))
			return field;
	}
	return ADK_FIELD_COUNT;
}

json_t *adk_camel_copy(const json_t *v, bool deep)
{
	if (json_is_array(v) && deep) {
		json_t *out = json_array();
		size_t i;
		json_t *el;
		json_array_foreach(v, i, el)
		{
			json_array_append_new(out, adk_camel_copy(el, deep));
		}
		return out;
	}
	if (!json_is_object(v))
		return json_incref((json_t *)v);
	json_t *out = json_object();
	const char *key;
	json_t *member;
	json_object_foreach((json_t *)v, key, member)
	{
		if (json_is_null(member))
			continue;
		char *camel = xstrdup(key), *w = camel;
		for (const char *r = key; *r; r++) {
			/* "_x" becomes "X"; a leading, trailing or doubled "_" stays. */
			if (*r == '_' && r != key && r[1] >= 'a' && r[1] <= 'z') {
				*w++ = (char)(r[1] - 'a' + 'A');
				r++;
			} else {
				*w++ = *r;
			}
		}
		*w = '\0';
		/* The camelCase spelling wins when both are present (events.md 1.2). */
		if (strcmp(camel, key) == 0 || !json_object_get(v, camel))
			json_object_set_new(
			    out, camel, deep ? adk_camel_copy(member, deep) : json_incref(member));
		free(camel);
	}
	return out;
}

/*
 * Whether key names one of the fields whose value a user or a tool chose, in
 * either spelling: ADK's models hold them as dict or Any, so its dumps keep
 * their keys as they are (a widget's payload and ADK 2.x's setModelResponse
 * and agentState among them).
 */
static bool holds_user_keys(const char *key)
{
	static const enum adk_field opaque[] = {ADK_ARGS,
	                                        ADK_RESPONSE,
	                                        ADK_STATE_DELTA,
	                                        ADK_ARTIFACT_DELTA,
	                                        ADK_CUSTOM_METADATA,
	                                        ADK_REQUESTED_AUTH_CONFIGS,
	                                        ADK_REQUESTED_TOOL_CONFIRMATIONS,
	                                        ADK_AGENT_STATE,
	                                        ADK_OUTPUT,
	                                        ADK_PAYLOAD,
	                                        ADK_SET_MODEL_RESPONSE};
	for (size_t i = 0; i < sizeof opaque / sizeof *opaque; i++) {
		const char *snake = field_names[opaque[i]].snake;
		if (strcmp(key, field_names[opaque[i]].camel) == 0 ||
		    (snake && strcmp(key, snake) == 0))
			return true;
	}
	return false;
}

/* key in snake_case (promptTokenCount -> prompt_token_count) or camelCase; the caller frees it. */
static char *respell_key(const char *key, bool snake)
{
	size_t n = strlen(key);
	char *out = xmalloc(2 * n + 1), *w = out;
	for (const char *r = key; *r; r++) {
		if (snake && *r >= 'A' && *r <= 'Z' && r != key) {
			*w++ = '_';
			*w++ = (char)(*r - 'A' + 'a');
		} else if (!snake && *r == '_' && r != key && r[1] >= 'a' && r[1] <= 'z') {
			/* "_x" becomes "X"; a leading, trailing or doubled "_" stays. */
			*w++ = (char)(r[1] - 'a' + 'A');
			r++;
		} else {
			*w++ = *r;
		}
	}
	*w = '\0';
	return out;
}

json_t *adk_respelled(const json_t *v, bool snake)
{
	if (json_is_array(v)) {
		json_t *out = json_array(), *el;
		size_t i;
		json_array_foreach(v, i, el) json_array_append_new(out, adk_respelled(el, snake));
		return out;
	}
	if (!json_is_object(v))
		return json_incref((json_t *)v);
	json_t *out = json_object(), *member;
	const char *key;
	json_object_foreach((json_t *)v, key, member)
	{
		if (adk_key_is(ADK_RUN_SESSION_ID, key, strlen(key)) ||
		    adk_key_is(ADK_RUN_NODE_PATH, key, strlen(key))) {
			json_object_set(out, key, member);
			continue;
		}
		char *spelt = respell_key(key, snake);
		char *camel = snake ? respell_key(key, false) : NULL;
		/* The camelCase key wins: a snake_case key whose camelCase twin is here is dropped.
		 */
		bool twin = strcmp(camel ? camel : spelt, key) != 0 &&
		            json_object_get(v, camel ? camel : spelt);
		if (!twin || !strchr(key, '_'))
			json_object_set_new(out, spelt,
			                    holds_user_keys(key) ? json_incref(member)
			                                         : adk_respelled(member, snake));
		free(spelt);
		free(camel);
	}
	return out;
}

json_t *adk_get(const json_t *obj, enum adk_field field)
{
	if (!json_is_object(obj))
		return NULL;
	json_t *v = json_object_get(obj, field_names[field].camel);
	if (v && !json_is_null(v))
		return v;
	if (!field_names[field].snake)
		return NULL;
	v = json_object_get(obj, field_names[field].snake);
	return v && !json_is_null(v) ? v : NULL;
}

const char *adk_get_string(const json_t *obj, enum adk_field field)
{
	json_t *v = adk_get(obj, field);
	return json_is_string(v) ? json_string_value(v) : NULL;
}

/* Whether two strings, either of them NULL, are the same. */
static bool same_string(const char *a, const char *b)
{
	return a == b || (a && b && strcmp(a, b) == 0);
}

bool session_object_names(const json_t *object, const char *id, const char *app, const char *user)
{
	return same_string(adk_get_string(object, ADK_ID), id) &&
	       same_string(adk_get_string(object, ADK_APP_NAME), app) &&
	       same_string(adk_get_string(object, ADK_USER_ID), user);
}

void session_split_init(struct session_split *split)
{
	*split = (struct session_split)SESSION_SPLIT_INIT;
}

void session_split_release(struct session_split *split)
{
	free(split->app);
	free(split->user);
	free(split->id);
	session_split_init(split);
}

bool session_split_begins(const struct session_split *split, const json_t *object)
{
	return !split->started || !object != !split->in_object ||
	       !session_object_names(object, split->id, split->app, split->user);
}

/* A copy of the string member field of object; NULL where there is none. */
static char *string_copy(const json_t *object, enum adk_field field)
{
	const char *s = adk_get_string(object, field);
	return s ? xstrdup(s) : NULL;
}

void session_split_take(struct session_split *split, const json_t *object)
{
	session_split_release(split);
	split->started = true;
	split->in_object = object != NULL;
	split->app = string_copy(object, ADK_APP_NAME);
	split->user = string_copy(object, ADK_USER_ID);
	split->id = string_copy(object, ADK_ID);
}

bool json_truthy(const json_t *v)
{
	switch (json_typeof(v)) {
	case JSON_OBJECT:
		return json_object_size(v) > 0;
	case JSON_ARRAY:
		return json_array_size(v) > 0;
	case JSON_STRING:
		return json_string_length(v) > 0;
	case JSON_INTEGER:
		return json_integer_value(v) != 0;
	case JSON_REAL:
		return json_real_value(v) != 0.0;
	case JSON_TRUE:
		return true;
	default:
		return false;
	}
}

bool adk_truthy(const json_t *obj, enum adk_field field)
{
	json_t *v = adk_get(obj, field);
	return v && json_truthy(v);
}

/*
 * The members that mark an A2A object (a Message, Task or task update) or a
 * JSON-RPC envelope at the top.  Such an object is refused with a hint to
 * from-a2a rather than read as an event, unless it also carries an Event
 * member other than id (an A2A Task has an id too).
 */
static const char *const a2a_members[] = {"kind", "messageId", "parts"};

/*
 * A value is an event when it is an object with at least one member of
 * ADK's Event schema (events.md 1.1); any one of them is enough (an event
 * holding only its groundingMetadata is still an event).  The members are
 * the event section of enum adk_field (event.h).  A member whose value is
 * null counts as absent, as everywhere (events.md 1.2), so {} and an object
 * whose members are all null are empty events.  Whether obj has one;
 * with_id false: one other than id.
 */
static bool has_event_member(const json_t *obj, bool with_id)
{
	for (int field = with_id ? ADK_ID : ADK_ID + 1; field <= ADK_EVENT_LAST; field++)
		if (adk_get(obj, (enum adk_field)field))
			return true;
	return false;
}

static bool all_members_null(const json_t *obj)
{
	const char *key;
	json_t *v;
	json_object_foreach((json_t *)obj, key, v) if (!json_is_null(v)) return false;
	return true;
}

static bool is_a2a(const json_t *obj)
{
	for (size_t i = 0; i < sizeof a2a_members / sizeof a2a_members[0]; i++)
		if (json_object_get(obj, a2a_members[i]))
			return true;
	return false;
}

enum value_kind value_kind(const json_t *value)
{
	if (json_is_array(value))
		return VALUE_ARRAY;
	if (!json_is_object(value))
		return VALUE_OTHER;
	/* A Vertex AI sessions.events.list response is handed out as a session is. */
	if (json_is_array(adk_get(value, ADK_EVENTS)) ||
	    json_is_array(adk_get(value, ADK_SESSION_EVENTS)))
		return VALUE_SESSION;
	if (json_object_size(value) == 1 && json_is_string(adk_get(value, ADK_STREAM_ERROR)))
		return VALUE_STREAM_ERROR;
	/* Asked first, as nearly every value is an event with an author. */
	if (has_event_member(value, false))
		return VALUE_EVENT;
	/* An A2A Task has an id too: alone, it does not make an event. */
	if (json_object_get(value, "jsonrpc") || is_a2a(value))
		return VALUE_OTHER;
	if (adk_get(value, ADK_ID) || all_members_null(value))
		return VALUE_EVENT;
	return VALUE_OTHER;
}

const char *value_not_event_reason(const json_t *value)
{
	switch (json_typeof(value)) {
	case JSON_OBJECT:
		if (json_object_get(value, "jsonrpc"))
			return "not an ADK event: a JSON-RPC envelope; adkev from-a2a reads A2A's";
		if (adk_get(value, ADK_SESSION_EVENTS))
			return "not an ADK event: a Vertex AI sessions.events.list response whose "
			       "sessionEvents is not an array";
		if (is_a2a(value))
			return "not an ADK event: an A2A object (kind, messageId or parts at the "
			       "top); adkev from-a2a converts it";
		return "not an ADK event: an object with no member of ADK's Event schema";
	case JSON_ARRAY:
		return "not an ADK event: an array inside an array";
	case JSON_STRING:
		return "not an ADK event: a string";
	case JSON_INTEGER:
	case JSON_REAL:
		return "not an ADK event: a number";
	case JSON_NULL:
		return "not an ADK event: null";
	default:
		return "not an ADK event: a boolean";
	}
}

const char *event_author(const json_t *event)
{
	return adk_get_string(event, ADK_AUTHOR);
}

const char *event_invocation_id(const json_t *event)
{
	return adk_get_string(event, ADK_INVOCATION_ID);
}

static const json_t *string_or_null(const json_t *v)
{
	return json_is_string(v) ? v : NULL;
}

const json_t *event_author_string(const json_t *event)
{
	return string_or_null(adk_get(event, ADK_AUTHOR));
}

const json_t *event_invocation_id_string(const json_t *event)
{
	return string_or_null(adk_get(event, ADK_INVOCATION_ID));
}

bool json_string_equals(const json_t *s, const char *name)
{
	size_t len = strlen(name);
	return json_is_string(s) && json_string_length(s) == len &&
	       memcmp(json_string_value(s), name, len) == 0;
}

bool json_strings_equal(const json_t *a, const json_t *b)
{
	return json_is_string(a) && json_is_string(b) &&
	       json_string_length(a) == json_string_length(b) &&
	       memcmp(json_string_value(a), json_string_value(b), json_string_length(a)) == 0;
}

bool event_is_user(const json_t *event)
{
	return json_string_equals(event_author_string(event), "user");
}

bool event_is_partial(const json_t *event)
{
	return adk_truthy(event, ADK_PARTIAL);
}

json_t *event_parts(const json_t *event)
{
	json_t *parts = adk_get(adk_get(event, ADK_CONTENT), ADK_PARTS);
	return json_is_array(parts) ? parts : NULL;
}

json_t *event_answer_parts(const json_t *event)
{
	json_t *rc = adk_get(adk_get(event, ADK_ACTIONS), ADK_RESPONSE_CONTENT);
	if (json_is_object(rc))
		rc = adk_get(rc, ADK_PARTS);
	if (json_is_array(rc) && json_array_size(rc) > 0)
		return rc;
	return event_parts(event);
}

bool event_is_final(const json_t *event)
{
	if (event_is_compaction(event))
		return false;
	if (adk_truthy(adk_get(event, ADK_ACTIONS), ADK_SKIP_SUMMARIZATION))
		return true;
	json_t *lrt = adk_get(event, ADK_LONG_RUNNING_TOOL_IDS);
	if (json_is_array(lrt) && json_array_size(lrt) > 0)
		return true;
	json_t *parts = event_parts(event);
	size_t i, n = parts ? json_array_size(parts) : 0;
	json_t *part;
	json_array_foreach(parts, i, part)
	{
		if (adk_get(part, ADK_FUNCTION_CALL) || adk_get(part, ADK_FUNCTION_RESPONSE))
			return false;
	}
	if (event_is_partial(event))
		return false;
	if (n > 0 && adk_get(json_array_get(parts, n - 1), ADK_CODE_EXECUTION_RESULT))
		return false;
	return true;
}

bool event_content_is_user(const json_t *event)
{
	const char *role = adk_get_string(adk_get(event, ADK_CONTENT), ADK_ROLE);
	if (!role || strcmp(role, "user") != 0)
		return false;
	size_t i;
	json_t *part;
	json_array_foreach(event_parts(event), i, part)
	{
		if (adk_get(part, ADK_FUNCTION_RESPONSE))
			return false;
	}
	return true;
}

bool event_is_answer(const json_t *event)
{
	return !event_is_user(event) && !event_content_is_user(event) && event_is_final(event);
}

bool event_is_model_call(const json_t *event)
{
	if (event_is_user(event) || !event_author(event) || event_is_partial(event) ||
	    event_is_compaction(event))
		return false;
	const char *role = adk_get_string(adk_get(event, ADK_CONTENT), ADK_ROLE);
	return (role && strcmp(role, "model") == 0) || adk_get(event, ADK_USAGE_METADATA) ||
	       adk_get(event, ADK_ERROR_CODE) || adk_get(event, ADK_ERROR_MESSAGE);
}

const struct adk_reads adk_reads_final = {
    .event = ADK_READS_FINAL_EVENT,
    .content = ADK_READS_FINAL_CONTENT,
    .actions = ADK_READS_FINAL_ACTIONS,
    .part = ADK_READS_FINAL_PART,
    .tool_levels = ADK_READS_FINAL_TOOL_LEVELS,
};

bool event_is_compaction(const json_t *event)
{
	return adk_truthy(event, ADK_IS_COMPACTED) ||
	       json_is_object(adk_get(adk_get(event, ADK_ACTIONS), ADK_COMPACTION));
}

/* The first non-empty text of a Content's parts that is not a thought, or NULL. */
static const char *content_text(const json_t *content, size_t *len)
{
	json_t *part;
	size_t i;
	json_array_foreach(adk_get(content, ADK_PARTS), i, part)
	{
		const char *t = part_text(part, len);
		if (t && *len > 0 && !part_is_thought(part))
			return t;
	}
	return NULL;
}

bool event_compaction(const json_t *event, struct event_compaction *c)
{
	if (!event_is_compaction(event))
		return false;
	/* ADK Python keeps all three in actions.compaction, ADK JS on the event. */
	json_t *python = adk_get(adk_get(event, ADK_ACTIONS), ADK_COMPACTION);
	const json_t *at = json_is_object(python) ? python : event;
	json_t *start = adk_get(at, at == python ? ADK_START_TIMESTAMP : ADK_START_TIME);
	json_t *end = adk_get(at, at == python ? ADK_END_TIMESTAMP : ADK_END_TIME);
	json_t *summary = adk_get(at, ADK_COMPACTED_CONTENT);
	*c = (struct event_compaction){.ranged = json_is_number(start) && json_is_number(end)};
	if (c->ranged) {
		c->start = stamp_seconds_of_number(json_number_value(start));
		c->end = stamp_seconds_of_number(json_number_value(end));
	}
	if (json_is_string(summary)) {
		c->text = json_string_value(summary);
		c->text_len = json_string_length(summary);
	} else {
		c->text = content_text(summary, &c->text_len);
	}
	return true;
}

const json_t *event_node_path(const json_t *event)
{
	const json_t *path = string_or_null(adk_get(adk_get(event, ADK_NODE_INFO), ADK_PATH));
	if (path)
		return path;
	/* adk run --jsonl's node_path, "" for an event of no workflow node. */
	path = string_or_null(adk_get(event, ADK_RUN_NODE_PATH));
	return path && json_string_length(path) ? path : NULL;
}

/* The name of ADK 2.x's synthetic call for human input (events/request_input.py). */
#define REQUEST_INPUT_CALL "adk_request_input"

const char *part_input_request(const json_t *part, size_t *len)
{
	json_t *call = adk_get(part, ADK_FUNCTION_CALL);
	if (!json_string_equals(adk_get(call, ADK_NAME), REQUEST_INPUT_CALL))
		return NULL;
	json_t *message = adk_get(adk_get(call, ADK_ARGS), ADK_MESSAGE);
	*len = json_is_string(message) ? json_string_length(message) : 0;
	return json_is_string(message) ? json_string_value(message) : "";
}

bool event_timestamp(const json_t *event, double *seconds)
{
	json_t *ts = adk_get(event, ADK_TIMESTAMP);
	if (!json_is_number(ts))
		return false;
	*seconds = stamp_seconds_of_number(json_number_value(ts));
	return true;
}

const char *stream_error_text(const json_t *value)
{
	return adk_get_string(value, ADK_STREAM_ERROR);
}

const char *part_text(const json_t *part, size_t *len)
{
	json_t *t = adk_get(part, ADK_TEXT);
	if (!json_is_string(t))
		return NULL;
	if (len)
		*len = json_string_length(t);
	return json_string_value(t);
}

bool part_is_thought(const json_t *part)
{
	return adk_truthy(part, ADK_THOUGHT);
}

bool state_key_is_internal(const char *key, size_t len)
{
	static const char *const prefixes[] = {"_adk_",
	                                       "adk_oauth_state:", "adk_oauth_credential:"};
	for (size_t i = 0; i < sizeof prefixes / sizeof *prefixes; i++) {
		size_t n = strlen(prefixes[i]);
		if (len >= n && memcmp(key, prefixes[i], n) == 0)
			return true;
	}
	return false;
}

void event_fold_state_delta(json_t *state, const json_t *event)
{
	static const char temp_prefix[] = "temp:";
	json_t *delta = adk_get(adk_get(event, ADK_ACTIONS), ADK_STATE_DELTA), *value;
	const char *key;
	size_t len;
	if (!json_is_object(delta))
		return;
	json_object_keylen_foreach(delta, key, len, value)
	{
		if (len >= sizeof temp_prefix - 1 &&
		    memcmp(key, temp_prefix, sizeof temp_prefix - 1) == 0)
			continue;
		json_object_setn_nocheck(state, key, len, value);
	}
}

/* Sets each key of from (when an object) in to, its name after prefix. */
static void set_prefixed(json_t *to, const char *prefix, const json_t *from)
{
	const char *key;
	size_t len;
	json_t *value;
	struct strbuf name = {0};
	if (!json_is_object(from))
		return;
	json_object_keylen_foreach((json_t *)from, key, len, value)
	{
		strbuf_reset(&name);
		strbuf_addstr(&name, prefix);
		strbuf_add(&name, key, len);
		json_object_setn_nocheck(to, name.buf, name.len, value);
	}
	strbuf_release(&name);
}

json_t *session_stored_new(const char *app, const char *user, const char *id,
                           const json_t *app_state, const json_t *user_state,
                           const json_t *session_state)
{
	json_t *state = json_object();
	set_prefixed(state, "", session_state);
	set_prefixed(state, "app:", app_state);
	set_prefixed(state, "user:", user_state);
	json_t *session = json_object();
	json_object_set_new(session, adk_field_name(ADK_ID), json_string_lossy(id));
	json_object_set_new(session, adk_field_name(ADK_APP_NAME), json_string_lossy(app));
	json_object_set_new(session, adk_field_name(ADK_USER_ID), json_string_lossy(user));
	json_object_set_new(session, adk_field_name(ADK_SESSION_STATE), state);
	return session;
}

void session_fold_stored_state(json_t *state, const json_t *session)
{
	json_t *stored = adk_get(session, ADK_SESSION_STATE), *value;
	const char *key;
	size_t len;
	if (!json_is_object(stored))
		return;
	json_object_keylen_foreach(stored, key, len, value)
	{
		json_object_setn_nocheck(state, key, len, value);
	}
}
