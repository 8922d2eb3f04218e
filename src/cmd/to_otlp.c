/*
 * to_otlp.c - adkev to-otlp: a recorded run as OpenTelemetry traces.
 *
 * Each invocation becomes one OTLP/JSON TracesData line (adk/otlp.h),
 * written when the stream moves on to the next invocation, so a long
 * stream is written as it is read, one invocation in memory at a time.
 * Content (tool arguments and results, messages) is left out unless
 * --content, and then redacted and cut as trajectory does it, with the
 * same options.
 */
#include "adk/otlp.h"
#include "adk/trajectory.h"
#include "cmd/run.h"
#include "cmd/trajectory.h"

struct to_otlp {
	struct otlp_config otlp;
	struct trajectory_config values; /* redaction and truncation, as trajectory's */
	struct run_options run;
};

/* What to_otlp_loop() hands run_read(): the converter, and the line it is writing. */
struct to_otlp_run {
	struct otlp *otlp;
	struct strbuf line;
};

/* Writes the traces otlp has finished, each line whole. */
static void write_lines(struct to_otlp_run *run)
{
	if (run->line.len)
		output_bytes(run->line.buf, run->line.len);
	strbuf_reset(&run->line);
}

static int to_otlp_item(void *ctx, struct reader *r, const struct reader_item *item)
{
	struct to_otlp_run *run = ctx;
	(void)r;
	otlp_add(run->otlp, item, &run->line);
	write_lines(run);
	return 0;
}

/* The invocation in progress at the end, bad input's too: its spans are whole. */
static int to_otlp_done(void *ctx, struct reader *r)
{
	struct to_otlp_run *run = ctx;
	(void)r;
	otlp_finish(run->otlp, &run->line);
	write_lines(run);
	return 0;
}

static int to_otlp_loop(struct to_otlp *t, int argc, char *argv[])
{
	struct redactor redactor;
	redactor_init(&redactor, t->values.redact_exact, t->values.redact_words,
	              t->values.nredact_words);
	t->otlp.redactor = t->values.redact ? &redactor : NULL;
	t->otlp.max_string = t->values.max_string;
	t->otlp.flags = output_flags(t->run.style);
	struct to_otlp_run run = {otlp_new(&t->otlp), STRBUF_INIT};
	struct run_plan plan = {
	    .streams = true,
	    .item = to_otlp_item,
	    .done = to_otlp_done,
	    .ctx = &run,
	};
	int status = run_read(&plan, &t->run, argc, argv);
	otlp_free(run.otlp);
	strbuf_release(&run.line);
	redactor_release(&redactor);
	return status;
}

#define TO_OTLP_STRING(long_, arg_, field_, help_)                                                 \
	OPTION_STRING_ROW(0, long_, arg_, struct to_otlp, otlp.field_, help_)

static const struct option_row to_otlp_options[] = {
    OPTION_TRUE_ROW(0, "content", struct to_otlp, otlp.content,
                    "add tool arguments and results, input and output messages"),
    OPTION_INCLUDE_ROW(trajectory_option_table, TRAJECTORY_VALUES, struct to_otlp, values),
    TO_OTLP_STRING("service-name", "NAME", service, "the resource's service.name (adk)"),
    TO_OTLP_STRING("conversation-id", "ID", conversation,
                   "gen_ai.conversation.id of every span (default: the session's id)"),
    TO_OTLP_STRING("provider", "NAME", provider,
                   "gen_ai.provider.name (default: from the model's name, else gcp.gen_ai)"),
    TO_OTLP_STRING("model", "NAME", model,
                   "gen_ai.request.model, and the model's name where events give none"),
    OPTION_INCLUDE_ROW(run_option_table, RUN_PRETTY | RUN_COMPACT | RUN_FILTERS | RUN_INPUT | RUN_FOLLOW |
                           RUN_SESSIONS,
                       struct to_otlp, run),
    OPTION_END_ROW,
};

static int run_to_otlp(int argc, char *argv[])
{
	struct to_otlp t = {.run.streams = true};
	trajectory_config_init(&t.values);
	int status = command_parse(&command_to_otlp, argc, argv, &t);
	if (status < 0)
		status = to_otlp_loop(&t, argc - optind, argv + optind);
	trajectory_config_release(&t.values);
	return status;
}

const struct command command_to_otlp = {
    .name = "to-otlp",
    .summary = "Write OpenTelemetry traces (OTLP/JSON), a line per invocation.",
    .options = to_otlp_options,
    .operands = "[FILE ...]",
    .run = run_to_otlp,
};
