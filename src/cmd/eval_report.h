/*
 * eval_report.h - what adkev eval writes, once every run is scored: the
 * JSON lines, the table (eval_table.c) or ADK's EvalSetResult on standard
 * output, and the JUnit report (eval_junit.c) beside them.
 *
 * The results are kept in an unlinked temporary file as they come, one
 * JSON text each, not in memory, and read back one at a time in the eval
 * set's case order at the end: eval holds one case, one run and one result
 * at a time, however many cases and runs there are.
 */
#ifndef ADKEV_EVAL_REPORT_H
#define ADKEV_EVAL_REPORT_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "adk/eval.h"
#include "adk/store.h"
#include "util.h"

enum eval_format { EVAL_FORMAT_LINES, EVAL_FORMAT_TABLE, EVAL_FORMAT_ADK };

/* How the results are written: what --format, --table, --junit and --color chose. */
struct eval_report_options {
	enum eval_format format;
	const char *junit;    /* --junit FILE, or NULL */
	bool all_invocations; /* --all-invocations: passing invocations side by side too */
	bool color;           /* the table's SGR colours */
	size_t width;         /* the table's lines are cut to it; 0: never */
	unsigned pass_at;     /* --pass-at K: a case passes by pass@K; 0: every run must pass */
};

/*
 * The eval set's cases, kept as their JSON text in a store (in memory up to
 * a limit, past it in a temporary file) and parsed again one at a time when
 * a run is held against one or its result is written: an eval set of any
 * size costs eval what its largest case needs, and a few bytes per case.
 */
struct eval_case_ref {
	uint64_t at; /* where its text starts in the store */
	size_t len;
	char *id;       /* its eval_id, when that is a string; else NULL */
	uint64_t users; /* eval_user_texts_hash() of its conversation; 0: it has no user text */
};
struct eval_cases {
	struct store text;
	struct eval_case_ref *list;
	size_t count, alloc;
	int status; /* the store's first failure */
};
void eval_cases_init(struct eval_cases *b);
/* Keeps a case: raw[0..len) its text as read, or NULL to have it written from c. */
void eval_cases_add(struct eval_cases *b, const json_t *c, const char *raw, size_t len);
/* Case i, parsed again (the caller owns it); NULL, reported, when the store failed. */
json_t *eval_cases_get(struct eval_cases *b, size_t i);
/* The first case whose eval_id is id; -1 if none. */
long eval_cases_find(const struct eval_cases *b, const char *id);
void eval_cases_release(struct eval_cases *b);
/*
 * A hash of a sequence of user texts (eval.md 1.3): of a case's
 * conversation (texts NULL), or of a run's texts (an array of strings,
 * conversation NULL); 0 when there is none.
 */
uint64_t eval_user_texts_hash(const json_t *conversation, const json_t *texts);

/* A result kept in the spool. */
struct eval_record {
	size_t case_index, seq; /* its case, and its place among all results */
	long offset;            /* where its text starts in the spool */
	size_t len;
	bool failed, skipped; /* its status: FAILED, NOT_EVALUATED */
};

struct eval_junit;

/* The outcome of every result, counted once for the JUnit report's totals and the table's last
 * line. */
struct eval_tally {
	size_t passed, failed;
	size_t unevaluated; /* NOT_EVALUATED, the cases no run matched among them */
	size_t no_run;      /* cases no run matched */
	size_t unmatched;   /* runs that matched no case */
	/* With --pass-at: the cases that passed and failed by it, and the evaluated runs of those
	 * that failed (each a failure in JUnit, which shows a run's case's outcome). */
	size_t cases_passed, cases_failed, case_failed_runs;
};

/*
 * The runs of one case taken together (eval.md 1.3): how many there were,
 * were evaluated (PASSED or FAILED) and passed, pass@k (the chance that at
 * least one of k runs drawn from them passes) and pass^k (that all k do),
 * as the unbiased estimators from n runs give them, and the case's status:
 * by pass@K with --pass-at K, else FAILED when any run failed.
 */
struct eval_repeats {
	size_t runs, evaluated, passed;
	unsigned k;             /* --pass-at K, else 1 */
	double at_k, hat_k;     /* pass@k and pass^k; unknown (NAN) with fewer evaluated runs than k */
	const char *status;     /* PASSED, FAILED or NOT_EVALUATED */
	bool short_of_runs;     /* FAILED because fewer than K runs were evaluated */
};
/* The repeats of records[first, end), the results of one case. */
struct eval_repeats eval_repeats_of(const struct eval_record *records, size_t first, size_t end,
                                    unsigned pass_at);
/* The repeats as the JSON lines carry them ("repeats"); the caller owns the result. */
json_t *eval_repeats_json(const struct eval_repeats *rep);

struct eval_report {
	const struct eval_report_options *o;
	const json_t *set;                    /* borrowed; its eval_cases are not read */
	struct eval_cases *cases;             /* borrowed */
	const struct eval_criteria *criteria; /* borrowed */
	const char *expected;                 /* EXPECTED's name */
	bool require_all;
	char *app_name; /* of the first run that names its app, for ADK's ids */
	FILE *spool;
	struct eval_record *records;
	size_t count, alloc;
	size_t scored; /* the results PASSED or FAILED, once written */
	json_t *unmatched; /* owned: {"run", "name"} of each run that matched no case, or NULL */
	struct eval_junit *junit;
};

/*
 * Opens the spool and, with --junit, the report's temporary file; 0, or the
 * exit status after the error is reported (73: the report cannot be made).
 */
int eval_report_open(struct eval_report *r);
/*
 * Keeps a case's result: its line (eval.md 1.5) and, with --format=adk, its
 * EvalCaseResult (NULL otherwise); both borrowed.  0, or EXIT_IOERR.
 */
int eval_report_add(struct eval_report *r, size_t case_index, const json_t *line,
                    const json_t *adk);
/* Keeps a run that matched no case, for the JUnit report (an error) and the table's last line. */
void eval_report_unmatched(struct eval_report *r, const char *run, const char *name);
/*
 * Writes every result in case order, a case no run matched as NOT_EVALUATED;
 * *gate is EXIT_FALSE when a case failed (or, with require_all, had no
 * run).  Returns 0, or the status of a write error, after which the JUnit
 * report is not left behind.
 */
int eval_report_write(struct eval_report *r, int *gate);
void eval_report_release(struct eval_report *r);

/* --- shared by the writers --- */

/* A number in the fewest digits that read back the same ("0.8", "1", "184"). */
void eval_number(char *buf, size_t size, double v);
/* Whether an invocation of a line is shown side by side: one that failed, or all of them. */
bool eval_invocation_shown(const json_t *line, const json_t *inv, bool all);
/* A tool call as one line of text: NAME ARGS (ARGS compact JSON, left out when absent). */
void eval_call_text(const json_t *call, struct strbuf *out);

/* The table of one line (eval_table.c), appended to out. */
void eval_table_line(struct strbuf *out, const json_t *line, const struct eval_report_options *o);
/* The table's line of a case's repeats (its "repeats" in line), after its runs' tables. */
void eval_table_repeats(struct strbuf *out, const json_t *line, const struct eval_report_options *o);
/* The table's last line: "N passed, N failed, N not evaluated", and what matched nothing. */
void eval_table_summary(struct strbuf *out, const struct eval_tally *t,
                        const struct eval_report_options *o);

/* The JUnit report (eval_junit.c): made under a temporary name, renamed when whole. */
struct eval_junit *eval_junit_open(const char *path, bool require_all, unsigned pass_at,
                                   int *status);
void eval_junit_begin(struct eval_junit *j, const json_t *set, const char *expected,
                      const struct eval_criteria *c, const struct eval_tally *t);
void eval_junit_case(struct eval_junit *j, const json_t *line, bool several);
/* A run that matched no case (an element of eval_report's unmatched): a testcase in error. */
void eval_junit_unmatched(struct eval_junit *j, const json_t *run);
/* Ends the report and renames it into place; 0, or EXIT_IOERR (the temporary file removed). */
int eval_junit_commit(struct eval_junit *j);
/* Removes the temporary file, when it was not committed, and frees j. */
void eval_junit_free(struct eval_junit *j);

#endif
