/*
 * trajectory.c - tool calls paired with their results, state deltas, token
 * usage summed per model call, the answer and the error of a run.
 *
 * One walk over an event's parts and actions (prepare()) finds what it
 * brings: its tool calls, its tool responses and its state delta, each
 * value redacted, cut and printed at the indentation it will have in the
 * result.  The -j workers run it beside the parsing (trajectory_prepare());
 * otherwise trajectory_add() runs it on the reader's thread.  Then, on
 * the reader's thread, calls are paired with their responses and the texts
 * are kept in stores (store.h): in memory up to a limit, in temporary
 * files past it.  trajectory_write() writes the object with the JSON
 * writer, the kept texts spliced in as values laid out already;
 * trajectory_json() reads that output back.  Redacting
 * each value as it arrives gives what redacting it at the end would: a
 * value's redaction depends on nothing but the value.
 */
#include "adk/trajectory.h"
#include "adk/answer.h"
#include "adk/event.h"
#include "adk/redact.h"
#include "adk/store.h"
#include "adk/usage.h"
#include "write/json.h"
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

bool trajectory_config_add_redact_word(struct trajectory_config *c, const char *word)
{
	/* A word with nothing left after normalising would hide every key. */
	char *norm = redact_normalise(word, strlen(word));
	bool empty = !*norm;
	free(norm);
	if (empty)
		return false;
	c->redact_words =
	    xrealloc(c->redact_words, (c->nredact_words + 1) * sizeof *c->redact_words);
	c->redact_words[c->nredact_words++] = word;
	return true;
}

void trajectory_prep_init(struct trajectory_prep *p, const struct trajectory_config *c, bool pretty)
{
	memset(p, 0, sizeof *p);
	p->config = c;
	p->pretty = pretty;
	if (c->redact) {
		redactor_init(&p->redactor, c->redact_exact, c->redact_words, c->nredact_words);
		p->rp = &p->redactor;
	}
}

void trajectory_prep_release(struct trajectory_prep *p)
{
	if (p->rp)
		redactor_release(&p->redactor);
}

/*
 * Where the pieces stand when pretty, below the result's own level
 * (prep.level): its lists one deeper, a tool call or a state delta two, a
 * call's members three.
 */
enum { ITEM_LEVEL = 2, MEMBER_LEVEL = 3 };

/* The walk. */

enum piece_kind { PIECE_CALL, PIECE_RESPONSE, PIECE_DELTA };

/*
 * One thing an event brings: a functionCall with its arguments' text, a
 * functionResponse with its response's text, or a state delta's text.  id
 * and name are copies of the call's or response's strings (NULL where they
 * are not strings), so the pieces outlive the event: a -j worker releases
 * the event, and a copy is the piece's alone, where a second reference to
 * the event's string would have two threads count it down; the text is
 * text[off..off+len) of the event's pieces, when has_text.
 */
struct piece {
	enum piece_kind kind;
	json_t *id, *name;
	bool has_text;
	size_t off, len;
};

struct trajectory_event {
	struct strbuf text;
	struct piece *pieces;
	size_t count, cap;
};

/* A copy of v when it is a string, else NULL; the caller owns it. */
static json_t *string_copy(const json_t *v)
{
	return json_is_string(v) ? json_stringn_nocheck(json_string_value(v), json_string_length(v))
	                         : NULL;
}

/* A piece of id and name (strings, else none) and value (NULL: none), laid out under p. */
static void add_piece_of(struct trajectory_event *ev, const struct trajectory_prep *p,
                         enum piece_kind kind, const json_t *id, const json_t *name,
                         const json_t *value, int level)
{
	if (ev->count == ev->cap) {
		ev->cap = ev->cap ? 2 * ev->cap : 4;
		ev->pieces = xrealloc(ev->pieces, ev->cap * sizeof *ev->pieces);
	}
	struct piece *piece = &ev->pieces[ev->count++];
	*piece = (struct piece){kind,          string_copy(id), string_copy(name),
	                        value != NULL, ev->text.len,    0};
	if (value) {
		struct json_writer w;
		jw_init_buf(&w, &ev->text, p->pretty ? JW_PRETTY : 0);
		jw_set_level(&w, p->level + level);
		redact_write(&w, p->rp, value, p->config->max_string);
		jw_release(&w);
		piece->len = ev->text.len - piece->off;
	}
}

static void add_piece(struct trajectory_event *ev, const struct trajectory_prep *p,
                      enum piece_kind kind, const json_t *object, const json_t *value, int level)
{
	add_piece_of(ev, p, kind, adk_get(object, ADK_ID), adk_get(object, ADK_NAME), value, level);
}

/* Empties ev, letting go of its pieces' ids and names. */
static void clear_pieces(struct trajectory_event *ev)
{
	for (size_t i = 0; i < ev->count; i++) {
		json_decref(ev->pieces[i].id);
		json_decref(ev->pieces[i].name);
	}
	ev->count = 0;
	strbuf_reset(&ev->text);
}

/* The one walk: what an event brings to a trajectory under p, into ev (emptied first). */
static void prepare(struct trajectory_event *ev, const json_t *value,
                    const struct trajectory_prep *p)
{
	const struct trajectory_config *c = p->config;
	clear_pieces(ev);
	if (event_is_partial(value))
		return;
	json_t *delta = adk_get(adk_get(value, ADK_ACTIONS), ADK_STATE_DELTA);
	if (c->state_deltas && json_is_object(delta) && json_object_size(delta) > 0)
		add_piece(ev, p, PIECE_DELTA, delta, delta, ITEM_LEVEL);
	if (!c->tool_calls)
		return;
	json_t *parts = event_parts(value);
	size_t i;
	json_t *part;
	json_array_foreach(parts, i, part)
	{
		json_t *call = adk_get(part, ADK_FUNCTION_CALL);
		json_t *fr = adk_get(part, ADK_FUNCTION_RESPONSE);
		if (json_is_object(call)) {
			json_t *args = adk_get(call, ADK_ARGS);
			add_piece(ev, p, PIECE_CALL, call, json_is_object(args) ? args : NULL,
			          MEMBER_LEVEL);
		}
		if (json_is_object(fr))
			add_piece(ev, p, PIECE_RESPONSE, fr, adk_get(fr, ADK_RESPONSE),
			          MEMBER_LEVEL);
	}
}

static void event_release(struct trajectory_event *ev)
{
	clear_pieces(ev);
	strbuf_release(&ev->text);
	free(ev->pieces);
	ev->pieces = NULL;
	ev->count = ev->cap = 0;
}

/*
 * What trajectory_prepare() gives for an event that brings nothing: a
 * result all the same, so the reader's thread is handed only what
 * trajectory_keeps names of it, and never walks it again.
 */
static struct trajectory_event brings_nothing;

void *trajectory_prepare(const json_t *value, struct trajectory_prep *p)
{
	if (value_kind(value) != VALUE_EVENT)
		return NULL;
	struct trajectory_event *ev = xcalloc(1, sizeof *ev);
	prepare(ev, value, p);
	if (ev->count)
		return ev;
	trajectory_prepared_free(ev);
	return &brings_nothing;
}

void trajectory_prepared_free(void *prepared)
{
	if (prepared == &brings_nothing)
		return;
	event_release(prepared);
	free(prepared);
}

/* The trajectory. */

/*
 * The calls store holds records, each a kind_len word ((length << 1) | 1
 * for a call, length << 1 for a result) and that many bytes.  A call is
 * its call_fields, then its id, name and author and the text of its
 * arguments; its latest result is found through fields.result, rewritten
 * in place when a response comes, so a later result replaces an earlier
 * one.  A result is its text.  The deltas store holds each delta's text
 * after its length.
 */
struct call_fields {
	uint64_t result; /* the offset of its latest result record, or NO_RESULT */
	uint64_t flags;  /* which of the members below it has */
	uint64_t id_len, name_len, author_len, args_len;
	double timestamp;
};

enum { HAS_ID = 1, HAS_NAME = 2, HAS_AUTHOR = 4, HAS_ARGS = 8, HAS_TIMESTAMP = 16 };

#define NO_RESULT UINT64_MAX

struct trajectory {
	const struct trajectory_config *config;
	struct trajectory_prep prep;
	int status; /* the first failure of a temporary file, reported */
	struct store calls, deltas;
	/* The hash of each call id, with the record of the latest call with that id. */
	struct store_table ids;
	json_t *pending_name; /* name -> array of the records of unanswered calls without an id */
	struct usage_total usage;
	struct answer answer;
	json_t *error;                   /* string or NULL */
	struct trajectory_event scratch; /* the walk of events no worker prepared */
	/*
	 * For a partial result (trajectory_journal()): each piece an event
	 * brought, unpaired, as the text of its record after its length, in
	 * the order the events came; the merge pairs them.
	 */
	bool journaling;
	/* The journal holds pieces as replay_head records laid out as t's (trajectory_replay()). */
	bool laid_out;
	struct store journal;
};

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
	event_release(&t->scratch);
	free(t);
}

/* Pairing. */

static uint64_t id_hash(const char *id, size_t len)
{
	return equal_hashes ? 42 : store_hash(id, len);
}

/* The fields of the call record at. */
static struct call_fields call_fields(struct trajectory *t, uint64_t record)
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
	struct call_fields f = call_fields(k->t, record);
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

/* A call made by author (a string, else none) at *timestamp (NULL: no time). */
static void record_call(struct trajectory *t, const json_t *author, const double *timestamp,
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
	add_member(&sb, author, HAS_AUTHOR, &f.flags, &f.author_len);
	if (piece->has_text) {
		f.flags |= HAS_ARGS;
		f.args_len = piece->len;
	}
	if (timestamp) {
		f.timestamp = *timestamp;
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

/* A response: the result of the latest call with its id, else of the next one of its name. */
static void record_response(struct trajectory *t, const struct piece *piece, const char *text)
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

static void record_delta(struct trajectory *t, const struct piece *piece, const char *text)
{
	uint64_t len = piece->len;
	store_append(&t->deltas, &len, sizeof len);
	store_append(&t->deltas, text + piece->off, piece->len);
}

static void journal_piece(struct trajectory *t, const json_t *author, const double *timestamp,
                          const struct piece *piece, const char *text);
static void journal_laid_out(struct trajectory *t, const json_t *author, const double *timestamp,
                             const struct piece *piece, const char *text);

static void record_event(struct trajectory *t, const json_t *event,
                         const struct trajectory_event *ev)
{
	double at;
	const double *timestamp = event_timestamp(event, &at) ? &at : NULL;
	const json_t *author = adk_get(event, ADK_AUTHOR);
	for (size_t i = 0; i < ev->count && !t->status; i++) {
		const struct piece *piece = &ev->pieces[i];
		if (t->laid_out)
			journal_laid_out(t, author, timestamp, piece, ev->text.buf);
		else if (t->journaling)
			journal_piece(t, author, timestamp, piece, ev->text.buf);
		else if (piece->kind == PIECE_CALL)
			record_call(t, author, timestamp, piece, ev->text.buf);
		else if (piece->kind == PIECE_RESPONSE)
			record_response(t, piece, ev->text.buf);
		else
			record_delta(t, piece, ev->text.buf);
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
 * set_error_from_event(), usage_total_add() and record_event()'s author and
 * timestamp.
 */
const struct adk_reads trajectory_keeps = {
    .event = ADK_READS_FINAL_EVENT | ADK_MEMBER(ADK_ERROR_CODE) | ADK_MEMBER(ADK_ERROR_MESSAGE) |
             ADK_MEMBER(ADK_USAGE_METADATA) | ADK_MEMBER(ADK_INVOCATION_ID) |
             ADK_MEMBER(ADK_TIMESTAMP),
    .content = ADK_READS_FINAL_CONTENT,
    .actions = ADK_READS_FINAL_ACTIONS,
    .part = ADK_READS_FINAL_PART,
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
	prepare(&t->scratch, event, &t->prep);
	record_event(t, event, &t->scratch);
	/* A text a rare large value grew is given back rather than kept. */
	if (t->scratch.text.cap > TRAJECTORY_IN_MEMORY)
		strbuf_release(&t->scratch.text);
}

/* Writing. */

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
	struct call_fields f = call_fields(t, record);
	uint64_t at = record + sizeof(uint64_t) + sizeof f, result_head = 0;
	jw_object_begin(w);
	jw_key(w, "id");
	write_string(t, w, f.flags & HAS_ID, &at, f.id_len);
	jw_key(w, "name");
	write_string(t, w, f.flags & HAS_NAME, &at, f.name_len);
	uint64_t author_at = at;
	at += f.author_len;
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

/*
 * Partial results.  A piece's trajectory keeps what stays small in its
 * fold (the usage's partial result, the answer, the error) and journals
 * the pieces its events brought, unpaired, as records: a call and a
 * response pair only in the merge, which replays the records through the
 * same pairing, so a call in one piece finds its result in the next, and
 * a response by name takes the calls left waiting before it in the order
 * one run would.  A record's value is the text the piece laid out, already
 * redacted and cut, so the merge writes it as it is.
 */

static const char *const record_keys[] = {"call", "response", "delta"};

/* A string member of a record: v, or null where it is none. */
static void journal_string(struct json_writer *w, const char *key, const json_t *v)
{
	jw_key(w, key);
	if (json_is_string(v))
		jw_string(w, json_string_value(v), json_string_length(v));
	else
		jw_null(w);
}

/* Appends the record of one piece to the journal, as compact text after its length. */
static void journal_piece(struct trajectory *t, const json_t *author, const double *timestamp,
                          const struct piece *piece, const char *text)
{
	struct strbuf sb = STRBUF_INIT;
	struct json_writer w;
	bool has_body = piece->kind != PIECE_DELTA;
	jw_init_buf(&w, &sb, 0);
	jw_object_begin(&w);
	jw_key(&w, record_keys[piece->kind]);
	if (has_body) {
		jw_object_begin(&w);
		journal_string(&w, "id", piece->id);
		journal_string(&w, "name", piece->name);
		if (piece->kind == PIECE_CALL) {
			journal_string(&w, "author", author);
			jw_key(&w, "timestamp");
			if (timestamp)
				jw_real(&w, *timestamp);
			else
				jw_null(&w);
		}
		if (piece->has_text)
			jw_key(&w, piece->kind == PIECE_CALL ? "arguments" : "result");
	}
	if (piece->has_text)
		jw_raw(&w, text + piece->off, piece->len);
	if (has_body)
		jw_object_end(&w);
	jw_object_end(&w);
	jw_release(&w);
	uint64_t len = sb.len;
	store_append(&t->journal, &len, sizeof len);
	store_append(&t->journal, sb.buf, sb.len);
	strbuf_release(&sb);
}

void trajectory_journal(struct trajectory *t)
{
	t->journaling = true;
	trajectory_layout(t, false, 0);
	usage_total_keep_edges(&t->usage);
}

json_t *trajectory_fold(struct trajectory *t)
{
	size_t len;
	const char *answer = answer_text(&t->answer, &len);
	return json_pack("{s:o,s:o,s:o}", "token_usage", usage_total_partial(&t->usage),
	                 "final_output", len ? json_stringn_nocheck(answer, len) : json_null(),
	                 "error",
	                 t->error ? json_stringn_nocheck(json_string_value(t->error),
	                                                 json_string_length(t->error))
	                          : json_null());
}

/* Whether v is a string, or null where null may stand for none. */
static bool string_or_null(const json_t *v)
{
	return json_is_string(v) || json_is_null(v);
}

/*
 * Takes the answer (NULL: none) and the error (a string, else none) of a
 * piece after t's: where it had them, they are the last ones.
 */
static void take_answer_and_error(struct trajectory *t, const char *answer, size_t len,
                                  const json_t *error)
{
	if (answer)
		answer_take_text(&t->answer, answer, len);
	if (json_is_string(error)) {
		json_decref(t->error);
		t->error =
		    json_stringn_nocheck(json_string_value(error), json_string_length(error));
	}
}

bool trajectory_absorb(struct trajectory *t, const json_t *fold)
{
	json_t *usage, *answer, *error;
	if (json_unpack((json_t *)fold, "{s:o,s:o,s:o!}", "token_usage", &usage, "final_output",
	                &answer, "error", &error) != 0 ||
	    !string_or_null(answer) || !string_or_null(error) ||
	    (json_is_string(answer) && json_string_length(answer) == 0) ||
	    !usage_total_merge(&t->usage, usage))
		return false;
	take_answer_and_error(t, json_is_string(answer) ? json_string_value(answer) : NULL,
	                      json_string_length(answer), error);
	return true;
}

int trajectory_records(struct trajectory *t, bool (*take)(void *ctx, const json_t *record),
                       void *ctx)
{
	struct strbuf sb = STRBUF_INIT;
	bool more = true;
	for (uint64_t at = 0, len = 0; more && !t->status && at < t->journal.size;
	     at += sizeof len + len) {
		if (!store_read(&t->journal, at, &len, sizeof len))
			break;
		strbuf_reset(&sb);
		strbuf_grow(&sb, (size_t)len);
		if (!store_read(&t->journal, at + sizeof len, sb.buf, (size_t)len))
			break;
		/* The text is the journal's own, made by the writer: it parses. */
		json_t *record =
		    json_loadb(sb.buf, (size_t)len, JSON_DECODE_ANY | JSON_ALLOW_NUL, NULL);
		more = record && take(ctx, record);
		json_decref(record);
	}
	strbuf_release(&sb);
	return t->status;
}

/*
 * The scratch walk holding one piece of a record: its value laid out for
 * t as it is, neither redacted nor cut again (the piece that made it did).
 */
static const struct piece *record_piece(struct trajectory *t, enum piece_kind kind,
                                        const json_t *id, const json_t *name, const json_t *value,
                                        int level)
{
	struct trajectory_config as_is = *t->config;
	as_is.max_string = -1;
	struct trajectory_prep p = t->prep;
	p.config = &as_is;
	p.rp = NULL;
	clear_pieces(&t->scratch);
	add_piece_of(&t->scratch, &p, kind, id, name, value, level);
	return &t->scratch.pieces[0];
}

/* A call record: {"id","name","author","timestamp"[,"arguments"]}. */
static bool absorb_call(struct trajectory *t, const json_t *call)
{
	const json_t *id = json_object_get(call, "id"), *name = json_object_get(call, "name");
	const json_t *author = json_object_get(call, "author");
	const json_t *time = json_object_get(call, "timestamp");
	const json_t *args = json_object_get(call, "arguments");
	if (!string_or_null(id) || !string_or_null(name) || !string_or_null(author) ||
	    !(json_is_number(time) || json_is_null(time)) || (args && !json_is_object(args)) ||
	    json_object_size(call) != (args ? 5u : 4u))
		return false;
	double at = json_number_value(time);
	const struct piece *piece = record_piece(t, PIECE_CALL, id, name, args, MEMBER_LEVEL);
	record_call(t, author, json_is_number(time) ? &at : NULL, piece, t->scratch.text.buf);
	return true;
}

/* A response record: {"id","name"[,"result"]}. */
static bool absorb_response(struct trajectory *t, const json_t *response)
{
	const json_t *id = json_object_get(response, "id"),
	             *name = json_object_get(response, "name");
	const json_t *result = json_object_get(response, "result");
	if (!string_or_null(id) || !string_or_null(name) ||
	    json_object_size(response) != (result ? 3u : 2u))
		return false;
	const struct piece *piece = record_piece(t, PIECE_RESPONSE, id, name, result, MEMBER_LEVEL);
	record_response(t, piece, t->scratch.text.buf);
	return true;
}

bool trajectory_absorb_record(struct trajectory *t, const json_t *record)
{
	const json_t *call = json_object_get(record, "call");
	const json_t *response = json_object_get(record, "response");
	const json_t *delta = json_object_get(record, "delta");
	if (json_object_size(record) != 1)
		return false;
	if (json_is_object(call))
		return t->status || absorb_call(t, call);
	if (json_is_object(response))
		return t->status || absorb_response(t, response);
	if (!json_is_object(delta) || json_object_size(delta) == 0)
		return false;
	if (t->status)
		return true;
	/* The text is read once the piece is made: it may have grown the buffer. */
	const struct piece *piece = record_piece(t, PIECE_DELTA, NULL, NULL, delta, ITEM_LEVEL);
	record_delta(t, piece, t->scratch.text.buf);
	return true;
}

/*
 * A run in chunks in one process.  A chunk's trajectory journals its
 * pieces as they are, laid out already as the result's, each after a
 * replay_head: the merge hands them to the same pairing without parsing
 * or printing them again, which would cost the merging thread what the
 * chunk's workers saved.
 */
struct replay_head {
	uint64_t len;   /* the bytes after the head: id, name, author and text */
	uint64_t kind;  /* enum piece_kind */
	uint64_t flags; /* HAS_ID, HAS_NAME, HAS_AUTHOR, HAS_ARGS (the text), HAS_TIMESTAMP */
	uint64_t id_len, name_len, author_len, text_len;
	double timestamp;
};

/* Appends a string member of a replay record, noting its length and that it is there. */
static void add_replay_member(struct store *s, const json_t *v, int flag, struct replay_head *h,
                              uint64_t *len)
{
	if (!json_is_string(v))
		return;
	h->flags |= (uint64_t)flag;
	*len = json_string_length(v);
	store_append(s, json_string_value(v), json_string_length(v));
}

static void journal_laid_out(struct trajectory *t, const json_t *author, const double *timestamp,
                             const struct piece *piece, const char *text)
{
	struct replay_head h = {.kind = piece->kind};
	uint64_t at = store_append_zeros(&t->journal, sizeof h);
	add_replay_member(&t->journal, piece->id, HAS_ID, &h, &h.id_len);
	add_replay_member(&t->journal, piece->name, HAS_NAME, &h, &h.name_len);
	if (piece->kind == PIECE_CALL)
		add_replay_member(&t->journal, author, HAS_AUTHOR, &h, &h.author_len);
	if (piece->has_text) {
		h.flags |= HAS_ARGS;
		h.text_len = piece->len;
		store_append(&t->journal, text + piece->off, piece->len);
	}
	if (timestamp && piece->kind == PIECE_CALL) {
		h.flags |= HAS_TIMESTAMP;
		h.timestamp = *timestamp;
	}
	h.len = h.id_len + h.name_len + h.author_len + h.text_len;
	store_write(&t->journal, at, &h, sizeof h);
}

void trajectory_journal_laid_out(struct trajectory *t, bool pretty, int level)
{
	/* Joined in this process, never folded: the usage keeps hashes, not objects. */
	t->journaling = true;
	usage_total_keep_firsts(&t->usage);
	trajectory_layout(t, pretty, level);
	t->laid_out = true;
}

/* The string of len bytes at *at of sb when the flag is in flags (owned), else NULL. */
static json_t *replay_string(const struct strbuf *sb, uint64_t flags, int flag, size_t *at,
                             uint64_t len)
{
	if (!(flags & (uint64_t)flag))
		return NULL;
	json_t *s = json_stringn_nocheck(sb->buf + *at, (size_t)len);
	*at += (size_t)len;
	return s;
}

/* One replay record, its bytes in sb, into t's pairing and stores. */
static void replay_piece(struct trajectory *t, const struct replay_head *h, const struct strbuf *sb)
{
	size_t at = 0;
	json_t *id = replay_string(sb, h->flags, HAS_ID, &at, h->id_len);
	json_t *name = replay_string(sb, h->flags, HAS_NAME, &at, h->name_len);
	json_t *author = replay_string(sb, h->flags, HAS_AUTHOR, &at, h->author_len);
	struct piece piece = {(enum piece_kind)h->kind, id, name, (h->flags & HAS_ARGS) != 0, at,
	                      (size_t)h->text_len};
	if (piece.kind == PIECE_CALL)
		record_call(t, author, (h->flags & HAS_TIMESTAMP) ? &h->timestamp : NULL, &piece,
		            sb->buf);
	else if (piece.kind == PIECE_RESPONSE)
		record_response(t, &piece, sb->buf);
	else
		record_delta(t, &piece, sb->buf);
	json_decref(id);
	json_decref(name);
	json_decref(author);
}

int trajectory_replay(struct trajectory *t, struct trajectory *from)
{
	size_t len;
	const char *answer = answer_text(&from->answer, &len);
	usage_total_absorb(&t->usage, &from->usage);
	take_answer_and_error(t, len ? answer : NULL, len, from->error);
	struct strbuf sb = STRBUF_INIT;
	struct replay_head h;
	for (uint64_t at = 0; !t->status && !from->status && at < from->journal.size;
	     at += sizeof h + h.len) {
		if (!store_read(&from->journal, at, &h, sizeof h))
			break;
		strbuf_reset(&sb);
		strbuf_grow(&sb, (size_t)h.len);
		if (!store_read(&from->journal, at + sizeof h, sb.buf, (size_t)h.len))
			break;
		replay_piece(t, &h, &sb);
	}
	strbuf_release(&sb);
	if (!t->status)
		t->status = from->status;
	return t->status;
}
