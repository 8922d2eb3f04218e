/*
 * final.c - adkev final: the run's answer.
 *
 * The last non-thought text part of the last final-response event that has
 * one, or with --concat every such part of every final-response event,
 * joined with nothing between them (events.md section 3.1) or with what
 * --separator gives.
 *
 * Only the last answer counts, so on regular JSONL and SSE files the
 * events are read from the end and the read stops at the answer
 * (extract.c, backward.c); --full-scan reads every event forward instead.
 * --concat reads every event forward and writes each text part as it is
 * found, so memory stays constant however long the answer; with
 * --per-invocation each answer is kept until the end.
 */
#include "adk/answer.h"
#include "cmd/extract.h"

#include <stdlib.h>

enum { OPT_CONCAT = OPT_COMMAND, OPT_SEPARATOR, OPT_FULL_SCAN };

struct final_config {
	bool concat;
	bool full_scan;
	const char *separator; /* --separator, or NULL */
};

static void *final_start(const void *config)
{
	const struct final_config *cfg = config;
	struct answer *a = xmalloc(sizeof *a);
	answer_init(a, cfg->concat);
	if (cfg->separator)
		a->separator = cfg->separator;
	return a;
}

static void final_add(void *state, const struct reader_item *item)
{
	if (item->kind == VALUE_EVENT)
		answer_add(state, item->value);
}

static json_t *final_finish(void *state, int *status)
{
	(void)status;
	return answer_json(state);
}

static void final_release(void *state)
{
	answer_release(state);
	free(state);
}

/* Found: earlier events cannot change the last answer (final events without text keep it). */
static bool final_settled(const void *state)
{
	const struct answer *a = state;
	return a->text.len > 0;
}

static const struct extractor final_extractor = {
    .reads = &adk_reads_final,
    .name = "final",
    .start = final_start,
    .add = final_add,
    .finish = final_finish,
    .release = final_release,
    .settled = final_settled,
};

static void final_begin(void *state, struct json_writer *out)
{
	answer_stream(state, out);
}

/* The streamed answer's end; answer_stream() gave the answer its writer. */
static bool final_end(void *state, struct json_writer *out, int *status)
{
	(void)out;
	(void)status;
	return answer_stream_end(state);
}

/* --concat needs every event, in order; one answer is written as it is found. */
static const struct extractor final_concat_extractor = {
    .reads = &adk_reads_final,
    .name = "final",
    .start = final_start,
    .add = final_add,
    .finish = final_finish,
    .release = final_release,
    .write = final_end,
    .begin = final_begin,
};

static bool final_option(void *config, int c, const char *arg)
{
	struct final_config *cfg = config;
	if (c == OPT_CONCAT)
		cfg->concat = true;
	else if (c == OPT_SEPARATOR)
		cfg->separator = arg;
	else if (c == OPT_FULL_SCAN)
		cfg->full_scan = true;
	else
		return false;
	return true;
}

static const struct option_row final_options[] = {
    OPTION_FLAG_ROW(OPT_CONCAT, "concat", "every text part of every final response, joined"),
    OPTION_VALUE_ROW(OPT_SEPARATOR, "separator", "STR", "with --concat: put STR between parts"),
    OPTION_FLAG_ROW(OPT_FULL_SCAN, "full-scan", "read every event, never from the end of a file"),
    OPTION_INCLUDE_ROW(extract_option_table, EXTRACT_ALL),
    OPTION_END_ROW,
};

static int run_final(int argc, char *argv[])
{
	struct extract_options o = {0};
	struct final_config cfg = {false, false, NULL};
	int status = extract_parse_options(&command_final, argc, argv, &o, final_option, &cfg);
	if (status >= 0)
		return status;
	if (cfg.separator && !cfg.concat) {
		warnx_msg("final: --separator applies only with --concat");
		return command_usage(&command_final);
	}
	o.full_scan = cfg.full_scan;
	return extract_run(cfg.concat ? &final_concat_extractor : &final_extractor, &cfg, &o,
	                   argc - optind, argv + optind);
}

const struct command command_final = {
    .name = "final",
    .summary = "Print the agent's final response text.",
    .options = final_options,
    .operands = "[FILE ...]",
    .run = run_final,
};
