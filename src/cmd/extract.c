/*
 * extract.c - the shared run of the extracting subcommands.
 *
 * Without --per-invocation one extractor state sees every event that passes
 * the filters.  With it there is one state per invocation id, in order of
 * first appearance; events without an id share one group, and a server
 * stream error joins the invocation in progress.
 */
#include "cmd/extract.h"
#include "cmd/drive.h"
#include "read/backward.h"
#include "adk/event.h"
#include "write/progress.h"

#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

bool extract_parse_jobs(const char *arg, unsigned *jobs)
{
	long n;
	if (!parse_long(arg, 1, &n) || n > EXTRACT_MAX_JOBS)
		return false;
	*jobs = (unsigned)n;
	return true;
}

const struct option_row extract_option_table[] = {
    {.kind = OPTION_FLAG,
     .id = 'r',
     .long_name = "raw-output",
     .groups = EXTRACT_RESULT,
     .help = "write a string result as raw text"},
    {.kind = OPTION_FLAG,
     .id = 'p',
     .long_name = "pretty",
     .groups = EXTRACT_PRETTY,
     .help = "indent the JSON output"},
    {.kind = OPTION_FLAG,
     .id = 'e',
     .long_name = "exit-status",
     .groups = EXTRACT_RESULT,
     .help = "exit 1 when the result is empty, \"\" or null"},
    {.kind = OPTION_FLAG,
     .id = OPT_SKIP_INVALID,
     .long_name = "skip-invalid",
     .groups = EXTRACT_INPUT,
     .help = "warn about bad input and go on"},
    {.kind = OPTION_VALUE,
     .id = OPT_AUTHOR,
     .long_name = "author",
     .arg_name = "NAME",
     .groups = EXTRACT_FILTERS,
     .help = "only events written by NAME"},
    {.kind = OPTION_VALUE,
     .id = OPT_INVOCATION,
     .long_name = "invocation",
     .arg_name = "ID",
     .groups = EXTRACT_FILTERS,
     .help = "only events of invocation ID (or 'last')"},
    {.kind = OPTION_FLAG,
     .id = OPT_PER_INVOCATION,
     .long_name = "per-invocation",
     .groups = EXTRACT_RESULT,
     .help = "one result per invocation, as JSON lines"},
    {.kind = OPTION_FLAG,
     .id = OPT_PER_FILE,
     .long_name = "per-file",
     .groups = EXTRACT_RESULT,
     .help = "one result per input file, as JSON lines"},
    {.kind = OPTION_FLAG,
     .id = OPT_PROGRESS,
     .long_name = "progress",
     .groups = EXTRACT_INPUT,
     .help = "show progress on standard error when it is a terminal"},
    {.kind = OPTION_FLAG,
     .id = OPT_UNBUFFERED,
     .long_name = "unbuffered",
     .groups = EXTRACT_INPUT,
     .help = "flush the output after every result"},
    {.kind = OPTION_VALUE,
     .id = OPT_MAX_LINE,
     .long_name = "max-line",
     .arg_name = "SIZE",
     .groups = EXTRACT_INPUT,
     .help = "give up a line longer than SIZE bytes (K, M, G; default 1G)"},
    {.kind = OPTION_FLAG,
     .id = 'f',
     .long_name = "follow",
     .groups = EXTRACT_FOLLOW,
     .help = "keep reading the last file as it grows, until interrupted"},
    {.kind = OPTION_VALUE,
     .id = 'j',
     .long_name = "jobs",
     .arg_name = "N",
     .groups = EXTRACT_JOBS,
     .help = "parse on N threads (default: one per online CPU)"},
    OPTION_INCLUDE_ROW(command_help_option, 0),
    OPTION_END_ROW,
};

bool extract_option(struct extract_options *o, int id, const char *arg, const char **why)
{
	switch (id) {
	case 'r':
		o->style.raw = true;
		break;
	case 'p':
		o->style.pretty = true;
		break;
	case 'e':
		o->exit_status = true;
		break;
	case OPT_SKIP_INVALID:
		o->skip_invalid = true;
		break;
	case OPT_AUTHOR:
		o->author = arg;
		break;
	case OPT_INVOCATION:
		/* The later of two --invocation options wins, as for every other option. */
		o->invocation = NULL;
		o->invocation_last = false;
		if (strcmp(arg, "last") != 0)
			o->invocation = arg;
		else if (o->streams)
			*why = EXTRACT_LAST_ERROR;
		else
			o->invocation_last = true;
		break;
	case OPT_PER_INVOCATION:
		o->per_invocation = true;
		break;
	case OPT_PER_FILE:
		o->per_file = true;
		break;
	case 'j':
		if (!extract_parse_jobs(arg, &o->jobs))
			*why = EXTRACT_JOBS_ERROR;
		break;
	case OPT_PROGRESS:
		o->progress = true;
		break;
	case OPT_UNBUFFERED:
		output_set_unbuffered(true);
		break;
	case 'f':
		reader_set_follow(true);
		break;
	case OPT_MAX_LINE: {
		size_t bytes;
		if (extract_parse_size(arg, &bytes))
			reader_set_max_line(bytes);
		else
			*why = EXTRACT_MAX_LINE_ERROR;
		break;
	}
	default:
		return false;
	}
	return true;
}

bool extract_parse_size(const char *arg, size_t *bytes)
{
	/* strtoull would take blanks, a sign and a wrapped "-1"; a size is digits. */
	if (!isdigit((unsigned char)arg[0]))
		return false;
	char *end;
	errno = 0;
	unsigned long long n = strtoull(arg, &end, 10);
	unsigned shift = 0;
	if (*end == 'K' || *end == 'k')
		shift = 10;
	else if (*end == 'M' || *end == 'm')
		shift = 20;
	else if (*end == 'G' || *end == 'g')
		shift = 30;
	if (shift)
		end++;
	if (errno || *end || n == 0 || n > (SIZE_MAX >> shift))
		return false;
	*bytes = (size_t)(n << shift);
	return true;
}

/* What extract_parse_options() hands command_parse() as the context of take_option(). */
struct extract_parse {
	struct extract_options *o;
	bool (*own_option)(void *config, int c, const char *arg);
	void *config;
};

static const char *take_option(void *ctx, int id, const char *arg)
{
	struct extract_parse *p = ctx;
	const char *why = NULL;
	if (extract_option(p->o, id, arg, &why))
		return why;
	/* Only a row of the command's own table comes here, so own_option knows it. */
	if (!p->own_option || !p->own_option(p->config, id, arg))
		abort();
	return NULL;
}

int extract_parse_options(const struct command *cmd, int argc, char *argv[],
                          struct extract_options *o,
                          bool (*own_option)(void *config, int c, const char *arg), void *config)
{
	struct extract_parse p = {o, own_option, config};
	int status = command_parse(cmd, argc, argv, take_option, &p);
	/* Every reader the command makes from now on parses on this many threads. */
	if (status < 0)
		reader_set_jobs(o->jobs);
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

bool result_is_empty(const json_t *result)
{
	return !result || !json_truthy(result);
}

/* id: a JSON string (keyed by all its bytes, "\u0000" included), or NULL. */
static size_t group_of_id(struct invocation_groups *g, const json_t *id)
{
	if (id) {
		json_t *known =
		    json_object_getn(g->index, json_string_value(id), json_string_length(id));
		if (known)
			return (size_t)json_integer_value(known);
	} else if (g->without_id >= 0) {
		return (size_t)g->without_id;
	}
	if (g->count == g->cap) {
		g->cap = g->cap ? g->cap * 2 : 8;
		g->list = xrealloc(g->list, g->cap * sizeof *g->list);
	}
	size_t n = g->count++;
	g->list[n].id =
	    id ? json_stringn_nocheck(json_string_value(id), json_string_length(id)) : json_null();
	g->list[n].state = g->start(g->config);
	if (id)
		json_object_setn_new_nocheck(g->index, json_string_value(id),
		                             json_string_length(id), json_integer((json_int_t)n));
	else
		g->without_id = (long)n;
	return n;
}

void invocation_groups_init(struct invocation_groups *g, bool per_invocation,
                            void *(*start)(const void *config), const void *config)
{
	memset(g, 0, sizeof *g);
	g->index = json_object();
	g->without_id = g->in_progress = g->last_id = -1;
	g->per_invocation = per_invocation;
	g->start = start;
	g->config = config;
	if (!per_invocation)
		group_of_id(g, NULL);
}

void *invocation_groups_state(struct invocation_groups *g, const struct reader_item *item)
{
	size_t n;
	if (!g->per_invocation)
		n = group_of_id(g, NULL);
	else if (item->kind == VALUE_EVENT) {
		const json_t *id = event_invocation_id_string(item->value);
		n = group_of_id(g, id);
		if (id)
			g->last_id = (long)n;
	} else if (g->in_progress >= 0)
		n = (size_t)g->in_progress;
	else
		n = group_of_id(g, NULL);
	g->in_progress = (long)n;
	return g->list[n].state;
}

void invocation_groups_release(struct invocation_groups *g, void (*release)(void *state))
{
	for (size_t i = 0; i < g->count; i++) {
		release(g->list[i].state);
		json_decref(g->list[i].id);
	}
	free(g->list);
	json_decref(g->index);
}

bool extract_passes_filters(const struct extract_options *o, const struct reader_item *item)
{
	if (!o->author && !o->invocation)
		return true;
	/* A stream error belongs to no agent or invocation, so a filter drops it. */
	if (item->kind != VALUE_EVENT)
		return false;
	/* Whole names: "a\u0000evil" is not author "a". */
	if (o->author && !json_string_equals(event_author_string(item->value), o->author))
		return false;
	return !o->invocation ||
	       json_string_equals(event_invocation_id_string(item->value), o->invocation);
}

/*
 * Starts the line that holds a result with --per-file or --per-invocation:
 * the file's name, the invocation id, then the result's key.
 */
static void begin_tagged_line(struct json_writer *w, const struct extractor *x,
                              const struct extract_options *o, const json_t *id)
{
	jw_object_begin(w);
	if (o->per_file) {
		jw_key(w, "file");
		json_t *name = json_string_lossy(o->file);
		jw_value(w, name);
		json_decref(name);
	}
	if (o->per_invocation) {
		jw_key(w, "invocation_id");
		jw_value(w, id);
	}
	jw_key(w, x->name);
}

/*
 * Writes the result of one state: what write() writes, where the extractor
 * writes it itself (streamed: begin() was called), else what finish()
 * returns, as JSON or as print() writes it; with --per-file and
 * --per-invocation in a line with its file name and invocation id.  Raises *status; *assertion gets
 * what -e says of this result (like jq -e, the last one decides).
 */
static void emit_result(const struct extractor *x, const void *config,
                        const struct extract_options *o, void *state, const json_t *id,
                        bool streamed, int *status, int *assertion)
{
	int result_status = 0;
	json_t *result = NULL;
	bool empty;
	if (!x->write || (x->finish && !streamed)) {
		result = x->finish(state, &result_status);
		*status = exit_status_worst(*status, result_status);
		if (!result)
			return;
		empty = result_is_empty(result);
		if (x->print && x->print(config, o->per_file ? o->file : NULL,
		                         o->per_invocation ? id : NULL, result)) {
			*assertion = o->exit_status && empty ? EXIT_FALSE : 0;
			json_decref(result);
			return;
		}
	}
	struct json_writer *w = output_writer();
	bool tagged = o->per_invocation || o->per_file;
	if (tagged)
		begin_tagged_line(w, x, o, id);
	bool finished = true;
	if (result) {
		jw_value(w, result);
	} else {
		empty = x->write(state, w, &result_status);
		/* A value write() could not finish is left as it is: no line end makes it whole. */
		finished = !result_status;
	}
	if (finished) {
		if (tagged)
			jw_object_end(w);
		jw_line_end(w);
	}
	json_decref(result);
	*assertion = o->exit_status && empty ? EXIT_FALSE : 0;
	*status = exit_status_worst(*status, result_status);
}

/*
 * --invocation last: the result of the invocation the last event with an id
 * belonged to.  A stream with no invocation id at all has no last
 * invocation, so the result is that of no events (an empty one, which -e
 * fails).
 */
static void emit_last(const struct extractor *x, const void *config,
                      const struct extract_options *o, struct invocation_groups *g, int *status,
                      int *assertion)
{
	if (g->last_id >= 0) {
		struct invocation_group *last = &g->list[g->last_id];
		emit_result(x, config, o, last->state, last->id, false, status, assertion);
		return;
	}
	void *none = x->start(config);
	json_t *id = json_null();
	emit_result(x, config, o, none, id, false, status, assertion);
	json_decref(id);
	x->release(none);
}

/*
 * Whether a backward read may stand in for the forward one: the extractor
 * allows it, one result is wanted, and every operand is a named regular
 * file (the forward read reports anything else).
 */
static bool backward_possible(const struct extractor *x, const struct extract_options *o, int argc,
                              char *argv[])
{
	if (!x->settled || x->begin || o->per_invocation || o->full_scan || o->invocation_last ||
	    o->progress || argc == 0 || reader_get_follow())
		return false;
	for (int i = 0; i < argc; i++) {
		struct stat st;
		if (strcmp(argv[i], "-") == 0 || stat(argv[i], &st) != 0 || !S_ISREG(st.st_mode))
			return false;
	}
	return true;
}

/*
 * Feeds state the events of the operands from the last one backwards until
 * x->settled() says the result is decided or every file was read.  False
 * when a file could not be read backwards: then the caller starts afresh,
 * forward.  Nothing is written, so starting afresh is always possible.
 */
static bool read_backward(const struct extractor *x, const struct extract_options *o, void *state,
                          int argc, char *argv[])
{
	for (int i = argc - 1; i >= 0; i--) {
		struct backward *b = backward_open(argv[i]);
		if (!b)
			return false;
		struct reader_item item;
		enum backward_step step = BACKWARD_START;
		bool settled = false;
		while (!settled && (step = backward_prev(b, &item)) == BACKWARD_ITEM) {
			if (!extract_passes_filters(o, &item))
				continue;
			x->add(state, &item);
			settled = x->settled(state);
		}
		/*
		 * The line that settled it counts only when the line above is a
		 * value of its own, or the file starts there: a value left open
		 * above would take that line into itself in the forward read, so
		 * the forward read decides (a damaged log cannot pass a gate).
		 */
		if (settled && backward_prev(b, &item) == BACKWARD_UNSURE) {
			settled = false;
			step = BACKWARD_UNSURE;
		}
		backward_close(b);
		if (settled)
			return true;
		if (step == BACKWARD_UNSURE)
			return false;
	}
	return true;
}

/* The backward read of extract_run(); false (having written nothing) when it cannot be used. */
static bool run_backward(const struct extractor *x, const void *config,
                         const struct extract_options *o, int argc, char *argv[], int *status)
{
	void *state = x->start(config);
	if (!read_backward(x, o, state, argc, argv)) {
		x->release(state);
		return false;
	}
	int finish_status = 0, assertion = o->exit_status ? EXIT_FALSE : 0;
	output_set_style(o->style);
	emit_result(x, config, o, state, NULL, false, &finish_status, &assertion);
	x->release(state);
	*status = exit_status_worst(finish_status, assertion);
	return true;
}

/* What extract_run() hands drive() as its context. */
struct extract_ctx {
	const struct extractor *x;
	const void *config;
	const struct extract_options *o;
	struct invocation_groups groups;
	bool streamed; /* begin() was called: the one result is written as it is read */
};

/*
 * The filters are applied here (struct drive's own_filters): --invocation
 * last is the run's last turn whatever --author keeps of it, so an event
 * filtered out still names its invocation, and a last turn with nothing
 * from the author gives an empty result.
 */
static int extract_item(void *ctx, struct reader *r, const struct reader_item *item)
{
	struct extract_ctx *e = ctx;
	(void)r;
	bool passes = extract_passes_filters(e->o, item);
	if (!passes && !e->o->invocation_last)
		return 0;
	void *state = invocation_groups_state(&e->groups, item);
	if (passes)
		e->x->add(state, item);
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
	struct extract_ctx *e = ctx;
	const struct extract_options *o = e->o;
	struct invocation_groups *g = &e->groups;
	int status = 0, assertion = o->exit_status ? EXIT_FALSE : 0;
	bool nothing_read = reader_opened_none(r);
	if (o->invocation_last && !nothing_read)
		emit_last(e->x, e->config, o, g, &status, &assertion);
	for (size_t i = 0; i < g->count && !nothing_read && !o->invocation_last &&
	                   (e->streamed || !output_failed());
	     i++)
		emit_result(e->x, e->config, o, g->list[i].state, g->list[i].id, e->streamed,
		            &status, &assertion);
	return exit_status_worst(status, assertion);
}

/* One run of x over the operands argv[0..argc), as if they were all the input. */
static int run_operands(const struct extractor *x, const void *config,
                        const struct extract_options *o, int argc, char *argv[],
                        struct drive_end *end)
{
	int backward_status;
	if (backward_possible(x, o, argc, argv) &&
	    run_backward(x, config, o, argc, argv, &backward_status))
		return backward_status;

	bool grouped = o->per_invocation || o->invocation_last;
	struct extract_ctx e = {.x = x, .config = config, .o = o};
	struct drive d = {.reads = x->reads,
	                  .own_filters = true,
	                  .item = extract_item,
	                  .done = extract_done,
	                  .ctx = &e};
	if (x->map && !grouped) {
		d.map = x->map;
		d.map_release = x->map_release;
		d.map_ctx = (void *)config;
		d.map_keeps = x->map_keeps;
	}
	/*
	 * One result is written while it is built, but not when the progress
	 * line is drawn on the terminal the result goes to, as the line would
	 * tear the text apart.
	 */
	e.streamed =
	    x->begin && !grouped && !o->per_file && !(o->progress && progress_on_output_terminal());

	output_set_style(o->style);
	invocation_groups_init(&e.groups, grouped, x->start, config);
	if (e.streamed)
		x->begin(e.groups.list[0].state, output_writer());
	d.end = end;
	int status = drive(&d, o, argc, argv);
	invocation_groups_release(&e.groups, x->release);
	return status;
}

/*
 * --per-file: each operand run alone, its results tagged with its name
 * (standard input's as the messages name it).  A file that cannot be
 * opened gets no line and the run goes on, as the reader does; bad input
 * stops the run as it stops one read of every operand (the file gets the
 * result of the events before the bad one), and so does a write error.
 * -e fails when any file's result is empty, so a gate over a batch of
 * runs fails when one run gave nothing.
 */
static int run_per_file(const struct extractor *x, const void *config,
                        const struct extract_options *o, int argc, char *argv[],
                        struct drive_end *end)
{
	char dash[] = "-";
	char *standard_input[] = {dash};
	if (argc == 0) {
		argc = 1;
		argv = standard_input;
	}
	struct extract_options one = *o;
	int status = 0;
	for (int i = 0; i < argc && !end->stopped && !output_failed(); i++) {
		one.file = strcmp(argv[i], "-") == 0 ? STDIN_NAME : argv[i];
		status = exit_status_worst(status, run_operands(x, config, &one, 1, argv + i, end));
	}
	return status;
}

int extract_run(const struct extractor *x, const void *config, const struct extract_options *o,
                int argc, char *argv[])
{
	struct drive_end end = {false, 0};
	int status = o->per_file ? run_per_file(x, config, o, argc, argv, &end)
	                         : run_operands(x, config, o, argc, argv, &end);
	reader_report_skipped_count(end.skipped);
	return status;
}
