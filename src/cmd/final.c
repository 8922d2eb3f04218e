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
#include "adk/ending.h"
#include "adk/event.h"
#include "cmd/extract.h"

#include <stdlib.h>

struct final_config {
	struct run_options run;
	bool concat;
	const char *separator; /* --separator, or NULL */
};

/* One result: the answer, and how its events end, which the warning says. */
struct final_run {
	struct answer answer;
	struct ending ending;
};

/*
 * What final reads of an event: the answer's members, and the error an
 * event carries and its invocation, which the warning names.
 */
static const struct adk_reads final_reads = {
    .event = ADK_READS_FINAL_EVENT | ADK_MEMBER(ADK_ERROR_CODE) | ADK_MEMBER(ADK_ERROR_MESSAGE) |
             ADK_MEMBER(ADK_INVOCATION_ID),
    .content = ADK_READS_FINAL_CONTENT,
    .actions = ADK_READS_FINAL_ACTIONS,
    .part = ADK_READS_FINAL_PART,
};

static void *final_start(const void *config, const char *file)
{
	const struct final_config *cfg = config;
	(void)file;
	struct final_run *f = xmalloc(sizeof *f);
	answer_init(&f->answer, cfg->concat);
	if (cfg->separator)
		f->answer.separator = cfg->separator;
	ending_init(&f->ending);
	return f;
}

static void final_add(void *state, const struct reader_item *item)
{
	struct final_run *f = state;
	ending_take(&f->ending, item);
	if (item->kind == VALUE_EVENT)
		answer_add(&f->answer, item->value);
}

/*
 * A run that ended in an error, or was cut off, is said once per result;
 * the answer stands and the exit status is the answer's (adkev-final(1)).
 */
static void final_warn(const struct final_run *f)
{
	const char *warning = ending_warning(&f->ending);
	if (warning)
		warnx_msg("final: %s", warning);
}

static json_t *final_finish(void *state, int *status)
{
	struct final_run *f = state;
	(void)status;
	final_warn(f);
	return answer_json(&f->answer);
}

static void final_release(void *state)
{
	struct final_run *f = state;
	answer_release(&f->answer);
	ending_release(&f->ending);
	free(f);
}

/* Read from the end of a file: the first item fed is the last one, which the ending is. */
static void final_backward(void *state)
{
	struct final_run *f = state;
	f->ending.backward = true;
}

/* Found: earlier events cannot change the last answer (final events without text keep it). */
static bool final_settled(const void *state)
{
	const struct final_run *f = state;
	size_t len;
	answer_text(&f->answer, &len);
	return len > 0;
}

/* The answer as a piece's fold, for a run in chunks (answer.h), with its "ending". */
static json_t *final_fold(void *state)
{
	struct final_run *f = state;
	json_t *fold = answer_fold(&f->answer);
	json_object_set_new(fold, "ending", ending_fold(&f->ending));
	return fold;
}

/* A fold without "ending" (an older adkev's piece) says nothing of how its events end. */
static bool final_absorb(void *state, const json_t *fold)
{
	struct final_run *f = state;
	json_t *answer = json_is_object(fold) ? json_copy((json_t *)fold) : NULL;
	if (!answer)
		return false;
	json_t *ending = json_incref(json_object_get(answer, "ending"));
	json_object_del(answer, "ending");
	bool ok =
	    answer_absorb(&f->answer, answer) && (!ending || ending_absorb(&f->ending, ending));
	json_decref(ending);
	json_decref(answer);
	return ok;
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
    .reads = &final_reads,
    .name = "final",
    .start = final_start,
    .add = final_add,
    .finish = final_finish,
    .release = final_release,
    .settled = final_settled,
    .backward = final_backward,
    .partial = &final_partial,
};

static void *final_begin(const void *config, struct json_writer *out)
{
	struct final_run *f = final_start(config, NULL);
	answer_stream(&f->answer, out);
	return f;
}

/* The streamed answer's end; answer_stream() gave the answer its writer. */
static bool final_end(void *state, struct json_writer *out, int *status)
{
	struct final_run *f = state;
	(void)out;
	(void)status;
	bool empty = answer_stream_end(&f->answer);
	final_warn(f);
	return empty;
}

/* --concat needs every event, in order; one answer is written as it is found. */
static const struct streaming_extractor final_concat_extractor = {
    .reads = &final_reads,
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
