/*
 * run.c - the options, filters, exit status and reader loop every
 * subcommand's run shares (run.h).
 */
#include "cmd/run.h"
#include "adk/event.h"
#include "adk/redact.h"
#include "read/preparse.h"
#include "read/sessiondb.h"
#include "write/progress.h"
#include "stamp.h"

#include <stdlib.h>
#include <string.h>

const char run_last_refused[] =
    "--invocation last needs the whole run, and this command writes as it reads; "
    "final, reasoning, trajectory, state, critic, stats, timeline and partition "
    "(without --split) take it";

/* --invocation ID, or "last", which needs the whole run before anything is written. */
static const char *take_invocation(void *at, const char *arg)
{
	struct run_options *o = at;
	/* The later of two --invocation options wins, as for every other option. */
	o->invocation = NULL;
	o->invocation_last = false;
	if (strcmp(arg, "last") != 0)
		o->invocation = arg;
	else if (o->streams)
		return run_last_refused;
	else
		o->invocation_last = true;
	return NULL;
}

/* --session ID, or "last": the most recently updated session. */
static const char *take_session(void *at, const char *arg)
{
	struct run_options *o = at;
	o->sessions.last = strcmp(arg, "last") == 0;
	o->sessions.session = o->sessions.last ? NULL : arg;
	return *arg ? NULL : "--session needs a session id, or 'last'";
}

#define RUN_FLAG(letter_, long_, field_, group_, help_)                                            \
	{                                                                                          \
		.kind = OPTION_FLAG, .letter = (letter_), .long_name = (long_),                    \
		.store = STORE_TRUE, .offset = offsetof(struct run_options, field_),               \
		.groups = (group_), .help = (help_)                                                \
	}

const struct option_row run_option_table[] = {
    RUN_FLAG('r', "raw-output", style.raw, RUN_RESULT, "write a string result as raw text"),
    RUN_FLAG('p', "pretty", style.pretty, RUN_PRETTY, "indent the JSON output"),
    RUN_FLAG('c', "compact-output", style.compact, RUN_COMPACT,
             "one line per result, also on a terminal (which is indented and coloured)"),
    RUN_FLAG('e', "exit-status", exit_status, RUN_RESULT,
             "exit 1 when the result is empty, \"\" or null"),
    RUN_FLAG(0, "skip-invalid", skip_invalid, RUN_INPUT, "warn about bad input and go on"),
    {.kind = OPTION_VALUE,
     .long_name = "author",
     .arg_name = "NAME",
     .store = STORE_STRING,
     .offset = offsetof(struct run_options, author),
     .groups = RUN_FILTERS,
     .help = "only events written by NAME"},
    {.kind = OPTION_VALUE,
     .long_name = "invocation",
     .arg_name = "ID",
     .complete = COMPLETE_INVOCATION,
     .store = STORE_CALL,
     .take = take_invocation,
     .groups = RUN_FILTERS,
     .help = "only events of invocation ID (or 'last')"},
    RUN_FLAG(0, "per-invocation", per_invocation, RUN_RESULT,
             "one result per invocation, as JSON lines"),
    RUN_FLAG(0, "per-file", per_file, RUN_RESULT, "one result per input file, as JSON lines"),
    RUN_FLAG(0, "per-session", per_session, RUN_RESULT,
             "one result per session of a session database, as JSON lines"),
    {.kind = OPTION_VALUE,
     .long_name = "session",
     .arg_name = "ID",
     .complete = COMPLETE_SESSION,
     .store = STORE_CALL,
     .take = take_session,
     .groups = RUN_SESSIONS,
     .help = "only session ID (or a unique prefix of it, or 'last')"},
    {.kind = OPTION_VALUE,
     .long_name = "app",
     .arg_name = "NAME",
     .store = STORE_STRING,
     .offset = offsetof(struct run_options, sessions.app),
     .groups = RUN_SESSIONS,
     .help = "only sessions of app NAME"},
    {.kind = OPTION_VALUE,
     .long_name = "user",
     .arg_name = "ID",
     .store = STORE_STRING,
     .offset = offsetof(struct run_options, sessions.user),
     .groups = RUN_SESSIONS,
     .help = "only sessions of user ID"},
    RUN_FLAG(0, "progress", progress, RUN_INPUT,
             "show progress on standard error when it is a terminal"),
    RUN_FLAG(0, "unbuffered", unbuffered, RUN_INPUT, "flush the output after every result"),
    {.kind = OPTION_VALUE,
     .long_name = "max-line",
     .arg_name = "SIZE",
     .store = STORE_SIZE,
     .offset = offsetof(struct run_options, max_line),
     .invalid = "invalid value for --max-line: a size in bytes is needed, with K, M or G after "
                "it for KiB, MiB or GiB",
     .groups = RUN_INPUT,
     .help = "give up a line longer than SIZE bytes (K, M, G; default 1G)"},
    RUN_FLAG('f', "follow", follow, RUN_FOLLOW,
             "keep reading the last file as it grows, until interrupted"),
    {.kind = OPTION_VALUE,
     .letter = 'j',
     .long_name = "jobs",
     .arg_name = "N",
     .store = STORE_UNSIGNED,
     .offset = offsetof(struct run_options, jobs),
     .min = 1,
     .max = 1024,
     .invalid = "invalid value for --jobs: a whole number from 1 to 1024 is needed",
     .groups = RUN_JOBS,
     .help = "read on N threads (default: fastest for input)"},
    RUN_FLAG(0, "partial", partial, RUN_MERGE,
             "write the partial result --merge combines, as JSON lines"),
    RUN_FLAG(0, "merge", merge, RUN_MERGE,
             "read partial results, in order, and write the result of all their input"),
    OPTION_INCLUDE_PLAIN_ROW(command_help_option),
    OPTION_END_ROW,
};

static const char *take_color(void *at, const char *arg)
{
	const char **when = at;
	if (strcmp(arg, "auto") && strcmp(arg, "always") && strcmp(arg, "never"))
		return "--color takes auto, always or never";
	*when = arg;
	return NULL;
}

const struct option_row run_color_table[] = {
    {.kind = OPTION_OPTIONAL,
     .long_name = "color",
     .arg_name = "WHEN",
     .complete = COMPLETE_VALUES,
     .values = "auto|always|never",
     .store = STORE_CALL,
     .take = take_color,
     .implicit = "always",
     .help = "colour the output: auto (on a terminal), always, never"},
    OPTION_ALIAS_ROW("colour", "color"),
    OPTION_END_ROW,
};

bool run_color_on(const char *when)
{
	return strcmp(when, "always") == 0 || (strcmp(when, "auto") == 0 && output_wants_color());
}

/*
 * Whether the run under way reads in chunks: set by the run's thread
 * before the workers start, and read by them and by it.
 */
static bool reading_in_chunks;

bool run_in_chunks(void)
{
	return reading_in_chunks;
}

void run_settings_apply(const struct run_options *o)
{
	output_set_unbuffered(o->unbuffered);
	output_set_style(o->style);
}

/*
 * Counts id among the candidates of the --invocation prefix, once however
 * many of its events come, and keeps the first eight for the message.
 */
static void add_candidate(struct run_match *m, const json_t *id)
{
	const char *name = json_string_value(id);
	size_t len = json_string_length(id);
	if (!m->seen)
		m->seen = json_object();
	if (json_object_getn(m->seen, name, len))
		return;
	size_t count = json_object_size(m->seen);
	if (count < 8)
		m->candidates[count] = xstrndup(name, len);
	json_object_setn_new_nocheck(m->seen, name, len, json_true());
}

/*
 * Whether an event of invocation id passes --invocation ID: id equals ID,
 * or begins with it and is the one id that does.  An id equal to ID is
 * always the one, unless a longer id was taken before it was read.
 */
static bool invocation_matches(const char *want, struct run_match *m, const json_t *id)
{
	if (!run_invocation_begins(want, id))
		return false;
	bool equal = json_string_length(id) == strlen(want);
	if (m->exact)
		return equal;
	if (m->taken && json_string_equals(id, m->taken))
		return true;
	add_candidate(m, id);
	if (m->taken || m->ambiguous) {
		m->ambiguous = true;
		return false;
	}
	m->taken = xstrndup(json_string_value(id), json_string_length(id));
	m->exact = equal;
	return true;
}

bool run_invocation_begins(const char *want, const json_t *id)
{
	size_t n = strlen(want);
	return json_is_string(id) && json_string_length(id) >= n &&
	       memcmp(json_string_value(id), want, n) == 0;
}

bool run_passes_author(const struct run_options *o, struct run_match *m,
                       const struct reader_item *item)
{
	if (!o->author)
		return true;
	/* Whole names: "a\u0000evil" is not author "a". */
	bool author = item->kind == VALUE_EVENT &&
	              json_string_equals(event_author_string(item->value), o->author);
	m->author += author;
	return author;
}

bool run_passes_invocation(const struct run_options *o, struct run_match *m, const json_t *id)
{
	bool invocation = invocation_matches(o->invocation, m, id);
	m->invocation += invocation;
	return invocation;
}

bool run_passes_filters(const struct run_options *o, struct run_match *m,
                        const struct reader_item *item)
{
	if (!o->author && !o->invocation)
		return true;
	/* A stream error belongs to no agent or invocation, so a filter drops it. */
	if (item->kind != VALUE_EVENT)
		return false;
	bool author = run_passes_author(o, m, item);
	bool invocation =
	    !o->invocation || run_passes_invocation(o, m, event_invocation_id_string(item->value));
	return author && invocation && !m->ambiguous;
}

/* The ids an ambiguous --invocation prefix could be, for its message. */
static void report_ambiguous(const struct run_options *o, const struct run_match *m)
{
	struct strbuf ids = STRBUF_INIT;
	size_t count = json_object_size(m->seen), kept = count < 8 ? count : 8;
	for (size_t i = 0; i < kept; i++)
		strbuf_addf(&ids, "%s%s", i ? ", " : "", m->candidates[i]);
	if (count > kept)
		strbuf_addf(&ids, " and %zu more", count - kept);
	warnx_msg("--invocation '%s' is ambiguous: %zu invocation ids begin with it (%s)",
	          o->invocation, count, ids.buf);
	strbuf_release(&ids);
}

int run_end_report(const struct run_options *o, struct run_end *end)
{
	struct run_match *m = &end->match;
	int status = 0;
	reader_report_skipped_count(end->skipped);
	if (m->ambiguous) {
		report_ambiguous(o, m);
		status = EXIT_USAGE;
	} else if (o->invocation && !m->invocation) {
		warnx_msg("--invocation '%s': no invocation id is or begins with it",
		          o->invocation);
	}
	if (o->author && !m->author)
		warnx_msg("--author '%s': no event has this author", o->author);
	free(m->taken);
	for (size_t i = 0; i < 8; i++)
		free(m->candidates[i]);
	json_decref(m->seen);
	*m = (struct run_match){0};
	return status;
}

static int status_rank(int status)
{
	switch (status) {
	case 0:
		return 0;
	case EXIT_FALSE:
		return 1;
	case EXIT_NOINPUT:
		return 2;
	case EXIT_DATAERR:
		return 3;
	case EXIT_USAGE:
		return 4;
	default: /* EXIT_IOERR, EXIT_CANTCREAT, EXIT_OSERR */
		return 5;
	}
}

int exit_status_worst(int a, int b)
{
	return status_rank(b) > status_rank(a) ? b : a;
}

/* What a command reads of each event, and what --author and --invocation read. */
static struct adk_reads with_filters(const struct adk_reads *reads)
{
	struct adk_reads r = *reads;
	r.event |= ADK_MEMBER(ADK_AUTHOR) | ADK_MEMBER(ADK_INVOCATION_ID);
	return r;
}

/* A reader of the operands, building what plan reads, with its workers' map. */
static struct reader *open_reader(const struct run_plan *plan, const struct run_options *o,
                                  int argc, char *argv[])
{
	/*
	 * Without chunks, the default is one thread: handing every event from a
	 * parsing thread to the command's costs as much as parsing it, and
	 * where the workers also turn each event into output (to-a2a,
	 * trajectory) they still cost more than they saved (bench/default_jobs.sh
	 * and the lead's idle run: 100 MB, -j 1 against -j 2, trajectory 0.90 s
	 * against 0.95 s, to-a2a 0.71 s against 0.76 s).
	 */
	struct reader_options read = {
	    .flags = plan->reader_flags | (o->skip_invalid ? READER_SKIP_INVALID : 0),
	    .jobs = o->jobs ? o->jobs : 1,
	    .max_line = o->max_line,
	    .follow = o->follow,
	    /* Results reach the next process before adkev waits for more input. */
	    .wait_hook = output_flush,
	    .sessions = &o->sessions,
	};
	struct reader *r = reader_new(argv, argc, &read);
	if (plan->reads) {
		struct adk_reads reads = with_filters(plan->reads);
		reader_select(r, &reads);
	}
	const struct item_map *map = plan->map;
	if (map) {
		struct adk_reads keep = map->keeps ? with_filters(map->keeps) : adk_reads_all;
		reader_set_map(r, map->fn, map->release, plan->map_ctx, map->keeps ? &keep : NULL);
	}
	return r;
}

/*
 * --invocation last for a command whose item() takes the items as they come
 * (timeline, partition's objects): the items that pass the filters are
 * held, each with the invocation it belongs to (a stream error: that of the
 * event before it), and those of the last invocation given to item() at
 * the end, as extraction's groups do.
 */
struct held_item {
	struct reader_item item; /* value held; raw, file and record copied */
	json_t *id;              /* held, or NULL */
};

struct last_turn {
	struct held_item *list;
	size_t count, cap;
	const json_t *in_progress; /* the invocation of the last event read, borrowed from list */
	json_t *last;              /* the last invocation id read, held */
};

static void last_turn_hold(struct last_turn *t, const struct reader_item *item, bool passes)
{
	const json_t *id = t->in_progress;
	if (item->kind == VALUE_EVENT) {
		id = event_invocation_id_string(item->value);
		if (id) {
			json_decref(t->last);
			t->last = json_incref((json_t *)id);
		}
	}
	t->in_progress = NULL;
	if (!passes)
		return;
	if (t->count == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 64;
		t->list = xrealloc(t->list, t->cap * sizeof *t->list);
	}
	struct held_item *h = &t->list[t->count++];
	h->item = *item;
	h->item.value = json_incref(item->value);
	h->item.raw = xstrndup(item->raw, item->raw_len);
	h->item.pos.file = item->pos.file ? xstrdup(item->pos.file) : NULL;
	h->item.pos.record = item->pos.record ? xstrdup(item->pos.record) : NULL;
	h->item.mapped = NULL;
	h->id = id ? json_incref((json_t *)id) : NULL;
	/* Only a held event can be the one a stream error after it belongs with. */
	if (item->kind == VALUE_EVENT)
		t->in_progress = h->id;
}

/* Gives item() the held items of the last invocation, then lets go of them all. */
static int last_turn_give(struct last_turn *t, const struct run_plan *plan, struct reader *r)
{
	int status = 0;
	for (size_t i = 0; i < t->count; i++) {
		struct held_item *h = &t->list[i];
		if (!status && t->last && h->id && json_strings_equal(h->id, t->last))
			status = plan->item(plan->ctx, r, &h->item);
		json_decref(h->item.value);
		json_decref(h->id);
		free((char *)h->item.raw);
		free((char *)h->item.pos.file);
		free((char *)h->item.pos.record);
	}
	free(t->list);
	json_decref(t->last);
	return status;
}

/*
 * The read itself: each item to plan->item() until the end, bad input or a
 * failed output.  After an ambiguous --invocation prefix no item passes,
 * and the read goes on to find every id it could be, unless it follows a
 * log that does not end.
 */
static enum reader_result read_items(const struct run_plan *plan, const struct run_options *o,
                                     struct reader *r, struct run_match *m, int *status)
{
	struct reader_item item;
	enum reader_result res = READ_END;
	bool hold = o->invocation_last && !plan->own_filters;
	struct last_turn turn = {0};
	while (!*status && !(plan->streams && output_failed()) && !(m->ambiguous && o->follow) &&
	       (res = reader_next(r, &item)) == READ_ITEM) {
		if (hold)
			last_turn_hold(&turn, &item, run_passes_filters(o, m, &item));
		else if (plan->own_filters || run_passes_filters(o, m, &item))
			*status = plan->item(plan->ctx, r, &item);
	}
	if (hold)
		*status = exit_status_worst(*status, last_turn_give(&turn, plan, r));
	return res;
}

/* The reader's counters as the --progress line shows them. */
static void count_read(void *reader, struct progress_count *out)
{
	const struct reader_progress *rp = reader_get_progress(reader);
	*out = (struct progress_count){rp->bytes, rp->total, rp->total_known, rp->items};
}

/*
 * What run_read() owes at its end: done() (not after an ambiguous
 * --invocation prefix, whose results would be another invocation's), the
 * end of the --progress line between them as plan->streams says.
 */
static int finish_run(const struct run_plan *plan, struct reader *r, struct progress *progress,
                      bool ambiguous)
{
	int status = 0;
	bool done = plan->done && !ambiguous;
	if (done && plan->streams)
		status = plan->done(plan->ctx, r);
	reader_set_progress_hook(r, NULL, NULL);
	progress_finish(progress);
	if (done && !plan->streams)
		status = exit_status_worst(status, plan->done(plan->ctx, r));
	return status;
}

json_t *run_read_value(const char *path, int *status)
{
	char *operands[] = {(char *)path};
	struct reader *r = reader_new(
	    operands, 1, &(struct reader_options){.flags = READER_ANY_VALUE | READER_WHOLE_VALUE});
	struct reader_item item;
	json_t *value = NULL;
	enum reader_result res;
	while ((res = reader_next(r, &item)) == READ_ITEM && !value)
		value = json_incref(item.value);
	if (res == READ_ITEM)
		warnx_msg("%s:%lu:%lu: more than one JSON value", item.pos.file, item.pos.line,
		          item.pos.column);
	else if (res == READ_END && !value && !reader_status(r))
		warnx_msg("%s: no JSON value", path);
	if (res != READ_END || !value) {
		int s = reader_status(r);
		*status = s ? s : EXIT_DATAERR;
		json_decref(value);
		value = NULL;
	}
	reader_free(r);
	return value;
}

/*
 * The run in chunks, when plan, o and the operands allow it (run_read());
 * false, having done nothing, when they do not.  It ends as the reader
 * loop does, with done() given a reader of the operands that reads nothing.
 */
static bool read_in_chunks(const struct run_plan *plan, const struct run_options *o, int argc,
                           char *argv[], int *status)
{
	unsigned jobs = o->jobs ? o->jobs : preparse_default_jobs();
	if (!plan->chunks || jobs < 2 || o->follow || o->progress || o->author || o->invocation ||
	    o->invocation_last)
		return false;
	struct chunk_files *files = chunk_files_open(argv, argc, true);
	if (!files)
		return false;
	run_settings_apply(o);
	struct reader_options how = {
	    .flags = plan->reader_flags | (o->skip_invalid ? READER_SKIP_INVALID : 0),
	    .max_line = o->max_line,
	    /* Results reach the next process before the run waits for more of a pipe. */
	    .wait_hook = output_flush};
	struct adk_reads reads = plan->reads ? with_filters(plan->reads) : adk_reads_all;
	struct chunks_end read;
	reading_in_chunks = true;
	chunks_run(files, &how, plan->reads ? &reads : NULL, jobs, plan->chunks, &read);
	reading_in_chunks = false;
	chunk_files_free(files);
	struct reader *r = reader_new(argv, argc, &(struct reader_options){.jobs = 1});
	struct run_end own = {0};
	struct run_end *end = plan->end ? plan->end : &own;
	*status = read.res == READ_INVALID ? EXIT_DATAERR : read.merged;
	end->stopped += read.res == READ_INVALID;
	*status = exit_status_worst(*status, finish_run(plan, r, NULL, false));
	end->skipped += read.skipped;
	if (!plan->end)
		*status = exit_status_worst(*status, run_end_report(o, &own));
	*status = exit_status_worst(*status, read.status);
	reader_free(r);
	return true;
}

int run_read(const struct run_plan *plan, const struct run_options *o, int argc, char *argv[])
{
	int chunked_status;
	if (read_in_chunks(plan, o, argc, argv, &chunked_status))
		return chunked_status;
	run_settings_apply(o);
	struct reader *r = open_reader(plan, o, argc, argv);
	struct progress *progress = NULL;
	if (o->progress) {
		progress = plan->streams ? progress_start_streaming(count_read, r)
		                         : progress_start(count_read, r);
		reader_set_progress_hook(r, progress_tick, progress);
	}
	struct run_end own = {0};
	struct run_end *end = plan->end ? plan->end : &own;
	int status = 0;
	enum reader_result res = read_items(plan, o, r, &end->match, &status);
	/* Bad input ends the read; what was read before it still gives its output. */
	if (res == READ_INVALID)
		status = EXIT_DATAERR;
	/* Counted before done(), which may say so (a --partial result). */
	end->stopped += res == READ_INVALID;
	status = exit_status_worst(status, finish_run(plan, r, progress, end->match.ambiguous));
	end->skipped += reader_skipped(r);
	if (!plan->end)
		status = exit_status_worst(status, run_end_report(o, &own));
	status = exit_status_worst(status, reader_status(r));
	reader_free(r);
	return status;
}

static void keep_session(void *ctx, const struct session_info *s)
{
	struct run_sessions *l = ctx;
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

int run_sessions_list(const char *operand, const struct session_choice *choice,
                      struct run_sessions *l)
{
	return sessiondb_list(operand, choice, false, keep_session, l);
}

void run_sessions_release(struct run_sessions *l)
{
	for (size_t i = 0; i < l->count; i++) {
		free((char *)l->list[i].app);
		free((char *)l->list[i].user);
		free((char *)l->list[i].id);
	}
	free(l->list);
	*l = (struct run_sessions){0};
}

void run_span_add(struct run_span *span, const struct reader_item *item)
{
	double t;
	if (item->kind != VALUE_EVENT || !event_timestamp(item->value, &t))
		return;
	span->first = span->timed && span->first < t ? span->first : t;
	span->last = span->timed && span->last > t ? span->last : t;
	span->timed = true;
}

bool run_filters_events(const struct run_options *o)
{
	return o->author || o->invocation || o->invocation_last;
}

/*
 * A name from the source in a heading: made UTF-8 (a database's names are
 * bytes), and a secret in it hidden when redactor is given.
 */
static void heading_name(struct strbuf *sb, const struct redactor *redactor, const char *name)
{
	json_t *text = json_string_lossy(name);
	const char *utf8 = json_string_value(text);
	size_t len = json_string_length(text);
	if (!redactor || !redact_text(utf8, len, sb))
		strbuf_add(sb, utf8, len);
	json_decref(text);
}

void run_session_heading(struct strbuf *sb, const struct session_info *names,
                         const struct redactor *redactor, const struct run_span *times)
{
	if (!names) {
		strbuf_addstr(sb, "events outside a session");
	} else {
		strbuf_addstr(sb, "session ");
		heading_name(sb, redactor, names->id && *names->id ? names->id : "(no id)");
		const char *keys[] = {", app ", ", user "};
		const char *values[] = {names->app, names->user};
		for (size_t i = 0; i < 2; i++) {
			if (!values[i])
				continue;
			strbuf_addstr(sb, keys[i]);
			heading_name(sb, redactor, values[i]);
		}
	}
	if (!times)
		return;
	if (!times->timed) {
		strbuf_addstr(sb, ", no timed events");
		return;
	}
	/* Local time, as sessions --table prints it (TZ=UTC for UTC). */
	char *first = stamp_time_text(false, true, times->first);
	char *last = stamp_time_text(false, true, times->last);
	strbuf_addf(sb, ", %s to %s", first, last);
	free(first);
	free(last);
}

int run_each_session(const char *operand, const struct run_options *o, run_session_reader *read,
                     void *ctx)
{
	struct run_sessions l = {0};
	int status = run_sessions_list(operand, &o->sessions, &l);
	struct run_options one = *o;
	for (size_t i = 0; i < l.count && !output_failed(); i++) {
		const struct session_info *s = &l.list[i];
		one.sessions = (struct session_choice){s->id, false, s->app, s->user};
		status = exit_status_worst(status, read(ctx, &one, s));
	}
	run_sessions_release(&l);
	return status;
}
