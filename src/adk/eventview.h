/*
 * eventview.h - what an event says, one item at a time, for people:
 * `adkev show` prints the items, `adkev stats` counts them.
 *
 * An event is taken apart in this order: the workflow node it came from,
 * then a rewind (adk/rewind.h), then a compaction summary (which stands
 * for its content), or its content parts (user input,
 * text, streaming chunks, thoughts, the final answer, tool calls and their
 * results, code and its output, inline and file data), then its actions
 * (state change, artifact, transfer, escalate, auth request, tool
 * confirmation request), then its error.
 */
#ifndef ADKEV_EVENTVIEW_H
#define ADKEV_EVENTVIEW_H

#include <jansson.h>
#include <stdbool.h>

enum item_kind {
	ITEM_INPUT,    /* text written by the user */
	ITEM_TEXT,     /* model text in an event that is not a final response */
	ITEM_CHUNK,    /* text of a partial (streaming) event */
	ITEM_THOUGHT,  /* a thought part's text */
	ITEM_FINAL,    /* non-thought text of a final response (events.md section 2) */
	ITEM_CALL,     /* a functionCall part */
	ITEM_RESULT,   /* a functionResponse part */
	ITEM_CODE,     /* an executableCode part */
	ITEM_OUTPUT,   /* a codeExecutionResult part */
	ITEM_DATA,     /* an inlineData part */
	ITEM_FILE,     /* a fileData part */
	ITEM_STATE,    /* a non-empty actions.stateDelta */
	ITEM_ARTIFACT, /* a non-empty actions.artifactDelta */
	ITEM_TRANSFER, /* actions.transferToAgent */
	ITEM_ESCALATE, /* a truthy actions.escalate */
	ITEM_AUTH,     /* a non-empty actions.requestedAuthConfigs */
	ITEM_CONFIRM,  /* a non-empty actions.requestedToolConfirmations */
	ITEM_ASK,      /* an adk_request_input call: the run waits for a person (ADK 2.x) */
	ITEM_SUMMARY,  /* a compaction summary of earlier events (ADK 2.x) */
	ITEM_REWIND,   /* a rewind of the session before an invocation (ADK Python 2.x) */
	ITEM_NODE,     /* the workflow node an event came from: nodeInfo.path (ADK 2.x) */
	ITEM_ERROR,    /* errorCode / errorMessage, or a server stream error */
	ITEM_KIND_COUNT
};

/* The kind's name: "input", "text", "chunk", ..., as show prints it and stats counts it. */
const char *item_kind_name(enum item_kind kind);

/*
 * Calls fn once per item of event, in the order above.  value is borrowed
 * from the event: the part for part items, the actions member for action
 * items, the event itself for ITEM_NODE, ITEM_SUMMARY, ITEM_REWIND and
 * ITEM_ERROR.
 * Returns how many items there were.
 */
size_t event_items(const json_t *event,
                   void (*fn)(void *ctx, enum item_kind kind, const json_t *value), void *ctx);

/*
 * Whether a functionResponse part reports a failed tool.  Tools signal
 * failure by convention, not by an ADK field, so three conventions count:
 * the response object has a member "error" that is not null or false (what
 * ADK itself returns when a tool raises), "status": "error" (the convention
 * of ADK's documentation), or "isError": true (an MCP tool's result).
 */
bool function_response_failed(const json_t *part);

/*
 * "CODE: message", "CODE" or "message" for an event with an error, as a new
 * string the caller frees; NULL if it has none.
 */
char *event_error_text(const json_t *event);

#endif
