/*
 * cmd_final.c - adkev final: the run's answer.
 *
 * The last non-thought text part of the last final-response event that has
 * one, or with --concat every such part of every final-response event,
 * joined with nothing between them (events.md section 3.1).
 */
#include "answer.h"
#include "extract.h"

#include <stdlib.h>

enum { OPT_CONCAT = OPT_COMMAND };

struct final_config {
	bool concat;
};

static void *final_start(const void *config)
{
	const struct final_config *cfg = config;
	struct answer *a = xmalloc(sizeof *a);
	answer_init(a, cfg->concat);
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

static const struct extractor final_extractor = {
	.name = "final",
	.start = final_start,
	.add = final_add,
	.finish = final_finish,
	.release = final_release,
};

static bool final_option(void *config, int c, const char *arg)
{
	struct final_config *cfg = config;
	(void)arg;
	if (c != OPT_CONCAT)
		return false;
	cfg->concat = true;
	return true;
}

static const struct option final_long_options[] = {
	EXTRACT_LONG_OPTIONS,
	{"concat", no_argument, NULL, OPT_CONCAT},
	{NULL, 0, NULL, 0},
};

static int run_final(int argc, char *argv[])
{
	struct extract_options o = {0};
	struct final_config cfg = {false};
	int status = extract_parse_options(&command_final, EXTRACT_SHORT_OPTIONS,
					   final_long_options, argc, argv, &o, final_option, &cfg);
	if (status >= 0)
		return status;
	return extract_run(&final_extractor, &cfg, &o, argc - optind, argv + optind);
}

const struct command command_final = {
	.name = "final",
	.summary = "Print the agent's final response text.",
	.usage = "final [-eprh] [--concat] [--author NAME] [--invocation ID] [--per-invocation]\n"
		 "             [--skip-invalid] [FILE ...]",
	.options = "      --concat         every text part of every final response, joined\n"
		EXTRACT_OPTIONS_HELP,
	.run = run_final,
};
