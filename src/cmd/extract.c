/*
 * extract.c - the run of the extracting subcommands (extract.h).
 *
 * Without --per-invocation one extractor state sees every event that passes
 * the filters.  With it there is one state per invocation id (groups.h).
 * Every result is written by emit_result(), whichever kind of extractor
 * made it; the reading is run_read()'s, or the backward read's for a result
 * that only the last events decide.
 */
#include "cmd/extract.h"
#include "read/dirwalk.h"
#include "read/sessiondb.h"
#include "cmd/groups.h"
#include "read/backward.h"
#include "adk/event.h"
#include "write/progress.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/*
 * --per-session over a file: the session object being read (a run of
 * events from one object, or of events outside any), whose results are
 * written when the next one starts, and what the results written so far
 * said.
 */
struct file_session {
	const json_t *object;     /* borrowed from the last item; only compared */
	struct session_info info; /* its app, user and id, owned; NULL where absent */
	bool started;
	int status; /* the worst of the written results' statuses and -e */
};

/* One extraction: the extractor, of one kind or the other, and the run's state. */
struct extraction {
	const struct result_extractor *results; /* one of these two */
	const struct streaming_extractor *stream;
	const void *config;
	const struct run_options *o;
	const char *file; /* with --per-file, the name of the operand being read */
	const struct session_info *session; /* with --per-session, the session being read */
	struct run_match *match;            /* what the filters matched, over all the runs */
	struct invocation_groups groups;
	bool grouped;               /* the groups are invocations */
	struct file_session *split; /* --per-session over a file, or NULL */
	bool streamed;              /* the one result is written as it is read */
	/*
	 * --partial with groups: the state of the stream errors read before
	 * any event, which join the invocation in progress where the piece
	 * before this one ended, so only the merge knows which it is.
	 */
	void *head;
	const struct run_end *end;    /* the run's, to tell whether bad input ended it */
	unsigned long stopped_before; /* end->stopped as the run began */
};

bool result_is_empty(const json_t *result)
{
	return !result || !json_truthy(result);
}

static const char *extraction_name(const struct extraction *e)
{
	return e->stream ? e->stream->name : e->results->name;
}

/* A new state, as invocation_groups start it. */
static void *state_start(const void *ctx)
{
	const struct extraction *e = ctx;
	if (e->stream)
		return e->stream->begin(e->config, output_writer());
	return e->results->start(e->config, e->o->per_file ? e->file : NULL);
}

static void state_add(const struct extraction *e, void *state, const struct reader_item *item)
{
	if (e->stream)
		e->stream->add(state, item);
	else
		e->results->add(state, item);
}

static void (*state_release(const struct extraction *e))(void *state)
{
	return e->stream ? e->stream->release : e->results->release;
}

/*
 * Starts the line that holds a result with --per-file or --per-invocation:
 * the file's name, the invocation id, then the result's key.
 */
static void begin_tagged_line(struct json_writer *w, const struct extraction *e, const json_t *id)
{
	jw_object_begin(w);
	if (e->o->per_file || e->o->per_session) {
		jw_key(w, "file");
		json_t *name = json_string_lossy(e->file);
		jw_value(w, name);
		json_decref(name);
	}
	if (e->o->per_session) {
		const char *keys[] = {"app_name", "user_id", "session_id"};
		const char *values[] = {e->session ? e->session->app : NULL,
		                        e->session ? e->session->user : NULL,
		                        e->session ? e->session->id : NULL};
		for (size_t i = 0; i < 3; i++) {
			jw_key(w, keys[i]);
			json_t *v = values[i] ? json_string_lossy(values[i]) : json_null();
			jw_value(w, v);
			json_decref(v);
		}
	}
	if (e->o->per_invocation) {
		jw_key(w, "invocation_id");
		jw_value(w, id);
	}
	jw_key(w, extraction_name(e));
}

/* Whether print() wrote a result extractor's result as text. */
static bool printed_as_text(const struct extraction *e, const json_t *id, const json_t *result)
{
	const struct result_extractor *x = e->results;
	return x->print && x->print(e->config, e->o->per_file || e->o->per_session ? e->file : NULL,
	                            e->o->per_invocation ? id : NULL, result);
}

/*
 * Writes the result of one state: what finish() returns, as JSON or as
 * print() writes it, or what end() writes; with --per-file and
 * --per-invocation in a line with its file name and invocation id.
 * Raises *status; *assertion gets what -e says of this result (like jq -e,
 * the last one decides).
 */
static void emit_result(const struct extraction *e, void *state, const json_t *id, int *status,
                        int *assertion)
{
	int result_status = 0;
	json_t *result = NULL;
	bool empty = true;
	if (e->results) {
		result = e->results->finish(state, &result_status);
		*status = exit_status_worst(*status, result_status);
		if (!result)
			return;
		empty = result_is_empty(result);
		if (printed_as_text(e, id, result)) {
			*assertion = e->o->exit_status && empty ? EXIT_FALSE : 0;
			json_decref(result);
			return;
		}
	}
	struct json_writer *w = output_writer();
	bool tagged = e->o->per_invocation || e->o->per_file || e->o->per_session;
	if (tagged)
		begin_tagged_line(w, e, id);
	bool finished = true;
	if (result) {
		jw_value(w, result);
	} else {
		empty = e->stream->end(state, w, &result_status);
		/* A value end() could not finish is left as it is: no line end makes it whole. */
		finished = !result_status;
	}
	if (finished) {
		if (tagged)
			jw_object_end(w);
		jw_line_end(w);
	}
	json_decref(result);
	*assertion = e->o->exit_status && empty ? EXIT_FALSE : 0;
	*status = exit_status_worst(*status, result_status);
}

/*
 * --invocation last: the result of the invocation the last event with an id
 * belonged to.  A stream with no invocation id at all has no last
 * invocation, so the result is that of no events (an empty one, which -e
 * fails).
 */
static void emit_last(struct extraction *e, int *status, int *assertion)
{
	struct invocation_groups *g = &e->groups;
	if (g->last_id >= 0) {
		struct invocation_group *last = &g->list[g->last_id];
		emit_result(e, last->state, last->id, status, assertion);
		return;
	}
	void *none = state_start(e);
	json_t *id = json_null();
	emit_result(e, none, id, status, assertion);
	json_decref(id);
	state_release(e)(none);
}

/*
 * Whether a backward read may stand in for the forward one: the extractor
 * allows it, one result is wanted, and every operand is a named regular
 * file (the forward read reports anything else).
 */
static bool backward_possible(const struct extraction *e, int argc, char *argv[])
{
	const struct run_options *o = e->o;
	/* An --invocation prefix is taken for the first id read forward that begins it. */
	if (!e->results || !e->results->settled || o->per_invocation || o->per_session ||
	    o->full_scan || o->invocation_last || o->invocation || o->progress || argc == 0 ||
	    o->follow)
		return false;
	for (int i = 0; i < argc; i++) {
		struct stat st;
		/* A session database holds its events' text too, not as lines of a stream. */
		if (strcmp(argv[i], "-") == 0 || stat(argv[i], &st) != 0 || !S_ISREG(st.st_mode) ||
		    sessiondb_claims(argv[i]))
			return false;
	}
	return true;
}

/*
 * Feeds state the events of one file from the last one backwards until
 * settled() says the result is decided or the file was read.  Returns the
 * last step: BACKWARD_ITEM when settled, BACKWARD_UNSURE when the file could
 * not be read backwards (or the settling line may belong to a value above).
 */
static enum backward_step read_file_backward(const struct extraction *e, void *state,
                                             const char *path)
{
	struct backward *b = backward_open(path, e->o->max_line);
	if (!b)
		return BACKWARD_UNSURE;
	struct reader_item item;
	enum backward_step step = BACKWARD_START;
	bool settled = false;
	while (!settled && (step = backward_prev(b, &item)) == BACKWARD_ITEM) {
		if (!run_passes_filters(e->o, e->match, &item))
			continue;
		e->results->add(state, &item);
		settled = e->results->settled(state);
	}
	/*
	 * The line that settled it counts only when the line above is a value
	 * of its own, or the file starts there: a value left open above would
	 * take that line into itself in the forward read, so the forward read
	 * decides (a damaged log cannot pass a gate).
	 */
	if (settled && backward_prev(b, &item) == BACKWARD_UNSURE)
		step = BACKWARD_UNSURE;
	else if (settled)
		step = BACKWARD_ITEM;
	backward_close(b);
	return step;
}

/*
 * Whether an operand the backward read passes over whole, as an earlier
 * one holds no part of the result, reads as its own file would: it starts
 * like lines (backward_open) and its last value fills its last line.  A
 * file that does not (NUL bytes, random bytes, an array, gzip data, a cut
 * last line) is the forward read's to report, so a gate over every log of a folder cannot
 * pass over a corrupt log because a later one answered.
 */
static bool passes_over(const struct extraction *e, const char *path)
{
	struct backward *b = backward_open(path, e->o->max_line);
	if (!b)
		return false;
	struct reader_item item;
	bool ok = backward_prev(b, &item) != BACKWARD_UNSURE;
	backward_close(b);
	return ok;
}

/*
 * Feeds state the events of the operands from the last one backwards until
 * the result is settled or every file was read.  False when a file could
 * not be read backwards, or one before the one that settled it does not
 * look like its own (passes_over): then the caller starts afresh, forward.
 * Nothing is written, so starting afresh is always possible.
 */
static bool read_backward(const struct extraction *e, void *state, int argc, char *argv[])
{
	for (int i = argc - 1; i >= 0; i--) {
		enum backward_step step = read_file_backward(e, state, argv[i]);
		if (step == BACKWARD_UNSURE)
			return false;
		if (step != BACKWARD_ITEM)
			continue;
		while (--i >= 0)
			if (!passes_over(e, argv[i]))
				return false;
		return true;
	}
	return true;
}

/* The backward read of one result; false (having written nothing) when it cannot be used. */
static bool run_backward(struct extraction *e, int argc, char *argv[], int *status)
{
	void *state = e->results->start(e->config, e->o->per_file ? e->file : NULL);
	run_settings_apply(e->o);
	if (!read_backward(e, state, argc, argv)) {
		e->results->release(state);
		return false;
	}
	int finish_status = 0, assertion = e->o->exit_status ? EXIT_FALSE : 0;
	emit_result(e, state, NULL, &finish_status, &assertion);
	e->results->release(state);
	*status = exit_status_worst(finish_status, assertion);
	return true;
}

/*
 * Writes the results of the events read since the groups began: the last
 * invocation's, or each group's.  Returns the worst status, -e's included.
 */
static int emit_groups(struct extraction *e, bool nothing_read)
{
	const struct run_options *o = e->o;
	struct invocation_groups *g = &e->groups;
	int status = 0, assertion = o->exit_status ? EXIT_FALSE : 0;
	if (o->invocation_last && !nothing_read)
		emit_last(e, &status, &assertion);
	for (size_t i = 0; i < g->count && !nothing_read && !o->invocation_last &&
	                   (e->streamed || !output_failed());
	     i++)
		emit_result(e, g->list[i].state, g->list[i].id, &status, &assertion);
	return exit_status_worst(status, assertion);
}

static void file_session_forget(struct file_session *fs)
{
	free((char *)fs->info.app);
	free((char *)fs->info.user);
	free((char *)fs->info.id);
	fs->info.app = fs->info.user = fs->info.id = NULL;
}

/* Whether two strings, either of them NULL, are the same. */
static bool same_string(const char *a, const char *b)
{
	return a == b || (a && b && strcmp(a, b) == 0);
}

/*
 * --per-session over a file: when an event comes from another session
 * object than the last (or from none after one), the last session's
 * results are written and new ones begin.  Objects are told apart by
 * their address and their app, user and id, so two objects that name the
 * same session one after the other are one session, as in a database.
 */
static void split_at_session(struct extraction *e, const json_t *object)
{
	struct file_session *fs = e->split;
	const char *app = adk_get_string(object, ADK_APP_NAME);
	const char *user = adk_get_string(object, ADK_USER_ID);
	const char *id = adk_get_string(object, ADK_ID);
	if (fs->started && (object == fs->object || (object && fs->object)) &&
	    same_string(app, fs->info.app) && same_string(user, fs->info.user) &&
	    same_string(id, fs->info.id))
		return;
	if (fs->started) {
		fs->status = exit_status_worst(fs->status, emit_groups(e, false));
		invocation_groups_release(&e->groups, state_release(e));
		invocation_groups_init(&e->groups, e->grouped, state_start, e);
	}
	file_session_forget(fs);
	fs->object = object;
	fs->info.app = app ? xstrdup(app) : NULL;
	fs->info.user = user ? xstrdup(user) : NULL;
	fs->info.id = id ? xstrdup(id) : NULL;
	fs->started = true;
}

/*
 * The filters are applied here (struct run_plan's own_filters):
 * --invocation last is the run's last turn whatever --author keeps of it,
 * so an event filtered out still names its invocation, and a last turn with
 * nothing from the author gives an empty result.
 */
static int extract_item(void *ctx, struct reader *r, const struct reader_item *item)
{
	struct extraction *e = ctx;
	(void)r;
	if (e->split)
		split_at_session(e, item->session);
	if (e->o->partial && e->groups.per_invocation && item->kind == VALUE_STREAM_ERROR &&
	    e->groups.in_progress < 0) {
		if (!e->head)
			e->head = state_start(e);
		state_add(e, e->head, item);
		return 0;
	}
	bool passes = run_passes_filters(e->o, e->match, item);
	if (!passes && !e->o->invocation_last)
		return 0;
	void *state = invocation_groups_state(&e->groups, item);
	if (passes)
		state_add(e, state, item);
	return 0;
}

/*
 * --partial and --merge.  A partial result is JSON lines: a head line
 * {"adkev_partial": PARTIAL_VERSION, "command", "options"} that says what
 * made it; a {"head": fold} line with the stream errors before the piece's
 * first event (with groups only); one {"fold"} line per group, with its
 * "invocation_id" when there are groups, in the order they began; and an
 * end line {"adkev_partial_end": the number of group lines, "last_id" and
 * "in_progress": the group of the last event with an id and of the last
 * item (-1: none), "stopped": whether bad input ended the piece's read}.
 * The end line's count tells a partial result cut at a line end.
 */
#define PARTIAL_VERSION 1

const char *extract_partial_refusal(const struct run_options *o)
{
	if (!o->partial && !o->merge)
		return NULL;
	if (o->partial && o->merge)
		return "--partial and --merge exclude each other";
	if (o->per_file || o->per_session)
		return "--per-file and --per-session do not go with --partial or --merge";
	if (o->author || o->invocation)
		return "--author and --invocation ID do not go with --partial or --merge";
	if (o->follow)
		return "--follow does not go with --partial or --merge";
	if (o->merge && o->skip_invalid)
		return "--skip-invalid does not go with --merge: a partial result is whole or "
		       "refused";
	return NULL;
}

/* The options a partial result records, owned by the caller: the extractor's and the groups'. */
static json_t *partial_options(const struct extraction *e)
{
	json_t *o = e->results->fold_options(e->config);
	json_object_set_new(o, "per_invocation", json_boolean(e->o->per_invocation));
	json_object_set_new(o, "invocation_last", json_boolean(e->o->invocation_last));
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

/* --partial: the run's states as a partial result, in place of its results. */
static int write_partial(struct extraction *e)
{
	const struct invocation_groups *g = &e->groups;
	bool grouped = g->per_invocation;
	partial_line(json_pack("{s:i,s:s,s:o}", "adkev_partial", PARTIAL_VERSION, "command",
	                       extraction_name(e), "options", partial_options(e)));
	if (e->head)
		partial_line(json_pack("{s:o}", "head", e->results->fold(e->head)));
	for (size_t i = 0; i < g->count; i++) {
		json_t *fold = e->results->fold(g->list[i].state);
		partial_line(
		    grouped ? json_pack("{s:O,s:o}", "invocation_id", g->list[i].id, "fold", fold)
		            : json_pack("{s:o}", "fold", fold));
	}
	bool stopped = e->end && e->end->stopped > e->stopped_before;
	partial_line(json_pack("{s:I,s:I,s:I,s:b}", "adkev_partial_end", (json_int_t)g->count,
	                       "last_id", (json_int_t)(grouped ? g->last_id : -1), "in_progress",
	                       (json_int_t)(grouped ? g->in_progress : -1), "stopped", stopped));
	return 0;
}

/*
 * The results, after the read.  A result being written is ended even
 * after a write error; results not yet built are not.  When no operand
 * could be opened there is no result at all, as with jq: a zeroed one
 * beside exit 66 would look like data.
 */
static int extract_done(void *ctx, struct reader *r)
{
	struct extraction *e = ctx;
	bool nothing_read = reader_opened_none(r);
	if (e->o->partial)
		return nothing_read ? 0 : write_partial(e);
	int status = emit_groups(e, nothing_read);
	return e->split ? exit_status_worst(e->split->status, status) : status;
}

/* A --merge: the partial results read so far, folded into e's groups. */
struct merging {
	struct extraction *e;
	bool in_piece; /* a head line was read, and its end line not yet */
	size_t *map;   /* the piece's groups, by their place in the piece: their place in e's */
	size_t lines;  /* the piece's group lines read */
	bool stopped;  /* a piece that bad input ended was merged: what follows is not */
	bool failed;   /* a line was refused (reported): nothing is written */
	char *file;    /* where the last line was read, for a message at the end */
	unsigned long stopped_line; /* the end line that said its piece was stopped */
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
	if (!json_is_string(command) || strcmp(json_string_value(command), extraction_name(m->e))) {
		snprintf(what, sizeof what, "not a partial result of adkev %s --partial",
		         extraction_name(m->e));
		return merge_refuse(m, item, EXIT_DATAERR, what);
	}
	/* The name options_differ() returns is a key of mine: the message is made before mine goes.
	 */
	json_t *mine = partial_options(m->e);
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
	m->lines = 0;
	return 0;
}

/* Folds fold into state, or refuses the line. */
static int merge_fold(struct merging *m, const struct reader_item *item, void *state,
                      const json_t *fold)
{
	if (!m->e->results->absorb(state, fold))
		return merge_refuse(m, item, EXIT_DATAERR, "damaged partial result");
	return 0;
}

/* A head or group line of a piece. */
static int merge_group(struct merging *m, const struct reader_item *item)
{
	struct invocation_groups *g = &m->e->groups;
	const json_t *v = item->value, *head = json_object_get(v, "head");
	const json_t *fold = json_object_get(v, "fold"), *id = json_object_get(v, "invocation_id");
	bool grouped = g->per_invocation;
	if (head && grouped && !fold && json_object_size(v) == 1 && m->lines == 0) {
		/* The stream errors before the piece's first event join the invocation in progress.
		 */
		struct reader_item error = {.kind = VALUE_STREAM_ERROR};
		return merge_fold(m, item, invocation_groups_state(g, &error), head);
	}
	bool id_fits = grouped ? json_is_string(id) || json_is_null(id) : !id;
	if (!fold || !id_fits || json_object_size(v) != (grouped ? 2u : 1u))
		return merge_refuse(m, item, EXIT_DATAERR, "damaged partial result");
	size_t n = invocation_groups_find(g, json_is_string(id) ? id : NULL);
	m->map = xrealloc(m->map, (m->lines + 1) * sizeof *m->map);
	m->map[m->lines++] = n;
	return merge_fold(m, item, g->list[n].state, fold);
}

/* A group of the piece named by its end line (-1: none), as a place in e's groups. */
static bool piece_group(const struct merging *m, const json_t *at, long *group)
{
	if (!json_is_integer(at) || json_integer_value(at) < -1 ||
	    json_integer_value(at) >= (json_int_t)m->lines)
		return false;
	if (json_integer_value(at) >= 0)
		*group = (long)m->map[json_integer_value(at)];
	return true;
}

/* An end line: every group line came, and where the piece left its invocations. */
static int merge_end(struct merging *m, const struct reader_item *item)
{
	struct invocation_groups *g = &m->e->groups;
	const json_t *v = item->value, *count = json_object_get(v, "adkev_partial_end");
	const json_t *stopped = json_object_get(v, "stopped");
	if (!json_is_integer(count) || json_integer_value(count) != (json_int_t)m->lines)
		return merge_refuse(m, item, EXIT_DATAERR,
		                    "partial result cut short: group lines are missing");
	long last_id = g->last_id, in_progress = g->in_progress;
	if (!json_is_boolean(stopped) || json_object_size(v) != 4 ||
	    !piece_group(m, json_object_get(v, "last_id"), &last_id) ||
	    !piece_group(m, json_object_get(v, "in_progress"), &in_progress))
		return merge_refuse(m, item, EXIT_DATAERR, "damaged partial result");
	if (g->per_invocation) {
		g->last_id = last_id;
		g->in_progress = in_progress;
	}
	m->stopped = json_is_true(stopped);
	m->stopped_line = item->pos.line;
	m->in_piece = false;
	return 0;
}

/* One line of the partial results. */
static int merge_item(void *ctx, struct reader *r, const struct reader_item *item)
{
	struct merging *m = ctx;
	(void)r;
	if (m->stopped || m->failed)
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
		         extraction_name(m->e));
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
	if (m->failed)
		return 0;
	if (m->in_piece && !m->stopped) {
		warnx_msg("%s: partial result cut short: its end line is missing", m->file);
		return EXIT_DATAERR;
	}
	int status = extract_done(m->e, r);
	if (m->stopped) {
		/* As one run would, the result is that of the events before the bad input. */
		warnx_msg("%s:%lu: bad input ended the read of this partial result's piece; "
		          "the partial results after it are not merged",
		          m->file, m->stopped_line);
		status = exit_status_worst(status, EXIT_DATAERR);
	}
	return status;
}

/* --merge: the partial results in the operands, merged, and the results of their input. */
static int run_merge(struct extraction *e, int argc, char *argv[], struct run_end *end)
{
	struct merging m = {.e = e};
	struct run_plan plan = {.reader_flags = READER_ANY_VALUE,
	                        .own_filters = true,
	                        .item = merge_item,
	                        .done = merge_done,
	                        .ctx = &m,
	                        .end = end};
	run_settings_apply(e->o);
	invocation_groups_init(&e->groups, e->o->per_invocation || e->o->invocation_last,
	                       state_start, e);
	int status = run_read(&plan, e->o, argc, argv);
	invocation_groups_release(&e->groups, state_release(e));
	free(m.map);
	free(m.file);
	return status;
}

/*
 * A run in chunks (read/chunks.h) of a result extractor with partial
 * results: each chunk's events are folded into a state of their own and
 * its fold() absorbed into the one group, in order, as --merge absorbs
 * the folds of pieces (the helpers below are its workers' and its own).
 */
/* What folds a chunk: the result extractor, or a streaming one's results built whole. */
static const struct result_extractor *chunk_folder(const struct extraction *e)
{
	return e->results ? e->results : e->stream->whole;
}

static void *chunk_begin(const void *ctx)
{
	const struct extraction *e = ctx;
	return chunk_folder(e)->start(e->config, NULL);
}

static void chunk_add(const void *ctx, void *state, const struct reader_item *item)
{
	const struct extraction *e = ctx;
	chunk_folder(e)->add(state, item);
}

static void *chunk_end(const void *ctx, void *state)
{
	const struct extraction *e = ctx;
	json_t *fold = chunk_folder(e)->fold(state);
	chunk_folder(e)->release(state);
	return fold;
}

/* On the run's thread: a streamed result writes the chunk's output as it absorbs it. */
static int chunk_merge(const void *ctx, void *fold)
{
	struct extraction *e = (struct extraction *)ctx;
	struct reader_item error = {.kind = VALUE_STREAM_ERROR};
	void *state = invocation_groups_state(&e->groups, &error);
	/* A fold this adkev made has the shape absorb() takes. */
	if (e->stream)
		e->stream->absorb(state, fold);
	else
		e->results->absorb(state, fold);
	json_decref(fold);
	return 0;
}

static void chunk_release(const void *ctx, void *fold)
{
	(void)ctx;
	json_decref(fold);
}

/*
 * Whether the run may go in chunks: one result of events with no
 * filters, from an extractor with partial results; the run layer decides
 * on the rest (run_read()).  --per-invocation, --invocation last,
 * --per-file, --per-session, --partial and --merge keep the reader loop.
 */
static bool chunks_fit(const struct extraction *e)
{
	const struct run_options *o = e->o;
	bool folds = e->results ? e->results->fold != NULL
	                        : e->streamed && e->stream->absorb && e->stream->whole->fold;
	return folds && !o->per_invocation && !o->invocation_last && !o->per_file &&
	       !o->per_session && !o->partial && !o->merge && !e->split;
}

/*
 * A streaming extractor with results built whole gives way to them where
 * its results cannot be written as they are read: several results, or one
 * under a --progress line on the terminal the result goes to, as the line
 * would tear the text apart.
 */
static void choose_kind(struct extraction *e)
{
	const struct run_options *o = e->o;
	if (!e->stream || !e->stream->whole)
		return;
	if (o->per_invocation || o->invocation_last || o->per_file || o->per_session ||
	    o->partial || o->merge || (o->progress && progress_on_output_terminal())) {
		e->results = e->stream->whole;
		e->stream = NULL;
	} else {
		e->streamed = true;
	}
}

/* One run over the operands argv[0..argc), as if they were all the input. */
static int run_operands(const struct extraction *how, int argc, char *argv[], struct run_end *end)
{
	struct extraction e = *how;
	e.match = &end->match;
	e.end = end;
	e.stopped_before = end->stopped;
	choose_kind(&e);
	if (e.o->merge)
		return run_merge(&e, argc, argv, end);
	int backward_status;
	if (backward_possible(&e, argc, argv) && run_backward(&e, argc, argv, &backward_status))
		return backward_status;

	bool grouped = e.o->per_invocation || e.o->invocation_last;
	e.grouped = grouped;
	struct run_plan plan = {.reads = e.stream ? e.stream->reads : e.results->reads,
	                        .own_filters = true,
	                        .item = extract_item,
	                        .done = extract_done,
	                        .ctx = &e,
	                        .end = end};
	if (e.stream && e.stream->map && !grouped) {
		plan.map = e.stream->map;
		plan.map_ctx = (void *)e.config;
	}
	struct chunk_work chunks = {chunk_begin, chunk_add,     chunk_end,
	                            chunk_merge, chunk_release, &e};
	if (chunks_fit(&e))
		plan.chunks = &chunks;
	/* The output style is set before a state begins writing. */
	run_settings_apply(e.o);
	invocation_groups_init(&e.groups, grouped, state_start, &e);
	int status = run_read(&plan, e.o, argc, argv);
	invocation_groups_release(&e.groups, state_release(&e));
	if (e.head)
		state_release (&e)(e.head);
	return status;
}

/*
 * --per-file: each operand run alone, its results tagged with its name
 * (standard input's as the messages name it).  A file that cannot be
 * opened gets no line and the run goes on, as the reader does; so does a
 * file with bad input, whose read ends there, as one read of the operands
 * would: it gets the result of the events before the bad one, the files
 * after it are read, and the status is 65.  A write error ends the batch.
 * -e fails when any file's result is empty, so a gate over a batch of
 * runs fails when one run gave nothing.
 */
static int run_per_file(const struct extraction *how, int argc, char *argv[], struct run_end *end)
{
	char dash[] = "-";
	char *standard_input[] = {dash};
	if (argc == 0) {
		argc = 1;
		argv = standard_input;
	}
	struct extraction one = *how;
	int status = 0;
	for (int i = 0; i < argc && !output_failed(); i++) {
		/* A URL's password never reaches the output. */
		char *name = sessiondb_masked(argv[i]);
		one.file = strcmp(argv[i], "-") == 0 ? STDIN_NAME : name;
		status = exit_status_worst(status, run_operands(&one, 1, argv + i, end));
		free(name);
	}
	/* In a long batch the messages scroll by: the count says how many results are partial. */
	if (end->stopped && argc > 1)
		warnx_msg("bad input ended the read of %lu of %d files", end->stopped, argc);
	return status;
}

/* The sessions of a database, kept for --per-session. */
struct session_list {
	struct session_info *list;
	size_t count, cap;
};

static void keep_session(void *ctx, const struct session_info *s)
{
	struct session_list *l = ctx;
	if (l->count == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 16;
		l->list = xrealloc(l->list, l->cap * sizeof *l->list);
	}
	struct session_info *k = &l->list[l->count++];
	*k = *s;
	k->app = xstrdup(s->app ? s->app : "");
	k->user = xstrdup(s->user ? s->user : "");
	k->id = xstrdup(s->id ? s->id : "");
}

static void session_list_release(struct session_list *l)
{
	for (size_t i = 0; i < l->count; i++) {
		free((char *)l->list[i].app);
		free((char *)l->list[i].user);
		free((char *)l->list[i].id);
	}
	free(l->list);
}

/*
 * --per-session over one session database: each session chosen (--app,
 * --user, --session) read alone, in update order, its results tagged.
 */
static int run_database_sessions(const struct extraction *how, char *operand, struct run_end *end)
{
	struct session_list l = {0};
	int status = sessiondb_list(operand, &how->o->sessions, false, keep_session, &l);
	struct run_options o = *how->o;
	struct extraction one = *how;
	one.o = &o;
	char *name = sessiondb_masked(operand);
	one.file = name;
	for (size_t i = 0; i < l.count && !output_failed(); i++) {
		o.sessions =
		    (struct session_choice){l.list[i].id, false, l.list[i].app, l.list[i].user};
		one.session = &l.list[i];
		status = exit_status_worst(status, run_operands(&one, 1, &operand, end));
	}
	session_list_release(&l);
	free(name);
	return status;
}

/*
 * One operand of --per-session: a database's sessions, or a file's: one
 * result per session object in it, or one for the file where it holds
 * none (its session fields null).
 */
static int run_one_session_operand(const struct extraction *how, const char *operand,
                                   struct run_end *end)
{
	char *arg = (char *)operand;
	if (sessiondb_claims(operand))
		return run_database_sessions(how, arg, end);
	struct extraction one = *how;
	struct file_session fs = {0};
	one.file = strcmp(operand, "-") == 0 ? STDIN_NAME : operand;
	one.split = &fs;
	one.session = &fs.info;
	int status = run_operands(&one, 1, &arg, end);
	file_session_forget(&fs);
	return status;
}

/*
 * --per-session: a session database gives one result per session, a file
 * one per session object (a folder, each database and file in it).
 */
static int run_per_session(const struct extraction *how, int argc, char *argv[],
                           struct run_end *end)
{
	int status = 0;
	for (int i = 0; i < argc && !output_failed(); i++) {
		if (!dirwalk_is_dir(argv[i])) {
			status =
			    exit_status_worst(status, run_one_session_operand(how, argv[i], end));
			continue;
		}
		/* A folder: each file in it, in path order, as if it were an operand. */
		struct dirwalk *w = dirwalk_new(argv[i], NULL);
		const char *path;
		int walked = 0;
		while (!output_failed() && (path = dirwalk_next(w, &walked)))
			status = exit_status_worst(status, run_one_session_operand(how, path, end));
		dirwalk_free(w);
		status = exit_status_worst(status, walked);
	}
	/* As with --per-file: a bad session or file ends only its own read, and is counted. */
	if (end->stopped)
		warnx_msg("bad input ended the read of %lu sessions or files", end->stopped);
	return status;
}

static int extract_run(const struct extraction *how, int argc, char *argv[])
{
	struct run_end end = {0};
	char dash[] = "-";
	char *standard_input[] = {dash};
	int status;
	if (how->o->per_session)
		status = argc ? run_per_session(how, argc, argv, &end)
		              : run_per_session(how, 1, standard_input, &end);
	else if (how->o->per_file)
		status = run_per_file(how, argc, argv, &end);
	else
		status = run_operands(how, argc, argv, &end);
	return exit_status_worst(status, run_end_report(how->o, &end));
}

int extract_results(const struct result_extractor *x, const void *config,
                    const struct run_options *o, int argc, char *argv[])
{
	struct extraction how = {.results = x, .config = config, .o = o};
	return extract_run(&how, argc, argv);
}

int extract_stream(const struct streaming_extractor *x, const void *config,
                   const struct run_options *o, int argc, char *argv[])
{
	struct extraction how = {.stream = x, .config = config, .o = o};
	return extract_run(&how, argc, argv);
}
