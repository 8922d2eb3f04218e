/*
 * otlp.c - a recorded run as OpenTelemetry traces (otlp.h): each event of
 * an invocation made into spans as the GenAI semantic conventions say
 * (an agent's part as invoke_agent, a model call as generate_content, a
 * tool call as execute_tool), their attributes and events, and errors;
 * the records are otlp_spans.c's, and otlp_write.c writes them when the
 * invocation ends.
 */
#include "adk/otlp_int.h"
#include "adk/answer.h"
#include "adk/critic.h"
#include "adk/event.h"
#include "write/json.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

struct otlp *otlp_new(const struct otlp_config *c)
{
	struct otlp *o = xcalloc(1, sizeof *o);
	o->c = c;
	usage_total_init(&o->usage);
	o->parts_written = json_object();
	o->key = (struct strbuf)STRBUF_INIT;
	o->current = -1;
	return o;
}

void otlp_free(struct otlp *o)
{
	if (!o)
		return;
	otlp_invocation_release(o);
	json_decref(o->parts_written);
	usage_total_release(&o->usage);
	strbuf_release(&o->key);
	free(o);
}

/* v redacted and cut as trajectory does its values; a new value. */
static json_t *cleaned(const struct otlp *o, const json_t *v)
{
	return redact_and_truncate(o->c->redactor, v, o->c->max_string);
}

/* v written compact, as the string a content attribute holds; steals v. */
static json_t *compact_text(json_t *v)
{
	struct strbuf sb = STRBUF_INIT;
	struct json_writer w;
	jw_init_buf(&w, &sb, 0);
	jw_value(&w, v);
	jw_release(&w);
	json_decref(v);
	json_t *s = json_stringn(sb.buf, sb.len);
	strbuf_release(&sb);
	return s;
}

/* A value of the run (arguments, a result, a delta) cleaned and written compact; steals v. */
static json_t *content_text(const struct otlp *o, json_t *v)
{
	json_t *clean = cleaned(o, v);
	json_decref(v);
	return compact_text(clean);
}

/* A text redacted and cut, as a new JSON string. */
static json_t *clean_string(const struct otlp *o, const char *text, size_t len)
{
	json_t *s = json_stringn(text, len);
	json_t *clean = s ? cleaned(o, s) : json_string("");
	json_decref(s);
	return clean;
}

/* An event's time in unix nanoseconds, whole microseconds; false when it has none it can say. */
static bool event_ns(const json_t *event, long long *ns)
{
	double s;
	/* Beyond 9.2e9 seconds nanoseconds leave 64 bits; before 1970 OTLP has no time. */
	if (!event_timestamp(event, &s) || !(s >= 0) || !(s < 9.2e9))
		return false;
	*ns = (long long)(s * 1e6 + 0.5) * 1000;
	return true;
}

/* Where a new part of agent author hangs: the part that transferred to it, its branch's parent. */
static long part_parent(struct otlp *o, const json_t *author, const char *branch)
{
	const char *name = author ? json_string_value(author) : "";
	size_t len = author ? json_string_length(author) : 0;
	json_t *from = json_object_getn(o->transfers, name, len);
	if (from) {
		long index = (long)json_integer_value(from);
		json_object_deln(o->transfers, name, len);
		return index;
	}
	/* In "a.b.c" the agent before the last name is the parent of an agent of branch c. */
	const char *last = branch ? strrchr(branch, '.') : NULL;
	if (!last)
		return -1;
	const char *first = last;
	while (first > branch && first[-1] != '.')
		first--;
	json_t *up = json_object_getn(o->latest, first, (size_t)(last - first));
	return up ? (long)json_integer_value(up) : -1;
}

static const char *provider_of(const struct otlp *o, const char *model);

/* The common attributes of every span: the agent, the conversation. */
static void agent_attrs(struct otlp *o, long index, const json_t *author)
{
	if (author)
		otlp_span_attr(o, index, "gen_ai.agent.name", otlp_string_of(author));
	if (o->conversation)
		otlp_span_attr(o, index, "gen_ai.conversation.id", json_string(o->conversation));
}

/* Workflows deeper than this are taken for the one at this depth: a path is the input's. */
enum { WORKFLOW_DEPTH = 32 };

/*
 * The invoke_workflow span of the workflow at path[0..len), a child of the
 * span at parent, made from start when new: ADK Python's span
 * (telemetry/node_tracing.py, _use_invoke_workflow_span) with its name,
 * gen_ai.workflow.name (the path's last name without its "@run"), and
 * gen_ai.workflow.nested only on one inside another.
 */
static long workflow_span(struct otlp *o, const char *path, size_t len, char sep, long parent,
                          long long start)
{
	json_t *at = json_object_getn(o->workflows, path, len);
	if (at)
		return (long)json_integer_value(at);
	const char *name = path + len;
	while (name > path && name[-1] != sep)
		name--;
	const char *run = memchr(name, '@', (size_t)(path + len - name));
	json_t *wf = json_stringn(name, (size_t)((run ? run : path + len) - name));
	long index =
	    otlp_span_new(o, "invoke_workflow", wf, SPAN_KIND_INTERNAL, parent, start, NULL);
	if (json_string_length(wf))
		otlp_span_attr(o, index, "gen_ai.workflow.name", json_incref(wf));
	if (parent >= 0)
		otlp_span_attr(o, index, "gen_ai.workflow.nested", json_true());
	json_decref(wf);
	agent_attrs(o, index, NULL);
	json_object_setn_new(o->workflows, path, len, json_integer(index));
	return index;
}

/*
 * The workflows around a workflow node's event, by its nodeInfo.path (ADK
 * Python's "wf/A@1/B@1", split at "/"; ADK JS 2.0.0's "wf.node", at "."):
 * every name but the last is a workflow holding the next.  Returns the
 * span of the innermost, -1 for a path of one name; *self, for such a
 * path, is the span of that workflow itself, whose own event it is (ADK JS
 * 2.0.0's pause for input, author and path the workflow's name), else -1.
 */
static long node_workflows(struct otlp *o, const json_t *node, long long start, long *self)
{
	const char *path = json_string_value(node);
	size_t len = json_string_length(node), depth = 0;
	char sep = memchr(path, '/', len) ? '/' : '.';
	long parent = -1;
	*self = -1;
	for (size_t end = 0; end < len && depth < WORKFLOW_DEPTH; end++)
		if (path[end] == sep && end > 0) {
			parent = workflow_span(o, path, end, sep, parent, start);
			depth++;
		}
	if (parent < 0 && len)
		*self = workflow_span(o, path, len, sep, -1, start);
	return parent;
}

/*
 * Whether a workflow node's event is an agent's (ADK Python's BaseAgent
 * nodes trace invoke_agent; other nodes invoke_node): a model's usage, an
 * answer the node gives as its output, or a call of a tool of its own.
 */
static bool node_is_agent(const json_t *event)
{
	if (adk_get(event, ADK_USAGE_METADATA) ||
	    adk_truthy(adk_get(event, ADK_NODE_INFO), ADK_MESSAGE_AS_OUTPUT))
		return true;
	json_t *parts = event_parts(event), *p;
	size_t i, len;
	json_array_foreach(parts, i, p)
	{
		if (json_is_object(adk_get(p, ADK_FUNCTION_CALL)) && !part_input_request(p, &len))
			return true;
	}
	return false;
}

/*
 * A new part of author's, from start: invoke_agent, or for a workflow
 * node's event (event_node_path()) invoke_agent or invoke_node under its
 * workflows' invoke_workflow spans, with the path as adk.node.path.
 */
static long new_part(struct otlp *o, const json_t *event, const json_t *author, const char *branch,
                     long long start)
{
	const json_t *node = event_node_path(event);
	long self = -1;
	long parent = node ? node_workflows(o, node, start, &self) : -1;
	if (self >= 0)
		return self;
	if (!node)
		parent = part_parent(o, author, branch);
	bool agent = !node || node_is_agent(event);
	long index =
	    otlp_span_new(o, agent ? "invoke_agent" : "invoke_node", author, SPAN_KIND_INTERNAL,
	                  parent, start, adk_get_string(event, ADK_ID));
	if (agent) {
		otlp_span_attr(o, index, "gen_ai.provider.name",
		               json_string(provider_of(o, o->c->model)));
		agent_attrs(o, index, author);
	} else {
		agent_attrs(o, index, NULL);
	}
	if (node)
		otlp_span_attr(o, index, "adk.node.path", otlp_string_of(node));
	return index;
}

/*
 * The agent part an event belongs to: the one in progress when the author
 * (and branch, and workflow node) wrote the event before, or an agent of
 * another branch (parallel agents) writes, else a new one, which starts
 * when the event before it was written.
 */
static long agent_part(struct otlp *o, const json_t *event, long long t)
{
	const json_t *author = event_author_string(event);
	json_t *branch = adk_get(event, ADK_BRANCH);
	if (!json_is_string(branch))
		branch = NULL;
	strbuf_reset(&o->key);
	otlp_key_add(&o->key, author);
	otlp_key_add(&o->key, branch);
	otlp_key_add(&o->key, event_node_path(event));
	json_t *key = json_stringn_nocheck(o->key.buf, o->key.len);
	json_t *at = json_object_getn(o->agents, o->key.buf, o->key.len);
	bool same = o->prev_key && json_equal(key, o->prev_key);
	bool other_branch = !json_equal(branch ? branch : json_null(),
	                                o->prev_branch ? o->prev_branch : json_null());
	long index;
	if (at && (same || other_branch)) {
		index = (long)json_integer_value(at);
	} else {
		long long start = o->last_ns >= 0 && o->last_ns < t ? o->last_ns : t;
		index =
		    new_part(o, event, author, branch ? json_string_value(branch) : NULL, start);
		json_object_setn_new(o->agents, json_string_value(key), json_string_length(key),
		                     json_integer(index));
		if (author)
			json_object_setn_new(o->latest, json_string_value(author),
			                     json_string_length(author), json_integer(index));
		if (o->input) {
			otlp_span_attr(o, index, "gen_ai.input.messages", compact_text(o->input));
			o->input = NULL;
		}
	}
	json_decref(o->prev_key);
	o->prev_key = key;
	json_decref(o->prev_branch);
	o->prev_branch = branch ? json_incref(branch) : NULL;
	return index;
}

/* gen_ai.provider.name: the option, else what the model's name says, else Google's. */
static const char *provider_of(const struct otlp *o, const char *model)
{
	static const struct {
		const char *prefix, *provider;
	} known[] = {{"gemini", "gcp.gen_ai"}, {"gemma", "gcp.gen_ai"},   {"claude", "anthropic"},
	             {"gpt", "openai"},        {"o1", "openai"},          {"o3", "openai"},
	             {"o4", "openai"},         {"mistral", "mistral_ai"}, {"deepseek", "deepseek"}};
	if (o->c->provider)
		return o->c->provider;
	const char *name = model ? strrchr(model, '/') : NULL;
	name = name ? name + 1 : model;
	for (size_t i = 0; name && i < sizeof known / sizeof known[0]; i++)
		if (strncmp(name, known[i].prefix, strlen(known[i].prefix)) == 0)
			return known[i].provider;
	/* ADK's own models are Gemini's, by Gemini's API or by Vertex AI. */
	return "gcp.gen_ai";
}

/* The tokens one counted model call adds: the total's growth from before. */
static void call_tokens(struct otlp *o, long index, const struct usage_counts *before,
                        const json_t *usage)
{
	const struct usage_counts *u = &o->usage.sum;
	otlp_span_attr(o, index, "gen_ai.usage.input_tokens",
	               json_integer(u->input - before->input));
	otlp_span_attr(o, index, "gen_ai.usage.output_tokens",
	               json_integer(u->output - before->output));
	if (adk_get(usage, ADK_CACHED_CONTENT_TOKEN_COUNT))
		otlp_span_attr(o, index, "gen_ai.usage.cache_read.input_tokens",
		               json_integer(u->cached - before->cached));
	if (adk_get(usage, ADK_THOUGHTS_TOKEN_COUNT))
		otlp_span_attr(o, index, "gen_ai.usage.reasoning.output_tokens",
		               json_integer(u->thoughts - before->thoughts));
}

/* finishReason as the conventions write it: ["stop"] for "STOP". */
static json_t *finish_reasons(const char *reason)
{
	if (!reason)
		return NULL;
	char *lower = xstrdup(reason);
	for (char *p = lower; *p; p++)
		*p = (char)tolower((unsigned char)*p);
	json_t *list = json_pack("[s]", lower);
	free(lower);
	return list;
}

/*
 * The semantic conventions' message parts for an event's parts (--content):
 * the texts and arguments in them cleaned, the names and ids as they are.
 */
static json_t *message_parts(const struct otlp *o, const json_t *parts)
{
	json_t *out = json_array(), *part;
	size_t i, len;
	json_array_foreach(parts, i, part)
	{
		const char *text = part_text(part, &len);
		json_t *call = adk_get(part, ADK_FUNCTION_CALL);
		json_t *args = json_is_object(call) ? adk_get(call, ADK_ARGS) : NULL;
		if (text)
			json_array_append_new(
			    out, json_pack("{s:s,s:o}", "type",
			                   part_is_thought(part) ? "reasoning" : "text", "content",
			                   clean_string(o, text, len)));
		else if (json_is_object(call))
			json_array_append_new(
			    out, json_pack("{s:s,s:O*,s:O*,s:o*}", "type", "tool_call", "id",
			                   adk_get(call, ADK_ID), "name", adk_get(call, ADK_NAME),
			                   "arguments", args ? cleaned(o, args) : NULL));
	}
	return out;
}

/* One message of role role with the event's parts, and its finish reason. */
static json_t *message_of(const struct otlp *o, const char *role, const json_t *parts,
                          const char *finish)
{
	json_t *m = json_pack("{s:s,s:o}", "role", role, "parts", message_parts(o, parts));
	if (finish) {
		json_t *reasons = finish_reasons(finish);
		json_object_set(m, "finish_reason", json_array_get(reasons, 0));
		json_decref(reasons);
	}
	return json_pack("[o]", m);
}

/*
 * The generate_content span an event ends, under the agent part at part:
 * a new one from the event before it, or the one before it when the event
 * repeats that call's usage (streaming), which then lasts until this event.
 * Returns the span's index.
 */
static long model_call(struct otlp *o, const json_t *event, long part, long long t)
{
	struct usage_counts before = o->usage.sum;
	bool counted = usage_total_add(&o->usage, event);
	json_t *usage = adk_get(event, ADK_USAGE_METADATA);
	const json_t *author = event_author_string(event);
	const char *name = author ? json_string_value(author) : "";
	size_t name_len = author ? json_string_length(author) : 0;
	json_t *last = json_object_getn(o->models, name, name_len);
	if (!counted && json_is_object(usage) && last) {
		otlp_span_extend(o, (long)json_integer_value(last), t);
		return (long)json_integer_value(last);
	}
	json_t *version = adk_get(event, ADK_MODEL_VERSION);
	const char *model = json_is_string(version) ? json_string_value(version) : o->c->model;
	json_t *model_name = model ? json_string(model) : NULL;
	long long start = o->last_ns >= 0 && o->last_ns < t ? o->last_ns : t;
	long index = otlp_span_new(o, "generate_content", model_name, SPAN_KIND_CLIENT, part, start,
	                           adk_get_string(event, ADK_ID));
	json_decref(model_name);
	otlp_span_extend(o, index, t);
	otlp_span_attr(o, index, "gen_ai.provider.name", json_string(provider_of(o, model)));
	agent_attrs(o, index, author);
	const char *request = o->c->model ? o->c->model : model;
	otlp_span_attr(o, index, "gen_ai.request.model", request ? json_string(request) : NULL);
	if (json_is_string(version))
		otlp_span_attr(o, index, "gen_ai.response.model", json_copy(version));
	if (counted)
		call_tokens(o, index, &before, usage);
	const char *finish = adk_get_string(event, ADK_FINISH_REASON);
	otlp_span_attr(o, index, "gen_ai.response.finish_reasons", finish_reasons(finish));
	if (o->c->content && event_parts(event))
		otlp_span_attr(
		    o, index, "gen_ai.output.messages",
		    compact_text(message_of(o, "assistant", event_parts(event), finish)));
	json_object_setn_new(o->models, name, name_len, json_integer(index));
	return index;
}

/* An execute_tool span for the functionCall part call, from t until its result comes. */
static void tool_call(struct otlp *o, const json_t *event, const json_t *call, long part,
                      long long t)
{
	json_t *name = adk_get(call, ADK_NAME), *id = adk_get(call, ADK_ID);
	if (!json_is_string(name))
		name = NULL;
	long index = otlp_span_new(o, "execute_tool", name, SPAN_KIND_INTERNAL, part, t,
	                           json_string_value(id));
	otlp_span_extend(o, index, t);
	if (name)
		otlp_span_attr(o, index, "gen_ai.tool.name", json_copy(name));
	otlp_span_attr(o, index, "gen_ai.tool.type", json_string("function"));
	if (json_is_string(id))
		otlp_span_attr(o, index, "gen_ai.tool.call.id", json_copy(id));
	agent_attrs(o, index, event_author_string(event));
	if (o->c->content) {
		json_t *args = adk_get(call, ADK_ARGS);
		otlp_span_attr(
		    o, index, "gen_ai.tool.call.arguments",
		    content_text(o, json_is_object(args) ? json_incref(args) : json_object()));
	}
	if (json_is_string(id) && json_string_length(id)) {
		json_object_setn_new(o->calls, json_string_value(id), json_string_length(id),
		                     json_integer(index));
		return;
	}
	/* A call without an id takes the next result of its name, as trajectory pairs them. */
	const char *n = name ? json_string_value(name) : "";
	size_t n_len = name ? json_string_length(name) : 0;
	json_t *queue = json_object_getn(o->unnamed, n, n_len);
	if (!queue) {
		queue = json_array();
		json_object_setn_new(o->unnamed, n, n_len, queue);
	}
	json_array_append_new(queue, json_integer(index));
}

/*
 * The span of the call a functionResponse part answers: by its id (the
 * last result wins, as a long-running tool answers twice), else the first
 * unanswered call of its name without an id; -1 for none in this trace.
 */
static long tool_of_response(struct otlp *o, const json_t *response)
{
	json_t *id = adk_get(response, ADK_ID), *name = adk_get(response, ADK_NAME);
	if (json_is_string(id) && json_string_length(id)) {
		json_t *at =
		    json_object_getn(o->calls, json_string_value(id), json_string_length(id));
		return at ? (long)json_integer_value(at) : -1;
	}
	json_t *queue = json_is_string(name) ? json_object_getn(o->unnamed, json_string_value(name),
	                                                        json_string_length(name))
	                                     : NULL;
	if (!json_array_size(queue))
		return -1;
	long index = (long)json_integer_value(json_array_get(queue, 0));
	json_array_remove(queue, 0);
	return index;
}

/* A result ends its call's span at t; a result holding "error" (ADK's tools' way) fails it. */
static void tool_result(struct otlp *o, const json_t *response, long long t)
{
	long index = tool_of_response(o, response);
	if (index < 0)
		return;
	otlp_span_extend(o, index, t);
	json_t *result = adk_get(response, ADK_RESPONSE);
	/* A tool's result is the tool's own object: "error" is a tool's word, not an ADK field. */
	if (json_is_object(result) && json_object_get(result, "error"))
		otlp_span_error(o, index, "tool_error", NULL);
	if (o->c->content)
		otlp_span_attr(o, index, "gen_ai.tool.call.result",
		               content_text(o, result ? json_incref(result) : json_null()));
}

/*
 * The keys of an object, as an array of strings (names of state keys and
 * artifacts): with a redactor, as redaction shows them, a secret in one
 * hidden.
 */
static json_t *keys_of(const struct otlp *o, const json_t *obj)
{
	json_t *keys = json_array(), *v;
	json_t *shown = o->c->redactor ? redact_keys(o->c->redactor, obj) : NULL;
	const char *k;
	size_t len;
	json_object_keylen_foreach(shown ? shown : (json_t *)obj, k, len, v)
	{
		(void)v;
		json_array_append_new(keys, json_stringn_nocheck(k, len));
	}
	json_decref(shown);
	return keys;
}

/* State and artifact deltas, transfers and escalations as events of the agent's span. */
static void action_events(struct otlp *o, const json_t *event, long part, long long t)
{
	json_t *actions = adk_get(event, ADK_ACTIONS);
	json_t *state = adk_get(actions, ADK_STATE_DELTA),
	       *artifacts = adk_get(actions, ADK_ARTIFACT_DELTA);
	if (json_is_object(state) && json_object_size(state)) {
		json_t *attrs = json_pack("{s:o}", "adk.state_delta.keys", keys_of(o, state));
		if (o->c->content)
			json_object_set_new(attrs, "adk.state_delta",
			                    content_text(o, json_incref(state)));
		otlp_span_event(o, part, "adk.state_delta", t, attrs);
	}
	if (json_is_object(artifacts) && json_object_size(artifacts))
		otlp_span_event(
		    o, part, "adk.artifact_delta", t,
		    json_pack("{s:o}", "adk.artifact_delta.names", keys_of(o, artifacts)));
	json_t *to = adk_get(actions, ADK_TRANSFER_TO_AGENT);
	if (json_is_string(to)) {
		otlp_span_event(o, part, "adk.transfer", t,
		                json_pack("{s:o}", "adk.transfer.to_agent", otlp_string_of(to)));
		json_object_setn_new(o->transfers, json_string_value(to), json_string_length(to),
		                     json_integer(part));
	}
	if (adk_truthy(actions, ADK_ESCALATE))
		otlp_span_event(o, part, "adk.escalate", t, NULL);
}

/*
 * An event's errorCode and errorMessage: an "exception" event of the span at
 * index (its model call's, else its agent part's), and both spans failed.
 */
static void error_fields(struct otlp *o, const json_t *event, long index, long part, long long t)
{
	json_t *code = adk_get(event, ADK_ERROR_CODE);
	const char *message = adk_get_string(event, ADK_ERROR_MESSAGE);
	if (!code && !message)
		return;
	char number[32];
	const char *type = json_is_string(code) ? json_string_value(code) : "_OTHER";
	if (json_is_integer(code)) {
		snprintf(number, sizeof number, "%" JSON_INTEGER_FORMAT, json_integer_value(code));
		type = number;
	}
	json_t *text = message ? clean_string(o, message, strlen(message)) : NULL;
	json_t *attrs = json_pack("{s:s}", "exception.type", type);
	if (text)
		json_object_set(attrs, "exception.message", text);
	otlp_span_event(o, index, "exception", t, attrs);
	otlp_span_error(o, index, type, text ? json_string_value(text) : NULL);
	/* The agent's part fails with its model call: an error event ends the invocation. */
	if (index != part)
		otlp_span_error(o, part, type, text ? json_string_value(text) : NULL);
	json_decref(text);
}

/*
 * A final response: the agent's output message (--content), and, when its
 * text is a critic's verdict (critic.h), a gen_ai.evaluation.result event.
 */
static void final_answer(struct otlp *o, const json_t *event, long part, long long t)
{
	struct answer a;
	answer_init(&a, false);
	if (answer_add(&a, event)) {
		size_t len;
		const char *text = answer_text(&a, &len);
		if (o->c->content) {
			json_t *parts = json_pack("[{s:s%}]", adk_field_name(ADK_TEXT), text, len);
			otlp_span_attr(o, part, "gen_ai.output.messages",
			               compact_text(message_of(o, "assistant", parts, NULL)));
			json_decref(parts);
		}
		struct critic_verdict v;
		if (critic_parse(text, len, &v)) {
			const json_t *author = event_author_string(event);
			json_t *attrs =
			    json_pack("{s:o,s:f}", "gen_ai.evaluation.name", otlp_string_of(author),
			              "gen_ai.evaluation.score.value", v.score);
			const char *why =
			    json_string_value(json_object_get(v.json, "feedback_text"));
			if (why && *why)
				json_object_set_new(attrs, "gen_ai.evaluation.explanation",
				                    clean_string(o, why, strlen(why)));
			otlp_span_event(o, part, "gen_ai.evaluation.result", t, attrs);
			json_decref(v.json);
		}
	}
	answer_release(&a);
}

/* --content: the user's message, kept for the next agent part to take as its input. */
static void user_input(struct otlp *o, const json_t *event)
{
	json_t *parts = o->c->content ? message_parts(o, event_parts(event)) : NULL;
	if (!json_array_size(parts)) {
		json_decref(parts);
		return;
	}
	json_t *message = json_pack("{s:s,s:o}", "role", "user", "parts", parts);
	if (!o->input)
		o->input = json_array();
	json_array_append_new(o->input, message);
}

/* One non-partial event of the invocation in progress, at time t. */
static void take_event(struct otlp *o, const json_t *event, long long t)
{
	if (event_is_user(event)) {
		user_input(o, event);
		return;
	}
	long part = agent_part(o, event, t);
	o->current = part;
	otlp_span_extend(o, part, t);
	long model = -1;
	if (event_is_model_call(event))
		model = model_call(o, event, part, t);
	json_t *parts = event_parts(event), *p;
	size_t i;
	json_array_foreach(parts, i, p)
	{
		json_t *call = adk_get(p, ADK_FUNCTION_CALL),
		       *response = adk_get(p, ADK_FUNCTION_RESPONSE);
		if (json_is_object(call))
			tool_call(o, event, call, part, t);
		else if (json_is_object(response))
			tool_result(o, response, t);
	}
	action_events(o, event, part, t);
	error_fields(o, event, model >= 0 ? model : part, part, t);
	if (event_is_answer(event))
		final_answer(o, event, part, t);
}

/* A server stream error: an exception on the last agent part, which fails. */
static void stream_error(struct otlp *o, const json_t *value)
{
	if (!o->open || o->current < 0)
		return;
	const char *text = stream_error_text(value);
	json_t *clean = clean_string(o, text ? text : "", text ? strlen(text) : 0);
	long long t = o->last_ns >= 0 ? o->last_ns : 0;
	otlp_span_event(
	    o, o->current, "exception", t,
	    json_pack("{s:s,s:O}", "exception.type", "stream_error", "exception.message", clean));
	otlp_span_error(o, o->current, "stream_error", json_string_value(clean));
	json_decref(clean);
}

/*
 * The summary's own usageMetadata (ADK Python's LlmEventSummarizer puts its
 * model call's usage on the event it returns, since adk-python issue 4014)
 * as the gen_ai.usage.* attributes ADK Python's model-call spans carry: the
 * summariser's call has no generate_content span of its own here.  Counted
 * by the token rule, alone: never in the invocations' sums.
 */
static void summary_tokens(struct otlp *side, long index, const json_t *event)
{
	struct usage_counts none = {0};
	json_t *usage = adk_get(event, ADK_USAGE_METADATA);
	if (!json_is_object(usage))
		return;
	usage_total_init(&side->usage);
	if (usage_total_add(&side->usage, event))
		call_tokens(side, index, &none, usage);
	usage_total_release(&side->usage);
}

/*
 * A compaction summary (event_is_compaction()) as a trace line of its own,
 * written at once, with one root span compact_events: ADK Python's name for
 * the span its compaction runs in (telemetry/tracing.py,
 * _build_compaction_attributes), and its gen_ai.compaction.* attributes for
 * the range.  It spans the summarised range, which crosses invocations, so
 * it belongs to none in progress and leaves that one open: ADK JS 2.0.0
 * writes the summary with invocationId "" between an invocation's events.
 * Never a model call nor an answer.  parts_written is shared, so two
 * summaries of one invocation id get spans of their own ids.
 */
static void compaction_trace(struct otlp *o, const struct reader_item *item, struct strbuf *out)
{
	const json_t *event = item->value;
	struct event_compaction c;
	event_compaction(event, &c);
	struct otlp side = {.c = o->c, .parts_written = o->parts_written, .current = -1};
	side.key = (struct strbuf)STRBUF_INIT;
	otlp_invocation_begin(&side, event_invocation_id_string(event), item->session, event);
	long long t = 0, from, to;
	if (!event_ns(event, &t))
		t = o->last_ns >= 0 ? o->last_ns : 0;
	from = to = t;
	/* ADK JS's start is later than its end when the summary before was summarised again. */
	if (c.ranged && c.start >= 0 && c.start < 9.2e9 && c.end >= 0 && c.end < 9.2e9) {
		double first = c.start < c.end ? c.start : c.end;
		double last = c.start < c.end ? c.end : c.start;
		from = (long long)(first * 1e6 + 0.5) * 1000;
		to = (long long)(last * 1e6 + 0.5) * 1000;
	}
	const char *id = adk_get_string(event, ADK_ID);
	long index = otlp_span_new(&side, "compact_events", NULL, SPAN_KIND_INTERNAL, -1, from, id);
	otlp_span_extend(&side, index, to);
	if (side.conversation)
		otlp_span_attr(&side, index, "gen_ai.conversation.id",
		               json_string(side.conversation));
	if (id)
		otlp_span_attr(&side, index, "gen_ai.compaction.result_event_id", json_string(id));
	if (c.ranged) {
		otlp_span_attr(&side, index, "gen_ai.compaction.start_timestamp",
		               json_real(c.start));
		otlp_span_attr(&side, index, "gen_ai.compaction.end_timestamp", json_real(c.end));
	}
	summary_tokens(&side, index, event);
	if (c.text) {
		otlp_span_attr(&side, index, "adk.compaction.summary_length",
		               json_integer((json_int_t)utf8_length(c.text, c.text_len)));
		if (o->c->content)
			otlp_span_attr(&side, index, "adk.compaction.summary",
			               clean_string(o, c.text, c.text_len));
	}
	otlp_finish(&side, out);
	strbuf_release(&side.key);
}

void otlp_add(struct otlp *o, const struct reader_item *item, struct strbuf *out)
{
	if (item->kind == VALUE_STREAM_ERROR) {
		stream_error(o, item->value);
		return;
	}
	const json_t *event = item->value;
	if (item->kind != VALUE_EVENT || event_is_partial(event))
		return;
	const json_t *inv = event_invocation_id_string(event);
	bool other = o->open && !(inv ? o->inv && json_strings_equal(inv, o->inv) : !o->inv);
	if (event_is_compaction(event)) {
		/* ADK Python's summary follows its invocation, under an id of its own. */
		if (other && inv && json_string_length(inv))
			otlp_finish(o, out);
		compaction_trace(o, item, out);
		return;
	}
	if (other)
		otlp_finish(o, out);
	if (!o->open)
		otlp_invocation_begin(o, inv, item->session, event);
	long long t;
	if (!event_ns(event, &t))
		t = o->last_ns >= 0 ? o->last_ns : 0;
	take_event(o, event, t);
	o->last_ns = t;
}
