/*
 * eval_runs.h - a RUN operand of eval and evalset read as the runs it holds
 * (shared/spec/eval.md 1.2): a session database one session at a time,
 * each run named by its session and carrying its app name and user id; a
 * folder as each of its files, in path order; any other operand in one
 * read, which the session objects it holds split.  An operand or session
 * that holds no event is no run: bad input (65).
 */
#ifndef ADKEV_EVAL_RUNS_H
#define ADKEV_EVAL_RUNS_H

#include "adk/eval.h"
#include "cmd/run.h"

struct eval_runs {
	const struct run_plan *plan; /* whose item function adds to run */
	const struct run_options *o;
	struct eval_run *run;
	/* Called after each read, with its exit status, to finish (or drop) the run read. */
	void (*finish)(void *ctx, int status);
	void *ctx;
	const char **file; /* set to each file of a folder as it is read (the caller's label) */
};

/* Reads operand, which *how->file names, as its runs; the worst exit status of its reads. */
int eval_runs_read(const struct eval_runs *how, char *operand);

#endif
