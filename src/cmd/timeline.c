/*
 * timeline.c - adkev timeline: a run as a page to look at.
 *
 * Reads the whole run (the page shows all of it at once), lays it out in
 * lanes and timed items (adk/timeline), and writes one self-contained HTML
 * page (write/page) to standard output.  Tool arguments, results, state and
 * text are redacted and cut as trajectory does them, with the same options.
 */
#include "command.h"
#include "adk/event.h"
#include "adk/timeline.h"
#include "adk/trajectory.h"
#include "cmd/run.h"
#include "cmd/trajectory.h"
#include "write/output.h"
#include "write/page.h"
#include "read/reader.h"
#include "read/sessiondb.h"
#include "util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

struct timeline_options {
	struct run_options run;          /* --author, --invocation, --skip-invalid, --progress */
	struct trajectory_config values; /* redaction and truncation, as trajectory's */
	const char *title;
	const char *output; /* -o FILE, or NULL for standard output */
};

static const struct option_row timeline_options[] = {
    OPTION_INCLUDE_ROW(trajectory_option_table, TRAJECTORY_VALUES, struct timeline_options, values),
    OPTION_STRING_ROW(0, "title", "TEXT", struct timeline_options, title,
                      "the page's title (default: the file names)"),
    OPTION_PATH_ROW('o', "output", "FILE", COMPLETE_FILE, struct timeline_options, output,
                    "write the page to FILE, not standard output"),
    OPTION_INCLUDE_ROW(run_option_table, RUN_FILTERS | RUN_INPUT | RUN_SESSIONS,
                       struct timeline_options, run),
    OPTION_END_ROW,
};

/* The page's title: --title, or the operands' names, or "standard input". */
static json_t *page_title(const char *title, int count, char *const operands[])
{
	if (title)
		return json_string(title);
	if (count == 0)
		return json_string("standard input");
	struct strbuf sb = STRBUF_INIT;
	for (int i = 0; i < count; i++) {
		if (i)
			strbuf_addstr(&sb, ", ");
		/* A URL's password never reaches the page. */
		char *name = sessiondb_masked(operands[i]);
		strbuf_addstr(&sb, strcmp(operands[i], "-") == 0 ? "standard input" : name);
		free(name);
	}
	/* File names need not be UTF-8; the page shows what jansson accepts. */
	json_t *v = json_stringn(sb.buf, sb.len);
	strbuf_release(&sb);
	return v ? v : json_string("adkev timeline");
}

/*
 * The run read page by page: one page for a source of one session, as
 * always; over session databases one per session, and over a file of
 * several session objects one per object, as show splits them, each with
 * its heading, for the page to offer one at a time.
 */
struct timeline_read {
	const struct timeline_config *config;
	const struct redactor *redactor; /* for the headings' names */
	struct timeline *cur;            /* the page being read */
	bool from_db;                    /* cur is a database's session, read alone */
	struct session_split split;      /* a file's: the session object cur was read from */
	struct run_span span;            /* cur's first and last event times */
	json_t *pages;                   /* the pages ended: each a run with its "heading" */
	bool filtered;                   /* --author or --invocation: a session may show nothing */
	bool several;                    /* a session was left out: the others are listed */
};

/* Ends the page being read under its heading (names NULL: events outside a session). */
static void page_end(struct timeline_read *tr, const struct session_info *names)
{
	json_t *run = timeline_json(tr->cur);
	struct strbuf heading = STRBUF_INIT;
	run_session_heading(&heading, names, tr->redactor, &tr->span);
	/* Names need not be UTF-8; the page shows what jansson accepts. */
	json_t *text = json_string_lossy(heading.buf);
	json_object_set_new(run, "heading", text);
	json_array_append_new(tr->pages, run);
	strbuf_release(&heading);
	timeline_free(tr->cur);
	tr->cur = timeline_new(tr->config);
	tr->span = (struct run_span){false, 0, 0};
}

/* Ends the page being read when it holds events or a session, named by its session object. */
static void page_flush(struct timeline_read *tr)
{
	const struct session_split *sp = &tr->split;
	if (!sp->in_object && !timeline_has_events(tr->cur))
		return;
	struct session_info names = {.app = sp->app, .user = sp->user, .id = sp->id};
	page_end(tr, sp->in_object ? &names : NULL);
}

/* A file's page ends where its events come from another session object, as show's do. */
static void split_at_object(struct timeline_read *tr, const json_t *object)
{
	if (tr->from_db || !session_split_begins(&tr->split, object))
		return;
	page_flush(tr);
	session_split_take(&tr->split, object);
}

static int timeline_read_item(void *ctx, struct reader *r, const struct reader_item *item)
{
	struct timeline_read *tr = ctx;
	(void)r;
	split_at_object(tr, item->session);
	run_span_add(&tr->span, item);
	timeline_add(tr->cur, item);
	return 0;
}

/* What a database's session read hands run_each_session(). */
struct timeline_db_read {
	struct timeline_read *tr;
	const struct run_plan *plan;
	char *operand;
};

/* One session of a database: a page of its own. */
static int read_db_session(void *ctx, const struct run_options *one,
                           const struct session_info *session)
{
	struct timeline_db_read *d = ctx;
	d->tr->from_db = true;
	int status = run_read(d->plan, one, 1, &d->operand);
	d->tr->from_db = false;
	/* A session none of whose events passed the filters gets no page. */
	if (d->tr->filtered && !timeline_has_events(d->tr->cur)) {
		d->tr->several = true;
		d->tr->span = (struct run_span){false, 0, 0};
		return status;
	}
	page_end(d->tr, session);
	return status;
}

/*
 * Reads the operands: as one run, unless one is a session database; then
 * each in turn, a database's sessions one by one, and the skipped values
 * and the filters' matches reported once at the end.
 */
static int read_operands(struct timeline_read *tr, struct run_plan *plan,
                         const struct run_options *o, int argc, char *argv[])
{
	bool db = false;
	for (int i = 0; i < argc; i++)
		db = db || sessiondb_claims(argv[i]);
	/* --invocation last is the last of all the sessions, as stats and final read it. */
	if (!db || o->invocation_last)
		return run_read(plan, o, argc, argv);
	struct run_end end = {0};
	int status = 0;
	plan->end = &end;
	for (int i = 0; i < argc; i++) {
		if (sessiondb_claims(argv[i])) {
			page_flush(tr);
			session_split_release(&tr->split);
			struct timeline_db_read d = {tr, plan, argv[i]};
			status = exit_status_worst(status, run_each_session(argv[i], o, read_db_session, &d));
		} else {
			status = exit_status_worst(status, run_read(plan, o, 1, argv + i));
		}
	}
	return exit_status_worst(status, run_end_report(o, &end));
}

/*
 * The page's data, owned by the caller: the one run, or, where the source
 * held several sessions, {"sessions": [run with "heading", ...]}.
 */
static json_t *page_data(struct timeline_read *tr)
{
	page_flush(tr);
	/* No event at all, or none that passed the filters: the page of an empty run. */
	if (json_array_size(tr->pages) == 0) {
		page_end(tr, NULL);
		tr->several = false;
	}
	if (json_array_size(tr->pages) == 1 && !tr->several) {
		json_t *run = json_incref(json_array_get(tr->pages, 0));
		json_object_del(run, "heading");
		return run;
	}
	return json_pack("{s:O}", "sessions", tr->pages);
}

/*
 * Where the page goes: -o FILE, opened before the read so that a path that
 * cannot be written fails at once (73), or standard output, unless it is a
 * terminal, which would show 25 KB of HTML.  -1 to go on, else a status.
 */
static int open_output(const char *path)
{
	if (path) {
		if (output_to_file(path))
			return -1;
		warn_errno(errno, "%s", path);
		return EXIT_CANTCREAT;
	}
	if (output_on_terminal())
		return command_usage_error(&command_timeline,
		                           "standard output is a terminal; the "
		                           "page is HTML: write it with -o FILE");
	return -1;
}

static int run_timeline(int argc, char *argv[])
{
	/* The page is written after the read: --invocation last is taken (run_read() holds it). */
	struct timeline_options o = {.title = NULL};
	trajectory_config_init(&o.values);
	int status = command_parse(&command_timeline, argc, argv, &o);
	if (status < 0)
		status = open_output(o.output);
	if (status >= 0) {
		trajectory_config_release(&o.values);
		return status;
	}
	struct redactor redactor;
	redactor_init(&redactor, o.values.redact_exact, o.values.redact_words,
	              o.values.nredact_words);
	struct timeline_config config = {
	    .redactor = o.values.redact ? &redactor : NULL,
	    .max_string = o.values.max_string,
	};
	struct timeline_read tr = {
	    .config = &config,
	    .redactor = config.redactor,
	    .cur = timeline_new(&config),
	    .split = SESSION_SPLIT_INIT,
	    .pages = json_array(),
	    .filtered = run_filters_events(&o.run),
	};
	/* Bad input ends the read; the page shows the run up to it, as final prints its answer. */
	struct run_plan plan = {.item = timeline_read_item, .ctx = &tr};
	status = read_operands(&tr, &plan, &o.run, argc - optind, argv + optind);
	/* An ambiguous --invocation prefix (64) gets no page: it would show another turn. */
	if (status != EXIT_USAGE) {
		json_t *data = page_data(&tr);
		json_object_set_new(data, "title",
		                    page_title(o.title, argc - optind, argv + optind));
		json_object_set_new(data, "redacted", json_boolean(o.values.redact));
		page_write_timeline(data);
		json_decref(data);
	}
	timeline_free(tr.cur);
	json_decref(tr.pages);
	session_split_release(&tr.split);
	redactor_release(&redactor);
	trajectory_config_release(&o.values);
	return status;
}

const struct command command_timeline = {
    .name = "timeline",
    .summary = "Write a run as a timeline page: one self-contained HTML file.",
    .options = timeline_options,
    .operands = "[FILE ...]",
    .run = run_timeline,
};
