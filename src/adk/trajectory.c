/*
 * trajectory.c - tool calls paired with their results, state deltas, token
 * usage summed per model call, the answer and the error of a run.
 *
 * One walk over an event's parts and actions (trajectory_walk(), in
 * trajectory_pieces.c) finds what it brings: its tool calls, its tool
 * responses and its state delta, each value redacted, cut and printed at
 * the indentation it will have in the result.  The -j workers run it
 * beside the parsing (trajectory_prepare()); otherwise trajectory_add()
 * runs it on the reader's thread.  Then, here, on the reader's thread,
 * calls are paired with their responses and the texts are kept in stores
 * (store.h): in memory up to a limit, in temporary files past it.
 * trajectory_write() (trajectory_write.c) writes the object with the JSON
 * writer, the kept texts spliced in as values laid out already;
 * trajectory_json() reads that output back.  Redacting each value as it
 * arrives gives what redacting it at the end would: a value's redaction
 * depends on nothing but the value.
 */
#include "adk/trajectory_int.h"
#include "adk/event.h"
#include "write/json.h"
#include "util.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static bool equal_hashes;

void trajectory_test_equal_hashes(bool on)
{
	equal_hashes = on;
}

static void stores_init(struct trajectory *t, size_t in_memory)
{
	store_init(&t->calls, "trajectory", in_memory, &t->status);
	store_init(&t->deltas, "trajectory", in_memory, &t->status);
	store_table_init(&t->ids, "trajectory", in_memory, &t->status);
	store_init(&t->journal, "trajectory", in_memory, &t->status);
}

struct trajectory *trajectory_new(const struct trajectory_config *c)
{
	struct trajectory *t = xcalloc(1, sizeof *t);
	t->config = c;
	trajectory_prep_init(&t->prep, c, false);
	stores_init(t, STORE_IN_MEMORY);
	t->pending_name = json_object();
	usage_total_init(&t->usage);
	answer_init(&t->answer, false);
	return t;
}

void trajectory_layout(struct trajectory *t, bool pretty, int level)
{
	t->prep.pretty = pretty;
	t->prep.level = level;
}

void trajectory_spill(struct trajectory *t, size_t in_memory)
{
	stores_init(t, in_memory);
	usage_total_spill(&t->usage, "trajectory", in_memory, &t->status);
}

void trajectory_free(struct trajectory *t)
{
	if (!t)
		return;
	trajectory_prep_release(&t->prep);
	store_release(&t->calls);
	store_release(&t->deltas);
	store_table_release(&t->ids);
	store_release(&t->journal);
	json_decref(t->pending_name);
	usage_total_release(&t->usage);
	answer_release(&t->answer);
	json_decref(t->error);
	trajectory_event_release(&t->scratch);
	free(t);
}

/* Pairing. */

static uint64_t id_hash(const char *id, size_t len)
{
	return equal_hashes ? 42 : store_hash(id, len);
}

struct call_fields trajectory_call_fields(struct trajectory *t, uint64_t record)
{
	struct call_fields f = {.result = NO_RESULT};
	store_read(&t->calls, record + sizeof(uint64_t), &f, sizeof f);
	return f;
}

/* An id being looked up in the table of ids. */
struct id_key {
	struct trajectory *t;
	const char *id;
	size_t len;
};

/*
 * Whether the call recorded at record has the id: ids pair as C strings,
 * as they always have (up to a \u0000), so the id kept may go on past it.
 */
static bool call_has_id(void *ctx, uint64_t record)
{
	struct id_key *k = ctx;
	struct call_fields f = trajectory_call_fields(k->t, record);
	uint64_t at = record + sizeof(uint64_t) + sizeof f;
	char chunk[512];
	if (!(f.flags & HAS_ID) || f.id_len < k->len)
		return false;
	if (f.id_len > k->len &&
	    (!store_read(&k->t->calls, at + k->len, chunk, 1) || chunk[0] != '\0'))
		return false;
	for (size_t done = 0, n; done < k->len; done += n) {
		n = k->len - done < sizeof chunk ? k->len - done : sizeof chunk;
		if (!store_read(&k->t->calls, at + done, chunk, n) ||
		    memcmp(chunk, k->id + done, n) != 0)
			return false;
	}
	return true;
}

/* Makes the call recorded at record the latest with its id. */
static void set_call_of_id(struct trajectory *t, const char *id, uint64_t record)
{
	struct id_key k = {t, id, strlen(id)};
	uint64_t h = id_hash(id, k.len);
	size_t at;
	store_table_reserve(&t->ids);
	store_table_find(&t->ids, h, call_has_id, &k, &at);
	store_table_put(&t->ids, at, (struct store_slot){h, record});
}

/* The record of the latest call with the id, if any. */
static bool call_with_id(struct trajectory *t, const char *id, uint64_t *record)
{
	struct id_key k = {t, id, strlen(id)};
	size_t at;
	if (!store_table_find(&t->ids, id_hash(id, k.len), call_has_id, &k, &at))
		return false;
	*record = store_table_get(&t->ids, at).value;
	return true;
}

/* Queues the call recorded at record, which has no id, for the next response to its name. */
static void queue_by_name(struct trajectory *t, const char *name, uint64_t record)
{
	json_t *queue = json_object_get(t->pending_name, name);
	if (!queue) {
		queue = json_array();
		json_object_set_new(t->pending_name, name, queue);
	}
	json_array_append_new(queue, json_integer((json_int_t)record));
}

/* The next call without an id that waits for a response to name, taken off its queue. */
static bool call_of_name(struct trajectory *t, const char *name, uint64_t *record)
{
	json_t *queue = name ? json_object_get(t->pending_name, name) : NULL;
	if (!queue || json_array_size(queue) == 0)
		return false;
	*record = (uint64_t)json_integer_value(json_array_get(queue, 0));
	json_array_remove(queue, 0);
	return true;
}

/* Recording. */

static uint64_t kind_len(uint64_t len, bool call)
{
	return len << 1 | (call ? 1 : 0);
}

/* Appends a string member of a call record, noting its length and that it is there. */
static void add_member(struct strbuf *sb, const json_t *v, int flag, uint64_t *flags, uint64_t *len)
{
	if (!json_is_string(v))
		return;
	*flags |= (uint64_t)flag;
	*len = json_string_length(v);
	strbuf_add(sb, json_string_value(v), json_string_length(v));
}

void trajectory_record_call(struct trajectory *t, const struct call_source *src,
                            const struct piece *piece, const char *text)
{
	struct strbuf sb = STRBUF_INIT;
	struct call_fields f = {.result = NO_RESULT};
	json_t *id = piece->id, *name = piece->name;
	uint64_t head = 0;
	strbuf_add(&sb, &head, sizeof head); /* filled in below, with the fields */
	strbuf_add(&sb, &f, sizeof f);
	add_member(&sb, id, HAS_ID, &f.flags, &f.id_len);
	add_member(&sb, name, HAS_NAME, &f.flags, &f.name_len);
	add_member(&sb, src->author, HAS_AUTHOR, &f.flags, &f.author_len);
	add_member(&sb, src->node, HAS_NODE, &f.flags, &f.node_len);
	if (piece->has_text) {
		f.flags |= HAS_ARGS;
		f.args_len = piece->len;
	}
	if (src->timestamp) {
		f.timestamp = *src->timestamp;
		f.flags |= HAS_TIMESTAMP;
	}
	head = kind_len(sb.len - sizeof(uint64_t) + f.args_len, true);
	memcpy(sb.buf, &head, sizeof head);
	memcpy(sb.buf + sizeof head, &f, sizeof f);
	uint64_t record = store_append(&t->calls, sb.buf, sb.len);
	if (piece->has_text)
		store_append(&t->calls, text + piece->off, piece->len);
	strbuf_release(&sb);
	if (json_is_string(id))
		set_call_of_id(t, json_string_value(id), record);
	else if (json_is_string(name))
		queue_by_name(t, json_string_value(name), record);
}

void trajectory_record_response(struct trajectory *t, const struct piece *piece, const char *text)
{
	const char *id = json_string_value(piece->id);
	const char *name = json_string_value(piece->name);
	uint64_t record, result = NO_RESULT;
	if (!(id && call_with_id(t, id, &record)) && !call_of_name(t, name, &record))
		return;
	if (piece->has_text) {
		uint64_t head = kind_len(piece->len, false);
		result = store_append(&t->calls, &head, sizeof head);
		store_append(&t->calls, text + piece->off, piece->len);
	}
	store_write(&t->calls, record + sizeof(uint64_t), &result, sizeof result);
}

void trajectory_record_delta(struct trajectory *t, const struct piece *piece, const char *text)
{
	uint64_t len = piece->len;
	store_append(&t->deltas, &len, sizeof len);
	store_append(&t->deltas, text + piece->off, piece->len);
}

static void record_event(struct trajectory *t, const json_t *event,
                         const struct trajectory_event *ev)
{
	double at;
	struct call_source src = {adk_get(event, ADK_AUTHOR), event_node_path(event),
	                          event_timestamp(event, &at) ? &at : NULL};
	for (size_t i = 0; i < ev->count && !t->status; i++) {
		const struct piece *piece = &ev->pieces[i];
		if (t->laid_out)
			trajectory_journal_piece_laid_out(t, &src, piece, ev->text.buf);
		else if (t->journaling)
			trajectory_journal_piece(t, &src, piece, ev->text.buf);
		else if (piece->kind == PIECE_CALL)
			trajectory_record_call(t, &src, piece, ev->text.buf);
		else if (piece->kind == PIECE_RESPONSE)
			trajectory_record_response(t, piece, ev->text.buf);
		else
			trajectory_record_delta(t, piece, ev->text.buf);
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
	else if (json_is_real(code)) {
		struct json_writer w;
		jw_init_buf(&w, &sb, 0);
		jw_real(&w, json_real_value(code));
		jw_release(&w);
	}
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

/*
 * What the function below reads of an event a worker prepared: answer_add(),
 * set_error_from_event(), usage_total_add() and record_event()'s author,
 * node path and timestamp.
 */
const struct adk_reads trajectory_keeps = {
    .event = ADK_READS_FINAL_EVENT | ADK_MEMBER(ADK_ERROR_CODE) | ADK_MEMBER(ADK_ERROR_MESSAGE) |
             ADK_MEMBER(ADK_USAGE_METADATA) | ADK_MEMBER(ADK_INVOCATION_ID) |
             ADK_MEMBER(ADK_TIMESTAMP) | ADK_MEMBER(ADK_NODE_INFO),
    .content = ADK_READS_FINAL_CONTENT,
    .actions = ADK_READS_FINAL_ACTIONS,
    .part = ADK_READS_FINAL_PART,
    .tool_levels = ADK_READS_FINAL_TOOL_LEVELS,
};

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
	if (t->config->token_usage)
		usage_total_add(&t->usage, event);
	if (t->status)
		return; /* a temporary file failed: there is no result to build */
	if (item->mapped) {
		record_event(t, event, item->mapped);
		return;
	}
	trajectory_walk(&t->scratch, event, &t->prep);
	record_event(t, event, &t->scratch);
	/* A text a rare large value grew is given back rather than kept. */
	if (t->scratch.text.cap > TRAJECTORY_IN_MEMORY)
		strbuf_release(&t->scratch.text);
}

void trajectory_add_spent(struct trajectory *t, const struct reader_item *item)
{
	if (item->kind == VALUE_EVENT && t->config->token_usage && !event_is_partial(item->value))
		usage_total_add(&t->usage, item->value);
}
