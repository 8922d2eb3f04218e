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
#include "cmd/drive.h"
#include "cmd/extract.h"
#include "cmd/trajectory.h"
#include "write/output.h"
#include "write/page.h"
#include "read/reader.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

enum {
	OPT_TITLE = OPT_COMMAND,
};

static const struct option_row timeline_options[] = {
    OPTION_INCLUDE_ROW(trajectory_option_table, TRAJECTORY_VALUES),
    OPTION_VALUE_ROW(OPT_TITLE, "title", "TEXT", "the page's title (default: the file names)"),
    OPTION_INCLUDE_ROW(extract_option_table, EXTRACT_FILTERS | EXTRACT_INPUT),
    OPTION_END_ROW,
};

struct timeline_options {
	struct extract_options filters;  /* --author, --invocation, --skip-invalid, --progress */
	struct trajectory_config values; /* redaction and truncation, as trajectory's */
	const char *title;
};

static const char *timeline_option(void *ctx, int id, const char *arg)
{
	struct timeline_options *o = ctx;
	const char *why = NULL;
	bool bad = false;
	if (id == OPT_TITLE)
		o->title = arg;
	else if (!trajectory_option(&o->values, id, arg, &bad))
		extract_option(&o->filters, id, arg, &why);
	/* The value itself is not repeated: it may be a secret word. */
	if (bad)
		return id == OPT_TRAJECTORY_MAX_STRING ? "invalid value for --max-string"
		                                       : "invalid value for --redact-key";
	return why;
}

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
		strbuf_addstr(&sb, strcmp(operands[i], "-") == 0 ? "standard input" : operands[i]);
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

static int run_timeline(int argc, char *argv[])
{
	struct timeline_options o = {.title = NULL, .filters.streams = true};
	trajectory_config_init(&o.values);
	int status = command_parse(&command_timeline, argc, argv, timeline_option, &o);
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
	struct drive d = {.item = timeline_read_item, .ctx = t};
	status = drive(&d, &o.filters, argc - optind, argv + optind);
	json_t *data = timeline_json(t);
	json_object_set_new(data, "title", page_title(o.title, argc - optind, argv + optind));
	json_object_set_new(data, "redacted", json_boolean(o.values.redact));
	page_write_timeline(data);
	json_decref(data);
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
