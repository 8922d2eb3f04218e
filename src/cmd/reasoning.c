/*
 * reasoning.c - adkev reasoning: the thoughts behind the answer.
 *
 * Every thought text part of every final-response event, joined with
 * newlines; JSON null when there is none (events.md section 3.2).  With
 * --all, every event's thoughts, a blank line between two events'.
 *
 * Every event counts, so the whole stream is read forward.
 *
 * A session ADK Python's runner rewound (adk/rewind.h) holds thoughts a
 * later rewind undid, which ADK's history leaves out.  So the thoughts are
 * kept per span until the input ends, as final keeps its answers, and only
 * the spans the rewind walk keeps count, from files and pipes alike.  With
 * -f, a live run, each thought is written as it is read, for the reader
 * that waits for it, so a thought written before its rewind arrived stays
 * (adkev-reasoning(1)).
 */
#include "adk/answer.h"
#include "adk/rewind.h"
#include "cmd/extract.h"

#include <stdlib.h>
#include <string.h>

struct reasoning_config {
	struct run_options run;
	bool all; /* --all: the thoughts of every event */
};

/* What both extractors read of an event: the thoughts, and the invocation and rewind. */
static const struct adk_reads reasoning_reads = {
    .event = ADK_READS_FINAL_EVENT | ADK_MEMBER(ADK_INVOCATION_ID),
    .content = ADK_READS_FINAL_CONTENT,
    .actions = ADK_READS_FINAL_ACTIONS | ADK_MEMBER(ADK_REWIND_BEFORE_INVOCATION_ID),
    .part = ADK_READS_FINAL_PART,
    .tool_levels = ADK_READS_FINAL_TOOL_LEVELS,
};

/* The streamed thoughts: written as they are read, rewound or not. */
static void *reasoning_begin(const void *config, struct json_writer *out)
{
	const struct reasoning_config *cfg = config;
	struct reasoning *r = xmalloc(sizeof *r);
	reasoning_init(r, cfg->all);
	reasoning_stream(r, out);
	return r;
}

static void reasoning_add_item(void *state, const struct reader_item *item)
{
	if (item->kind == VALUE_EVENT)
		reasoning_add(state, item->value);
}

static void reasoning_free(void *state)
{
	reasoning_release(state);
	free(state);
}

static bool reasoning_absorb_state(void *state, const json_t *fold)
{
	return reasoning_absorb(state, fold);
}

/*
 * The thoughts built whole: each span's own (a struct reasoning as its
 * data) until the end, when the rewind walk says which count; before
 * holds what was absorbed of pieces before them (--merge).
 */
struct reasoning_run {
	bool all;
	struct reasoning before;
	struct rewind_spans spans;
};

static void *reasoning_start(const void *config, const char *file)
{
	const struct reasoning_config *cfg = config;
	(void)file;
	struct reasoning_run *r = xcalloc(1, sizeof *r);
	r->all = cfg->all;
	reasoning_init(&r->before, cfg->all);
	rewind_spans_init(&r->spans);
	return r;
}

static void span_reasoning_free(void *data)
{
	reasoning_release(data);
	free(data);
}

static void reasoning_run_add(void *state, const struct reader_item *item)
{
	struct reasoning_run *r = state;
	if (item->kind != VALUE_EVENT)
		return;
	bool fresh;
	size_t at = rewind_spans_add(&r->spans, item->value, &fresh);
	struct rewind_span *span = &r->spans.list[at];
	if (fresh) {
		span->data = xmalloc(sizeof(struct reasoning));
		reasoning_init(span->data, r->all);
	}
	reasoning_add(span->data, item->value);
}

/*
 * The thoughts of the spans the rewind walk keeps join those absorbed
 * before them, and the spans go: a rewind in what comes next (a later
 * piece) cannot reach back into them (adkev-reasoning(1)).
 */
static void reasoning_settle(struct reasoning_run *r)
{
	rewind_spans_walk(&r->spans);
	for (size_t i = 0; i < r->spans.count; i++) {
		const struct rewind_span *span = &r->spans.list[i];
		if (!span->live || !span->data)
			continue;
		json_t *fold = reasoning_fold(span->data);
		reasoning_absorb(&r->before, fold);
		json_decref(fold);
	}
	rewind_spans_release(&r->spans, span_reasoning_free);
	rewind_spans_init(&r->spans);
}

static json_t *reasoning_finish(void *state, int *status)
{
	struct reasoning_run *r = state;
	(void)status;
	reasoning_settle(r);
	return reasoning_json(&r->before);
}

static void reasoning_run_free(void *state)
{
	struct reasoning_run *r = state;
	reasoning_release(&r->before);
	rewind_spans_release(&r->spans, span_reasoning_free);
	free(r);
}

/* The thoughts as a piece's fold, for a run in chunks (answer.h). */
static json_t *reasoning_fold_state(void *state)
{
	struct reasoning_run *r = state;
	reasoning_settle(r);
	return reasoning_fold(&r->before);
}

static bool reasoning_absorb_run(void *state, const json_t *fold)
{
	struct reasoning_run *r = state;
	reasoning_settle(r);
	return reasoning_absorb(&r->before, fold);
}

/* A chunk's spans follow the run's, so a rewind in it may undo the run's thoughts. */
static void reasoning_join(void *state, void *chunk)
{
	struct reasoning_run *r = state, *c = chunk;
	json_t *fold = reasoning_fold(&c->before);
	reasoning_absorb(&r->before, fold);
	json_decref(fold);
	rewind_spans_append(&r->spans, &c->spans);
}

/* Only --all changes which thoughts a piece holds. */
static json_t *reasoning_fold_options(const void *config)
{
	const struct reasoning_config *cfg = config;
	return cfg->all ? json_pack("{s:b}", "all", true) : json_object();
}

static const struct fold_hooks reasoning_partial = {
    .fold = reasoning_fold_state,
    .absorb = reasoning_absorb_run,
    .options = reasoning_fold_options,
};

static const struct result_extractor reasoning_whole = {
    .reads = &reasoning_reads,
    .name = "reasoning",
    .start = reasoning_start,
    .add = reasoning_run_add,
    .finish = reasoning_finish,
    .release = reasoning_run_free,
    .partial = &reasoning_partial,
    .join = reasoning_join,
};

/* The streamed thoughts' end; reasoning_stream() gave them their writer. */
static bool reasoning_end(void *state, struct json_writer *out, int *status)
{
	(void)status;
	(void)out;
	return reasoning_stream_end(state);
}

static const struct streaming_extractor reasoning_extractor = {
    .reads = &reasoning_reads,
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
	argc -= optind, argv += optind;
	/* -f is a live run, whose reader waits for each thought as it comes. */
	if (!cfg.run.follow)
		return extract_results(&reasoning_whole, &cfg, &cfg.run, argc, argv);
	return extract_stream(&reasoning_extractor, &cfg, &cfg.run, argc, argv);
}

const struct command command_reasoning = {
    .name = "reasoning",
    .summary = "Print the thought text of the final responses.",
    .options = reasoning_options,
    .operands = "[FILE ...]",
    .run = run_reasoning,
};
