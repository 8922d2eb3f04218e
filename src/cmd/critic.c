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

enum { OPT_MIN_SCORE = OPT_COMMAND, OPT_STRICT };

struct critic_config {
	bool has_min_score;
	double min_score;
	bool strict;
	bool bad_min_score;
};

struct critic_run {
	const struct critic_config *cfg;
	struct answer answer;
	char *file; /* where the event that gave the final output starts */
	unsigned long line, column;
};

static void *critic_start(const void *config)
{
	struct critic_run *run = xcalloc(1, sizeof *run);
	run->cfg = config;
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
}

static void critic_warn(const struct critic_run *run, const char *what)
{
	if (run->file)
		warnx_msg("critic: %s:%lu:%lu: %s", run->file, run->line, run->column, what);
	else
		warnx_msg("critic: %s", what);
}

static json_t *critic_finish(void *state, int *status)
{
	struct critic_run *run = state;
	const struct critic_config *cfg = run->cfg;
	struct critic_verdict v;
	if (run->answer.text.len == 0) {
		critic_warn(run, "no final output");
		*status = EXIT_DATAERR;
		return NULL;
	}
	if (!critic_parse(run->answer.text.buf, run->answer.text.len, &v)) {
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
	if (cfg->has_min_score && v.score < cfg->min_score)
		*status = EXIT_FALSE;
	return v.json;
}

static void critic_release(void *state)
{
	struct critic_run *run = state;
	answer_release(&run->answer);
	free(run->file);
	free(run);
}

static const struct extractor critic_extractor = {
    .reads = &adk_reads_final,
    .name = "critic",
    .start = critic_start,
    .add = critic_add,
    .finish = critic_finish,
    .release = critic_release,
};

static bool critic_option(void *config, int c, const char *arg)
{
	struct critic_config *cfg = config;
	switch (c) {
	case OPT_MIN_SCORE:
		cfg->has_min_score = true;
		if (!parse_double(arg, &cfg->min_score))
			cfg->bad_min_score = true;
		return true;
	case OPT_STRICT:
		cfg->strict = true;
		return true;
	default:
		return false;
	}
}

static const struct option_row critic_options[] = {
    OPTION_VALUE_ROW(OPT_MIN_SCORE, "min-score", "X", "exit 1 when the score is below X"),
    OPTION_FLAG_ROW(OPT_STRICT, "strict", "a score outside [0, 1] is an error, not a warning"),
    OPTION_INCLUDE_ROW(extract_option_table, EXTRACT_ALL),
    OPTION_END_ROW,
};

static int run_critic(int argc, char *argv[])
{
	struct extract_options o = {0};
	struct critic_config cfg = {0};
	int status = extract_parse_options(&command_critic, argc, argv, &o, critic_option, &cfg);
	if (status >= 0)
		return status;
	if (cfg.bad_min_score) {
		warnx_msg("critic: invalid value for --min-score: a finite number is needed");
		return command_usage(&command_critic);
	}
	return extract_run(&critic_extractor, &cfg, &o, argc - optind, argv + optind);
}

const struct command command_critic = {
    .name = "critic",
    .summary = "Read a critic agent's JSON verdict; a CI gate with --min-score.",
    .options = critic_options,
    .operands = "[FILE ...]",
    .run = run_critic,
};
