/*
 * eval.h - ADK's evaluation, offline: eval sets (both spellings, and the
 * legacy .test.json shapes), recorded runs turned into invocations as ADK's
 * convert_events_to_eval_invocations() turns events into them, and the
 * scores of ADK's metrics for a run held against an eval case
 * (shared/spec/eval.md).
 *
 * The field names of ADK's evaluation models that are read (eval_set.py,
 * eval_case.py, eval_config.py) are spelt in adk/event.c, with the
 * event's, and read in both spellings with adk_get(); what these modules
 * write (EvalCaseResult, EvalSetResult, the invocations they convert) is
 * snake_case, as ADK writes it.
 * Every json_t returned is owned by the caller unless said otherwise.
 */
#ifndef ADKEV_EVAL_H
#define ADKEV_EVAL_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "adk/rewind.h"
#include "item.h"
#include "util.h"

/* --- eval sets (eval_set.c) --- */

/*
 * What a value read as EXPECTED is, by its content (eval.md 1.1): an eval
 * set, a legacy list of turns ({query, expected_tool_use, reference}), a
 * legacy list of cases ({name, data, initial_session}), or neither.
 */
enum eval_shape { EVAL_SHAPE_SET, EVAL_SHAPE_TURNS, EVAL_SHAPE_CASES, EVAL_SHAPE_NONE };
enum eval_shape eval_shape_of(const json_t *value);

/*
 * An eval set made from what was read: an eval set as it is (incref'd),
 * or legacy elements converted as ADK's local_eval_sets_manager.py
 * (_convert_invocation_to_pydantic_schema, convert_eval_set_to_pydanctic_
 * schema) converts them; path names the file, for the legacy case and set
 * ids.  NULL, with *why set, when a member ADK requires is missing.
 */
json_t *eval_set_from(enum eval_shape shape, json_t *values, const char *path, const char **why);

/*
 * Why an eval case cannot be read as ADK's EvalCase (eval_case.py), or NULL:
 * it is an object with a string eval_id and a conversation (a list of
 * invocations, each with its user_content) or a conversation_scenario.
 */
const char *eval_case_problem(const json_t *c);

/* --- criteria (eval_set.c) --- */

enum eval_kind {
	EVAL_TRAJECTORY,    /* tool_trajectory_avg_score */
	EVAL_RESPONSE,      /* response_match_score */
	EVAL_STATE,         /* final_session_state_match (adkev's own) */
	EVAL_INFORMATIONAL, /* tool_call_count_v1, inference_call_count_v1, token_usage_v1,
	                       invocation_duration_v1 */
	EVAL_JUDGE,         /* needs a judge model: reported NOT_EVALUATED */
	EVAL_CUSTOM,        /* a custom metric of the config's custom_metrics: NOT_EVALUATED */
};
enum eval_match { EVAL_EXACT, EVAL_IN_ORDER, EVAL_ANY_ORDER };

struct eval_criterion {
	char *name;
	enum eval_kind kind;
	double threshold;
	bool has_threshold;
	enum eval_match match;
	bool ignore_args;
	/*
	 * The criterion as ADK's EvalMetricResult carries it: a BaseCriterion
	 * (threshold, include_intermediate_responses_in_final, then the members
	 * given beside them), owned; and a custom metric's code_config name.
	 */
	json_t *criterion;
	json_t *custom_function_path;
};

struct eval_criteria {
	struct eval_criterion *list;
	size_t count;
};

/* ADK's defaults: tool_trajectory_avg_score 1.0, response_match_score 0.8. */
void eval_criteria_defaults(struct eval_criteria *c);
/*
 * Adds or replaces one criterion from its EvalConfig form (a number, or an
 * object with threshold, match_type, ignore_args); returns NULL or why it is
 * refused (a usage error: an unknown metric, a threshold on an
 * informational one).
 */
const char *eval_criteria_set(struct eval_criteria *c, const char *name, const json_t *value);
/*
 * Reads an EvalConfig {"criteria": {...}}; NULL or why it is refused, with
 * *name_out the criterion refused (borrowed from config) when it is one.
 */
const char *eval_criteria_load(struct eval_criteria *c, const json_t *config,
                               const char **name_out);
/*
 * Sets tool_trajectory_avg_score's match type (when match_given) and turns
 * ignore_args on (when ignore), in the criterion and in what ADK is shown.
 */
void eval_criterion_trajectory(struct eval_criterion *cr, bool match_given, enum eval_match match,
                               bool ignore);
/* The criterion named, or NULL. */
struct eval_criterion *eval_criteria_find(struct eval_criteria *c, const char *name);
void eval_criteria_clear(struct eval_criteria *c);
/* The names adkev knows, for the usage error of an unknown one. */
const char *eval_known_metrics(void);
/* Whether name[0..len) is a metric adkev gives a score (not a judge's, always NOT_EVALUATED). */
bool eval_metric_scored(const char *name, size_t len);
/* Appends the names eval_metric_scored() takes: "a, b and c". */
void eval_scored_metric_names(struct strbuf *out);
/*
 * EXACT, IN_ORDER, ANY_ORDER, read as ToolTrajectoryCriterion's
 * _coerce_match_type() reads them (spaces around cut, any case, - or a
 * space for _); false for another word.
 */
bool eval_match_parse(const char *word, enum eval_match *out);

/* --- runs (eval_run.c) --- */

/*
 * A recorded run becoming invocations: events are added one at a time
 * (partial ones are passed over), and eval_run_finish() groups them as
 * ADK's convert_events_to_eval_invocations() does.  The state deltas are
 * folded as adkev state folds them.
 */
struct eval_run {
	json_t *order;      /* the invocation ids, in order of first appearance */
	json_t *by_id;      /* invocation id -> array of its events (incref'd) */
	/*
	 * The run's spans for ADK Python's rewind walk (adk/rewind.h), and for
	 * each invocation id the span of each of its events, in by_id's order:
	 * a rewound event is no part of an invocation, as ADK's history leaves
	 * it out.
	 */
	struct rewind_spans spans;
	json_t *spans_of;
	json_t *state;      /* the folded session state */
	json_t *user_texts; /* the text of each user event with text, in order */
	char *app_name, *user_id, *session_id; /* of the session object, where there is one */
	const json_t *session;                 /* the session object of the items added, or NULL */
	bool any;                              /* whether an item was added */
	bool among_several; /* one of its source's several sessions: named by its session id */
};
void eval_run_init(struct eval_run *run);
/* Releases the run and begins the next of the same source, named as that source names runs. */
void eval_run_restart(struct eval_run *run);
/*
 * Whether item begins another run: it comes from another session object
 * than the items added so far.  The run so far is then marked one of
 * several, and is to be finished (and restarted) before item is added.
 */
bool eval_run_ends_before(struct eval_run *run, const struct reader_item *item);
void eval_run_add(struct eval_run *run, const struct reader_item *item);
/*
 * The run's name (eval.md 1.3), which the caller owns: the session's id
 * where its source holds several sessions, else the base name of file less
 * .gz or .zst, then .jsonl, .json, .sse or .ndjson, then .session, as one
 * run has one name in every form.  file is what the command calls the
 * operand (each has its own label for standard input).
 */
char *eval_run_name(const struct eval_run *run, const char *file);
/*
 * The name of the folder file is in (runs/weather/1.jsonl: "weather"), which
 * the caller owns, for a run named by its file; NULL for a run named by its
 * session, or a file named without a folder.
 */
char *eval_run_folder(const struct eval_run *run, const char *file);
/*
 * Names a run read from a session database, whose events come without
 * their session object: its session id, app name and user id, where the
 * run has none yet; the run is one of the database's several.
 */
void eval_run_name_session(struct eval_run *run, const char *id, const char *app, const char *user);
/* The invocations, as ADK's Invocation objects in snake_case. */
json_t *eval_run_invocations(const struct eval_run *run);
void eval_run_release(struct eval_run *run);

/* The text of a genai Content as ADK's _get_text_from_content() joins it. */
void eval_content_text(const json_t *content, struct strbuf *out);
/* The user's text of an invocation (its user_content), or NULL when it has none. */
bool eval_user_text(const json_t *invocation, struct strbuf *out);

/* --- scores (eval_score.c) --- */

/*
 * The result of invocations actual held against expected (both arrays of
 * ADK Invocation objects, either spelling) under criteria c, with the
 * run's final state and the case's expected one (NULL when it has none):
 * {"status", "metrics", "invocations"} as eval.md 1.5 writes them.
 */
json_t *eval_score(const json_t *expected, const json_t *actual, const struct eval_criteria *c,
                   const json_t *state, const json_t *expected_state);
/*
 * Whether an invocation's final response has text beyond white space: where
 * neither the case's nor the run's has, response_match_score is NOT_EVALUATED.
 */
bool eval_text_answer(const json_t *invocation);

/* --- ADK's result shape (eval_result.c) --- */

/* What an EvalCaseResult is made of (all borrowed). */
struct eval_adk_case {
	const json_t *eval_set_id, *eval_id; /* NULL: "" */
	const json_t *result;                /* eval_score()'s, or a case no run matched's */
	const json_t *expected, *actual;     /* the case's and the run's invocations (NULL: none) */
	const char *session_id, *user_id;    /* the run's, or NULL */
	const struct eval_criteria *criteria;
};
/* ADK's EvalCaseResult (eval_result.py), as model_dump_json() writes it. */
json_t *eval_adk_case_result(const struct eval_adk_case *k);

/*
 * ADK's EvalSetResult, written around its eval_case_results: begin writes
 * the ids create_eval_set_result() makes ("APP_SET_TIME", with / as _ in the
 * name) and opens the list, the caller writes each EvalCaseResult, and end
 * closes it with creation_timestamp.
 */
struct json_writer;
void eval_adk_set_result_begin(struct json_writer *w, const char *app, const char *set_id,
                               double now);
void eval_adk_set_result_end(struct json_writer *w, double now);

#endif
