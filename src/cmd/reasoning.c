/*
 * reasoning.c - adkev reasoning: the thoughts behind the answer.
 *
 * Every thought text part of every final-response event, joined with
 * newlines; JSON null when there is none (events.md section 3.2).  With
 * --all, every event's thoughts, a blank line between two events'.
 *
 * Every event counts, so the whole stream is read forward; with one result
 * wanted each thought is written as it is found, so memory stays constant
 * however long the thoughts; with --per-invocation they are kept until the
 * end.
 */
#include "adk/answer.h"
#include "cmd/extract.h"

#include <stdlib.h>

struct reasoning_config {
	struct run_options run;
	bool all; /* --all: the thoughts of every event */
};

static void *reasoning_start(const void *config, const char *file)
{
	const struct reasoning_config *cfg = config;
	(void)file;
	struct reasoning *r = xmalloc(sizeof *r);
	reasoning_init(r, cfg->all);
	return r;
}

static void reasoning_add_item(void *state, const struct reader_item *item)
{
	if (item->kind == VALUE_EVENT)
		reasoning_add(state, item->value);
}

static json_t *reasoning_finish(void *state, int *status)
{
	(void)status;
	return reasoning_json(state);
}

static void reasoning_free(void *state)
{
	reasoning_release(state);
	free(state);
}

/* The thoughts as a piece's fold, for a run in chunks (answer.h). */
static json_t *reasoning_fold_state(void *state)
{
	return reasoning_fold(state);
}

static bool reasoning_absorb_state(void *state, const json_t *fold)
{
	return reasoning_absorb(state, fold);
}

/* Only --all changes which thoughts a piece holds. */
static json_t *reasoning_fold_options(const void *config)
{
	const struct reasoning_config *cfg = config;
	return cfg->all ? json_pack("{s:b}", "all", true) : json_object();
}

static const struct fold_hooks reasoning_partial = {
    .fold = reasoning_fold_state,
    .absorb = reasoning_absorb_state,
    .options = reasoning_fold_options,
};

static const struct result_extractor reasoning_whole = {
    .reads = &adk_reads_final,
    .name = "reasoning",
    .start = reasoning_start,
    .add = reasoning_add_item,
    .finish = reasoning_finish,
    .release = reasoning_free,
    .partial = &reasoning_partial,
};

static void *reasoning_begin(const void *config, struct json_writer *out)
{
	struct reasoning *r = reasoning_start(config, NULL);
	reasoning_stream(r, out);
	return r;
}

/* The streamed thoughts' end; reasoning_stream() gave them their writer. */
static bool reasoning_end(void *state, struct json_writer *out, int *status)
{
	(void)status;
	(void)out;
	return reasoning_stream_end(state);
}

static const struct streaming_extractor reasoning_extractor = {
    .reads = &adk_reads_final,
    .name = "reasoning",
    .begin = reasoning_begin,
    .add = reasoning_add_item,
    .end = reasoning_end,
    .release = reasoning_free,
    .absorb = reasoning_absorb_state,
    .whole = &reasoning_whole,
};

static const struct option_row reasoning_options[] = {
    OPTION_TRUE_ROW('a', "all", struct reasoning_config, all,
                    "the thoughts of every event, not only the final responses'"),
    OPTION_INCLUDE_ROW(run_option_table, RUN_ALL, struct reasoning_config, run),
    OPTION_END_ROW,
};

static int run_reasoning(int argc, char *argv[])
{
	struct reasoning_config cfg = {.all = false};
	int status = command_parse(&command_reasoning, argc, argv, &cfg);
	if (status >= 0)
		return status;
	return extract_stream(&reasoning_extractor, &cfg, &cfg.run, argc - optind, argv + optind);
}

const struct command command_reasoning = {
    .name = "reasoning",
    .summary = "Print the thought text of the final responses.",
    .options = reasoning_options,
    .operands = "[FILE ...]",
    .run = run_reasoning,
};
