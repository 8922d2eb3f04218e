/*
 * timeline.c - adkev timeline: a run as a page to look at.
 *
 * Reads the whole run (the page shows all of it at once), lays it out in
 * lanes and timed items (adk/timeline), and writes one self-contained HTML
 * page (write/page) to standard output.  Tool arguments, results, state and
 * text are redacted and cut as trajectory does them, with the same options.
 */
#include "command.h"
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

static int timeline_read_item(void *ctx, struct reader *r, const struct reader_item *item)
{
	(void)r;
	timeline_add(ctx, item);
	return 0;
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
	struct timeline *t = timeline_new(&config);
	/* Bad input ends the read; the page shows the run up to it, as final prints its answer. */
	struct run_plan plan = {.item = timeline_read_item, .ctx = t};
	status = run_read(&plan, &o.run, argc - optind, argv + optind);
	/* An ambiguous --invocation prefix (64) gets no page: it would show another turn. */
	if (status != EXIT_USAGE) {
		json_t *data = timeline_json(t);
		json_object_set_new(data, "title",
		                    page_title(o.title, argc - optind, argv + optind));
		json_object_set_new(data, "redacted", json_boolean(o.values.redact));
		page_write_timeline(data);
		json_decref(data);
	}
	timeline_free(t);
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
