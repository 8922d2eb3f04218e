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
	struct session_split split;
	struct session_info info; /* split's app, user and id, borrowed, to tag results */
	int status;               /* the worst of the written results' statuses and -e */
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

/*
 * Whether the groups are the ids an --invocation prefix may name: a piece
 * of --partial cannot tell which id the prefix names (the first one read
 * in all the input) nor whether it is ambiguous, so it keeps a group for
 * each, and --merge, which reads them in input order, picks as one run
 * does (emit_by_prefix()).
 */
static bool grouped_by_prefix(const struct run_options *o)
{
	return o->invocation && (o->partial || o->merge);
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
	struct result_tag tag = {
	    .file = e->o->per_file || e->o->per_session ? e->file : NULL,
	    .session = e->o->per_session ? e->session : NULL,
	    .id = e->o->per_invocation ? id : NULL,
	};
	return x->print && x->print(e->config, &tag, result);
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
 * The result one run over the merged pieces' input gives: each group's id
 * passes --invocation ID in the order the ids came, as each id's first
 * event did in that run, so the id taken, an ambiguous prefix (nothing is
 * written; run_end_report() says it) and one that matches nothing are
 * that run's.
 */
static void emit_by_prefix(struct extraction *e, int *status, int *assertion)
{
	struct invocation_groups *g = &e->groups;
	void *chosen = NULL;
	for (size_t i = 0; i < g->count; i++)
		if (run_passes_invocation(e->o, e->match, g->list[i].id) && !chosen)
			chosen = g->list[i].state;
	if (e->match->ambiguous)
		return;
	void *none = chosen ? NULL : state_start(e);
	emit_result(e, chosen ? chosen : none, NULL, status, assertion);
	if (none)
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
	if (e->results->backward)
		e->results->backward(state);
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
	if (nothing_read)
		return exit_status_worst(status, assertion);
	if (o->invocation_last)
		emit_last(e, &status, &assertion);
	else if (grouped_by_prefix(o))
		emit_by_prefix(e, &status, &assertion);
	else
		for (size_t i = 0; i < g->count && (e->streamed || !output_failed()); i++)
			emit_result(e, g->list[i].state, g->list[i].id, &status, &assertion);
	return exit_status_worst(status, assertion);
}

/*
 * --per-session over a file: when an event begins another session
 * (session_split_begins()), the last session's results are written and
 * new ones begin.
 */
static void split_at_session(struct extraction *e, const json_t *object)
{
	struct file_session *fs = e->split;
	if (!session_split_begins(&fs->split, object))
		return;
	if (fs->split.started) {
		fs->status = exit_status_worst(fs->status, emit_groups(e, false));
		invocation_groups_release(&e->groups, state_release(e));
		invocation_groups_init(&e->groups, e->grouped, state_start, e);
	}
	session_split_take(&fs->split, object);
	fs->info.app = fs->split.app;
	fs->info.user = fs->split.user;
	fs->info.id = fs->split.id;
}

/*
 * --partial --invocation ID: an event of an id that begins with ID makes
 * its id's group, the author's events are added to it, and nothing else
 * is read (a stream error belongs to no invocation).
 */
static void add_by_prefix(struct extraction *e, const struct reader_item *item)
{
	if (item->kind != VALUE_EVENT)
		return;
	bool author = run_passes_author(e->o, e->match, item);
	if (!run_invocation_begins(e->o->invocation, event_invocation_id_string(item->value)))
		return;
	void *state = invocation_groups_state(&e->groups, item);
	if (author)
		state_add(e, state, item);
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
	if (grouped_by_prefix(e->o)) {
		add_by_prefix(e, item);
		return 0;
	}
	/* With --author, a filter drops every stream error (run_passes_filters()). */
	if (e->o->partial && e->groups.per_invocation && item->kind == VALUE_STREAM_ERROR &&
	    e->groups.in_progress < 0 && !e->o->author) {
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

/* The hooks of e's extractor for partial results. */
static const struct fold_hooks *extraction_hooks(const struct extraction *e)
{
	return e->stream ? e->stream->partial : e->results->partial;
}

/* What e's partial results are, for merge.h. */
static struct partial_format extraction_format(const struct extraction *e)
{
	return (struct partial_format){extraction_name(e), extraction_hooks(e), e->config, e->o};
}

/* --partial: the run's states as a partial result, in place of its results. */
static int write_partial(struct extraction *e)
{
	struct partial_format f = extraction_format(e);
	struct partial_piece piece = {
	    &e->groups, e->head, e->end && e->end->stopped > e->stopped_before, e->match->author};
	return partial_write(&f, &piece);
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

/* --merge: the partial results in the operands, merged, and the results of their input. */
static int run_merge(struct extraction *e, int argc, char *argv[], struct run_end *end)
{
	struct partial_format f = extraction_format(e);
	run_settings_apply(e->o);
	invocation_groups_init(
	    &e->groups, e->o->per_invocation || e->o->invocation_last || grouped_by_prefix(e->o),
	    state_start, e);
	int status = partial_merge_run(&f, &e->groups, argc, argv, end, extract_done, e);
	invocation_groups_release(&e->groups, state_release(e));
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

/* Whether e's chunks are states joined whole (join()), not folds as JSON. */
static bool chunks_join(const struct extraction *e)
{
	return e->stream ? e->stream->join != NULL : e->results->join != NULL;
}

/* Whether e's chunks are a streaming extractor's own chunk states (its chunk_begin()). */
static bool chunks_streamed(const struct extraction *e)
{
	return e->stream && e->stream->join;
}

static void *chunk_begin(const void *ctx)
{
	const struct extraction *e = ctx;
	if (chunks_streamed(e))
		return e->stream->chunk_begin(e->config);
	return chunk_folder(e)->start(e->config, NULL);
}

static void chunk_add(const void *ctx, void *state, const struct reader_item *item)
{
	const struct extraction *e = ctx;
	if (chunks_streamed(e))
		e->stream->add(state, item);
	else
		chunk_folder(e)->add(state, item);
}

static void *chunk_end(const void *ctx, void *state)
{
	const struct extraction *e = ctx;
	if (chunks_join(e))
		return state;
	json_t *fold = chunk_folder(e)->partial->fold(state);
	chunk_folder(e)->release(state);
	return fold;
}

/* On the run's thread: a streamed result writes the chunk's output as it absorbs it. */
static int chunk_merge(const void *ctx, void *fold)
{
	struct extraction *e = (struct extraction *)ctx;
	struct reader_item error = {.kind = VALUE_STREAM_ERROR};
	void *state = invocation_groups_state(&e->groups, &error);
	if (chunks_join(e)) {
		(e->stream ? e->stream->join : e->results->join)(state, fold);
		state_release(e)(fold);
	} else {
		/* A fold this adkev made has the shape absorb() takes. */
		if (e->stream)
			e->stream->absorb(state, fold);
		else
			e->results->partial->absorb(state, fold);
		json_decref(fold);
	}
	/* A streamed result that has nowhere to go ends the run, as plan.streams does at -j 1. */
	return e->streamed && output_failed() ? EXIT_IOERR : 0;
}

static void chunk_release(const void *ctx, void *fold)
{
	const struct extraction *e = ctx;
	if (chunks_join(e))
		state_release(e)(fold);
	else
		json_decref(fold);
}

/*
 * Whether the run may go in chunks: one result of events with no
 * filters, from an extractor with partial results or chunks it joins; the
 * run layer decides on the rest (run_read()).  --per-invocation,
 * --invocation last, --per-file, --per-session, --partial and --merge keep
 * the reader loop.
 */
static bool chunks_fit(const struct extraction *e)
{
	const struct run_options *o = e->o;
	bool folds = e->results ? e->results->partial != NULL || e->results->join != NULL
	                        : chunks_join(e) || (e->streamed && e->stream->absorb &&
	                                             e->stream->whole->partial);
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

	bool grouped = e.o->per_invocation || e.o->invocation_last || grouped_by_prefix(e.o);
	e.grouped = grouped;
	struct run_plan plan = {.reader_flags = e.results ? e.results->reader_flags : 0,
	                        .reads = e.stream ? e.stream->reads : e.results->reads,
	                        .own_filters = true,
	                        /* A streamed result's read stops once its output has failed. */
	                        .streams = e.streamed,
	                        .item = extract_item,
	                        .done = extract_done,
	                        .ctx = &e,
	                        .end = end};
	if (e.stream && e.stream->map && !grouped) {
		plan.map = e.stream->map;
		plan.map_ctx = (void *)e.config;
	}
	struct chunk_work chunks = {chunk_begin,   chunk_add, chunk_end, chunk_merge,
	                            chunk_release, &e,        NULL};
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
 * One file (or database, or standard input) of a --per-file batch, tagged
 * with its name.  Only the last operand is followed (-f), as in one read of
 * them all, and never a file found in a folder, as the reader never follows
 * one: the files after a followed one would never be read.
 */
static int run_one_file(const struct extraction *how, char *path, bool may_follow,
                        struct run_end *end)
{
	struct run_options o = *how->o;
	o.follow = o.follow && may_follow;
	struct extraction one = *how;
	one.o = &o;
	/* A URL's password never reaches the output. */
	char *name = sessiondb_masked(path);
	one.file = strcmp(path, "-") == 0 ? STDIN_NAME : name;
	int status = run_operands(&one, 1, &path, end);
	free(name);
	return status;
}

/*
 * --per-file: each file run alone, its results tagged with its name
 * (standard input's as the messages name it); a folder stands for the
 * files in it, each its own result under its path, as --per-session gives
 * each session its own.  A file that cannot be opened gets no line and the
 * run goes on, as the reader does; so does a file with bad input, whose
 * read ends there, as one read of the operands would: it gets the result
 * of the events before the bad one, the files after it are read, and the
 * status is 65.  A write error ends the batch.  -e fails when any file's
 * result is empty, so a gate over a batch of runs fails when one run gave
 * nothing.
 */
static int run_per_file(const struct extraction *how, int argc, char *argv[], struct run_end *end)
{
	char dash[] = "-";
	char *standard_input[] = {dash};
	if (argc == 0) {
		argc = 1;
		argv = standard_input;
	}
	int status = 0;
	unsigned long files = 0;
	for (int i = 0; i < argc && !output_failed(); i++) {
		if (!dirwalk_is_dir(argv[i])) {
			status = exit_status_worst(status, run_one_file(how, argv[i], i == argc - 1, end));
			files++;
			continue;
		}
		struct dirwalk *w = dirwalk_new(argv[i], NULL);
		const char *path;
		int walked = 0;
		while (!output_failed() && (path = dirwalk_next(w, &walked))) {
			/* The walk's path is only read: run_operands() takes operands as char *. */
			status = exit_status_worst(status, run_one_file(how, (char *)path, false, end));
			files++;
		}
		dirwalk_free(w);
		status = exit_status_worst(status, walked);
	}
	/* In a long batch the messages scroll by: the count says how many results are partial. */
	if (end->stopped && files > 1)
		warnx_msg("bad input ended the read of %lu of %lu files", end->stopped, files);
	return status;
}

/*
 * --per-session over one session database: each session chosen (--app,
 * --user, --session) read alone, in update order, its results tagged.
 */
/* What run_database_sessions() hands run_each_session(). */
struct database_sessions_read {
	const struct extraction *how;
	const char *name; /* the operand as results name it, a URL's password masked */
	char *operand;
	struct run_end *end;
};

/* One session of a database: a result of its own, tagged with its names. */
static int run_database_session(void *ctx, const struct run_options *one,
                                const struct session_info *session)
{
	struct database_sessions_read *d = ctx;
	struct extraction e = *d->how;
	e.o = one;
	e.file = d->name;
	e.session = session;
	return run_operands(&e, 1, &d->operand, d->end);
}

static int run_database_sessions(const struct extraction *how, char *operand, struct run_end *end)
{
	char *name = sessiondb_masked(operand);
	struct database_sessions_read d = {how, name, operand, end};
	int status = run_each_session(operand, how->o, run_database_session, &d);
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
	struct file_session fs = {.split = SESSION_SPLIT_INIT};
	one.file = strcmp(operand, "-") == 0 ? STDIN_NAME : operand;
	one.split = &fs;
	one.session = &fs.info;
	int status = run_operands(&one, 1, &arg, end);
	session_split_release(&fs.split);
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
	/*
	 * A piece's partial result may hold none of the author's events, or the
	 * ids of an ambiguous prefix, or none: only the merge tells.
	 */
	struct run_options reported = *how->o;
	if (reported.partial)
		reported.author = reported.invocation = NULL;
	return exit_status_worst(status, run_end_report(&reported, &end));
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
