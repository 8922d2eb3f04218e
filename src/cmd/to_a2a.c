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
#include "adk/store.h"
#include "cmd/run.h"
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

/* What to_a2a_loop() hands run_read(): the options, and a line for events no worker converted. */
struct to_a2a_run {
	const struct to_a2a *t;
	struct converted here;
};

/*
 * The message of an item, as a line: a worker's, or converted into here.
 * NULL for an item that has none (a server stream error is no event:
 * there is nothing to send), or for an event that cannot be one, refused
 * with *status EXIT_DATAERR when the refusal ends the read.
 */
static const struct converted *message_of(const struct to_a2a *t, struct reader *r,
                                          const struct reader_item *item,
                                          struct converted *here, int *status)
{
	*status = 0;
	if (item->kind != VALUE_EVENT)
		return NULL;
	const struct converted *c = item->mapped;
	if (!c) {
		strbuf_reset(&here->line);
		convert(item->value, t, here);
		c = here;
	}
	if (c->line.len)
		return c;
	*status = reader_reject(r, &item->pos, "%s", c->why) ? 0 : EXIT_DATAERR;
	return NULL;
}

static int to_a2a_item(void *ctx, struct reader *r, const struct reader_item *item)
{
	struct to_a2a_run *run = ctx;
	int status;
	const struct converted *c = message_of(run->t, r, item, &run->here, &status);
	if (c)
		output_bytes(c->line.buf, c->line.len);
	return status;
}

/*
 * A run in chunks (cmd/run.h): each chunk's messages go to a spool of its
 * own, in memory up to TO_A2A_SPOOL_IN_MEMORY bytes and in an unlinked
 * temporary file past it (adk/store.h), and the spools are copied to
 * standard output in input order.  A message depends on its event and the
 * options alone, never on the events before it, so a chunk needs nothing
 * of the chunks before it and the output is -j 1's.
 */
#define TO_A2A_SPOOL_IN_MEMORY (1024 * 1024)

struct a2a_spool {
	struct store out;
	int status; /* the failure of the spool's file, reported */
	struct converted here;
};

static void *spool_begin(const void *ctx)
{
	(void)ctx;
	struct a2a_spool *s = xcalloc(1, sizeof *s);
	store_init(&s->out, "to-a2a", TO_A2A_SPOOL_IN_MEMORY, &s->status);
	s->here.line = (struct strbuf)STRBUF_INIT;
	return s;
}

static int spool_take(const void *ctx, void *fold, struct reader *r,
                      const struct reader_item *item)
{
	struct a2a_spool *s = fold;
	int status;
	const struct converted *c = message_of(ctx, r, item, &s->here, &status);
	if (c)
		store_append(&s->out, c->line.buf, c->line.len);
	return status;
}

static void *spool_end(const void *ctx, void *fold)
{
	(void)ctx;
	struct a2a_spool *s = fold;
	strbuf_release(&s->here.line);
	return s;
}

static void spool_release(const void *ctx, void *fold)
{
	(void)ctx;
	struct a2a_spool *s = fold;
	store_release(&s->out);
	strbuf_release(&s->here.line);
	free(s);
}

/* store_emit()'s emit: a piece of the spool to standard output. */
static bool emit_output(void *ctx, const char *p, size_t n)
{
	(void)ctx;
	output_bytes(p, n);
	return !output_failed();
}

/* A chunk's messages to standard output; a failed output ends the read, as it does at -j 1. */
static int spool_merge(const void *ctx, void *fold)
{
	struct a2a_spool *s = fold;
	store_emit(&s->out, 0, s->out.size, emit_output, NULL);
	int status = s->status ? s->status : output_failed() ? EXIT_IOERR : 0;
	spool_release(ctx, s);
	return status;
}

static const struct adk_reads converted_keeps;

static const struct item_map converting_workers = {
    .fn = convert_on_worker,
    .release = converted_free,
    .keeps = &converted_keeps,
};

static int to_a2a_loop(const struct to_a2a *t, int argc, char *argv[])
{
	struct to_a2a_run run = {t, {STRBUF_INIT, NULL}};
	struct run_plan plan = {
	    .streams = true,
	    .item = to_a2a_item,
	    .ctx = &run,
	    .map = &converting_workers,
	    .map_ctx = (void *)t,
	};
	struct chunk_work chunks = {spool_begin, NULL, spool_end, spool_merge, spool_release, t,
	                            spool_take};
	/* Without a temporary file the chunks' spools could grow with -j: one reader, as -j 1. */
	if (store_file_possible())
		plan.chunks = &chunks;
	int status = run_read(&plan, &t->run, argc, argv);
	strbuf_release(&run.here.line);
	return status;
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
