/*
 * eval.c - adkev eval: recorded runs scored against an ADK eval set with
 * ADK's own arithmetic, offline (shared/spec/eval.md section 1).
 *
 * EXPECTED is read first, through the run layer like any input: an eval
 * set, a legacy .test.json, or a run whose invocations make one case.  Then
 * each RUN operand is read alone (a source of several sessions gives one
 * run per session), turned into invocations, matched to a case and scored;
 * only one run is held at a time, and the results, one JSON line per case
 * and run, are written in the eval set's case order at the end.
 */
#include "adk/eval.h"
#include "adk/event.h"
#include "adk/redact.h"
#include "cmd/eval_baseline.h"
#include "cmd/eval_report.h"
#include "cmd/eval_runs.h"
#include "cmd/run.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_SETS 64

/* The -c options given, in order: what take_criterion() fills. */
struct criterion_sets {
	const char *list[MAX_SETS]; /* each NAME=THRESHOLD, borrowed from argv */
	size_t count;
};

/* --match-type, and whether it was given: what take_match() fills. */
struct match_choice {
	enum eval_match match;
	bool given;
};

/* --format, --table and --color: what take_format(), take_table() and run_color_table fill. */
struct format_choice {
	enum eval_format format;
	bool given;
	const char *color; /* auto, always or never */
};

struct eval_options {
	struct run_options run;
	struct format_choice format;       /* --format, --table, --color */
	struct eval_report_options report; /* --junit, --all-invocations */
	const char *config;                /* --config FILE */
	struct criterion_sets sets;        /* -c NAME=THRESHOLD */
	struct match_choice match;         /* --match-type */
	bool ignore_args;                  /* --ignore-args */
	const char *case_id;               /* --case ID */
	bool require_all;                  /* --require-all */
	bool redact;                       /* secrets hidden, unless --no-redact */
	const char *baseline;              /* --baseline FILE */
	struct eval_limits limits;         /* --max-increase NAME=PCT */
};

static const char *take_criterion(void *at, const char *arg)
{
	struct criterion_sets *sets = at;
	const char *eq = strchr(arg, '=');
	double t;
	if (!eq || eq == arg || !parse_double(eq + 1, &t))
		return "invalid value for --criterion: NAME=THRESHOLD is needed";
	if (sets->count == MAX_SETS)
		return "too many -c options";
	sets->list[sets->count++] = arg;
	return NULL;
}

static const char *take_match(void *at, const char *arg)
{
	struct match_choice *choice = at;
	if (!eval_match_parse(arg, &choice->match))
		return "invalid value for --match-type: EXACT, IN_ORDER or ANY_ORDER is needed";
	choice->given = true;
	return NULL;
}

static const char *choose_format(struct format_choice *choice, enum eval_format format)
{
	if (choice->given && choice->format != format)
		return "--table, --format=json and --format=adk are exclusive";
	choice->format = format;
	choice->given = true;
	return NULL;
}

static const char *take_format(void *at, const char *arg)
{
	static const char *const words[] = {"json", "table", "adk"};
	for (int i = 0; i < 3; i++)
		if (strcmp(arg, words[i]) == 0)
			return choose_format(at, (enum eval_format)i);
	return "invalid value for --format: json, table or adk is needed";
}

static const char *take_table(void *at, const char *arg)
{
	(void)arg;
	return choose_format(at, EVAL_FORMAT_TABLE);
}

static const struct option_row eval_option_table[] = {
    OPTION_PATH_ROW(0, "config", "FILE", COMPLETE_FILE, struct eval_options, config,
                    "read the criteria from an ADK EvalConfig (test_config.json)"),
    OPTION_CALL_ROW(0, "criterion", "NAME=THRESHOLD", take_criterion, struct eval_options, sets,
                    "set or add one criterion"),
    OPTION_CHOICE_ROW("match-type", NULL, "EXACT|IN_ORDER|ANY_ORDER", take_match,
                      struct eval_options, match, "how tool_trajectory_avg_score matches calls"),
    OPTION_TRUE_ROW(0, "ignore-args", struct eval_options, ignore_args,
                    "compare tool names only, not their arguments"),
    OPTION_STRING_ROW(0, "case", "ID", struct eval_options, case_id,
                      "hold every run against the case ID"),
    OPTION_TRUE_ROW(0, "require-all", struct eval_options, require_all,
                    "fail when a case has no run"),
    {.kind = OPTION_VALUE,
     .long_name = "pass-at",
     .arg_name = "K",
     .store = STORE_UNSIGNED,
     .offset = offsetof(struct eval_options, report.pass_at),
     .min = 1,
     .max = 1000,
     .invalid = "invalid value for --pass-at: a whole number from 1 to 1000 is needed",
     .help = "pass a case when fewer than K of its runs failed (pass@K is 1)"},
    OPTION_CHOICE_ROW("format", "FORMAT", "json|table|adk", take_format, struct eval_options,
                      format, "write JSON lines, a table, or ADK's EvalSetResult"),
    OPTION_CALL_FLAG_ROW(0, "table", take_table, struct eval_options, format,
                         "write a table for a person (--format=table)"),
    OPTION_TRUE_ROW(0, "all-invocations", struct eval_options, report.all_invocations,
                    "with --table, show passing invocations side by side too"),
    OPTION_INCLUDE_ROW(run_color_table, 0, struct eval_options, format.color),
    OPTION_FALSE_ROW(0, "no-redact", struct eval_options, redact,
                     "compare and report secrets as they are; by default both sides hide them"),
    OPTION_TRUE_ROW(0, "redact", struct eval_options, redact, "hide secrets (the default)"),
    OPTION_PATH_ROW(0, "baseline", "FILE", COMPLETE_FILE, struct eval_options, baseline,
                    "report each case's change from an earlier eval's results in FILE"),
    OPTION_CALL_ROW(0, "max-increase", "NAME=PCT", eval_limit_take, struct eval_options, limits,
                    "fail a case whose metric NAME grew more than PCT% over --baseline"),
    OPTION_PATH_ROW(0, "junit", "FILE", COMPLETE_FILE, struct eval_options, report.junit,
                    "also write a JUnit XML report to FILE"),
    OPTION_INCLUDE_ROW(run_option_table,
                       RUN_PRETTY | RUN_COMPACT | RUN_INPUT | RUN_JOBS | RUN_SESSIONS,
                       struct eval_options, run),
    OPTION_END_ROW,
};

/* --- the run --- */

struct eval_state {
	struct eval_options *o;
	struct eval_criteria criteria;
	json_t *set; /* the eval set held against, without its cases when it was read as one */
	struct eval_cases cases;   /* its cases, one parsed at a time */
	struct eval_report report; /* the results, kept until they are written in case order */
	bool expected_run;         /* EXPECTED was a run: every run is held against its one case */
	/* EXPECTED being read */
	json_t *values;
	enum eval_shape shape;
	/* the run being read */
	struct eval_run run;
	const char *file;
	int status;
	const struct redactor *redactor; /* NULL with --no-redact */
	struct eval_baseline baseline;   /* --baseline's scores */
};

/*
 * v as it is scored and reported: with its secrets hidden as evalset hides
 * them, so that a set made by evalset (redacted) holds against the run it
 * was made from, and no report shows a secret.  The caller owns the result.
 */
static json_t *scored_form(const struct eval_state *st, const json_t *v)
{
	if (!v)
		return NULL;
	return st->redactor ? redact_json(st->redactor, v) : json_incref((json_t *)v);
}

/* Whether the run's user texts are the case's, turn by turn (eval.md 1.3, 3). */
static bool same_user_texts(const json_t *texts, const json_t *c)
{
	json_t *inv, *conv = adk_get(c, ADK_CONVERSATION);
	size_t i, k = 0;
	bool same = true;
	json_array_foreach(conv, i, inv)
	{
		struct strbuf sb = STRBUF_INIT;
		if (eval_user_text(inv, &sb)) {
			json_t *t = json_array_get(texts, k++);
			same = same && t && json_string_length(t) == sb.len &&
			       memcmp(json_string_value(t), sb.buf, sb.len) == 0;
		}
		strbuf_release(&sb);
	}
	return same && k == json_array_size(texts) && k > 0;
}

/*
 * The case whose user messages are texts, turn by turn, and in *c that case
 * parsed (the caller owns it); -1 when none.  Cases whose hash is the run's
 * are parsed to be sure.
 */
static long match_by_users(struct eval_state *st, const json_t *texts, json_t **c)
{
	uint64_t users = eval_user_texts_hash(NULL, texts);
	for (size_t j = 0; users && j < st->cases.count; j++) {
		if (st->cases.list[j].users != users)
			continue;
		*c = eval_cases_get(&st->cases, j);
		if (*c && same_user_texts(texts, *c))
			return (long)j;
		json_decref(*c);
		*c = NULL;
	}
	return -1;
}

/*
 * The case the run belongs to (eval.md 1.3), and in *c that case, parsed
 * (the caller owns it); -1 when none, or the cases' store failed.
 */
static long match_case(struct eval_state *st, const char *name, json_t **c)
{
	long i = st->expected_run ? 0
	         : st->o->case_id ? eval_cases_find(&st->cases, st->o->case_id)
	                          : eval_cases_find(&st->cases, name);
	if (i >= 0) {
		*c = eval_cases_get(&st->cases, (size_t)i);
		return *c ? i : -1;
	}
	if (st->o->case_id)
		return -1;
	/* A folder of repeats, runs/weather/1.jsonl: the folder names the case its files are runs
	 * of. */
	char *folder = eval_run_folder(&st->run, st->file);
	i = folder ? eval_cases_find(&st->cases, folder) : -1;
	free(folder);
	if (i >= 0) {
		*c = eval_cases_get(&st->cases, (size_t)i);
		return *c ? i : -1;
	}
	i = match_by_users(st, st->run.user_texts, c);
	/* A set evalset made holds the user's messages with their secrets hidden. */
	if (i < 0 && st->redactor && redact_hides(st->redactor, st->run.user_texts)) {
		json_t *clean = redact_json(st->redactor, st->run.user_texts);
		i = match_by_users(st, clean, c);
		json_decref(clean);
	}
	return i;
}

/*
 * A run held against its case where no gating metric could be scored is said
 * on standard error: NOT_EVALUATED is no pass, and a gate should not look
 * like one.
 */
static void note_unevaluated(const struct eval_state *st, const json_t *c, const json_t *r)
{
	if (!json_string_equals(json_object_get(r, "status"), "NOT_EVALUATED"))
		return;
	const char *id = json_string_value(adk_get(c, ADK_EVAL_ID));
	warnx_msg("%s: eval case '%s' is NOT_EVALUATED: none of its metrics could be scored%s",
	          st->file, id ? id : "", st->o->require_all ? ", which --require-all fails" : "");
}

/* The line of a run scored against case c (eval.md 1.5), and its EvalCaseResult with --format=adk.
 */
static int keep_result(struct eval_state *st, size_t i, const json_t *c, const char *name)
{
	json_t *raw = eval_run_invocations(&st->run), *adk = NULL;
	json_t *actual = scored_form(st, raw);
	json_t *expected = scored_form(st, adk_get(c, ADK_CONVERSATION));
	json_t *state = scored_form(st, st->run.state);
	json_t *expected_state = scored_form(st, adk_get(c, ADK_FINAL_SESSION_STATE));
	json_decref(raw);
	json_t *r = eval_score(expected, actual, &st->criteria, state, expected_state);
	json_decref(state);
	json_decref(expected_state);
	note_unevaluated(st, c, r);
	/* A file's name need not be UTF-8; JSON's strings must. */
	json_t *line = json_pack("{s:O?,s:O?,s:o,s:O}", "eval_set_id",
	                         adk_get(st->set, ADK_EVAL_SET_ID), "eval_id", adk_get(c, ADK_EVAL_ID),
	                         "run", json_string_lossy(st->file), "status",
	                         json_object_get(r, "status"));
	json_object_set(line, "metrics", json_object_get(r, "metrics"));
	json_object_set(line, "invocations", json_object_get(r, "invocations"));
	if (st->o->baseline)
		eval_baseline_apply(&st->baseline, line);
	if (st->o->format.format == EVAL_FORMAT_ADK) {
		struct eval_adk_case k = {.eval_set_id = adk_get(st->set, ADK_EVAL_SET_ID),
		                          .eval_id = adk_get(c, ADK_EVAL_ID),
		                          .result = line,
		                          .expected = expected,
		                          .actual = actual,
		                          .session_id =
		                              st->run.session_id ? st->run.session_id : name,
		                          .user_id = st->run.user_id,
		                          .criteria = &st->criteria};
		adk = eval_adk_case_result(&k);
	}
	if (!st->report.app_name && st->run.app_name)
		st->report.app_name = xstrdup(st->run.app_name);
	int status = eval_report_add(&st->report, i, line, adk);
	json_decref(adk);
	json_decref(line);
	json_decref(r);
	json_decref(actual);
	json_decref(expected);
	return status;
}

static void discard_run(struct eval_state *st)
{
	eval_run_restart(&st->run);
}

/* Scores the run read so far against its case, and keeps the result. */
static void finish_run(struct eval_state *st)
{
	if (!st->run.any)
		return;
	/* Standard input's run is named "stdin", as evalset names its case. */
	char *name = eval_run_name(&st->run, strcmp(st->file, "<stdin>") ? st->file : "stdin");
	json_t *c = NULL;
	long i = match_case(st, name, &c);
	if (i < 0 && st->cases.status) {
		st->status = exit_status_worst(st->status, st->cases.status);
	} else if (i < 0) {
		warnx_msg("%s: no eval case matches this run (by --case, its name '%s' or its user "
		          "messages)",
		          st->file, name);
		eval_report_unmatched(&st->report, st->file, name);
		st->status = exit_status_worst(st->status, EXIT_DATAERR);
	} else {
		int s = keep_result(st, (size_t)i, c, name);
		st->status = exit_status_worst(st->status, s);
	}
	json_decref(c);
	free(name);
	discard_run(st);
}

static int run_item(void *ctx, struct reader *r, const struct reader_item *item)
{
	struct eval_state *st = ctx;
	(void)r;
	if (eval_run_ends_before(&st->run, item))
		finish_run(st);
	eval_run_add(&st->run, item);
	return 0;
}

/*
 * A case of an eval set handed out case by case (READER_EVAL_SET): kept in
 * the store; the set, without its cases, is kept once.  A second eval set is
 * refused as a second set was when read whole.
 */
static int expected_case(struct eval_state *st, struct reader *r, const struct reader_item *item)
{
	if (!st->set && json_array_size(st->values) == 0 && !st->run.any) {
		st->set = json_incref((json_t *)item->session);
		st->shape = EVAL_SHAPE_SET;
	} else if (st->set != item->session) {
		if (!reader_reject(r, &item->pos, "not an eval set, a legacy eval file or a run"))
			return EXIT_DATAERR;
		return 0;
	}
	/* A case ADK cannot read, or a second case of one eval_id, which no run could be told to.
	 */
	const char *why = eval_case_problem(item->value);
	const char *id = adk_get_string(item->value, ADK_EVAL_ID);
	if (!why && eval_cases_find(&st->cases, id) >= 0)
		why = "a second eval case with this eval_id";
	if (why)
		return reader_reject(r, &item->pos, "%s", why) ? 0 : EXIT_DATAERR;
	eval_cases_add(&st->cases, item->value, item->raw, item->raw_len);
	return 0;
}

/* EXPECTED's values: those of an eval set or legacy file kept, a run's events read as a run. */
static int expected_item(void *ctx, struct reader *r, const struct reader_item *item)
{
	struct eval_state *st = ctx;
	if (item->session && eval_shape_of(item->session) == EVAL_SHAPE_SET)
		return expected_case(st, r, item);
	if (st->set) {
		if (!reader_reject(r, &item->pos, "not an eval set, a legacy eval file or a run"))
			return EXIT_DATAERR;
		return 0;
	}
	enum eval_shape shape = eval_shape_of(item->value);
	if (item->kind == VALUE_SESSION && !st->run.any && json_array_size(st->values) == 0) {
		/* READER_ANY_VALUE hands a session out whole: its events are the run. */
		json_t *e, *events = adk_get(item->value, ADK_EVENTS);
		size_t i;
		st->expected_run = true;
		json_array_foreach(events, i, e)
		{
			struct reader_item one = *item;
			one.value = e;
			one.kind = value_kind(e);
			one.session = item->value;
			run_item(ctx, r, &one);
		}
		return 0;
	}
	if (!st->run.any && json_array_size(st->values) == 0 && shape == EVAL_SHAPE_NONE &&
	    item->kind == VALUE_EVENT)
		st->expected_run = true;
	if (st->expected_run)
		return run_item(ctx, r, item);
	if (shape == EVAL_SHAPE_NONE ||
	    (json_array_size(st->values) && (shape != st->shape || shape == EVAL_SHAPE_SET))) {
		if (!reader_reject(r, &item->pos, "not an eval set, a legacy eval file or a run"))
			return EXIT_DATAERR;
		return 0;
	}
	st->shape = shape;
	json_array_append(st->values, item->value);
	return 0;
}

/*
 * The cases of an eval set read whole (a legacy file, a run, a set with no
 * case or whose eval_cases is no array) go to the store as the others do.
 */
static int keep_cases(struct eval_state *st, const char *path)
{
	json_t *c, *cases = adk_get(st->set, ADK_EVAL_CASES);
	size_t i;
	if (st->cases.count)
		return 0;
	if (!json_is_array(cases)) {
		warnx_msg("%s: eval_cases is not an array", path);
		return EXIT_DATAERR;
	}
	json_array_foreach(cases, i, c) eval_cases_add(&st->cases, c, NULL, 0);
	return 0;
}

static int read_expected(struct eval_state *st, char *path)
{
	struct run_plan plan = {
	    .reader_flags = READER_ANY_VALUE | READER_EVAL_SET, .item = expected_item, .ctx = st};
	st->file = path;
	int status = run_read(&plan, &st->o->run, 1, &path);
	if (status)
		return status;
	if (st->expected_run) {
		char *name = eval_run_name(&st->run, strcmp(path, "-") ? path : "stdin");
		json_t *inv = eval_run_invocations(&st->run);
		st->set = json_pack("{s:o,s:[{s:o,s:o,s:O}]}", "eval_set_id", json_string_lossy(name),
		                    "eval_cases", "eval_id", json_string_lossy(name), "conversation",
		                    inv, "final_session_state", st->run.state);
		free(name);
		eval_run_release(&st->run);
		eval_run_init(&st->run);
	} else if (!st->set) {
		const char *why = NULL;
		if (json_array_size(st->values) == 0)
			why = "no eval set, legacy eval file or run in it";
		else
			st->set = eval_set_from(st->shape, st->values, path, &why);
		if (!st->set) {
			warnx_msg("%s: %s", path, why);
			return EXIT_DATAERR;
		}
	}
	st->report.set = st->set;
	return keep_cases(st, path);
}

/* --config, else test_config.json beside the eval set, else ADK's defaults; then -c. */
static int read_criteria(struct eval_state *st, const char *expected)
{
	struct eval_options *o = st->o;
	char *beside = NULL;
	const char *path = o->config;
	/* Standard input lies in no directory: no test_config.json is beside it. */
	if (!path && !st->expected_run && strcmp(expected, "-") != 0) {
		const char *slash = strrchr(expected, '/');
		size_t dir = slash ? (size_t)(slash - expected) + 1 : 0;
		beside = xmalloc(dir + sizeof "test_config.json");
		memcpy(beside, expected, dir);
		strcpy(beside + dir, "test_config.json");
		if (access(beside, F_OK) == 0)
			path = beside;
	}
	int status = 0;
	if (path) {
		json_t *config = run_read_value(path, &status);
		const char *name = NULL;
		const char *why = config ? eval_criteria_load(&st->criteria, config, &name) : NULL;
		if (why) {
			warnx_msg("%s: %s%s%s; known metrics: %s", path, name ? name : "",
			          name ? ": " : "", why, eval_known_metrics());
			status = EXIT_USAGE;
		}
		json_decref(config);
	} else {
		eval_criteria_defaults(&st->criteria);
	}
	free(beside);
	return status;
}

/* -c, --match-type and --ignore-args over the criteria read. */
static int apply_options(struct eval_state *st)
{
	struct eval_options *o = st->o;
	for (size_t i = 0; i < o->sets.count; i++) {
		const char *eq = strchr(o->sets.list[i], '=');
		char *name = xstrndup(o->sets.list[i], (size_t)(eq - o->sets.list[i]));
		double t = 0;
		parse_double(eq + 1, &t);
		json_t *v = json_real(t);
		const char *why = eval_criteria_set(&st->criteria, name, v);
		json_decref(v);
		if (why) {
			int s = command_usage_error(&command_eval, "%s: %s; known metrics: %s",
			                            name, why, eval_known_metrics());
			free(name);
			return s;
		}
		free(name);
	}
	if (o->match.given || o->ignore_args) {
		struct eval_criterion *c =
		    eval_criteria_find(&st->criteria, "tool_trajectory_avg_score");
		if (!c) {
			json_t *one = json_real(1.0);
			eval_criteria_set(&st->criteria, "tool_trajectory_avg_score", one);
			json_decref(one);
			c = eval_criteria_find(&st->criteria, "tool_trajectory_avg_score");
		}
		eval_criterion_trajectory(c, o->match.given, o->match.match, o->ignore_args);
	}
	return 0;
}

/* A run read: scored, or, read only in part, dropped (its error is reported). */
static void run_read_done(void *ctx, int status)
{
	struct eval_state *st = ctx;
	if (status)
		discard_run(st);
	else
		finish_run(st);
}

/* Every RUN operand read alone, so each run is named by its file or its session. */
static int read_runs(struct eval_state *st, int argc, char *argv[], bool *noinput)
{
	int status = 0;
	struct run_plan plan = {.item = run_item, .ctx = st};
	struct eval_runs how = {.plan = &plan,
	                        .o = &st->o->run,
	                        .run = &st->run,
	                        .finish = run_read_done,
	                        .ctx = st,
	                        .file = &st->file};
	for (int i = 0; i < argc; i++) {
		st->file = strcmp(argv[i], "-") == 0 ? "<stdin>" : argv[i];
		int s = eval_runs_read(&how, argv[i]);
		*noinput |= s == EXIT_NOINPUT;
		status = exit_status_worst(status, s);
	}
	return status;
}

static int eval_go(struct eval_state *st, int argc, char *argv[])
{
	int status = read_expected(st, argv[0]);
	if (!status)
		status = read_criteria(st, argv[0]);
	if (!status)
		status = apply_options(st);
	if (!status && st->o->baseline)
		status = eval_baseline_read(&st->baseline);
	if (!status)
		status = eval_report_open(&st->report);
	if (status)
		return status;
	bool noinput = false;
	int read = read_runs(st, argc - 1, argv + 1, &noinput);
	read = exit_status_worst(read, st->status);
	int gate = 0, wrote = eval_report_write(&st->report, &gate);
	/* A write error on standard output is main()'s to report, once; it comes first. */
	output_flush();
	int out = output_failed() ? EXIT_IOERR : 0;
	if (out || wrote)
		return out ? out : wrote;
	/* eval.md 1.5: 66, then 65, then 1. */
	if (noinput)
		return EXIT_NOINPUT;
	if (read)
		return read;
	/* A baseline no case was found in compares nothing: a gate on it would pass unseen. */
	if (st->o->baseline && st->report.scored && !st->baseline.matched) {
		warnx_msg("%s: no case of these runs is in the baseline", st->o->baseline);
		return EXIT_DATAERR;
	}
	/* No silent pass: a gate that scored nothing has shown nothing. */
	if (!st->report.scored) {
		warnx_msg("eval: nothing was scored: no run had a metric adkev could evaluate, so "
		          "the gate does not pass");
		return EXIT_FALSE;
	}
	return gate;
}

static int run_eval(int argc, char *argv[])
{
	/* Secrets are hidden unless --no-redact, on both sides, as evalset hides them in a set. */
	struct eval_options o = {
	    .match = {.match = EVAL_EXACT}, .format = {.color = "auto"}, .redact = true};
	int status = command_parse(&command_eval, argc, argv, &o);
	if (status >= 0)
		return status;
	status = 0;
	argc -= optind;
	argv += optind;
	if (argc < 2)
		return command_usage_error(&command_eval,
		                           "EXPECTED and at least one RUN are needed");
	if (o.limits.count && !o.baseline)
		return command_usage_error(&command_eval, "--max-increase needs --baseline FILE");
	/* A limit on a metric no line has would hold nothing, and the gate would pass unseen. */
	for (size_t i = 0; i < o.limits.count; i++) {
		const struct eval_limit *l = &o.limits.list[i];
		if (eval_metric_scored(l->name, l->name_len))
			continue;
		struct strbuf names = STRBUF_INIT;
		eval_scored_metric_names(&names);
		status = command_usage_error(
		    &command_eval,
		    "--max-increase %.*s: no metric of that name has a score; adkev scores %s",
		    (int)l->name_len, l->name, names.buf);
		strbuf_release(&names);
		return status;
	}
	o.report.format = o.format.format;
	o.report.color = run_color_on(o.format.color);
	o.report.width = (size_t)output_terminal_width();
	struct redactor redactor;
	if (o.redact)
		redactor_init(&redactor, false, NULL, 0);
	struct eval_state st = {.o = &o,
	                        .values = json_array(),
	                        .redactor = o.redact ? &redactor : NULL,
	                        .baseline = {.path = o.baseline, .limits = &o.limits}};
	st.report = (struct eval_report){.o = &o.report,
	                                 .criteria = &st.criteria,
	                                 .expected = argv[0],
	                                 .require_all = o.require_all};
	st.report.cases = &st.cases;
	eval_run_init(&st.run);
	eval_cases_init(&st.cases);
	status = eval_go(&st, argc, argv);
	eval_cases_release(&st.cases);
	eval_run_release(&st.run);
	eval_criteria_clear(&st.criteria);
	json_decref(st.values);
	json_decref(st.set);
	eval_report_release(&st.report);
	if (o.redact)
		redactor_release(&redactor);
	eval_baseline_release(&st.baseline);
	return status;
}

const struct command command_eval = {
    .name = "eval",
    .summary = "Score recorded runs against an ADK eval set, as ADK scores them.",
    .options = eval_option_table,
    .operands = "EXPECTED RUN ...",
    .run = run_eval,
};
