/*
 * eval_baseline.h - adkev eval --baseline FILE and --max-increase NAME=PCT:
 * each case's scores held against an earlier run of eval.
 *
 * ADK made token, tool-call and model-call counts informational, so a run
 * that doubles its tokens still passes.  The baseline is an earlier eval's
 * output: its JSON lines, its --format=adk EvalSetResult, or ADK's own
 * .adk/eval_history/NAME.evalset_result.json (also the older form, a JSON
 * string holding the result).  A case's baseline score of a metric is the
 * mean over the baseline's runs of that case.  Each metric of a line with a
 * baseline gets "baseline" (that mean) and "change" (the relative change,
 * 0.25 for 25% more; null from a baseline of 0); past --max-increase, the
 * metric is FAILED with a reason, and so is the case.
 */
#ifndef ADKEV_EVAL_BASELINE_H
#define ADKEV_EVAL_BASELINE_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#define EVAL_MAX_LIMITS 16

/* The --max-increase options given: what eval_limit_take() fills. */
struct eval_limits {
	struct eval_limit {
		const char *name; /* the metric, name[0..name_len), borrowed from argv */
		size_t name_len;
		double fraction; /* 0.1 for 10% */
	} list[EVAL_MAX_LIMITS];
	size_t count;
};

/* --max-increase NAME=PCT's option callback: at is a struct eval_limits. */
const char *eval_limit_take(void *at, const char *arg);

struct eval_baseline {
	const char *path; /* --baseline FILE, or NULL */
	json_t *scores;   /* owned: eval_id -> {metric -> [sum, count]} */
	const struct eval_limits *limits;
	size_t matched; /* the lines that found their case in it */
};

/* Reads b->path: 0, or the exit status after the error is reported (65, 66). */
int eval_baseline_read(struct eval_baseline *b);
/*
 * Adds to each metric of line (an eval line, changed in place) its
 * baseline and change, and fails those past their --max-increase: the
 * line's status becomes FAILED.  Nothing when the case is not in it.
 */
void eval_baseline_apply(struct eval_baseline *b, json_t *line);
void eval_baseline_release(struct eval_baseline *b);

#endif
