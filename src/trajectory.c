/*
 * trajectory.c - tool calls paired with their results, state deltas, token
 * usage summed per model call, the answer and the error of a run.
 *
 * Pieces of events (call arguments, responses, deltas) are kept by
 * reference while the stream is read; redaction and truncation make new
 * values only when the trajectory is asked for, so that a result that
 * arrives late is cut and hidden like any other.
 */
#include "trajectory.h"
#include "answer.h"
#include "event.h"
#include "output.h"
#include "redact.h"
#include "util.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void trajectory_config_init(struct trajectory_config *c)
{
	*c = (struct trajectory_config){
	    .tool_calls = true,
	    .state_deltas = true,
	    .token_usage = true,
	    .redact = true,
	    .redact_exact = false,
	    .redact_words = NULL,
	    .nredact_words = 0,
	    .max_string = 10000,
	};
}

void trajectory_config_release(struct trajectory_config *c)
{
	free(c->redact_words);
	c->redact_words = NULL;
	c->nredact_words = 0;
}

bool trajectory_option(struct trajectory_config *c, int opt, const char *arg, bool *bad)
{
	switch (opt) {
	case OPT_TRAJECTORY_NO_REDACT:
		c->redact = false;
		break;
	case OPT_TRAJECTORY_REDACT_KEY: {
		/* A word with nothing left after normalising would hide every key. */
		char *norm = redact_normalise(arg, strlen(arg));
		bool empty = !*norm;
		free(norm);
		if (empty) {
			*bad = true;
			break;
		}
		c->redact_words =
		    xrealloc(c->redact_words, (c->nredact_words + 1) * sizeof *c->redact_words);
		c->redact_words[c->nredact_words++] = arg;
		break;
	}
	case OPT_TRAJECTORY_REDACT_EXACT:
		c->redact_exact = true;
		break;
	case OPT_TRAJECTORY_MAX_STRING:
		if (!parse_long(arg, 0, &c->max_string))
			*bad = true;
		break;
	case OPT_TRAJECTORY_NO_TRUNCATE:
		c->max_string = -1;
		break;
	case OPT_TRAJECTORY_NO_TOOL_CALLS:
		c->tool_calls = false;
		break;
	case OPT_TRAJECTORY_NO_STATE_DELTAS:
		c->state_deltas = false;
		break;
	case OPT_TRAJECTORY_NO_TOKEN_USAGE:
		c->token_usage = false;
		break;
	default:
		return false;
	}
	return true;
}

/* Token usage. */

void usage_total_init(struct usage_total *u)
{
	*u = (struct usage_total){0};
	u->last = json_object();
}

static void add_count(long long *sum, const json_t *usage, enum adk_field field, bool *seen)
{
	json_t *v = adk_get(usage, field);
	long long n;
	if (json_is_integer(v))
		n = (long long)json_integer_value(v);
	else if (json_is_real(v) && json_real_value(v) >= (double)INT64_MIN &&
	         json_real_value(v) < (double)INT64_MAX)
		n = (long long)json_real_value(v);
	else
		return; /* missing or not a number: adds 0 */
	if (seen)
		*seen = true;
	/* Saturate rather than overflow on absurd counts. */
	if (__builtin_add_overflow(*sum, n, sum))
		*sum = n > 0 ? INT64_MAX : INT64_MIN;
}

void usage_total_add(struct usage_total *u, const json_t *event)
{
	json_t *usage = adk_get(event, ADK_USAGE_METADATA);
	if (!json_is_object(usage) || event_is_partial(event))
		return;
	/* The key "<author length>:<author><invocation>" cannot be confused across pairs. */
	const char *author = event_author(event), *inv = event_invocation_id(event);
	struct strbuf key = STRBUF_INIT;
	strbuf_addf(&key, "%zu:%s%s", author ? strlen(author) : 0, author ? author : "",
	            inv ? inv : "");
	/*
	 * The usage is kept as its canonical text (sorted keys), not as the
	 * object: a long session has one entry per agent and invocation, and
	 * the text is several times smaller.  Equal texts mean json_equal().
	 */
	char *text = json_dumps(usage, JSON_COMPACT | JSON_SORT_KEYS | JSON_ENCODE_ANY);
	json_t *prev = json_object_get(u->last, key.buf);
	bool repeat = prev && strcmp(json_string_value(prev), text) == 0;
	json_object_set_new_nocheck(u->last, key.buf, json_string_nocheck(text));
	free(text);
	strbuf_release(&key);
	if (repeat)
		return;
	u->any = true;
	add_count(&u->input, usage, ADK_PROMPT_TOKEN_COUNT, NULL);
	add_count(&u->output, usage, ADK_CANDIDATES_TOKEN_COUNT, NULL);
	add_count(&u->total, usage, ADK_TOTAL_TOKEN_COUNT, NULL);
	add_count(&u->thoughts, usage, ADK_THOUGHTS_TOKEN_COUNT, &u->has_thoughts);
	add_count(&u->cached, usage, ADK_CACHED_CONTENT_TOKEN_COUNT, &u->has_cached);
}

json_t *usage_total_json(const struct usage_total *u)
{
	if (!u->any)
		return json_null();
	json_t *o = json_object();
	json_object_set_new(o, "input_tokens", json_integer(u->input));
	json_object_set_new(o, "output_tokens", json_integer(u->output));
	json_object_set_new(o, "total_tokens", json_integer(u->total));
	if (u->has_thoughts)
		json_object_set_new(o, "thoughts_tokens", json_integer(u->thoughts));
	if (u->has_cached)
		json_object_set_new(o, "cached_tokens", json_integer(u->cached));
	return o;
}

void usage_total_release(struct usage_total *u)
{
	json_decref(u->last);
	u->last = NULL;
}

/* The trajectory. */

struct tool_call {
	json_t *id;        /* string or NULL */
	json_t *name;      /* string or NULL */
	json_t *args;      /* object, or NULL for {} */
	json_t *result;    /* NULL while unanswered */
	json_t *timestamp; /* real or NULL */
	json_t *author;    /* string or NULL */
};

struct trajectory {
	const struct trajectory_config *config;
	struct tool_call *calls;
	size_t ncalls, cap;
	json_t *by_id;        /* call id -> index of the latest call with that id */
	json_t *pending_name; /* name -> array of indexes of unanswered calls without an id */
	json_t *deltas;       /* the non-empty state deltas, by reference */
	struct usage_total usage;
	struct answer answer;
	json_t *error; /* string or NULL */
};

struct trajectory *trajectory_new(const struct trajectory_config *c)
{
	struct trajectory *t = xcalloc(1, sizeof *t);
	t->config = c;
	t->by_id = json_object();
	t->pending_name = json_object();
	t->deltas = json_array();
	usage_total_init(&t->usage);
	answer_init(&t->answer, false);
	return t;
}

static json_t *ref_string(json_t *v)
{
	return json_is_string(v) ? json_incref(v) : NULL;
}

static void add_call(struct trajectory *t, const json_t *event, json_t *call)
{
	if (t->ncalls == t->cap) {
		t->cap = t->cap ? t->cap * 2 : 16;
		t->calls = xrealloc(t->calls, t->cap * sizeof *t->calls);
	}
	size_t n = t->ncalls++;
	struct tool_call *tc = &t->calls[n];
	json_t *args = adk_get(call, ADK_ARGS);
	double seconds;
	tc->id = ref_string(adk_get(call, ADK_ID));
	tc->name = ref_string(adk_get(call, ADK_NAME));
	tc->args = json_is_object(args) ? json_incref(args) : NULL;
	tc->result = NULL;
	tc->timestamp = event_timestamp(event, &seconds) ? json_real(seconds) : NULL;
	tc->author = ref_string(adk_get(event, ADK_AUTHOR));
	if (tc->id) {
		json_object_set_new(t->by_id, json_string_value(tc->id),
		                    json_integer((json_int_t)n));
	} else if (tc->name) {
		const char *name = json_string_value(tc->name);
		json_t *queue = json_object_get(t->pending_name, name);
		if (!queue) {
			queue = json_array();
			json_object_set_new(t->pending_name, name, queue);
		}
		json_array_append_new(queue, json_integer((json_int_t)n));
	}
}

static void set_result(struct tool_call *tc, json_t *response)
{
	json_decref(tc->result);
	tc->result = response ? json_incref(response) : json_null();
}

static void add_response(struct trajectory *t, json_t *fr)
{
	json_t *response = adk_get(fr, ADK_RESPONSE);
	const char *id = adk_get_string(fr, ADK_ID);
	const char *name = adk_get_string(fr, ADK_NAME);
	json_t *index = id ? json_object_get(t->by_id, id) : NULL;
	if (index) {
		/* The last response wins: a long-running tool answers "pending" first. */
		set_result(&t->calls[json_integer_value(index)], response);
		return;
	}
	json_t *queue = name ? json_object_get(t->pending_name, name) : NULL;
	if (queue && json_array_size(queue) > 0) {
		set_result(&t->calls[json_integer_value(json_array_get(queue, 0))], response);
		json_array_remove(queue, 0);
	}
}

static void set_error_from_event(struct trajectory *t, const json_t *event)
{
	json_t *code = adk_get(event, ADK_ERROR_CODE);
	const char *message = adk_get_string(event, ADK_ERROR_MESSAGE);
	struct strbuf sb = STRBUF_INIT;
	/* A code may be a number (HTTP status) in some writers; it is written as JSON would. */
	if (json_is_string(code))
		strbuf_add(&sb, json_string_value(code), json_string_length(code));
	else if (json_is_integer(code))
		strbuf_addf(&sb, "%" JSON_INTEGER_FORMAT, json_integer_value(code));
	else if (json_is_real(code))
		json_append_real(&sb, json_real_value(code));
	if (message && *message) {
		if (sb.len)
			strbuf_add(&sb, ": ", 2);
		strbuf_addstr(&sb, message);
	}
	if (sb.len) {
		json_decref(t->error);
		t->error = json_stringn_nocheck(sb.buf, sb.len);
	}
	strbuf_release(&sb);
}

void trajectory_add(struct trajectory *t, const struct reader_item *item)
{
	const json_t *event = item->value;
	if (item->kind == VALUE_STREAM_ERROR) {
		const char *text = stream_error_text(event);
		if (text) {
			json_decref(t->error);
			t->error = json_string_nocheck(text);
		}
		return;
	}
	if (item->kind != VALUE_EVENT)
		return;
	answer_add(&t->answer, event);
	set_error_from_event(t, event);
	if (event_is_partial(event))
		return;
	usage_total_add(&t->usage, event);
	json_t *delta = adk_get(adk_get(event, ADK_ACTIONS), ADK_STATE_DELTA);
	if (json_is_object(delta) && json_object_size(delta) > 0)
		json_array_append(t->deltas, delta);
	json_t *parts = event_parts(event);
	size_t i;
	json_t *part;
	json_array_foreach(parts, i, part)
	{
		json_t *call = adk_get(part, ADK_FUNCTION_CALL);
		json_t *fr = adk_get(part, ADK_FUNCTION_RESPONSE);
		if (json_is_object(call))
			add_call(t, event, call);
		if (json_is_object(fr))
			add_response(t, fr);
	}
}

/* A value reported from inside a trajectory: redacted, then cut, as configured. */
static json_t *reported(const struct redactor *r, const struct trajectory_config *c,
                        const json_t *v)
{
	return redact_and_truncate(r, v, c->max_string);
}

static json_t *or_null(json_t *v)
{
	return v ? json_incref(v) : json_null();
}

json_t *trajectory_json(struct trajectory *t)
{
	const struct trajectory_config *c = t->config;
	struct redactor r;
	const struct redactor *rp = NULL;
	if (c->redact) {
		redactor_init(&r, c->redact_exact, c->redact_words, c->nredact_words);
		rp = &r;
	}
	json_t *calls = json_array();
	for (size_t i = 0; c->tool_calls && i < t->ncalls; i++) {
		const struct tool_call *tc = &t->calls[i];
		json_t *rec = json_object();
		json_object_set_new(rec, "id", or_null(tc->id));
		json_object_set_new(rec, "name", or_null(tc->name));
		json_object_set_new(rec, "arguments",
		                    tc->args ? reported(rp, c, tc->args) : json_object());
		json_object_set_new(rec, "result",
		                    tc->result ? reported(rp, c, tc->result) : json_null());
		json_object_set_new(rec, "timestamp", or_null(tc->timestamp));
		json_object_set_new(rec, "author", or_null(tc->author));
		json_array_append_new(calls, rec);
	}
	json_t *deltas = json_array();
	size_t i;
	json_t *delta;
	json_array_foreach(c->state_deltas ? t->deltas : NULL, i, delta)
	    json_array_append_new(deltas, reported(rp, c, delta));

	json_t *o = json_object();
	json_object_set_new(o, "tool_calls", calls);
	json_object_set_new(o, "state_deltas", deltas);
	json_object_set_new(o, "token_usage",
	                    c->token_usage ? usage_total_json(&t->usage) : json_null());
	json_object_set_new(o, "final_output", answer_json(&t->answer));
	json_object_set_new(o, "error", or_null(t->error));
	if (rp)
		redactor_release(&r);
	return o;
}

void trajectory_free(struct trajectory *t)
{
	if (!t)
		return;
	for (size_t i = 0; i < t->ncalls; i++) {
		struct tool_call *tc = &t->calls[i];
		json_decref(tc->id);
		json_decref(tc->name);
		json_decref(tc->args);
		json_decref(tc->result);
		json_decref(tc->timestamp);
		json_decref(tc->author);
	}
	free(t->calls);
	json_decref(t->by_id);
	json_decref(t->pending_name);
	json_decref(t->deltas);
	usage_total_release(&t->usage);
	answer_release(&t->answer);
	json_decref(t->error);
	free(t);
}
