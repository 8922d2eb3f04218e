/*
 * otlp_write.c - an invocation's span records written as one OTLP/JSON
 * TracesData line (otlp.h): the resource and scope, and each span with its
 * ids, times as fixed64 strings, attributes as AnyValues, events and
 * status; then the records are dropped.
 */
#include "adk/otlp_int.h"
#include "write/json.h"

#include <stdio.h>
#include <string.h>

#ifndef ADKEV_VERSION
#define ADKEV_VERSION "unknown"
#endif

/* A time as OTLP/JSON writes a fixed64: its decimal digits in a string. */
static void write_time(struct json_writer *w, const char *key, json_int_t ns)
{
	char digits[24];
	snprintf(digits, sizeof digits, "%" JSON_INTEGER_FORMAT, ns);
	jw_key(w, key);
	jw_string(w, digits, strlen(digits));
}

/* An AnyValue: {"stringValue"}, {"intValue"} (an int64, so a string), {"doubleValue"}, ... */
static void write_any_value(struct json_writer *w, const json_t *v)
{
	jw_object_begin(w);
	if (json_is_string(v)) {
		jw_key(w, "stringValue");
		jw_string(w, json_string_value(v), json_string_length(v));
	} else if (json_is_integer(v)) {
		write_time(w, "intValue", json_integer_value(v));
	} else if (json_is_real(v)) {
		jw_key(w, "doubleValue");
		jw_real(w, json_real_value(v));
	} else if (json_is_boolean(v)) {
		jw_key(w, "boolValue");
		jw_bool(w, json_is_true(v));
	} else if (json_is_array(v)) {
		jw_key(w, "arrayValue");
		jw_object_begin(w);
		jw_key(w, "values");
		jw_array_begin(w);
		size_t i;
		json_t *e;
		json_array_foreach(v, i, e) write_any_value(w, e);
		jw_array_end(w);
		jw_object_end(w);
	}
	jw_object_end(w);
}

/* "attributes": [{"key", "value"}, ...], in the order they were set. */
static void write_attributes(struct json_writer *w, const json_t *attrs)
{
	const char *k;
	size_t len;
	json_t *v;
	jw_key(w, "attributes");
	jw_array_begin(w);
	json_object_keylen_foreach((json_t *)attrs, k, len, v)
	{
		jw_object_begin(w);
		jw_key(w, "key");
		jw_string(w, k, len);
		jw_key(w, "value");
		write_any_value(w, v);
		jw_object_end(w);
	}
	jw_array_end(w);
}

static void write_events(struct json_writer *w, const json_t *events)
{
	size_t i;
	json_t *ev;
	jw_key(w, "events");
	jw_array_begin(w);
	json_array_foreach(events, i, ev)
	{
		jw_object_begin(w);
		write_time(w, "timeUnixNano", json_integer_value(json_object_get(ev, "time")));
		jw_key(w, "name");
		jw_value(w, json_object_get(ev, "name"));
		write_attributes(w, json_object_get(ev, "attrs"));
		jw_object_end(w);
	}
	jw_array_end(w);
}

static void write_span(struct otlp *o, struct json_writer *w, const json_t *span)
{
	jw_object_begin(w);
	jw_key(w, "traceId");
	jw_string(w, o->trace, 32);
	jw_key(w, "spanId");
	jw_value(w, json_object_get(span, "id"));
	json_t *up = json_object_get(span, "up");
	if (up) {
		jw_key(w, "parentSpanId");
		jw_value(w, json_object_get(otlp_span_at(o, (long)json_integer_value(up)), "id"));
	}
	jw_key(w, "name");
	jw_value(w, json_object_get(span, "name"));
	jw_key(w, "kind");
	jw_value(w, json_object_get(span, "kind"));
	write_time(w, "startTimeUnixNano", json_integer_value(json_object_get(span, "start")));
	write_time(w, "endTimeUnixNano", json_integer_value(json_object_get(span, "end")));
	write_attributes(w, json_object_get(span, "attrs"));
	write_events(w, json_object_get(span, "events"));
	jw_key(w, "status");
	jw_object_begin(w);
	jw_key(w, "code");
	json_t *status = json_object_get(span, "status");
	jw_int(w, status ? json_integer_value(status) : STATUS_CODE_UNSET);
	if (json_object_get(span, "message")) {
		jw_key(w, "message");
		jw_value(w, json_object_get(span, "message"));
	}
	jw_object_end(w);
	jw_object_end(w);
}

/* {"resource": {"attributes": [service.name]}, "scopeSpans": [{"scope", "spans": [ */
static void write_head(struct otlp *o, struct json_writer *w)
{
	jw_object_begin(w);
	jw_key(w, "resourceSpans");
	jw_array_begin(w);
	jw_object_begin(w);
	jw_key(w, "resource");
	jw_object_begin(w);
	json_t *attrs = json_pack("{s:s}", "service.name", o->c->service ? o->c->service : "adk");
	write_attributes(w, attrs);
	json_decref(attrs);
	jw_object_end(w);
	jw_key(w, "scopeSpans");
	jw_array_begin(w);
	jw_object_begin(w);
	jw_key(w, "scope");
	jw_object_begin(w);
	jw_key(w, "name");
	jw_string(w, "adkev", 5);
	jw_key(w, "version");
	jw_string(w, ADKEV_VERSION, strlen(ADKEV_VERSION));
	jw_object_end(w);
	jw_key(w, "spans");
	jw_array_begin(w);
}

void otlp_finish(struct otlp *o, struct strbuf *out)
{
	if (!o->open)
		return;
	if (json_array_size(o->spans)) {
		struct json_writer w;
		jw_init_buf(&w, out, o->c->flags);
		write_head(o, &w);
		size_t i;
		json_t *span;
		json_array_foreach(o->spans, i, span) write_span(o, &w, span);
		/* The spans, a scope's, the scopes, a resource's, the resources, the TracesData. */
		jw_array_end(&w);
		jw_object_end(&w);
		jw_array_end(&w);
		jw_object_end(&w);
		jw_array_end(&w);
		jw_object_end(&w);
		jw_line_end(&w);
		jw_release(&w);
	}
	otlp_invocation_release(o);
}
