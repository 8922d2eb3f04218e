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

struct final_config {
	struct run_options run;
	bool concat;
	const char *separator; /* --separator, or NULL */
};

static void *final_start(const void *config, const char *file)
{
	const struct final_config *cfg = config;
	(void)file;
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
	size_t len;
	answer_text(state, &len);
	return len > 0;
}

/* The answer as a piece's fold, for a run in chunks (answer.h). */
static json_t *final_fold(void *state)
{
	return answer_fold(state);
}

static bool final_absorb(void *state, const json_t *fold)
{
	return answer_absorb(state, fold);
}

/* --concat and --separator change what a fold holds. */
static json_t *final_fold_options(const void *config)
{
	const struct final_config *cfg = config;
	return json_pack("{s:b,s:s}", "concat", cfg->concat, "separator",
	                 cfg->separator ? cfg->separator : "");
}

static const struct fold_hooks final_partial = {
    .fold = final_fold,
    .absorb = final_absorb,
    .options = final_fold_options,
};

/* The last answer, which a backward read may find from the end of a file. */
static const struct result_extractor final_extractor = {
    .reads = &adk_reads_final,
    .name = "final",
    .start = final_start,
    .add = final_add,
    .finish = final_finish,
    .release = final_release,
    .settled = final_settled,
    .partial = &final_partial,
};

static void *final_begin(const void *config, struct json_writer *out)
{
	struct answer *a = final_start(config, NULL);
	answer_stream(a, out);
	return a;
}

/* The streamed answer's end; answer_stream() gave the answer its writer. */
static bool final_end(void *state, struct json_writer *out, int *status)
{
	(void)out;
	(void)status;
	return answer_stream_end(state);
}

/* --concat needs every event, in order; one answer is written as it is found. */
static const struct streaming_extractor final_concat_extractor = {
    .reads = &adk_reads_final,
    .name = "final",
    .begin = final_begin,
    .add = final_add,
    .end = final_end,
    .release = final_release,
    .absorb = final_absorb,
    .whole = &final_extractor, /* every event counts: the run reads forward */
};

static const struct option_row final_options[] = {
    OPTION_TRUE_ROW(0, "concat", struct final_config, concat,
                    "every text part of every final response, joined"),
    OPTION_STRING_ROW(0, "separator", "STR", struct final_config, separator,
                      "with --concat: put STR between parts"),
    OPTION_TRUE_ROW(0, "full-scan", struct final_config, run.full_scan,
                    "read every event, never from the end of a file"),
    OPTION_INCLUDE_ROW(run_option_table, RUN_ALL, struct final_config, run),
    OPTION_END_ROW,
};

static int run_final(int argc, char *argv[])
{
	struct final_config cfg = {.concat = false};
	int status = command_parse(&command_final, argc, argv, &cfg);
	if (status >= 0)
		return status;
	if (cfg.separator && !cfg.concat)
		return command_usage_error(&command_final,
		                           "--separator applies only with --concat");
	argc -= optind;
	argv += optind;
	/* Every part of every answer counts, so no read from the end can stand in. */
	if (cfg.concat) {
		cfg.run.full_scan = true;
		return extract_stream(&final_concat_extractor, &cfg, &cfg.run, argc, argv);
	}
	return extract_results(&final_extractor, &cfg, &cfg.run, argc, argv);
}

const struct command command_final = {
    .name = "final",
    .summary = "Print the agent's final response text.",
    .options = final_options,
    .operands = "[FILE ...]",
    .run = run_final,
};
