/*
 * to_a2a.c - adkev to-a2a: ADK events to Agent2Agent messages.
 *
 * Each ADK event becomes one A2A Message (a2a.md section 5), written as one
 * JSON line in input order (cmd/event_lines.h): A2A 0.3 JSON with "kind"
 * discriminators by default, 1.0 shapes with --a2a-version 1.0.
 * Streaming: one event is in memory at a time.
 */
#include "adk/a2a.h"
#include "adk/redact.h"
#include "cmd/event_lines.h"
#include "stamp.h"

#include <string.h>

struct to_a2a {
	struct a2a_message_options msg;
	struct run_options run;          /* -p, --skip-invalid, the filters, --progress */
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
	char fresh[STAMP_UUID_SIZE] = "";
	/* Only an event without an id of its own needs a fresh one. */
	const char *id = adk_get_string(event, ADK_ID);
	if (!id || !*id)
		stamp_uuid(fresh);
	out->why = NULL;
	/* With --redact the message is made from the redacted event: secrets never reach it. */
	json_t *clean = redact_json(t->redactor, event);
	json_t *msg = a2a_message_from_event(clean, &t->msg, fresh, &out->why);
	if (msg) {
		struct json_writer w;
		jw_init_buf(&w, &out->line, output_flags(t->run.style));
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

/*
 * The message of an item, as a line appended to out: a worker's, or
 * converted here.  Nothing for an item that has none (a server stream error
 * is no event: there is nothing to send), or for an event that cannot be
 * one, refused, with EXIT_DATAERR when the refusal ends the read.
 */
static int message_line(const void *ctx, struct reader *r, const struct reader_item *item,
                        struct strbuf *out)
{
	if (item->kind != VALUE_EVENT)
		return 0;
	const struct converted *c = item->mapped;
	const char *why;
	if (c) {
		strbuf_add(out, c->line.buf, c->line.len);
		why = c->why;
	} else {
		/* Converted straight into out (empty on entry), which it owns again after. */
		struct converted here = {*out, NULL};
		convert(item->value, ctx, &here);
		*out = here.line;
		why = here.why;
	}
	if (out->len)
		return 0;
	return reader_reject(r, &item->pos, "%s", why) ? 0 : EXIT_DATAERR;
}

static const struct adk_reads converted_keeps;

static const struct item_map converting_workers = {
    .fn = convert_on_worker,
    .release = converted_free,
    .keeps = &converted_keeps,
};

static int to_a2a_loop(const struct to_a2a *t, int argc, char *argv[])
{
	struct event_lines how = {
	    .line = message_line, .ctx = t, .name = "to-a2a", .map = &converting_workers};
	return event_lines_run(&how, &t->run, argc, argv);
}

static const char *take_version(void *at, const char *arg)
{
	return parse_version(arg, at) ? NULL : "--a2a-version takes 0.3 or 1.0";
}

#define TO_A2A_FLAG(long_, field_, help_) OPTION_TRUE_ROW(0, long_, struct to_a2a, field_, help_)

static const struct option_row to_a2a_options[] = {
    OPTION_CHOICE_ROW("a2a-version", NULL, "0.3|1.0", take_version, struct to_a2a, msg.version,
                      "0.3 (default: kind discriminators) or 1.0 shapes"),
    OPTION_STRING_ROW(0, "task-id", "ID", struct to_a2a, msg.task_id, "set every message's taskId"),
    OPTION_STRING_ROW(0, "context-id", "ID", struct to_a2a, msg.context_id,
                      "set every message's contextId"),
    TO_A2A_FLAG("ids-from-metadata", msg.ids_from_metadata,
                "taskId and contextId from customMetadata \"a2a:task_id\" and "
                "\"a2a:context_id\""),
    TO_A2A_FLAG("lossless", msg.lossless,
                "also write adk_actions, adk_error_message, adk_long_running_tool_ids, "
                "adk_thought_signature: for adkev -> adkev round trips, not what ADK "
                "peers send"),
    TO_A2A_FLAG("redact", redact, "hide secrets, as trajectory does, before converting"),
    OPTION_INCLUDE_ROW(run_option_table,
                       RUN_FILTERS | RUN_PRETTY | RUN_COMPACT | RUN_INPUT | RUN_JOBS | RUN_FOLLOW |
                           RUN_SESSIONS,
                       struct to_a2a, run),
    OPTION_END_ROW,
};

static int run_to_a2a(int argc, char *argv[])
{
	struct to_a2a t = {.msg = {.version = A2A_V03}, .run.streams = true};
	struct redactor redactor;
	int status = command_parse(&command_to_a2a, argc, argv, &t);
	if (status >= 0)
		return status;
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
