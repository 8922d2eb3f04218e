/*
 * eventview.c - an event taken apart into the items a person reads.
 */
#include "adk/eventview.h"
#include "adk/rewind.h"
#include "adk/event.h"
#include "util.h"

#include <string.h>

static const char *const kind_names[ITEM_KIND_COUNT] = {
    [ITEM_INPUT] = "input",       [ITEM_TEXT] = "text",         [ITEM_CHUNK] = "chunk",
    [ITEM_THOUGHT] = "thought",   [ITEM_FINAL] = "final",       [ITEM_CALL] = "call",
    [ITEM_RESULT] = "result",     [ITEM_CODE] = "code",         [ITEM_OUTPUT] = "output",
    [ITEM_DATA] = "data",         [ITEM_FILE] = "file",         [ITEM_STATE] = "state",
    [ITEM_ARTIFACT] = "artifact", [ITEM_TRANSFER] = "transfer", [ITEM_ESCALATE] = "escalate",
    [ITEM_AUTH] = "auth",         [ITEM_CONFIRM] = "confirm",   [ITEM_ASK] = "ask",
    [ITEM_SUMMARY] = "summary",   [ITEM_REWIND] = "rewind",     [ITEM_NODE] = "node",
    [ITEM_ERROR] = "error",
};

const char *item_kind_name(enum item_kind kind)
{
	return kind_names[kind];
}

/* What kind of text item a text part of this event is; -1 when it is empty. */
static int text_kind(const json_t *part, bool user, bool partial, bool final)
{
	size_t len = 0;
	if (!part_text(part, &len) || len == 0)
		return -1;
	if (part_is_thought(part))
		return ITEM_THOUGHT;
	if (user)
		return ITEM_INPUT;
	if (partial)
		return ITEM_CHUNK;
	return final ? ITEM_FINAL : ITEM_TEXT;
}

static int part_kind(const json_t *part, bool user, bool partial, bool final)
{
	size_t len;
	if (part_input_request(part, &len))
		return ITEM_ASK;
	if (adk_get(part, ADK_FUNCTION_CALL))
		return ITEM_CALL;
	if (adk_get(part, ADK_FUNCTION_RESPONSE))
		return ITEM_RESULT;
	if (adk_get(part, ADK_EXECUTABLE_CODE))
		return ITEM_CODE;
	if (adk_get(part, ADK_CODE_EXECUTION_RESULT))
		return ITEM_OUTPUT;
	if (adk_get(part, ADK_INLINE_DATA))
		return ITEM_DATA;
	if (adk_get(part, ADK_FILE_DATA))
		return ITEM_FILE;
	return text_kind(part, user, partial, final);
}

size_t event_items(const json_t *event,
                   void (*fn)(void *ctx, enum item_kind kind, const json_t *value), void *ctx)
{
	size_t count = 0;
	bool user = event_is_user(event);
	bool partial = event_is_partial(event);
	bool final = event_is_answer(event);
	/* A compaction summary's content (ADK JS) is the summary, not a text of its own. */
	bool summary = event_is_compaction(event);
	json_t *parts = summary ? NULL : event_parts(event);
	size_t i;
	json_t *part;

	if (event_node_path(event)) {
		fn(ctx, ITEM_NODE, event);
		count++;
	}
	if (event_rewind_target(event)) {
		fn(ctx, ITEM_REWIND, event);
		count++;
	}
	if (summary) {
		fn(ctx, ITEM_SUMMARY, event);
		count++;
	}
	json_array_foreach(parts, i, part)
	{
		int kind = part_kind(part, user, partial, final);
		if (kind >= 0) {
			fn(ctx, (enum item_kind)kind, part);
			count++;
		}
	}

	static const struct {
		enum adk_field field;
		enum item_kind kind;
	} actions[] = {
	    {ADK_STATE_DELTA, ITEM_STATE},
	    {ADK_ARTIFACT_DELTA, ITEM_ARTIFACT},
	    {ADK_TRANSFER_TO_AGENT, ITEM_TRANSFER},
	    {ADK_ESCALATE, ITEM_ESCALATE},
	    {ADK_REQUESTED_AUTH_CONFIGS, ITEM_AUTH},
	    {ADK_REQUESTED_TOOL_CONFIRMATIONS, ITEM_CONFIRM},
	};
	json_t *act = adk_get(event, ADK_ACTIONS);
	for (size_t k = 0; k < sizeof actions / sizeof actions[0]; k++) {
		json_t *v = adk_get(act, actions[k].field);
		/* Real events carry empty {} for most of these: nothing happened. */
		if (v && json_truthy(v)) {
			fn(ctx, actions[k].kind, v);
			count++;
		}
	}

	if (adk_get(event, ADK_ERROR_CODE) || adk_get(event, ADK_ERROR_MESSAGE)) {
		fn(ctx, ITEM_ERROR, event);
		count++;
	}
	return count;
}

/* The conventions of tool results, not ADK field names: see eventview.h. */
#define TOOL_ERROR_KEY    "error"
#define TOOL_STATUS_KEY   "status"
#define TOOL_STATUS_ERROR "error"
#define MCP_IS_ERROR_KEY  "isError"

bool function_response_failed(const json_t *part)
{
	json_t *response = adk_get(adk_get(part, ADK_FUNCTION_RESPONSE), ADK_RESPONSE);
	if (!json_is_object(response))
		return false;
	json_t *error = json_object_get(response, TOOL_ERROR_KEY);
	if (error && !json_is_null(error) && !json_is_false(error))
		return true;
	json_t *status = json_object_get(response, TOOL_STATUS_KEY);
	if (json_is_string(status) && strcmp(json_string_value(status), TOOL_STATUS_ERROR) == 0)
		return true;
	return json_is_true(json_object_get(response, MCP_IS_ERROR_KEY));
}

static void append_scalar(struct strbuf *sb, const json_t *v)
{
	if (json_is_string(v))
		strbuf_add(sb, json_string_value(v), json_string_length(v));
	else if (json_is_integer(v))
		strbuf_addf(sb, "%" JSON_INTEGER_FORMAT, json_integer_value(v));
	else if (json_is_real(v))
		strbuf_addf(sb, "%g", json_real_value(v));
	else if (json_is_true(v))
		strbuf_addstr(sb, "true");
	else
		strbuf_addstr(sb, "false");
}

char *event_error_text(const json_t *event)
{
	json_t *code = adk_get(event, ADK_ERROR_CODE);
	json_t *message = adk_get(event, ADK_ERROR_MESSAGE);
	if (json_is_object(code) || json_is_array(code))
		code = NULL;
	if (json_is_object(message) || json_is_array(message))
		message = NULL;
	if (!code && !message)
		return NULL;
	struct strbuf sb = STRBUF_INIT;
	if (code)
		append_scalar(&sb, code);
	if (code && message)
		strbuf_addstr(&sb, ": ");
	if (message)
		append_scalar(&sb, message);
	return sb.buf ? sb.buf : xstrdup("");
}
