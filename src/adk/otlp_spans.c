/*
 * otlp_spans.c - an invocation's trace and its span records (otlp.h): the
 * trace begun and let go, and each span kept as a small jansson record
 * while the invocation's events are read: {"name", "kind", "id", "up"
 * (the parent's index), "start", "end" (unix nanoseconds), "attrs" (name
 * -> value), "events", "status", "message"}.  Ids are hashes of the
 * input under fixed seeds.
 */
#include "adk/otlp_int.h"
#include "adk/event.h"
#include "adk/store.h"

#include <inttypes.h>
#include <stdio.h>

/* The seeds of the ids' hashes: fixed, so that ids come out alike in every run. */
enum { SEED_TRACE_HIGH = 0x6f746c70, SEED_TRACE_LOW, SEED_SPAN };

static void hex64(char *out, uint64_t v)
{
	snprintf(out, 17, "%016" PRIx64, v);
}

json_t *otlp_string_of(const json_t *s)
{
	return s ? json_stringn(json_string_value(s), json_string_length(s)) : json_string("");
}

void otlp_key_add(struct strbuf *sb, const json_t *s)
{
	size_t len = s ? json_string_length(s) : 0;
	strbuf_addf(sb, "%zu:", len);
	strbuf_add(sb, s ? json_string_value(s) : "", len);
}

void otlp_invocation_begin(struct otlp *o, const json_t *inv, const json_t *session,
                           const json_t *event)
{
	o->open = true;
	o->inv = inv ? otlp_string_of(inv) : NULL;
	/* An adk run --jsonl line names its session beside the event's members. */
	const char *conv = o->c->conversation ? o->c->conversation
	                   : session          ? adk_get_string(session, ADK_ID)
	                                      : adk_get_string(event, ADK_RUN_SESSION_ID);
	o->conversation = conv ? xstrdup(conv) : NULL;
	struct strbuf *k = &o->key;
	strbuf_reset(k);
	otlp_key_add(k, inv);
	json_t *n = json_object_getn(o->parts_written, k->buf, k->len);
	o->part = n ? json_integer_value(n) : 0;
	json_object_setn_new(o->parts_written, k->buf, k->len, json_integer(o->part + 1));
	strbuf_addstr(k, o->conversation ? o->conversation : "");
	hex64(o->trace, store_hash_fixed(SEED_TRACE_HIGH, k->buf, k->len));
	hex64(o->trace + 16, store_hash_fixed(SEED_TRACE_LOW, k->buf, k->len));
	o->spans = json_array();
	o->agents = json_object();
	o->latest = json_object();
	o->models = json_object();
	o->calls = json_object();
	o->unnamed = json_object();
	o->transfers = json_object();
	o->workflows = json_object();
	o->current = -1;
	o->last_ns = -1;
}

void otlp_invocation_release(struct otlp *o)
{
	json_t **tables[] = {&o->inv,       &o->spans, &o->agents,   &o->latest,
	                     &o->models,    &o->calls, &o->unnamed,  &o->transfers,
	                     &o->workflows, &o->input, &o->prev_key, &o->prev_branch};
	for (size_t i = 0; i < sizeof tables / sizeof tables[0]; i++) {
		json_decref(*tables[i]);
		*tables[i] = NULL;
	}
	free(o->conversation);
	o->conversation = NULL;
	o->open = false;
}

json_t *otlp_span_at(struct otlp *o, long index)
{
	return json_array_get(o->spans, (size_t)index);
}

long otlp_span_new(struct otlp *o, const char *op, const json_t *suffix, int kind, long parent,
                   long long start, const char *event_id)
{
	long index = (long)json_array_size(o->spans);
	struct strbuf *k = &o->key;
	strbuf_reset(k);
	strbuf_addstr(&o->key, op);
	if (suffix && json_string_length(suffix)) {
		strbuf_addch(k, ' ');
		strbuf_add(k, json_string_value(suffix), json_string_length(suffix));
	}
	json_t *span = json_object();
	json_object_set_new(span, "name", json_stringn(k->buf, k->len));
	strbuf_reset(k);
	strbuf_addf(k, "%s/%" JSON_INTEGER_FORMAT "/%ld/%s", o->trace, o->part, index,
	            event_id ? event_id : "");
	char id[17];
	hex64(id, store_hash_fixed(SEED_SPAN, k->buf, k->len));
	json_object_set_new(span, "id", json_string(id));
	json_object_set_new(span, "kind", json_integer(kind));
	if (parent >= 0)
		json_object_set_new(span, "up", json_integer(parent));
	json_object_set_new(span, "start", json_integer(start));
	json_object_set_new(span, "end", json_integer(start));
	json_t *attrs = json_object();
	json_object_set_new(attrs, "gen_ai.operation.name", json_string(op));
	json_object_set_new(span, "attrs", attrs);
	json_object_set_new(span, "events", json_array());
	json_array_append_new(o->spans, span);
	return index;
}

void otlp_span_extend(struct otlp *o, long index, long long t)
{
	while (index >= 0) {
		json_t *span = otlp_span_at(o, index);
		if (json_integer_value(json_object_get(span, "end")) < t)
			json_object_set_new(span, "end", json_integer(t));
		if (json_integer_value(json_object_get(span, "start")) > t)
			json_object_set_new(span, "start", json_integer(t));
		json_t *up = json_object_get(span, "up");
		index = up ? (long)json_integer_value(up) : -1;
	}
}

void otlp_span_attr(struct otlp *o, long index, const char *name, json_t *value)
{
	if (value)
		json_object_set_new(json_object_get(otlp_span_at(o, index), "attrs"), name, value);
}

void otlp_span_event(struct otlp *o, long index, const char *name, long long t, json_t *attrs)
{
	json_t *ev = json_object();
	json_object_set_new(ev, "name", json_string(name));
	json_object_set_new(ev, "time", json_integer(t));
	json_object_set_new(ev, "attrs", attrs ? attrs : json_object());
	json_array_append_new(json_object_get(otlp_span_at(o, index), "events"), ev);
}

void otlp_span_error(struct otlp *o, long index, const char *type, const char *message)
{
	json_t *span = otlp_span_at(o, index);
	json_object_set_new(span, "status", json_integer(STATUS_CODE_ERROR));
	if (message)
		json_object_set_new(span, "message", json_string(message));
	otlp_span_attr(o, index, "error.type", json_string(type));
}
