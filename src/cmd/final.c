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
 *
 * A session ADK Python's runner rewound (adk/rewind.h) has answers a later
 * rewind undid: the answer is the last one of the spans the rewind walk
 * keeps, so each span's last answer is kept until the end, and a read
 * from the end that meets a rewind before the answer reads on to the
 * start.
 */
#include "adk/answer.h"
#include "adk/ending.h"
#include "adk/event.h"
#include "adk/rewind.h"
#include "cmd/extract.h"

#include <stdlib.h>

struct final_config {
	struct run_options run;
	bool concat;
	const char *separator; /* --separator, or NULL */
};

/*
 * One result: the answer, and how its events end, which the warning says.
 * Without --concat the answer is each span's own (a struct answer as the
 * span's data) until the end, when the rewind walk says which spans count;
 * answer holds what was absorbed of pieces before them (--merge).
 */
struct final_run {
	const struct final_config *cfg;
	struct answer answer;
	struct ending ending;
	struct rewind_spans spans;
	bool backward; /* the events come from the last one backwards */
};

/*
 * What final reads of an event: the answer's members, and the error an
 * event carries and its invocation, which the warning names.
 */
static const struct adk_reads final_reads = {
    .event = ADK_READS_FINAL_EVENT | ADK_MEMBER(ADK_ERROR_CODE) | ADK_MEMBER(ADK_ERROR_MESSAGE) |
             ADK_MEMBER(ADK_INVOCATION_ID),
    .content = ADK_READS_FINAL_CONTENT,
    .actions = ADK_READS_FINAL_ACTIONS | ADK_MEMBER(ADK_REWIND_BEFORE_INVOCATION_ID),
    .part = ADK_READS_FINAL_PART,
};

static void *final_start(const void *config, const char *file)
{
	const struct final_config *cfg = config;
	(void)file;
	struct final_run *f = xcalloc(1, sizeof *f);
	f->cfg = cfg;
	answer_init(&f->answer, cfg->concat);
	if (cfg->separator)
		f->answer.separator = cfg->separator;
	ending_init(&f->ending);
	rewind_spans_init(&f->spans);
	return f;
}

static void span_answer_free(void *data)
{
	answer_release(data);
	free(data);
}

/*
 * Without --concat: the event's span keeps its last answer; read
 * backwards, the first one found is that.
 */
static void span_add(struct final_run *f, const json_t *event)
{
	bool fresh;
	size_t at = rewind_spans_add(&f->spans, event, &fresh);
	struct rewind_span *span = &f->spans.list[at];
	if (fresh) {
		span->data = xmalloc(sizeof(struct answer));
		answer_init(span->data, false);
	}
	size_t len = 0;
	if (f->backward)
		answer_text(span->data, &len);
	if (len == 0)
		answer_add(span->data, event);
}

static void final_add(void *state, const struct reader_item *item)
{
	struct final_run *f = state;
	ending_take(&f->ending, item);
	if (item->kind != VALUE_EVENT)
		return;
	if (f->cfg->concat)
		answer_add(&f->answer, item->value);
	else
		span_add(f, item->value);
}

/*
 * Without --concat: the last answer of the spans the rewind walk keeps,
 * else the answer absorbed before them; borrowed.
 */
static const struct answer *final_answer(struct final_run *f)
{
	if (f->backward) {
		rewind_spans_reverse(&f->spans);
		f->backward = false;
	}
	rewind_spans_walk(&f->spans);
	for (size_t i = f->spans.count; i > 0; i--) {
		const struct rewind_span *span = &f->spans.list[i - 1];
		size_t len = 0;
		if (span->live && span->data)
			answer_text(span->data, &len);
		if (len > 0)
			return span->data;
	}
	return &f->answer;
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
	return answer_json(f->cfg->concat ? &f->answer : final_answer(f));
}

static void final_release(void *state)
{
	struct final_run *f = state;
	answer_release(&f->answer);
	ending_release(&f->ending);
	rewind_spans_release(&f->spans, span_answer_free);
	free(f);
}

/* Read from the end of a file: the first item fed is the last one, which the ending is. */
static void final_backward(void *state)
{
	struct final_run *f = state;
	f->ending.backward = true;
	f->backward = true;
}

/*
 * Found with no rewind after it: earlier events cannot change the last
 * answer (final events without text keep it).  A rewind may undo what
 * follows it, up to an invocation only the start of the file may show.
 */
static bool final_settled(const void *state)
{
	const struct final_run *f = state;
	if (f->spans.rewinds > 0)
		return false;
	for (size_t i = 0; i < f->spans.count; i++) {
		size_t len = 0;
		if (f->spans.list[i].data)
			answer_text(f->spans.list[i].data, &len);
		if (len > 0)
			return true;
	}
	return false;
}

/*
 * Without --concat: the answer the spans give becomes the answer before
 * what comes next, for a fold or an absorbed piece; a rewind in a later
 * piece cannot reach back into it (adkev-final(1)).
 */
static void final_settle_spans(struct final_run *f)
{
	if (f->cfg->concat || f->spans.count == 0)
		return;
	const struct answer *a = final_answer(f);
	size_t len;
	const char *text = answer_text(a, &len);
	if (a != &f->answer && len > 0)
		answer_take_text(&f->answer, text, len);
	rewind_spans_release(&f->spans, span_answer_free);
}

/* The answer as a piece's fold, for a run in chunks (answer.h), with its "ending". */
static json_t *final_fold(void *state)
{
	struct final_run *f = state;
	final_settle_spans(f);
	json_t *fold = answer_fold(&f->answer);
	json_object_set_new(fold, "ending", ending_fold(&f->ending));
	return fold;
}

/* A fold without "ending" (an older adkev's piece) says nothing of how its events end. */
static bool final_absorb(void *state, const json_t *fold)
{
	struct final_run *f = state;
	final_settle_spans(f);
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

/* A chunk's spans follow the run's, so a rewind in it may undo the run's answers. */
static void final_join(void *state, void *chunk)
{
	struct final_run *f = state, *c = chunk;
	json_t *ending = ending_fold(&c->ending);
	ending_absorb(&f->ending, ending);
	json_decref(ending);
	if (f->cfg->concat) {
		json_t *fold = answer_fold(&c->answer);
		answer_absorb(&f->answer, fold);
		json_decref(fold);
	}
	rewind_spans_append(&f->spans, &c->spans);
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
    .join = final_join,
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
