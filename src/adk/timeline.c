/*
 * timeline.c - a run laid out in lanes and timed items (see timeline.h).
 *
 * Everything is kept in jansson values, as the whole run ends up in one
 * page anyway: the items in order, the lanes by name, the open tool calls
 * by id, and the last usage of each author and invocation.  Item times are
 * absolute seconds while the run is read and made relative to its first
 * timestamp by timeline_json().
 */
#include "adk/timeline.h"
#include "adk/event.h"
#include "adk/eventview.h"
#include "adk/rewind.h"
#include "util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The lane a stream error goes to when no agent has written yet. */
#define STREAM_LANE "(stream)"

struct timeline {
	const struct timeline_config *c;
	json_t *items;       /* the items, in order */
	json_t *lanes;       /* [{"name", "parent_name"|absent}], in order of first appearance */
	json_t *lane_index;  /* name -> index in lanes */
	json_t *invocations; /* invocation ids, in order of first appearance */
	json_t *inv_index;   /* invocation id -> index in invocations */
	json_t *inv_time;    /* invocation id -> time of its last non-partial event */
	json_t *calls_by_id; /* tool call id -> index of its item */
	json_t *calls_no_id; /* indices of unanswered calls that have no id */
	json_t *model_calls; /* invocation and author -> [usage, index of the model call] */
	json_t *chunks;      /* invocation and author -> partial events since the last model call */
	size_t events;
	/*
	 * The spans of ADK Python's rewind walk (adk/rewind.h) and the span of
	 * each event by its seq ((size_t)-1 for a stream error): an item of an
	 * event a rewind undid is marked "rewound", greyed, not hidden.
	 */
	struct rewind_spans spans;
	size_t *span_of, span_cap;
	long last_lane; /* the lane of the last event, for a stream error; -1 before any */
	bool have_time;
	double last_time; /* the last timestamp seen */
	double first_time;
	double end_time;
};

/* What every item of one event shares. */
struct event_place {
	struct timeline *t;
	const json_t *event;
	json_int_t lane, seq, inv;
	double time; /* NAN while no event has had a timestamp */
	bool untimed;
};

struct timeline *timeline_new(const struct timeline_config *c)
{
	struct timeline *t = xcalloc(1, sizeof *t);
	t->c = c;
	t->items = json_array();
	t->lanes = json_array();
	t->lane_index = json_object();
	t->invocations = json_array();
	t->inv_index = json_object();
	t->inv_time = json_object();
	t->calls_by_id = json_object();
	t->calls_no_id = json_array();
	t->model_calls = json_object();
	t->chunks = json_object();
	t->last_lane = -1;
	return t;
}

void timeline_free(struct timeline *t)
{
	if (!t)
		return;
	json_decref(t->items);
	json_decref(t->lanes);
	json_decref(t->lane_index);
	json_decref(t->invocations);
	json_decref(t->inv_index);
	json_decref(t->inv_time);
	json_decref(t->calls_by_id);
	json_decref(t->calls_no_id);
	json_decref(t->model_calls);
	json_decref(t->chunks);
	rewind_spans_release(&t->spans, NULL);
	free(t->span_of);
	free(t);
}

/* A value as the page shows it: redacted and cut as configured.  The caller owns it. */
static json_t *shown(const struct timeline *t, const json_t *v)
{
	return redact_and_truncate(t->c->redactor, v, t->c->max_string);
}

static json_t *shown_text(const struct timeline *t, const char *s, size_t len)
{
	json_t *text = json_stringn_nocheck(s, len);
	json_t *v = shown(t, text);
	json_decref(text);
	return v;
}

/*
 * A name as the page shows it (an agent, an invocation id, a tool and its
 * call id, a transfer's target): whole, with a secret by its shape hidden,
 * as show --redact hides it; NULL gives null.  The caller owns it.
 */
static json_t *shown_name(const struct timeline *t, const json_t *name)
{
	if (!name)
		return json_null();
	return t->c->redactor ? redact_json(t->c->redactor, name) : json_incref((json_t *)name);
}

/* The parent agent a branch names: "a.b.c" written by c is nested under b. */
static void lane_parent(json_t *lane, const json_t *event)
{
	const char *branch = adk_get_string(event, ADK_BRANCH);
	const char *last = branch ? strrchr(branch, '.') : NULL;
	if (!last)
		return;
	const char *start = last;
	while (start > branch && start[-1] != '.')
		start--;
	json_object_set_new(lane, "parent_name",
	                    json_stringn_nocheck(start, (size_t)(last - start)));
}

static json_int_t lane_of(struct timeline *t, const char *name, size_t len, const json_t *event)
{
	json_t *known = json_object_getn(t->lane_index, name, len);
	if (known)
		return json_integer_value(known);
	json_int_t index = (json_int_t)json_array_size(t->lanes);
	json_t *lane = json_pack("{s:s%}", "name", name, len);
	if (event)
		lane_parent(lane, event);
	json_array_append_new(t->lanes, lane);
	json_object_setn_new(t->lane_index, name, len, json_integer(index));
	return index;
}

/* id: a JSON string, keyed by all its bytes ("inv\u0000X" is not "inv"). */
static json_int_t invocation_of(struct timeline *t, const json_t *id)
{
	const char *s = json_string_value(id);
	size_t len = json_string_length(id);
	json_t *known = json_object_getn(t->inv_index, s, len);
	if (known)
		return json_integer_value(known);
	json_int_t index = (json_int_t)json_array_size(t->invocations);
	json_array_append_new(t->invocations, json_stringn_nocheck(s, len));
	json_object_setn_new_nocheck(t->inv_index, s, len, json_integer(index));
	return index;
}

static json_t *time_value(double time)
{
	return isnan(time) ? json_null() : json_real(time);
}

/* A new item of the event, appended to the run; borrowed. */
static json_t *item_new(struct event_place *p, const char *kind)
{
	json_t *item = json_pack("{s:s,s:I,s:I,s:o}", "kind", kind, "lane", p->lane, "seq", p->seq,
	                         "t", time_value(p->time));
	if (p->inv >= 0)
		json_object_set_new(item, "inv", json_integer(p->inv));
	if (p->untimed)
		json_object_set_new(item, "untimed", json_true());
	json_array_append_new(p->t->items, item);
	return item;
}

static void add_text_item(struct event_place *p, const char *kind, const json_t *part)
{
	size_t len = 0;
	const char *text = part_text(part, &len);
	json_object_set_new(item_new(p, kind), "text", shown_text(p->t, text, len));
}

/* An item that says text[0..len): a request's question, a summary, a node's path. */
static void add_said(struct event_place *p, const char *kind, const char *text, size_t len)
{
	json_object_set_new(item_new(p, kind), "text", shown_text(p->t, text ? text : "", len));
}

/* A request for input, a compaction summary, a rewind or a workflow node: what it says. */
static void add_2x_item(struct event_place *p, enum item_kind kind, const json_t *value)
{
	const char *name = item_kind_name(kind);
	size_t len = 0;
	struct event_compaction c = {0};
	if (kind == ITEM_ASK) {
		const char *text = part_input_request(value, &len);
		add_said(p, name, text, len);
	} else if (kind == ITEM_SUMMARY) {
		event_compaction(value, &c);
		add_said(p, name, c.text, c.text ? c.text_len : 0);
	} else if (kind == ITEM_REWIND) {
		const json_t *target = event_rewind_target(value);
		add_said(p, name, json_string_value(target), json_string_length(target));
	} else {
		const json_t *path = event_node_path(value);
		add_said(p, name, json_string_value(path), json_string_length(path));
	}
}

static void add_call(struct event_place *p, const json_t *part)
{
	struct timeline *t = p->t;
	json_t *call = adk_get(part, ADK_FUNCTION_CALL);
	json_t *args = adk_get(call, ADK_ARGS);
	const char *name = adk_get_string(call, ADK_NAME);
	const char *id = adk_get_string(call, ADK_ID);
	json_t *item = item_new(p, "call");
	json_t *empty = json_object();
	json_object_set_new(item, "name", json_string(name ? name : ""));
	if (id)
		json_object_set_new(item, "id", json_string(id));
	json_object_set_new(item, "args", shown(t, json_is_object(args) ? args : empty));
	json_decref(empty);
	json_object_set_new(item, "t_end", json_null());
	json_object_set_new(item, "results", json_integer(0));
	json_t *index = json_integer((json_int_t)json_array_size(t->items) - 1);
	if (id)
		json_object_set_new(t->calls_by_id, id, index);
	else
		json_array_append_new(t->calls_no_id, index);
	json_t *long_running = adk_get(p->event, ADK_LONG_RUNNING_TOOL_IDS);
	size_t i;
	json_t *v;
	json_array_foreach(long_running, i, v)
	{
		if (id && json_is_string(v) && strcmp(json_string_value(v), id) == 0)
			json_object_set_new(item, "long_running", json_true());
	}
}

/* The unanswered call without an id that a result without one answers, or NULL. */
static json_t *call_without_id(struct timeline *t, const char *name)
{
	size_t i;
	json_t *index;
	json_array_foreach(t->calls_no_id, i, index)
	{
		json_t *item = json_array_get(t->items, (size_t)json_integer_value(index));
		const char *called = json_string_value(json_object_get(item, "name"));
		if (name && called && strcmp(name, called) == 0) {
			json_array_remove(t->calls_no_id, i);
			return item;
		}
	}
	return NULL;
}

/*
 * A result ends its call's bar; the last result of a call is the one shown
 * (a long-running tool answers "pending" first).  A result whose call is not
 * in the run is an item of its own.
 */
static void add_result(struct event_place *p, const json_t *part)
{
	struct timeline *t = p->t;
	json_t *response = adk_get(part, ADK_FUNCTION_RESPONSE);
	const char *name = adk_get_string(response, ADK_NAME);
	const char *id = adk_get_string(response, ADK_ID);
	json_t *index = id ? json_object_get(t->calls_by_id, id) : NULL;
	json_t *call = index ? json_array_get(t->items, (size_t)json_integer_value(index))
	                     : (id ? NULL : call_without_id(t, name));
	if (!call) {
		call = item_new(p, "result");
		json_object_set_new(call, "name", json_string(name ? name : ""));
		if (id)
			json_object_set_new(call, "id", json_string(id));
	} else {
		json_int_t n = json_integer_value(json_object_get(call, "results"));
		json_object_set_new(call, "results", json_integer(n + 1));
		json_object_set_new(call, "t_end", time_value(p->time));
		json_object_set_new(call, "seq_end", json_integer(p->seq));
	}
	json_t *value = adk_get(response, ADK_RESPONSE);
	json_object_set_new(call, "result", value ? shown(t, value) : json_null());
	json_object_set_new(call, "failed", json_boolean(function_response_failed(part)));
}

/* Code, its output, inline and file data: the part's one member, as it is shown. */
static void add_part_value(struct event_place *p, const char *kind, const json_t *part,
                           enum adk_field field)
{
	json_object_set_new(item_new(p, kind), "value", shown(p->t, adk_get(part, field)));
}

static void add_error(struct event_place *p, const json_t *event)
{
	/* No text when the code and message are objects or arrays: the item says there was one. */
	char *text = event_error_text(event);
	json_object_set_new(item_new(p, "error"), "text",
	                    shown_text(p->t, text ? text : "", text ? strlen(text) : 0));
	free(text);
}

static void add_item(void *ctx, enum item_kind kind, const json_t *value)
{
	struct event_place *p = ctx;
	const char *name = item_kind_name(kind);
	switch (kind) {
	case ITEM_INPUT:
	case ITEM_TEXT:
	case ITEM_CHUNK:
	case ITEM_THOUGHT:
	case ITEM_FINAL:
		add_text_item(p, name, value);
		break;
	case ITEM_CALL:
		add_call(p, value);
		break;
	case ITEM_RESULT:
		add_result(p, value);
		break;
	case ITEM_CODE:
		add_part_value(p, name, value, ADK_EXECUTABLE_CODE);
		break;
	case ITEM_OUTPUT:
		add_part_value(p, name, value, ADK_CODE_EXECUTION_RESULT);
		break;
	case ITEM_DATA:
		add_part_value(p, name, value, ADK_INLINE_DATA);
		break;
	case ITEM_FILE:
		add_part_value(p, name, value, ADK_FILE_DATA);
		break;
	case ITEM_TRANSFER:
		json_object_set_new(item_new(p, name), "target", json_deep_copy(value));
		break;
	case ITEM_ESCALATE:
		item_new(p, name);
		break;
	case ITEM_STATE:
	case ITEM_ARTIFACT:
	case ITEM_AUTH:
	case ITEM_CONFIRM:
		json_object_set_new(item_new(p, name), "value", shown(p->t, value));
		break;
	case ITEM_ERROR:
		add_error(p, value);
		break;
	case ITEM_ASK:
	case ITEM_SUMMARY:
	case ITEM_REWIND:
	case ITEM_NODE:
		add_2x_item(p, kind, value);
		break;
	case ITEM_KIND_COUNT:
		break;
	}
}

/* Appends a name whole, its length first: names may hold any byte, so no separator could. */
static void add_name(struct strbuf *key, const json_t *name)
{
	size_t len = name ? json_string_length(name) : 0;
	strbuf_addf(key, "%zu:", len);
	strbuf_add(key, name ? json_string_value(name) : "", len);
}

/* The key of an author in an invocation, for the per-agent tables. */
static void agent_key(struct strbuf *key, const json_t *event)
{
	add_name(key, event_invocation_id_string(event));
	add_name(key, event_author_string(event));
}

static void count_chunk(struct timeline *t, const json_t *event)
{
	struct strbuf key = STRBUF_INIT;
	agent_key(&key, event);
	json_t *n = json_object_getn(t->chunks, key.buf, key.len);
	json_object_setn_new(t->chunks, key.buf, key.len,
	                     json_integer(n ? json_integer_value(n) + 1 : 1));
	strbuf_release(&key);
}

static json_t *token_counts(const json_t *usage)
{
	static const struct {
		const char *name;
		enum adk_field field;
	} counts[] = {
	    {"input", ADK_PROMPT_TOKEN_COUNT},          {"output", ADK_CANDIDATES_TOKEN_COUNT},
	    {"total", ADK_TOTAL_TOKEN_COUNT},           {"thoughts", ADK_THOUGHTS_TOKEN_COUNT},
	    {"cached", ADK_CACHED_CONTENT_TOKEN_COUNT},
	};
	json_t *tokens = json_object();
	for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++) {
		json_t *v = adk_get(usage, counts[i].field);
		if (json_is_integer(v))
			json_object_set_new(tokens, counts[i].name,
			                    json_integer(json_integer_value(v)));
	}
	return tokens;
}

/*
 * The model call an event ends: a new item, or the model call before it
 * when the event repeats that call's usage.
 */
static void model_call(struct event_place *p, const json_t *inv)
{
	struct timeline *t = p->t;
	struct strbuf key = STRBUF_INIT;
	agent_key(&key, p->event);
	json_t *usage = adk_get(p->event, ADK_USAGE_METADATA);
	json_t *last = json_object_getn(t->model_calls, key.buf, key.len);
	json_t *item;
	if (usage && last && json_equal(json_array_get(last, 0), usage)) {
		item =
		    json_array_get(t->items, (size_t)json_integer_value(json_array_get(last, 1)));
		json_object_set_new(item, "t_end", time_value(p->time));
		json_object_set_new(item, "seq_end", json_integer(p->seq));
	} else {
		json_t *started = json_object_getn(t->inv_time, inv ? json_string_value(inv) : "",
		                                   inv ? json_string_length(inv) : 0);
		item = item_new(p, "model");
		if (started)
			json_object_set(item, "t", started);
		json_object_set_new(item, "t_end", time_value(p->time));
		if (usage) {
			json_object_set_new(item, "tokens", token_counts(usage));
			json_t *at = json_integer((json_int_t)json_array_size(t->items) - 1);
			json_object_setn_new(t->model_calls, key.buf, key.len,
			                     json_pack("[O,o]", usage, at));
		}
		const char *finish = adk_get_string(p->event, ADK_FINISH_REASON);
		if (finish)
			json_object_set_new(item, "finish", json_string(finish));
	}
	json_t *chunks = json_object_getn(t->chunks, key.buf, key.len);
	if (chunks) {
		json_t *before = json_object_get(item, "chunks");
		json_object_set_new(
		    item, "chunks",
		    json_integer(json_integer_value(chunks) + json_integer_value(before)));
		json_object_deln(t->chunks, key.buf, key.len);
	}
	strbuf_release(&key);
}

/* Where and when the event's items go: its lane, invocation and time. */
static void place_event(struct timeline *t, const json_t *event, struct event_place *p)
{
	double time;
	*p = (struct event_place){.t = t, .event = event, .inv = -1, .time = NAN};
	p->seq = (json_int_t)t->events++;
	if (t->events > t->span_cap) {
		t->span_cap = t->span_cap ? 2 * t->span_cap : 64;
		t->span_of = xrealloc(t->span_of, t->span_cap * sizeof *t->span_of);
	}
	bool fresh;
	t->span_of[p->seq] = event ? rewind_spans_add(&t->spans, event, &fresh) : (size_t)-1;
	if (event_timestamp(event, &time) && isfinite(time)) {
		if (!t->have_time)
			t->first_time = time;
		t->have_time = true;
		t->last_time = time;
		t->end_time = time > t->end_time ? time : t->end_time;
		p->time = time;
	} else {
		p->untimed = true;
		p->time = t->have_time ? t->last_time : NAN;
	}
	const json_t *author = event ? event_author_string(event) : NULL;
	if (author)
		p->lane = lane_of(t, json_string_value(author), json_string_length(author), event);
	else if (t->last_lane >= 0)
		p->lane = t->last_lane;
	else
		p->lane = lane_of(t, STREAM_LANE, strlen(STREAM_LANE), NULL);
	t->last_lane = (long)p->lane;
	const json_t *inv = event ? event_invocation_id_string(event) : NULL;
	if (inv)
		p->inv = invocation_of(t, inv);
}

void timeline_add(struct timeline *t, const struct reader_item *item)
{
	struct event_place p;
	if (item->kind == VALUE_STREAM_ERROR) {
		place_event(t, NULL, &p);
		const char *text = stream_error_text(item->value);
		json_object_set_new(item_new(&p, "error"), "text",
		                    shown_text(t, text ? text : "", text ? strlen(text) : 0));
		return;
	}
	const json_t *event = item->value;
	place_event(t, event, &p);
	if (event_is_partial(event)) {
		count_chunk(t, event);
		return;
	}
	const json_t *inv = event_invocation_id_string(event);
	if (event_is_model_call(event))
		model_call(&p, inv);
	event_items(event, add_item, &p);
	if (!isnan(p.time))
		json_object_setn_new_nocheck(t->inv_time, inv ? json_string_value(inv) : "",
		                             inv ? json_string_length(inv) : 0, json_real(p.time));
}

/*
 * Seconds rounded to whole microseconds: the difference of two large times
 * carries noise below them.  (Without libm; times beyond a billion seconds
 * are left as they are.)
 */
static double to_microseconds(double d)
{
	if (!(d > -1e9 && d < 1e9))
		return d;
	long long us = (long long)(d * 1e6 + (d < 0 ? -0.5 : 0.5));
	return (double)us / 1e6;
}

/* Relative seconds for an absolute time, or for none: the run's first time. */
static json_t *relative_time(const struct timeline *t, const json_t *v)
{
	if (!t->have_time)
		return json_real(0);
	double d = json_is_number(v) ? json_number_value(v) - t->first_time : 0;
	return json_real(to_microseconds(d));
}

/*
 * The names of an item as the page shows them (shown_name): hidden only
 * now, as the run was paired by the names as written.
 */
static void shown_names(const struct timeline *t, json_t *item)
{
	static const char *const keys[] = {"name", "id", "target"};
	for (size_t k = 0; k < sizeof keys / sizeof *keys; k++) {
		json_t *name = json_object_get(item, keys[k]);
		if (json_is_string(name))
			json_object_set_new(item, keys[k], shown_name(t, name));
	}
}

/* The items' times made relative to the run's first, and their names as shown. */
/* Whether the event of seq is one a rewind undid (after the walk). */
static bool rewound(const struct timeline *t, json_int_t seq)
{
	if (t->spans.rewinds == 0 || seq < 0 || (size_t)seq >= t->events)
		return false;
	size_t span = t->span_of[seq];
	return span != (size_t)-1 && t->spans.list[span].undone;
}

static void finish_items(struct timeline *t)
{
	size_t i;
	json_t *item;
	if (t->spans.rewinds)
		rewind_spans_walk(&t->spans);
	json_array_foreach(t->items, i, item)
	{
		if (rewound(t, json_integer_value(json_object_get(item, "seq"))))
			json_object_set_new(item, "rewound", json_true());
		if (t->c->redactor)
			shown_names(t, item);
		json_object_set_new(item, "t", relative_time(t, json_object_get(item, "t")));
		json_t *end = json_object_get(item, "t_end");
		json_t *results = json_object_get(item, "results");
		/* A call's end stays null while it has no result. */
		if (end && (!results || json_integer_value(results) > 0))
			json_object_set_new(item, "t_end", relative_time(t, end));
	}
}

/*
 * The lanes as a forest: kids[first[k]..first[k + 1]) are the lanes whose
 * branch names lane k as their parent, in order of first appearance (so
 * the order walk is linear in the lanes, however many agents a run has).
 */
struct lane_forest {
	size_t n;
	size_t *parent; /* the parent lane of each, or n for none */
	size_t *first;  /* n + 1 offsets into kids */
	size_t *kids;
};

static void forest_init(struct lane_forest *f, const struct timeline *t)
{
	size_t n = f->n = json_array_size(t->lanes);
	f->parent = xcalloc(n + 1, sizeof *f->parent);
	f->first = xcalloc(n + 2, sizeof *f->first);
	f->kids = xcalloc(n + 1, sizeof *f->kids);
	for (size_t k = 0; k < n; k++) {
		json_t *pn = json_object_get(json_array_get(t->lanes, k), "parent_name");
		json_t *parent = pn ? json_object_getn(t->lane_index, json_string_value(pn),
		                                       json_string_length(pn))
		                    : NULL;
		f->parent[k] = parent ? (size_t)json_integer_value(parent) : n;
		if (f->parent[k] < n)
			f->first[f->parent[k] + 1]++;
	}
	for (size_t k = 0; k < n; k++)
		f->first[k + 1] += f->first[k];
	size_t *fill = xcalloc(n + 1, sizeof *fill);
	for (size_t k = 0; k < n; k++)
		if (f->parent[k] < n)
			f->kids[f->first[f->parent[k]] + fill[f->parent[k]]++] = k;
	free(fill);
}

static void forest_release(struct lane_forest *f)
{
	free(f->parent);
	free(f->first);
	free(f->kids);
}

/* A lane's entry in the page: its name, its depth and the position of its parent. */
static json_t *lane_entry(const struct timeline *t, size_t lane, json_int_t depth,
                          json_int_t parent)
{
	json_t *name = json_object_get(json_array_get(t->lanes, lane), "name");
	return json_pack("{s:o,s:I,s:o}", "name", shown_name(t, name), "depth", depth, "parent",
	                 parent < 0 ? json_null() : json_integer(parent));
}

/*
 * Appends root and the lanes nested under it, depth first, each followed by
 * its own, to order; visited guards against branches that name each other.
 * The walk keeps its own stack, so a chain of nested agents of any length
 * takes no more of the C stack than one.
 */
static void order_tree(const struct timeline *t, const struct lane_forest *f, size_t root,
                       bool *visited, json_t *order, json_int_t *position, size_t *stack,
                       size_t *next)
{
	size_t depth = 0;
	stack[0] = root;
	visited[root] = true;
	position[root] = (json_int_t)json_array_size(order);
	json_array_append_new(order, lane_entry(t, root, 0, -1));
	next[0] = f->first[root];
	for (;;) {
		size_t lane = stack[depth];
		if (next[depth] == f->first[lane + 1]) {
			if (depth-- == 0)
				return;
			continue;
		}
		size_t kid = f->kids[next[depth]++];
		if (visited[kid])
			continue;
		visited[kid] = true;
		position[kid] = (json_int_t)json_array_size(order);
		json_array_append_new(order,
		                      lane_entry(t, kid, (json_int_t)depth + 1, position[lane]));
		stack[++depth] = kid;
		next[depth] = f->first[kid];
	}
}

/* The lanes, parents first and each followed by its nested lanes; items follow their lane. */
static json_t *ordered_lanes(struct timeline *t)
{
	struct lane_forest f;
	forest_init(&f, t);
	size_t n = f.n;
	bool *visited = xcalloc(n + 1, sizeof *visited);
	json_int_t *position = xcalloc(n + 1, sizeof *position);
	size_t *stack = xcalloc(n + 1, sizeof *stack), *next = xcalloc(n + 1, sizeof *next);
	json_t *order = json_array();
	/* Roots: lanes whose branch names no parent that is a lane of this run. */
	for (size_t k = 0; k < n; k++)
		if (!visited[k] && (f.parent[k] == n || f.parent[k] == k))
			order_tree(t, &f, k, visited, order, position, stack, next);
	for (size_t k = 0; k < n; k++)
		if (!visited[k])
			order_tree(t, &f, k, visited, order, position, stack, next);
	size_t i;
	json_t *item;
	json_array_foreach(t->items, i, item)
	{
		size_t lane = (size_t)json_integer_value(json_object_get(item, "lane"));
		json_object_set_new(item, "lane", json_integer(position[lane]));
	}
	free(visited);
	free(position);
	free(stack);
	free(next);
	forest_release(&f);
	return order;
}

json_t *timeline_json(struct timeline *t)
{
	finish_items(t);
	json_t *lanes = ordered_lanes(t);
	json_t *invocations = json_array();
	size_t i;
	json_t *id;
	json_array_foreach(t->invocations, i, id)
	    json_array_append_new(invocations, shown_name(t, id));
	return json_pack("{s:b,s:o,s:o,s:I,s:o,s:o,s:O}", "timed", t->have_time, "start",
	                 t->have_time ? json_real(t->first_time) : json_null(), "end",
	                 json_real(t->have_time ? to_microseconds(t->end_time - t->first_time) : 0),
	                 "events", (json_int_t)t->events, "lanes", lanes, "invocations",
	                 invocations, "items", t->items);
}

bool timeline_has_events(const struct timeline *t)
{
	return t->events > 0;
}
