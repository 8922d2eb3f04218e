/*
 * trajectory_write.c - a trajectory written (trajectory.h): the object
 * {"tool_calls", "state_deltas", "token_usage", "final_output", "error"}
 * with the JSON writer, the texts its stores keep spliced in as they are,
 * laid out already; and that output read back as a value for the tests.
 */
#include "adk/trajectory_int.h"
#include "write/json.h"
#include "util.h"

#include <stdint.h>

/* store_emit()'s emit: a piece of a value's text, laid out already. */
static bool raw_piece(void *ctx, const char *p, size_t n)
{
	jw_raw_piece(ctx, p, n);
	return !jw_failed(ctx);
}

/* The text len bytes at offset at of s, one value. */
static void write_text(struct json_writer *w, struct store *s, uint64_t at, uint64_t len)
{
	jw_raw_begin(w);
	store_emit(s, at, len, raw_piece, w);
	jw_raw_end(w);
}

/* A string member of a call record, len bytes at *at, or null when it has none. */
static void write_string(struct trajectory *t, struct json_writer *w, bool has, uint64_t *at,
                         uint64_t len)
{
	struct strbuf s = STRBUF_INIT;
	if (!has) {
		jw_null(w);
		return;
	}
	strbuf_grow(&s, (size_t)len);
	if (store_read(&t->calls, *at, s.buf, (size_t)len))
		jw_string(w, s.buf, (size_t)len);
	strbuf_release(&s);
	*at += len;
}

/* The arguments of a call whose args are not an object. */
static void write_empty_object(struct json_writer *w)
{
	jw_object_begin(w);
	jw_object_end(w);
}

/* The call recorded at record, with the texts of its arguments and latest result. */
static void write_call(struct trajectory *t, struct json_writer *w, uint64_t record)
{
	struct call_fields f = trajectory_call_fields(t, record);
	uint64_t at = record + sizeof(uint64_t) + sizeof f, result_head = 0;
	jw_object_begin(w);
	jw_key(w, "id");
	write_string(t, w, f.flags & HAS_ID, &at, f.id_len);
	jw_key(w, "name");
	write_string(t, w, f.flags & HAS_NAME, &at, f.name_len);
	uint64_t author_at = at, node_at = at + f.author_len;
	at += f.author_len + f.node_len;
	jw_key(w, "arguments");
	if (f.flags & HAS_ARGS)
		write_text(w, &t->calls, at, f.args_len);
	else
		write_empty_object(w);
	jw_key(w, "result");
	if (f.result == NO_RESULT)
		jw_null(w);
	else if (store_read(&t->calls, f.result, &result_head, sizeof result_head))
		write_text(w, &t->calls, f.result + sizeof result_head, result_head >> 1);
	jw_key(w, "timestamp");
	if (f.flags & HAS_TIMESTAMP)
		jw_real(w, f.timestamp);
	else
		jw_null(w);
	jw_key(w, "author");
	write_string(t, w, f.flags & HAS_AUTHOR, &author_at, f.author_len);
	/* Only where the event said it, so that a run without workflows reads as before. */
	if (f.flags & HAS_NODE) {
		jw_key(w, "node_path");
		write_string(t, w, true, &node_at, f.node_len);
	}
	jw_object_end(w);
}

/* The tool calls, in the order of their records; results are records of their own. */
static void write_calls(struct trajectory *t, struct json_writer *w)
{
	jw_array_begin(w);
	for (uint64_t at = 0, head; at < t->calls.size && !jw_failed(w) && !t->status;
	     at += sizeof head + (head >> 1)) {
		if (!store_read(&t->calls, at, &head, sizeof head))
			return;
		if (head & 1)
			write_call(t, w, at);
	}
	jw_array_end(w);
}

static void write_deltas(struct trajectory *t, struct json_writer *w)
{
	jw_array_begin(w);
	for (uint64_t at = 0, len; at < t->deltas.size && !jw_failed(w) && !t->status;
	     at += sizeof len + len) {
		if (!store_read(&t->deltas, at, &len, sizeof len))
			return;
		write_text(w, &t->deltas, at + sizeof len, len);
	}
	jw_array_end(w);
}

/* A member of the result made as a value (owned, and released here). */
static void write_value(struct json_writer *w, const char *key, json_t *v)
{
	jw_key(w, key);
	jw_value(w, v);
	json_decref(v);
}

int trajectory_write(struct trajectory *t, struct json_writer *w)
{
	if (t->status)
		return t->status;
	jw_object_begin(w);
	jw_key(w, "tool_calls");
	write_calls(t, w);
	jw_key(w, "state_deltas");
	write_deltas(t, w);
	write_value(w, "token_usage",
	            t->config->token_usage ? usage_total_json(&t->usage) : json_null());
	write_value(w, "final_output", answer_json(&t->answer));
	write_value(w, "error", t->error ? json_incref(t->error) : json_null());
	jw_object_end(w);
	return t->status;
}

/* Owned by the caller: the value of what trajectory_write() writes, read back. */
json_t *trajectory_json(struct trajectory *t)
{
	struct strbuf sb = STRBUF_INIT;
	struct json_writer w;
	json_t *v = NULL;
	jw_init_buf(&w, &sb, 0);
	if (trajectory_write(t, &w) == 0)
		v = json_loadb(sb.buf, sb.len, JSON_DECODE_ANY | JSON_ALLOW_NUL, NULL);
	jw_release(&w);
	strbuf_release(&sb);
	return v;
}
