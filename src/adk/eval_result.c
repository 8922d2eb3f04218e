/*
 * eval_result.c - a case's result in ADK's own shape: EvalCaseResult and
 * EvalSetResult of eval_result.py, EvalMetricResult and
 * EvalMetricResultPerInvocation of eval_metrics.py, with EvalStatus's
 * integers, field for field as LocalEvalSetResultsManager has pydantic's
 * model_dump_json() write them (snake_case, unset members as null) (eval.h).
 */
#include "adk/eval.h"
#include "write/json.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * ADK's EvalStatus integer of a status: eval_metrics.py EvalStatus, PASSED 1,
 * FAILED 2, NOT_EVALUATED 3, and INFORMATIONAL 4 since the informational
 * metrics (eval_metrics.py at 2d428ea).
 */
static int eval_adk_status(const char *status)
{
	static const char *const names[] = {"PASSED", "FAILED", "NOT_EVALUATED", "INFORMATIONAL"};
	for (int i = 0; i < 4; i++)
		if (status && strcmp(status, names[i]) == 0)
			return i + 1;
	return 3;
}

/*
 * An EvalMetricResult: the EvalMetric it was made from (metric_name,
 * threshold, criterion, custom_function_path, as local_eval_service.py
 * passes eval_metric.model_dump() on), then score, eval_status and details
 * (EvalMetricResultDetails: rubric_scores, token_usage_details).  The
 * informational metrics are EvalMetric(metric_name=...) alone
 * (append_default_efficiency_metrics()).
 */
static json_t *metric_result(const char *name, const json_t *m, const struct eval_criteria *c)
{
	struct eval_criterion *cr = eval_criteria_find((struct eval_criteria *)c, name);
	json_t *score = json_object_get(m, "score");
	json_t *usage = json_object_get(json_object_get(m, "details"), "token_usage_details");
	return json_pack(
	    "{s:s,s:o,s:O,s:O,s:O,s:i,s:{s:n,s:O}}", "metric_name", name, "threshold",
	    cr && cr->has_threshold ? json_real(cr->threshold) : json_null(), "criterion",
	    cr && cr->criterion ? cr->criterion : json_null(), "custom_function_path",
	    cr && cr->custom_function_path ? cr->custom_function_path : json_null(), "score",
	    score ? score : json_null(), "eval_status",
	    eval_adk_status(json_string_value(json_object_get(m, "status"))), "details",
	    "rubric_scores", "token_usage_details", usage ? usage : json_null());
}

/*
 * The EvalMetricResults of the metrics named in order (the case's overall
 * ones), each as metrics holds it; one it does not hold (a metric with no
 * value per invocation: a judge's, a custom one, the state match) is
 * NOT_EVALUATED, as local_eval_service.py writes an invocation's result
 * for a metric that was not evaluated (PerInvocationResult(actual)).
 */
static json_t *metric_results(const json_t *order, const json_t *metrics,
                              const struct eval_criteria *c)
{
	json_t *list = json_array(), *m;
	json_t *none = json_pack("{s:n,s:s}", "score", "status", "NOT_EVALUATED");
	const char *name;
	json_object_foreach((json_t *)order, name, m)
	{
		json_t *mine = json_object_get(metrics, name);
		json_array_append_new(list, metric_result(name, mine ? mine : none, c));
	}
	json_decref(none);
	return list;
}

/* eval_metric_result_per_invocation: each pair, with every metric of the case for it. */
static json_t *per_invocation(const struct eval_adk_case *k)
{
	json_t *list = json_array(), *inv;
	json_t *invs = json_object_get(k->result, "invocations");
	json_t *order = json_object_get(k->result, "metrics");
	size_t i;
	json_array_foreach(invs, i, inv)
	{
		json_t *actual = json_array_get(k->actual, i);
		json_t *expected = json_array_get(k->expected, i);
		json_array_append_new(
		    list,
		    json_pack("{s:O,s:O,s:o}", "actual_invocation", actual ? actual : json_null(),
		              "expected_invocation", expected ? expected : json_null(),
		              "eval_metric_results",
		              metric_results(order, json_object_get(inv, "metrics"), k->criteria)));
	}
	return list;
}

json_t *eval_adk_case_result(const struct eval_adk_case *k)
{
	const char *status = json_string_value(json_object_get(k->result, "status"));
	json_t *o = json_object();
	json_object_set_new(o, "eval_set_file", json_null());
	json_object_set_new(o, "eval_set_id",
	                    k->eval_set_id ? json_incref((json_t *)k->eval_set_id)
	                                   : json_string(""));
	json_object_set_new(o, "eval_id",
	                    k->eval_id ? json_incref((json_t *)k->eval_id) : json_string(""));
	json_object_set_new(o, "final_eval_status", json_integer(eval_adk_status(status)));
	json_object_set_new(o, "eval_metric_results", json_null());
	json_object_set_new(o, "overall_eval_metric_results",
	                    metric_results(json_object_get(k->result, "metrics"),
	                                   json_object_get(k->result, "metrics"), k->criteria));
	json_object_set_new(o, "eval_metric_result_per_invocation", per_invocation(k));
	/* A run named by a file whose name is not UTF-8 still has a session_id. */
	json_object_set_new(o, "session_id",
	                    json_string_lossy(k->session_id ? k->session_id : ""));
	json_object_set_new(o, "session_details", json_null());
	json_object_set_new(o, "user_id", k->user_id ? json_string_lossy(k->user_id) : json_null());
	return o;
}

/* A float as Python's repr() writes it: the fewest digits that read back the same. */
static void python_float(char *buf, size_t size, double v)
{
	for (int digits = 1; digits <= 17; digits++) {
		snprintf(buf, size, "%.*g", digits, v);
		if (strtod(buf, NULL) == v)
			break;
	}
	if (!strpbrk(buf, ".eni"))
		strncat(buf, ".0", size - strlen(buf) - 1);
}

void eval_adk_set_result_begin(struct json_writer *w, const char *app, const char *set_id,
                               double now)
{
	/* _eval_set_results_manager_utils.py create_eval_set_result() */
	char stamp[40];
	python_float(stamp, sizeof stamp, now);
	struct strbuf id = STRBUF_INIT;
	strbuf_addf(&id, "%s_%s_%s", app, set_id, stamp);
	char *name = xstrdup(id.buf);
	for (char *p = name; *p; p++)
		if (*p == '/') /* _sanitize_eval_set_result_name() */
			*p = '_';
	jw_object_begin(w);
	jw_key(w, "eval_set_result_id");
	jw_string(w, id.buf, id.len);
	jw_key(w, "eval_set_result_name");
	jw_string(w, name, strlen(name));
	jw_key(w, "eval_set_id");
	jw_string(w, set_id, strlen(set_id));
	jw_key(w, "eval_case_results");
	jw_array_begin(w);
	free(name);
	strbuf_release(&id);
}

void eval_adk_set_result_end(struct json_writer *w, double now)
{
	jw_array_end(w);
	jw_key(w, "creation_timestamp");
	jw_real(w, now);
	jw_object_end(w);
}
