/*
 * trajectory_merge.c - a trajectory in pieces (trajectory.h): a partial
 * result's fold and its journal of unpaired pieces as JSON records
 * (--partial, --merge), and a chunk's journal laid out already and
 * replayed into the trajectory before it (-j in chunks), both paired again
 * through trajectory.c's recording as one run would pair them.
 */
#include "adk/trajectory_int.h"
#include "write/json.h"
#include "util.h"

#include <stdint.h>

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

void trajectory_journal_piece(struct trajectory *t, const struct call_source *src,
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
			journal_string(&w, "author", src->author);
			jw_key(&w, "timestamp");
			if (src->timestamp)
				jw_real(&w, *src->timestamp);
			else
				jw_null(&w);
			if (json_is_string(src->node))
				journal_string(&w, "node_path", src->node);
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
	trajectory_event_clear(&t->scratch);
	trajectory_event_add_piece(&t->scratch, &p, kind, id, name, value, level);
	return &t->scratch.pieces[0];
}

/* A call record: {"id","name","author","timestamp"[,"node_path"][,"arguments"]}. */
static bool absorb_call(struct trajectory *t, const json_t *call)
{
	const json_t *id = json_object_get(call, "id"), *name = json_object_get(call, "name");
	const json_t *author = json_object_get(call, "author");
	const json_t *time = json_object_get(call, "timestamp");
	const json_t *node = json_object_get(call, "node_path");
	const json_t *args = json_object_get(call, "arguments");
	if (!string_or_null(id) || !string_or_null(name) || !string_or_null(author) ||
	    !(json_is_number(time) || json_is_null(time)) || (args && !json_is_object(args)) ||
	    (node && !json_is_string(node)) ||
	    json_object_size(call) != 4u + (args ? 1u : 0u) + (node ? 1u : 0u))
		return false;
	double at = json_number_value(time);
	const struct piece *piece = record_piece(t, PIECE_CALL, id, name, args, MEMBER_LEVEL);
	struct call_source src = {author, node, json_is_number(time) ? &at : NULL};
	trajectory_record_call(t, &src, piece, t->scratch.text.buf);
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
	trajectory_record_response(t, piece, t->scratch.text.buf);
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
	trajectory_record_delta(t, piece, t->scratch.text.buf);
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
	uint64_t len;   /* the bytes after the head: id, name, author, node path and text */
	uint64_t kind;  /* enum piece_kind */
	uint64_t flags; /* HAS_ID, HAS_NAME, HAS_AUTHOR, HAS_NODE, HAS_ARGS, HAS_TIMESTAMP */
	uint64_t id_len, name_len, author_len, node_len, text_len;
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

void trajectory_journal_piece_laid_out(struct trajectory *t, const struct call_source *src,
                                       const struct piece *piece, const char *text)
{
	struct replay_head h = {.kind = piece->kind};
	uint64_t at = store_append_zeros(&t->journal, sizeof h);
	add_replay_member(&t->journal, piece->id, HAS_ID, &h, &h.id_len);
	add_replay_member(&t->journal, piece->name, HAS_NAME, &h, &h.name_len);
	if (piece->kind == PIECE_CALL) {
		add_replay_member(&t->journal, src->author, HAS_AUTHOR, &h, &h.author_len);
		add_replay_member(&t->journal, src->node, HAS_NODE, &h, &h.node_len);
	}
	if (piece->has_text) {
		h.flags |= HAS_ARGS;
		h.text_len = piece->len;
		store_append(&t->journal, text + piece->off, piece->len);
	}
	if (src->timestamp && piece->kind == PIECE_CALL) {
		h.flags |= HAS_TIMESTAMP;
		h.timestamp = *src->timestamp;
	}
	h.len = h.id_len + h.name_len + h.author_len + h.node_len + h.text_len;
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
	json_t *node = replay_string(sb, h->flags, HAS_NODE, &at, h->node_len);
	struct piece piece = {(enum piece_kind)h->kind, id, name, (h->flags & HAS_ARGS) != 0, at,
	                      (size_t)h->text_len};
	struct call_source src = {author, node, (h->flags & HAS_TIMESTAMP) ? &h->timestamp : NULL};
	if (piece.kind == PIECE_CALL)
		trajectory_record_call(t, &src, &piece, sb->buf);
	else if (piece.kind == PIECE_RESPONSE)
		trajectory_record_response(t, &piece, sb->buf);
	else
		trajectory_record_delta(t, &piece, sb->buf);
	json_decref(id);
	json_decref(name);
	json_decref(author);
	json_decref(node);
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
