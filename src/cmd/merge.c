/*
 * merge.c - partial results and their merge (merge.h).
 *
 * A partial result as text is JSON lines: a head line {"adkev_partial":
 * PARTIAL_VERSION, "command", "options"} that says what made it; a
 * {"head": fold} line with the stream errors before the piece's first
 * event (with groups only); one {"fold"} line per group, with its
 * "invocation_id" when there are groups, in the order they began; after a
 * head or group line, the {"record"} lines of its fold, for an extractor
 * with records; and an end line {"adkev_partial_end": the number of group
 * lines, "last_id" and "in_progress": the group of the last event with an
 * id and of the last item (-1: none), "stopped": whether bad input ended
 * the piece's read, "records": the number of record lines, for an
 * extractor with records, and "author_matched": the events by the author,
 * with --author}.  --author filters the events of each piece; the pieces'
 * counts of the author's events are summed, so the merge says that no
 * event has the author exactly when one run would.  The end line's counts tell a partial result
 * cut at a line end.  The text merge and the in-memory one fold through
 * the same steps (merge_next_group(), merge_piece_end()).
 */
#include "cmd/merge.h"
#include "util.h"
#include "write/json.h"
#include "write/output.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PARTIAL_VERSION 1

/* The merge's steps, shared by both uses. */

void merge_init(struct merge *m, const struct fold_hooks *hooks, struct invocation_groups *into)
{
	*m = (struct merge){.hooks = hooks, .into = into};
}

void merge_release(struct merge *m)
{
	free(m->map);
	m->map = NULL;
}

/* The state the piece's leading stream errors join: the invocation in progress. */
static void *in_progress_state(struct merge *m)
{
	struct reader_item error = {.kind = VALUE_STREAM_ERROR};
	return invocation_groups_state(m->into, &error);
}

/* The state the piece's next group folds into: that of id (a JSON string, else none). */
static void *merge_next_group(struct merge *m, const json_t *id)
{
	size_t n = invocation_groups_find(m->into, json_is_string(id) ? id : NULL);
	m->map = xrealloc(m->map, (m->lines + 1) * sizeof *m->map);
	m->map[m->lines++] = n;
	return m->into->list[n].state;
}

/* Where the piece left its invocations (places in the piece, -1: none), and whether it stopped. */
static void merge_piece_end(struct merge *m, long last_id, long in_progress, bool stopped,
                            unsigned long author_matched)
{
	m->author_matched += author_matched;
	if (m->into->per_invocation) {
		if (last_id >= 0)
			m->into->last_id = (long)m->map[last_id];
		if (in_progress >= 0)
			m->into->in_progress = (long)m->map[in_progress];
	}
	m->stopped = stopped;
}

/* In memory. */

struct record_sink {
	const struct fold_hooks *hooks;
	void *state;
	bool refused; /* absorb_record() refused a record */
};

static bool absorb_one(void *ctx, const json_t *record)
{
	struct record_sink *s = ctx;
	s->refused = !s->hooks->absorb_record(s->state, record);
	return !s->refused;
}

/* Folds the state from (only read) into the state into, which it follows. */
static bool fold_state_into(const struct fold_hooks *h, void *into, void *from)
{
	json_t *fold = h->fold(from);
	bool ok = h->absorb(into, fold);
	json_decref(fold);
	if (ok && h->records) {
		struct record_sink s = {h, into, false};
		ok = h->records(from, absorb_one, &s) == 0 && !s.refused;
	}
	return ok;
}

bool merge_piece(struct merge *m, const struct partial_piece *piece)
{
	const struct invocation_groups *g = piece->groups;
	if (m->stopped)
		return true;
	m->lines = 0;
	if (piece->head && !fold_state_into(m->hooks, in_progress_state(m), piece->head))
		return false;
	for (size_t i = 0; i < g->count; i++)
		if (!fold_state_into(m->hooks, merge_next_group(m, g->list[i].id),
		                     g->list[i].state))
			return false;
	merge_piece_end(m, g->last_id, g->in_progress, piece->stopped, piece->author_matched);
	return true;
}

/* As text: --partial. */

const char *partial_refusal(const struct run_options *o)
{
	if (!o->partial && !o->merge)
		return NULL;
	if (o->partial && o->merge)
		return "--partial and --merge exclude each other";
	if (o->per_file || o->per_session)
		return "--per-file and --per-session do not go with --partial or --merge";
	/* Each id a prefix may name is a group of its own (cmd/extract.c). */
	if (o->invocation && o->per_invocation)
		return "--invocation ID and --per-invocation do not go with --partial or --merge";
	if (o->follow)
		return "--follow does not go with --partial or --merge";
	if (o->merge && o->skip_invalid)
		return "--skip-invalid does not go with --merge: a partial result is whole or "
		       "refused";
	return NULL;
}

/* The options a partial result records, owned by the caller: the extractor's and the groups'. */
static json_t *partial_options(const struct partial_format *f)
{
	json_t *o = f->hooks->options(f->config);
	json_object_set_new(o, "per_invocation", json_boolean(f->o->per_invocation));
	json_object_set_new(o, "invocation_last", json_boolean(f->o->invocation_last));
	json_object_set_new(o, "invocation",
	                    f->o->invocation ? json_string_lossy(f->o->invocation) : json_null());
	json_object_set_new(o, "author",
	                    f->o->author ? json_string_lossy(f->o->author) : json_null());
	return o;
}

/* Writes line, which it releases, compact on a line of its own whatever the output style. */
static void partial_line(json_t *line)
{
	struct strbuf sb = STRBUF_INIT;
	struct json_writer w;
	jw_init_buf(&w, &sb, 0);
	jw_value(&w, line);
	jw_release(&w);
	strbuf_addch(&sb, '\n');
	output_bytes(sb.buf, sb.len);
	strbuf_release(&sb);
	json_decref(line);
}

/* records()' take: a record line, counted. */
static bool write_record(void *ctx, const json_t *record)
{
	size_t *count = ctx;
	partial_line(json_pack("{s:O}", "record", record));
	(*count)++;
	return !output_failed();
}

/*
 * The record lines of state's fold, counted into *count: 0, or the status
 * of the extractor's failure to read them back (reported).
 */
static int write_records(const struct partial_format *f, void *state, size_t *count)
{
	return f->hooks->records ? f->hooks->records(state, write_record, count) : 0;
}

int partial_write(const struct partial_format *f, const struct partial_piece *piece)
{
	const struct invocation_groups *g = piece->groups;
	const struct fold_hooks *h = f->hooks;
	bool grouped = g->per_invocation;
	size_t records = 0;
	int status = 0;
	partial_line(json_pack("{s:i,s:s,s:o}", "adkev_partial", PARTIAL_VERSION, "command",
	                       f->command, "options", partial_options(f)));
	if (piece->head) {
		partial_line(json_pack("{s:o}", "head", h->fold(piece->head)));
		if ((status = write_records(f, piece->head, &records)))
			return status;
	}
	for (size_t i = 0; i < g->count; i++) {
		json_t *fold = h->fold(g->list[i].state);
		partial_line(
		    grouped ? json_pack("{s:O,s:o}", "invocation_id", g->list[i].id, "fold", fold)
		            : json_pack("{s:o}", "fold", fold));
		/* Without its end line, what was written is refused by a merge as cut short. */
		if ((status = write_records(f, g->list[i].state, &records)))
			return status;
	}
	json_t *end =
	    json_pack("{s:I,s:I,s:I,s:b}", "adkev_partial_end", (json_int_t)g->count, "last_id",
	              (json_int_t)(grouped ? g->last_id : -1), "in_progress",
	              (json_int_t)(grouped ? g->in_progress : -1), "stopped", piece->stopped);
	if (h->records)
		json_object_set_new(end, "records", json_integer((json_int_t)records));
	if (f->o->author)
		json_object_set_new(end, "author_matched",
		                    json_integer((json_int_t)piece->author_matched));
	partial_line(end);
	return 0;
}

/* As text: --merge. */

/* A --merge: the partial results read so far, folded into the groups. */
struct merging {
	struct merge merge;
	const struct partial_format *f;
	bool in_piece;              /* a head line was read, and its end line not yet */
	void *current;              /* the state the next record lines fold into, or NULL */
	size_t records;             /* the piece's record lines read */
	bool failed;                /* a line was refused (reported): nothing is written */
	char *file;                 /* where the last line was read, for a message at the end */
	unsigned long stopped_line; /* the end line that said its piece was stopped */
	int (*finish)(void *ctx, struct reader *r);
	void *ctx;
	struct run_end *end; /* the run's: the author's events merged are counted in */
};

/* Reports what is wrong with the line at item and fails the merge; returns status. */
static int merge_refuse(struct merging *m, const struct reader_item *item, int status,
                        const char *what)
{
	if (item->pos.record)
		warnx_msg("%s: %s: %s", m->file, item->pos.record, what);
	else
		warnx_msg("%s:%lu: %s", m->file, item->pos.line, what);
	m->failed = true;
	return status;
}

/* The first option in which a partial result's options differ from this run's, or NULL. */
static const char *options_differ(const json_t *mine, const json_t *theirs)
{
	const char *key;
	json_t *v;
	if (!json_is_object(theirs))
		return "all of them";
	json_object_foreach((json_t *)mine, key, v)
	{
		if (!json_equal(v, json_object_get(theirs, key)))
			return key;
	}
	return json_object_size(theirs) == json_object_size(mine) ? NULL : "one unknown here";
}

/* A head line: what made the partial result must be what this run would make. */
static int merge_head(struct merging *m, const struct reader_item *item)
{
	const json_t *v = item->value;
	const json_t *version = json_object_get(v, "adkev_partial");
	const json_t *command = json_object_get(v, "command");
	char what[160];
	if (m->in_piece)
		return merge_refuse(
		    m, item, EXIT_DATAERR,
		    "partial result cut short: the one before this line has no end line");
	if (!json_is_integer(version) || json_integer_value(version) != PARTIAL_VERSION)
		return merge_refuse(
		    m, item, EXIT_DATAERR,
		    "partial result of another format version than this adkev's (1)");
	if (!json_is_string(command) || strcmp(json_string_value(command), m->f->command)) {
		snprintf(what, sizeof what, "not a partial result of adkev %s --partial",
		         m->f->command);
		return merge_refuse(m, item, EXIT_DATAERR, what);
	}
	/* The name options_differ() returns is a key of mine: the message is made before mine goes.
	 */
	json_t *mine = partial_options(m->f);
	const char *differs = options_differ(mine, json_object_get(v, "options"));
	if (differs)
		snprintf(
		    what, sizeof what,
		    "partial result made with other options (%s): give --merge those of --partial",
		    differs);
	json_decref(mine);
	if (differs)
		return merge_refuse(m, item, EXIT_USAGE, what);
	m->in_piece = true;
	m->merge.lines = 0;
	m->records = 0;
	m->current = NULL;
	return 0;
}

/* Folds fold into state, or refuses the line; record lines then go to state. */
static int merge_fold(struct merging *m, const struct reader_item *item, void *state,
                      const json_t *fold)
{
	if (!m->merge.hooks->absorb(state, fold))
		return merge_refuse(m, item, EXIT_DATAERR, "damaged partial result");
	m->current = state;
	return 0;
}

/* A record line of the last head or group line. */
static int merge_record(struct merging *m, const struct reader_item *item)
{
	const json_t *record = json_object_get(item->value, "record");
	if (!m->merge.hooks->records || !m->current || json_object_size(item->value) != 1 ||
	    !m->merge.hooks->absorb_record(m->current, record))
		return merge_refuse(m, item, EXIT_DATAERR, "damaged partial result");
	m->records++;
	return 0;
}

/* A head or group line of a piece. */
static int merge_group(struct merging *m, const struct reader_item *item)
{
	struct invocation_groups *g = m->merge.into;
	const json_t *v = item->value, *head = json_object_get(v, "head");
	const json_t *fold = json_object_get(v, "fold"), *id = json_object_get(v, "invocation_id");
	bool grouped = g->per_invocation;
	if (json_object_get(v, "record"))
		return merge_record(m, item);
	if (head && grouped && !fold && json_object_size(v) == 1 && m->merge.lines == 0 &&
	    !m->current)
		/* The stream errors before the piece's first event join the invocation in progress.
		 */
		return merge_fold(m, item, in_progress_state(&m->merge), head);
	bool id_fits = grouped ? json_is_string(id) || json_is_null(id) : !id;
	if (!fold || !id_fits || json_object_size(v) != (grouped ? 2u : 1u))
		return merge_refuse(m, item, EXIT_DATAERR, "damaged partial result");
	return merge_fold(m, item, merge_next_group(&m->merge, id), fold);
}

/* A group of the piece named by its end line (-1: none); false when there is no such group. */
static bool piece_group(const struct merging *m, const json_t *at, long *group)
{
	if (!json_is_integer(at) || json_integer_value(at) < -1 ||
	    json_integer_value(at) >= (json_int_t)m->merge.lines)
		return false;
	*group = (long)json_integer_value(at);
	return true;
}

/* Whether an end line's record count, where the extractor has records, is the lines read. */
static bool records_counted(const struct merging *m, const json_t *end)
{
	const json_t *records = json_object_get(end, "records");
	return !m->merge.hooks->records ||
	       (json_is_integer(records) && json_integer_value(records) == (json_int_t)m->records);
}

/* An end line's members beside the counts: its size, and the author's events (0 without). */
static bool end_fits(const struct merging *m, const json_t *end, unsigned long *author_matched)
{
	const json_t *n = json_object_get(end, "author_matched");
	size_t size = 4 + (m->merge.hooks->records ? 1 : 0) + (m->f->o->author ? 1 : 0);
	*author_matched = 0;
	if (json_object_size(end) != size)
		return false;
	if (!m->f->o->author)
		return true;
	if (!json_is_integer(n) || json_integer_value(n) < 0)
		return false;
	*author_matched = (unsigned long)json_integer_value(n);
	return true;
}

/* An end line: every group line came, and where the piece left its invocations. */
static int merge_end(struct merging *m, const struct reader_item *item)
{
	const json_t *v = item->value, *count = json_object_get(v, "adkev_partial_end");
	const json_t *stopped = json_object_get(v, "stopped");
	if (!json_is_integer(count) || json_integer_value(count) != (json_int_t)m->merge.lines)
		return merge_refuse(m, item, EXIT_DATAERR,
		                    "partial result cut short: group lines are missing");
	if (m->merge.hooks->records && !records_counted(m, v))
		return merge_refuse(m, item, EXIT_DATAERR,
		                    "partial result cut short: record lines are missing");
	long last_id, in_progress;
	unsigned long author_matched;
	if (!json_is_boolean(stopped) || !end_fits(m, v, &author_matched) ||
	    !piece_group(m, json_object_get(v, "last_id"), &last_id) ||
	    !piece_group(m, json_object_get(v, "in_progress"), &in_progress))
		return merge_refuse(m, item, EXIT_DATAERR, "damaged partial result");
	merge_piece_end(&m->merge, last_id, in_progress, json_is_true(stopped), author_matched);
	m->stopped_line = item->pos.line;
	m->in_piece = false;
	return 0;
}

/* One line of the partial results. */
static int merge_item(void *ctx, struct reader *r, const struct reader_item *item)
{
	struct merging *m = ctx;
	(void)r;
	if (m->merge.stopped || m->failed)
		return 0;
	const char *file = item->pos.file ? item->pos.file : STDIN_NAME;
	if (!m->file || strcmp(m->file, file) != 0) {
		free(m->file);
		m->file = xstrdup(file);
	}
	const json_t *v = item->value;
	if (json_is_object(v) && json_object_get(v, "adkev_partial"))
		return merge_head(m, item);
	if (!json_is_object(v) || !m->in_piece) {
		char what[96];
		snprintf(what, sizeof what, "not a partial result of adkev %s --partial",
		         m->f->command);
		return merge_refuse(m, item, EXIT_DATAERR, what);
	}
	if (json_object_get(v, "adkev_partial_end"))
		return merge_end(m, item);
	return merge_group(m, item);
}

/* After the partial results: the results, as one run over all their input writes them. */
static int merge_done(void *ctx, struct reader *r)
{
	struct merging *m = ctx;
	/* A refused merge read no events: it says nothing of what --author or --invocation matched. */
	m->end->match.author += m->failed ? 1 : m->merge.author_matched;
	m->end->match.invocation += m->failed;
	if (m->failed)
		return 0;
	if (m->in_piece && !m->merge.stopped) {
		warnx_msg("%s: partial result cut short: its end line is missing", m->file);
		return EXIT_DATAERR;
	}
	int status = m->finish(m->ctx, r);
	if (m->merge.stopped) {
		/* As one run would, the result is that of the events before the bad input. */
		warnx_msg("%s:%lu: bad input ended the read of this partial result's piece; "
		          "the partial results after it are not merged",
		          m->file, m->stopped_line);
		status = exit_status_worst(status, EXIT_DATAERR);
	}
	return status;
}

int partial_merge_run(const struct partial_format *f, struct invocation_groups *into, int argc,
                      char *argv[], struct run_end *end, int (*finish)(void *ctx, struct reader *r),
                      void *ctx)
{
	struct merging m = {.f = f, .finish = finish, .ctx = ctx, .end = end};
	merge_init(&m.merge, f->hooks, into);
	struct run_plan plan = {.reader_flags = READER_ANY_VALUE,
	                        .own_filters = true,
	                        .item = merge_item,
	                        .done = merge_done,
	                        .ctx = &m,
	                        .end = end};
	int status = run_read(&plan, f->o, argc, argv);
	merge_release(&m.merge);
	free(m.file);
	return status;
}
