/*
 * critic.c - adkev critic: a critic agent's verdict, normalised.
 *
 * The final output of the stream (or of --author NAME) is read as the
 * critic's JSON, inside a Markdown code fence or not, and printed as
 * {"score","feedback_text"[,"dimension_scores"][,"actionable_guidance"]}
 * (events.md section 3.6).  --min-score makes it a CI gate.  Diagnostics
 * point at the event that gave the final output and never quote it.
 */
#include "adk/answer.h"
#include "adk/critic.h"
#include "cmd/extract.h"

#include <stdlib.h>
#include <string.h>

/* A threshold that may be given. */
struct min_score {
	bool given;
	double value;
};

struct critic_config {
	struct run_options run;
	struct min_score min_score; /* --min-score X */
	bool strict;
};

struct critic_run {
	const struct critic_config *cfg;
	struct answer answer;
	const char *operand; /* with --per-file, the file read, for a message with no event */
	char *file;          /* where the event that gave the final output starts */
	unsigned long line, column;
	char *record; /* or, for a database row, its record's name (item.h) */
};

static void *critic_start(const void *config, const char *file)
{
	struct critic_run *run = xcalloc(1, sizeof *run);
	run->cfg = config;
	run->operand = file;
	answer_init(&run->answer, false);
	return run;
}

static void critic_add(void *state, const struct reader_item *item)
{
	struct critic_run *run = state;
	if (item->kind != VALUE_EVENT || !answer_add(&run->answer, item->value))
		return;
	const char *file = item->pos.file ? item->pos.file : STDIN_NAME;
	if (!run->file || strcmp(run->file, file) != 0) {
		free(run->file);
		run->file = xstrdup(file);
	}
	run->line = item->pos.line;
	run->column = item->pos.column;
	free(run->record);
	run->record = item->pos.record ? xstrdup(item->pos.record) : NULL;
}

static void critic_warn(const struct critic_run *run, const char *what)
{
	if (run->file && run->record)
		warnx_msg("critic: %s: %s: %s", run->file, run->record, what);
	else if (run->file)
		warnx_msg("critic: %s:%lu:%lu: %s", run->file, run->line, run->column, what);
	else if (run->operand)
		warnx_msg("critic: %s: %s", run->operand, what);
	else
		warnx_msg("critic: %s", what);
}

static json_t *critic_finish(void *state, int *status)
{
	struct critic_run *run = state;
	const struct critic_config *cfg = run->cfg;
	struct critic_verdict v;
	size_t len;
	const char *text = answer_text(&run->answer, &len);
	if (len == 0) {
		critic_warn(run, "no final output");
		*status = EXIT_DATAERR;
		return NULL;
	}
	if (!critic_parse(text, len, &v)) {
		critic_warn(run, v.reason);
		*status = EXIT_DATAERR;
		return NULL;
	}
	if (v.score < 0.0 || v.score > 1.0) {
		if (cfg->strict) {
			critic_warn(run, "\"score\" is outside [0, 1]");
			json_decref(v.json);
			*status = EXIT_DATAERR;
			return NULL;
		}
		critic_warn(run, "warning: \"score\" is outside [0, 1]");
	}
	if (cfg->min_score.given && v.score < cfg->min_score.value)
		*status = EXIT_FALSE;
	return v.json;
}

static void critic_release(void *state)
{
	struct critic_run *run = state;
	answer_release(&run->answer);
	free(run->file);
	free(run->record);
	free(run);
}

static const struct result_extractor critic_extractor = {
    .reads = &adk_reads_final,
    .name = "critic",
    .start = critic_start,
    .add = critic_add,
    .finish = critic_finish,
    .release = critic_release,
};

static const char *take_min_score(void *at, const char *arg)
{
	struct min_score *min = at;
	min->given = true;
	if (!parse_double(arg, &min->value))
		return "invalid value for --min-score: a finite number is needed";
	return NULL;
}

static const struct option_row critic_options[] = {
    OPTION_CALL_ROW(0, "min-score", "X", take_min_score, struct critic_config, min_score,
                    "exit 1 when the score is below X"),
    OPTION_TRUE_ROW(0, "strict", struct critic_config, strict,
                    "a score outside [0, 1] is an error, not a warning"),
    OPTION_INCLUDE_ROW(run_option_table, RUN_ALL, struct critic_config, run),
    OPTION_END_ROW,
};

static int run_critic(int argc, char *argv[])
{
	struct critic_config cfg = {.strict = false};
	int status = command_parse(&command_critic, argc, argv, &cfg);
	if (status >= 0)
		return status;
	return extract_results(&critic_extractor, &cfg, &cfg.run, argc - optind, argv + optind);
}

const struct command command_critic = {
    .name = "critic",
    .summary = "Read a critic agent's JSON verdict; a CI gate with --min-score.",
    .options = critic_options,
    .operands = "[FILE ...]",
    .run = run_critic,
};
