/*
 * to_a2a.c - adkev to-a2a: ADK events to Agent2Agent messages.
 *
 * Each ADK event becomes one A2A Message (a2a.md section 5), written as one
 * JSON line in input order: A2A 0.3 JSON with "kind" discriminators by
 * default, 1.0 shapes with --a2a-version 1.0.  Streaming: one event is in
 * memory at a time.
 */
#include "adk/a2a.h"
#include "adk/redact.h"
#include "cmd/drive.h"
#include "cmd/extract.h"

#include <string.h>

enum {
	OPT_A2A_VERSION = OPT_COMMAND,
	OPT_TASK_ID,
	OPT_CONTEXT_ID,
	OPT_IDS_FROM_METADATA,
	OPT_LOSSLESS,
	OPT_REDACT,
};

static const struct option_row to_a2a_options[] = {
    OPTION_CHOICE_ROW(OPT_A2A_VERSION, "a2a-version", NULL, "0.3|1.0",
                      "0.3 (default: kind discriminators) or 1.0 shapes"),
    OPTION_VALUE_ROW(OPT_TASK_ID, "task-id", "ID", "set every message's taskId"),
    OPTION_VALUE_ROW(OPT_CONTEXT_ID, "context-id", "ID", "set every message's contextId"),
    OPTION_FLAG_ROW(OPT_IDS_FROM_METADATA, "ids-from-metadata",
                    "taskId and contextId from customMetadata \"a2a:task_id\" and "
                    "\"a2a:context_id\""),
    OPTION_FLAG_ROW(OPT_LOSSLESS, "lossless",
                    "also write adk_actions, adk_error_message, adk_long_running_tool_ids, "
                    "adk_thought_signature: for adkev -> adkev round trips, not what ADK "
                    "peers send"),
    OPTION_FLAG_ROW(OPT_REDACT, "redact", "hide secrets, as trajectory does, before converting"),
    OPTION_INCLUDE_ROW(extract_option_table, EXTRACT_FILTERS | EXTRACT_PRETTY | EXTRACT_INPUT |
                                                 EXTRACT_JOBS | EXTRACT_FOLLOW),
    OPTION_END_ROW,
};

struct to_a2a {
	struct a2a_message_options msg;
	struct extract_options common;   /* -p, --skip-invalid, the filters, --progress */
	bool redact;                     /* --redact */
	const struct redactor *redactor; /* --redact's, or NULL */
};

/* One event converted: the message's output line, or (line empty) why there is none. */
struct converted {
	struct strbuf line;
	const char *why;
};

static void convert(const json_t *event, const struct to_a2a *t, struct converted *out)
{
	char fresh[37] = "";
	/* Only an event without an id of its own needs a fresh one. */
	const char *id = adk_get_string(event, ADK_ID);
	if (!id || !*id)
		a2a_uuid(fresh);
	out->why = NULL;
	/* With --redact the message is made from the redacted event: secrets never reach it. */
	json_t *clean = redact_json(t->redactor, event);
	json_t *msg = a2a_message_from_event(clean, &t->msg, fresh, &out->why);
	if (msg) {
		struct json_writer w;
		jw_init_buf(&w, &out->line, output_flags(t->common.style));
		jw_value(&w, msg);
		jw_line_end(&w);
	}
	json_decref(msg);
	json_decref(clean);
}

/*
 * With -j the workers convert each event they parse (reader_set_map), so
 * the event is read where it was made; this thread only writes the lines.
 */
static void *convert_on_worker(const json_t *value, void *ctx)
{
	if (value_kind(value) != VALUE_EVENT)
		return NULL;
	struct converted *c = xmalloc(sizeof *c);
	c->line = (struct strbuf)STRBUF_INIT;
	convert(value, ctx, c);
	return c;
}

static void converted_free(void *result)
{
	struct converted *c = result;
	strbuf_release(&c->line);
	free(c);
}

static bool parse_version(const char *s, enum a2a_version *v)
{
	if (strcmp(s, "0.3") == 0 || strcmp(s, "0.3.0") == 0) {
		*v = A2A_V03;
		return true;
	}
	if (strcmp(s, "1.0") == 0 || strcmp(s, "1") == 0 || strcmp(s, "1.0.0") == 0) {
		*v = A2A_V10;
		return true;
	}
	return false;
}

/* What to_a2a_loop() hands drive(): the options, and a line for events no worker converted. */
struct to_a2a_run {
	const struct to_a2a *t;
	struct converted here;
};

static int to_a2a_item(void *ctx, struct reader *r, const struct reader_item *item)
{
	struct to_a2a_run *run = ctx;
	/* A server stream error is no event: there is nothing to send. */
	if (item->kind != VALUE_EVENT)
		return 0;
	const struct converted *c = item->mapped;
	if (!c) {
		strbuf_reset(&run->here.line);
		convert(item->value, run->t, &run->here);
		c = &run->here;
	}
	if (!c->line.len)
		return reader_reject(r, &item->pos, "%s", c->why) ? 0 : EXIT_DATAERR;
	output_bytes(c->line.buf, c->line.len);
	return 0;
}

/* to_a2a_item() reads nothing of an event a worker converted: it writes the line. */
static const struct adk_reads converted_keeps;

static int to_a2a_loop(const struct to_a2a *t, int argc, char *argv[])
{
	struct to_a2a_run run = {t, {STRBUF_INIT, NULL}};
	struct drive d = {
	    .streams = true,
	    .item = to_a2a_item,
	    .ctx = &run,
	    .map = convert_on_worker,
	    .map_release = converted_free,
	    .map_ctx = (void *)t,
	    .map_keeps = &converted_keeps,
	};
	output_set_style(t->common.style);
	int status = drive(&d, &t->common, argc, argv);
	strbuf_release(&run.here.line);
	return status;
}

static const char *to_a2a_option(void *ctx, int id, const char *arg)
{
	struct to_a2a *t = ctx;
	const char *why = NULL;
	if (extract_option(&t->common, id, arg, &why))
		return why;
	switch (id) {
	case OPT_A2A_VERSION:
		if (!parse_version(arg, &t->msg.version))
			return "--a2a-version takes 0.3 or 1.0";
		break;
	case OPT_TASK_ID:
		t->msg.task_id = arg;
		break;
	case OPT_CONTEXT_ID:
		t->msg.context_id = arg;
		break;
	case OPT_IDS_FROM_METADATA:
		t->msg.ids_from_metadata = true;
		break;
	case OPT_LOSSLESS:
		t->msg.lossless = true;
		break;
	case OPT_REDACT:
		t->redact = true;
		break;
	}
	return NULL;
}

static int run_to_a2a(int argc, char *argv[])
{
	struct to_a2a t = {.msg = {.version = A2A_V03}, .common.streams = true};
	struct redactor redactor;
	int status = command_parse(&command_to_a2a, argc, argv, to_a2a_option, &t);
	if (status >= 0)
		return status;
	reader_set_jobs(t.common.jobs);
	if (t.redact) {
		redactor_init(&redactor, false, NULL, 0);
		t.redactor = &redactor;
	}
	status = to_a2a_loop(&t, argc - optind, argv + optind);
	if (t.redact)
		redactor_release(&redactor);
	return status;
}

const struct command command_to_a2a = {
    .name = "to-a2a",
    .summary = "Convert ADK events to A2A messages, one per event.",
    .options = to_a2a_options,
    .operands = "[FILE ...]",
    .run = run_to_a2a,
};
