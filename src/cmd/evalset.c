/*
 * evalset.c - adkev evalset: an ADK eval set made from recorded runs, one
 * eval case per run (per session of a source that holds several), as ADK's
 * LocalEvalSetsManager writes one (shared/spec/eval.md section 2): snake_case,
 * indented by 2, members at their defaults left out.
 */
#include "adk/eval.h"
#include "adk/event.h"
#include "cmd/eval_runs.h"
#include "cmd/run.h"

#include <stdlib.h>
#include <string.h>

struct evalset_options {
	struct run_options run;
	const char *id;     /* --id ID, for a single run */
	const char *set_id; /* --set-id ID */
	const char *name;   /* --name NAME */
	const char *append; /* --append FILE */
	bool force;         /* --force */
	bool final_state;   /* --final-state */
};

static const struct option_row evalset_option_table[] = {
    OPTION_STRING_ROW(0, "id", "ID", struct evalset_options, id,
                      "the eval_id of the case (a single run)"),
    OPTION_STRING_ROW(0, "set-id", "ID", struct evalset_options, set_id,
                      "the eval_set_id (default: adkev)"),
    OPTION_STRING_ROW(0, "name", "NAME", struct evalset_options, name,
                      "the set's name (default: adkev)"),
    OPTION_PATH_ROW(0, "append", "FILE", COMPLETE_FILE, struct evalset_options, append,
                    "add the cases to the eval set in FILE, and write the whole set"),
    OPTION_TRUE_ROW(0, "force", struct evalset_options, force,
                    "with --append, replace a case of the same eval_id"),
    OPTION_TRUE_ROW(0, "final-state", struct evalset_options, final_state,
                    "give each case the run's final session state"),
    OPTION_INCLUDE_ROW(run_option_table, RUN_INPUT | RUN_JOBS | RUN_SESSIONS,
                       struct evalset_options, run),
    OPTION_END_ROW,
};

struct evalset_state {
	const struct evalset_options *o;
	json_t *cases;
	struct eval_run run;
	const char *file;
};

/* The case's eval_id: --id, else the run's name (eval.md 1.3). */
static char *case_name(const struct evalset_state *st)
{
	return st->o->id ? xstrdup(st->o->id) : eval_run_name(&st->run, st->file);
}

static void finish_case(struct evalset_state *st)
{
	if (!st->run.any)
		return;
	char *name = case_name(st);
	json_t *c =
	    json_pack("{s:s,s:o}", "eval_id", name, "conversation", eval_run_invocations(&st->run));
	if (st->run.app_name || st->run.user_id)
		json_object_set_new(c, "session_input",
		                    json_pack("{s:s?,s:s?}", "app_name", st->run.app_name,
		                              "user_id", st->run.user_id));
	if (st->o->final_state && json_object_size(st->run.state))
		json_object_set(c, "final_session_state", st->run.state);
	json_array_append_new(st->cases, c);
	free(name);
	eval_run_release(&st->run);
	eval_run_init(&st->run);
}

static int evalset_item(void *ctx, struct reader *r, const struct reader_item *item)
{
	struct evalset_state *st = ctx;
	(void)r;
	if (eval_run_ends_before(&st->run, item))
		finish_case(st);
	eval_run_add(&st->run, item);
	return 0;
}

/* A run read: its case made (nothing is written unless every run was read whole). */
static void read_done(void *ctx, int status)
{
	(void)status;
	finish_case(ctx);
}

/* The set to append to, or a new one. */
static json_t *base_set(const struct evalset_options *o, int *status)
{
	if (!o->append)
		return json_pack("{s:s,s:s,s:[]}", "eval_set_id", o->set_id ? o->set_id : "adkev",
		                 "name", o->name ? o->name : "adkev", "eval_cases");
	json_t *set = run_read_value(o->append, status);
	if (set && !json_is_array(adk_get(set, ADK_EVAL_CASES))) {
		warnx_msg("%s: not an eval set (no eval_cases array)", o->append);
		json_decref(set);
		set = NULL;
		*status = EXIT_DATAERR;
	}
	return set;
}

/* Adds the new cases to the set; 65 (nothing written) for an eval_id already there. */
static int merge(const struct evalset_options *o, json_t *set, json_t *cases)
{
	json_t *old = adk_get(set, ADK_EVAL_CASES), *c, *d;
	size_t i, j;
	json_array_foreach(cases, i, c)
	{
		json_t *id = json_object_get(c, "eval_id");
		bool placed = false;
		json_array_foreach(old, j, d) if (json_equal(adk_get(d, ADK_EVAL_ID), id))
		{
			if (!o->force) {
				warnx_msg("%s: eval_id '%s' is there already; --force replaces it",
				          o->append ? o->append : "<set>", json_string_value(id));
				return EXIT_DATAERR;
			}
			json_array_set(old, j, c);
			placed = true;
			break;
		}
		if (!placed)
			json_array_append(old, c);
	}
	return 0;
}

static int run_evalset(int argc, char *argv[])
{
	struct evalset_options o = {.id = NULL};
	int status = command_parse(&command_evalset, argc, argv, &o);
	if (status >= 0)
		return status;
	status = 0;
	argc -= optind;
	argv += optind;
	if (o.id && argc > 1)
		return command_usage_error(&command_evalset, "--id names the case of a single run");
	json_t *set = base_set(&o, &status);
	if (!set)
		return status;
	struct evalset_state st = {.o = &o, .cases = json_array()};
	eval_run_init(&st.run);
	char *stdin_name[] = {"-"};
	struct run_plan plan = {.item = evalset_item, .ctx = &st};
	struct eval_runs how = {.plan = &plan,
	                        .o = &o.run,
	                        .run = &st.run,
	                        .finish = read_done,
	                        .ctx = &st,
	                        .file = &st.file};
	for (int i = 0; i < (argc ? argc : 1); i++) {
		char **arg = argc ? &argv[i] : stdin_name;
		st.file = strcmp(*arg, "-") == 0 ? "stdin" : *arg;
		status = exit_status_worst(status, eval_runs_read(&how, *arg));
	}
	/* --id names one case: a source of several sessions is refused as several operands are. */
	if (!status && o.id && json_array_size(st.cases) > 1)
		status = command_usage_error(
		    &command_evalset, "--id names the case of a single run; %s holds %zu runs",
		    argc ? argv[0] : "stdin", json_array_size(st.cases));
	/* Nothing half written: the set only when every run was read. */
	if (!status)
		status = merge(&o, set, st.cases);
	if (!status) {
		o.run.style.pretty = true;
		output_set_style(o.run.style);
		output_json(set); /* main()'s output_finish() reports a write error, once */
	}
	eval_run_release(&st.run);
	json_decref(st.cases);
	json_decref(set);
	return status;
}

const struct command command_evalset = {
    .name = "evalset",
    .summary = "Write an ADK eval set made from recorded runs.",
    .options = evalset_option_table,
    .operands = "[RUN ...]",
    .run = run_evalset,
};
