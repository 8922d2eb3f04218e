/*
 * show_mermaid.c - adkev show --format=mermaid: the run as a Mermaid
 * sequenceDiagram, for CI job summaries and pull requests.
 *
 * The participants are the user (an actor), each agent, and each tool, in
 * the order they first take part.  The user's message goes to the agent
 * that writes next; a tool call is an arrow from the agent to the tool
 * (with the argument names, never their values, so no secret is shown); its
 * result an arrow back, crossed when the tool failed; an answer a dashed
 * arrow to the user; a transfer an arrow to the agent taking over.  Other
 * text, state changes, escalations, artifacts, code, requests and errors
 * are notes over the agent.  Thoughts and streamed chunks are left out (the
 * chunks' text comes again in the answer).  Each invocation starts with a
 * comment naming it.
 */
#include "cmd/show.h"
#include "adk/event.h"
#include "adk/eventview.h"
#include "write/mermaid.h"
#include "write/output.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

#define USER_ID "user"

struct show_mermaid {
	struct strbuf out;
	struct strbuf text;
	json_t *ids;          /* "a" or "t" + name -> participant id */
	size_t agents, tools; /* ids given so far */
	bool user_declared;
	char *pending;    /* the user's message waiting for the agent that answers, or NULL */
	char *agent;      /* the id of the agent of the event being written, or NULL */
	char *last_agent; /* the id of the last agent that wrote */
	char *invocation; /* the invocation named last */
	struct strbuf *sink; /* where the lines go, or NULL: standard output */
};

/* The lines made so far, to the sink or standard output. */
static void emit(struct show_mermaid *m)
{
	if (m->sink)
		strbuf_add(m->sink, m->out.buf, m->out.len);
	else
		output_bytes(m->out.buf, m->out.len);
}

struct show_mermaid *show_mermaid_new(struct strbuf *sink)
{
	struct show_mermaid *m = xcalloc(1, sizeof *m);
	m->ids = json_object();
	m->sink = sink;
	mermaid_begin(&m->out);
	emit(m);
	return m;
}

static void declare_user(struct show_mermaid *m)
{
	if (!m->user_declared)
		mermaid_participant(&m->out, USER_ID, true, "", USER_ID, strlen(USER_ID));
	m->user_declared = true;
}

/* The participant id of an agent (kind 'a') or tool (kind 't'), declared when new; borrowed. */
static const char *participant(struct show_mermaid *m, char kind, const char *name, size_t len)
{
	struct strbuf key = STRBUF_INIT;
	strbuf_addch(&key, kind);
	strbuf_add(&key, name, len);
	json_t *id = json_object_getn(m->ids, key.buf, key.len);
	if (!id) {
		char buf[32];
		size_t n = kind == 'a' ? ++m->agents : ++m->tools;
		snprintf(buf, sizeof buf, "%c%zu", kind, n);
		id = json_string(buf);
		json_object_setn_new(m->ids, key.buf, key.len, id);
		mermaid_participant(&m->out, buf, false, kind == 't' ? "tool " : "", name, len);
	}
	strbuf_release(&key);
	return json_string_value(id);
}

static void set_string(char **slot, const char *s)
{
	free(*slot);
	*slot = s ? xstrdup(s) : NULL;
}

/* The names of an object's members, joined by ", ", appended to m->text. */
static void member_names(struct show_mermaid *m, const json_t *obj)
{
	const char *key;
	json_t *v;
	bool first = true;
	json_object_foreach((json_t *)obj, key, v)
	{
		if (!first)
			strbuf_addstr(&m->text, ", ");
		strbuf_addstr(&m->text, key);
		first = false;
	}
}

static void tool_call(struct show_mermaid *m, const json_t *part)
{
	json_t *call = adk_get(part, ADK_FUNCTION_CALL);
	const char *name = adk_get_string(call, ADK_NAME);
	name = name ? name : "";
	const char *tool = participant(m, 't', name, strlen(name));
	strbuf_addstr(&m->text, name);
	strbuf_addch(&m->text, '(');
	json_t *args = adk_get(call, ADK_ARGS);
	if (json_is_object(args))
		member_names(m, args);
	strbuf_addch(&m->text, ')');
	mermaid_message(&m->out, m->agent, tool, false, false, m->text.buf, m->text.len);
}

static void tool_result(struct show_mermaid *m, const json_t *part)
{
	json_t *response = adk_get(part, ADK_FUNCTION_RESPONSE);
	const char *name = adk_get_string(response, ADK_NAME);
	name = name ? name : "";
	const char *tool = participant(m, 't', name, strlen(name));
	bool failed = function_response_failed(part);
	const char *what = failed ? "failed" : "result";
	mermaid_message(&m->out, tool, m->agent, true, failed, what, strlen(what));
}

/* A note over the agent: LABEL, and ": " and the text in m->text when there is one. */
static void note(struct show_mermaid *m, const char *label)
{
	struct strbuf sb = STRBUF_INIT;
	strbuf_addstr(&sb, label);
	if (m->text.len) {
		strbuf_addstr(&sb, ": ");
		strbuf_add(&sb, m->text.buf, m->text.len);
	}
	mermaid_note(&m->out, m->agent, sb.buf, sb.len);
	strbuf_release(&sb);
}

static void agent_item(void *ctx, enum item_kind kind, const json_t *value)
{
	struct show_mermaid *m = ctx;
	size_t len = 0;
	const char *text;
	strbuf_reset(&m->text);
	switch (kind) {
	case ITEM_CHUNK:
	case ITEM_THOUGHT:
	case ITEM_KIND_COUNT:
		return;
	case ITEM_INPUT:
	case ITEM_TEXT:
		text = part_text(value, &len);
		mermaid_note(&m->out, m->agent, text, len);
		return;
	case ITEM_FINAL:
		text = part_text(value, &len);
		declare_user(m);
		mermaid_message(&m->out, m->agent, USER_ID, true, false, text, len);
		return;
	case ITEM_CALL:
		tool_call(m, value);
		return;
	case ITEM_RESULT:
		tool_result(m, value);
		return;
	case ITEM_TRANSFER:
		if (json_is_string(value)) {
			const char *to = participant(m, 'a', json_string_value(value),
			                             json_string_length(value));
			mermaid_message(&m->out, m->agent, to, false, false, "transfer", 8);
		}
		return;
	case ITEM_STATE:
	case ITEM_ARTIFACT:
	case ITEM_AUTH:
	case ITEM_CONFIRM:
		if (json_is_object(value))
			member_names(m, value);
		break;
	case ITEM_ERROR: {
		/* NULL when the code and message are objects or arrays: the note says "error". */
		char *error = event_error_text(value);
		if (error)
			strbuf_addstr(&m->text, error);
		free(error);
		break;
	}
	default:
		break;
	}
	note(m, item_kind_name(kind));
}

static void flush_pending(struct show_mermaid *m, const char *to)
{
	if (!m->pending)
		return;
	declare_user(m);
	if (to)
		mermaid_message(&m->out, USER_ID, to, false, false, m->pending, strlen(m->pending));
	else
		mermaid_note(&m->out, USER_ID, m->pending, strlen(m->pending));
	set_string(&m->pending, NULL);
}

/* The user's own event: its text waits for the agent that answers it. */
static void user_event(struct show_mermaid *m, const json_t *event)
{
	json_t *parts = event_parts(event);
	size_t i, len;
	json_t *part;
	struct strbuf sb = STRBUF_INIT;
	json_array_foreach(parts, i, part)
	{
		const char *text = part_text(part, &len);
		if (text && !part_is_thought(part)) {
			if (sb.len)
				strbuf_addch(&sb, ' ');
			strbuf_add(&sb, text, len);
		}
	}
	if (sb.len) {
		flush_pending(m, NULL);
		m->pending = sb.buf;
	} else {
		strbuf_release(&sb);
	}
}

static void invocation_comment(struct show_mermaid *m, const json_t *event)
{
	const char *id = event_invocation_id(event);
	if (!id || (m->invocation && strcmp(m->invocation, id) == 0))
		return;
	set_string(&m->invocation, id);
	strbuf_reset(&m->text);
	strbuf_addstr(&m->text, "invocation ");
	strbuf_addstr(&m->text, *id ? id : "(no id)");
	mermaid_comment(&m->out, m->text.buf, m->text.len);
}

void show_mermaid_add(struct show_mermaid *m, const struct reader_item *item)
{
	strbuf_reset(&m->out);
	if (item->kind == VALUE_STREAM_ERROR) {
		const char *t = stream_error_text(item->value);
		strbuf_reset(&m->text);
		strbuf_addstr(&m->text, t ? t : "");
		declare_user(m);
		set_string(&m->agent, m->last_agent ? m->last_agent : USER_ID);
		note(m, "stream error");
	} else if (!event_is_partial(item->value)) {
		const json_t *event = item->value;
		const char *author = event_author(event);
		invocation_comment(m, event);
		/* The user stands first, on the left, where a reader looks for the start. */
		declare_user(m);
		if (event_is_user(event)) {
			user_event(m, event);
		} else {
			/* An event without an author is drawn as an agent's, unnamed. */
			author = author ? author : "(no author)";
			set_string(&m->agent, participant(m, 'a', author, strlen(author)));
			set_string(&m->last_agent, m->agent);
			flush_pending(m, m->agent);
			event_items(event, agent_item, m);
		}
	}
	emit(m);
}

void show_mermaid_end(struct show_mermaid *m)
{
	strbuf_reset(&m->out);
	flush_pending(m, NULL);
	emit(m);
}

void show_mermaid_free(struct show_mermaid *m)
{
	if (!m)
		return;
	strbuf_release(&m->out);
	strbuf_release(&m->text);
	json_decref(m->ids);
	free(m->pending);
	free(m->agent);
	free(m->last_agent);
	free(m->invocation);
	free(m);
}
