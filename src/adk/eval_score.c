/*
 * eval_score.c - ADK's metrics for a run's invocations held against an eval
 * case's, each computed as the ADK function named in its comment computes
 * it, and the result eval.md 1.5 writes (eval.h).
 */
#include "adk/eval.h"
#include "adk/event.h"
#include "adk/rouge.h"

#include <stdio.h>
#include <string.h>

/* eval_case.py get_all_tool_calls(): IntermediateData's tool_uses, or the events' calls. */
static json_t *tool_calls(const json_t *inv)
{
	json_t *calls = json_array(), *data = adk_get(inv, ADK_INTERMEDIATE_DATA);
	json_t *uses = adk_get(data, ADK_TOOL_USES), *events = adk_get(data, ADK_INVOCATION_EVENTS);
	json_t *e, *part, *fc;
	size_t i, j;
	json_array_foreach(uses, i, fc)
	    json_array_append_new(calls, json_pack("{s:O?,s:O?}", "name", adk_get(fc, ADK_NAME),
	                                           "args", adk_get(fc, ADK_ARGS)));
	json_array_foreach(events, i, e)
	{
		json_t *parts = adk_get(adk_get(e, ADK_CONTENT), ADK_PARTS);
		json_array_foreach(parts, j, part)
		{
			if (!(fc = adk_get(part, ADK_FUNCTION_CALL)))
				continue;
			json_array_append_new(calls, json_pack("{s:O?,s:O?}", "name",
			                                       adk_get(fc, ADK_NAME), "args",
			                                       adk_get(fc, ADK_ARGS)));
		}
	}
	return calls;
}

static bool same_call(const json_t *a, const json_t *b, bool ignore_args)
{
	json_t *aa = json_object_get(a, "args"), *ba = json_object_get(b, "args");
	if (!json_equal(json_object_get(a, "name"), json_object_get(b, "name")))
		return false;
	return ignore_args || (aa == NULL && ba == NULL) || (aa && ba && json_equal(aa, ba));
}

/* trajectory_evaluator.py _are_tool_calls_exact_match() */
static bool exact_match(const json_t *act, const json_t *exp, bool ignore)
{
	if (json_array_size(act) != json_array_size(exp))
		return false;
	for (size_t i = 0; i < json_array_size(act); i++)
		if (!same_call(json_array_get(act, i), json_array_get(exp, i), ignore))
			return false;
	return true;
}

/* trajectory_evaluator.py _are_tool_calls_in_order_match() */
static bool in_order_match(const json_t *act, const json_t *exp, bool ignore)
{
	size_t next = 0, n = json_array_size(exp);
	for (size_t i = 0; i < json_array_size(act) && next < n; i++)
		if (same_call(json_array_get(act, i), json_array_get(exp, next), ignore))
			next++;
	return next == n;
}

/* trajectory_evaluator.py _are_tool_calls_any_order_match(): each actual call used once. */
static bool any_order_match(const json_t *act, const json_t *exp, bool ignore)
{
	size_t n = json_array_size(act);
	bool used[n + 1];
	memset(used, 0, sizeof used);
	for (size_t j = 0; j < json_array_size(exp); j++) {
		size_t i = 0;
		while (i < n && (used[i] || !same_call(json_array_get(act, i),
		                                       json_array_get(exp, j), ignore)))
			i++;
		if (i == n)
			return false;
		used[i] = true;
	}
	return true;
}

/* trajectory_evaluator.py _calculate_tool_use_accuracy() */
static double trajectory_score(const struct eval_criterion *c, const json_t *act, const json_t *exp)
{
	bool ok = c->match == EVAL_EXACT      ? exact_match(act, exp, c->ignore_args)
	          : c->match == EVAL_IN_ORDER ? in_order_match(act, exp, c->ignore_args)
	                                      : any_order_match(act, exp, c->ignore_args);
	return ok ? 1.0 : 0.0;
}

static json_t *response_text(const json_t *inv)
{
	struct strbuf sb = STRBUF_INIT;
	eval_content_text(adk_get(inv, ADK_FINAL_RESPONSE), &sb);
	json_t *s = json_stringn(sb.buf ? sb.buf : "", sb.len);
	strbuf_release(&sb);
	return s;
}

/* final_response_match_v1.py RougeEvaluator: rouge1 of the response against the reference. */
static double response_score(const json_t *act, const json_t *exp)
{
	json_t *a = response_text(act), *e = response_text(exp);
	struct rouge_score s = rouge1_adk(json_string_value(e), json_string_length(e),
	                                  json_string_value(a), json_string_length(a));
	json_decref(a);
	json_decref(e);
	return s.fmeasure;
}

static const char *status_of(double score, double threshold)
{
	/* The evaluators' _get_eval_status(): PASSED when score >= threshold. */
	return score >= threshold ? "PASSED" : "FAILED";
}

static json_t *metric(json_t *score, const struct eval_criterion *c, const char *status)
{
	json_t *m = json_pack("{s:o}", "score", score ? score : json_null());
	if (c && c->has_threshold)
		json_object_set_new(m, "threshold", json_real(c->threshold));
	json_object_set_new(m, "status", json_string(status));
	return m;
}

/* --- informational metrics: _efficiency_evaluators.py --- */

/* _is_model_call_event() over an invocation's events; -1 (None) without InvocationEvents. */
static double inference_calls(const json_t *inv)
{
	json_t *events = adk_get(adk_get(inv, ADK_INTERMEDIATE_DATA), ADK_INVOCATION_EVENTS), *e;
	size_t i;
	if (!json_is_array(events))
		return -1;
	double n = 0;
	json_array_foreach(events, i, e) n +=
	    adk_get(e, ADK_USAGE_METADATA) != NULL || adk_get(e, ADK_MODEL_VERSION) != NULL;
	return n;
}

static bool count_of(const json_t *usage, enum adk_field field, double *sum)
{
	json_t *v = adk_get(usage, field);
	if (!json_is_number(v))
		return false;
	*sum += json_number_value(v);
	return true;
}

/*
 * _TokenUsageV1Evaluator._token_usage_details(): the invocation's total, input
 * (prompt tokens) plus output (candidates and thoughts tokens); -1 (None)
 * when no model call reported either.
 */
static double tokens(const json_t *inv)
{
	json_t *events = adk_get(adk_get(inv, ADK_INTERMEDIATE_DATA), ADK_INVOCATION_EVENTS), *e;
	size_t i;
	double total = 0;
	bool any = false;
	json_array_foreach(events, i, e)
	{
		json_t *u = adk_get(e, ADK_USAGE_METADATA);
		any |= count_of(u, ADK_PROMPT_TOKEN_COUNT, &total);
		any |= count_of(u, ADK_CANDIDATES_TOKEN_COUNT, &total);
		any |= count_of(u, ADK_THOUGHTS_TOKEN_COUNT, &total);
	}
	return any ? total : -1;
}

enum info { INFO_TOOLS, INFO_INFERENCE, INFO_TOKENS, INFO_COUNT };
static const char *const info_names[] = {"tool_call_count_v1", "inference_call_count_v1",
                                         "token_usage_v1"};

static double info_value(enum info which, const json_t *inv)
{
	if (which == INFO_TOOLS) {
		json_t *calls = tool_calls(inv);
		double n = (double)json_array_size(calls);
		json_decref(calls);
		return n;
	}
	return which == INFO_INFERENCE ? inference_calls(inv) : tokens(inv);
}

static json_t *number_or_null(double v)
{
	return v < 0 ? json_null() : json_real(v);
}

/*
 * _evaluate_efficiency_metric(): the mean of the values there are; for
 * token_usage_v1 (_average()) a missing count is 0 over every invocation.
 */
static json_t *info_metric(enum info which, const json_t *actual, json_t *invs)
{
	double sum = 0;
	size_t n = 0, all = json_array_size(actual);
	for (size_t i = 0; i < all; i++) {
		double v = info_value(which, json_array_get(actual, i));
		json_t *m = json_object_get(json_array_get(invs, i), "metrics");
		json_object_set_new(
		    m, info_names[which],
		    json_pack("{s:o,s:s}", "score", number_or_null(v), "status", "INFORMATIONAL"));
		if (v >= 0) {
			sum += v;
			n++;
		}
	}
	size_t denominator = which == INFO_TOKENS ? all : n;
	json_t *score = n ? json_real(sum / (double)denominator) : json_null();
	return json_pack("{s:o,s:s}", "score", score, "status", "INFORMATIONAL");
}

/* --- the case --- */

static json_t *side(const json_t *inv)
{
	if (!inv)
		return json_null();
	return json_pack("{s:o,s:o}", "tool_calls", tool_calls(inv), "response",
	                 response_text(inv));
}

/* The per-invocation entries, expected and actual paired in order. */
static json_t *pairs(const json_t *expected, const json_t *actual)
{
	size_t ne = json_array_size(expected), na = json_array_size(actual);
	json_t *list = json_array();
	for (size_t i = 0; i < (ne > na ? ne : na); i++) {
		const json_t *e = json_array_get(expected, i), *a = json_array_get(actual, i);
		json_t *id = adk_get(e ? e : a, ADK_INVOCATION_ID);
		struct strbuf user = STRBUF_INIT;
		if (!(e && eval_user_text(e, &user)) && a)
			eval_user_text(a, &user);
		json_array_append_new(list,
		                      json_pack("{s:O?,s:s%,s:{},s:o,s:o}", "invocation_id", id,
		                                "user", user.buf ? user.buf : "", user.len,
		                                "metrics", "expected", side(e), "actual", side(a)));
		strbuf_release(&user);
	}
	return list;
}

/* A reference-based metric over paired invocations: the evaluators' mean of per-pair scores. */
static json_t *paired_metric(const struct eval_criterion *c, const json_t *expected,
                             const json_t *actual, json_t *invs)
{
	size_t ne = json_array_size(expected), na = json_array_size(actual);
	if (ne != na) {
		char why[128];
		snprintf(why, sizeof why, "the run has %zu invocations and the case %zu", na, ne);
		json_t *m = metric(NULL, c, "FAILED");
		json_object_set_new(m, "reason", json_string(why));
		return m;
	}
	if (ne == 0) /* the evaluators' EvaluationResult() when nothing was paired */
		return metric(NULL, c, "NOT_EVALUATED");
	double sum = 0;
	for (size_t i = 0; i < ne; i++) {
		const json_t *e = json_array_get(expected, i), *a = json_array_get(actual, i);
		json_t *calls_a = tool_calls(a), *calls_e = tool_calls(e);
		double s = c->kind == EVAL_TRAJECTORY ? trajectory_score(c, calls_a, calls_e)
		                                      : response_score(a, e);
		json_decref(calls_a);
		json_decref(calls_e);
		sum += s;
		json_object_set_new(
		    json_object_get(json_array_get(invs, i), "metrics"), c->name,
		    json_pack("{s:f,s:s}", "score", s, "status", status_of(s, c->threshold)));
	}
	double overall = sum / (double)ne;
	return metric(json_real(overall), c, status_of(overall, c->threshold));
}

/* final_session_state_match (adkev's own): the share of expected keys the run's state has equal. */
static json_t *state_metric(const struct eval_criterion *c, const json_t *state,
                            const json_t *expected_state)
{
	size_t n = json_object_size(expected_state), same = 0;
	if (n == 0) {
		json_t *m = metric(NULL, c, "NOT_EVALUATED");
		json_object_set_new(m, "reason",
		                    json_string("the case has no final_session_state"));
		return m;
	}
	const char *key;
	json_t *value;
	json_object_foreach((json_t *)expected_state, key, value)
	{
		json_t *got = json_object_get(state, key);
		same += got && json_equal(got, value);
	}
	double share = (double)same / (double)n;
	return metric(json_real(share), c, status_of(share, c->threshold));
}

/* The case status of ADK's _generate_final_eval_status() over a result's metrics. */
static const char *eval_case_status(const json_t *metrics)
{
	/* _eval_case_result_aggregator.py _generate_final_eval_status() */
	bool passed = false;
	const char *key;
	json_t *m;
	json_object_foreach((json_t *)metrics, key, m)
	{
		const char *s = json_string_value(json_object_get(m, "status"));
		if (s && strcmp(s, "FAILED") == 0)
			return "FAILED";
		passed |= s && strcmp(s, "PASSED") == 0;
	}
	return passed ? "PASSED" : "NOT_EVALUATED";
}

json_t *eval_score(const json_t *expected, const json_t *actual, const struct eval_criteria *c,
                   const json_t *state, const json_t *expected_state)
{
	json_t *invs = pairs(expected, actual), *metrics = json_object();
	for (size_t i = 0; i < c->count; i++) {
		const struct eval_criterion *cr = &c->list[i];
		json_t *m;
		if (cr->kind == EVAL_TRAJECTORY || cr->kind == EVAL_RESPONSE) {
			m = paired_metric(cr, expected, actual, invs);
		} else if (cr->kind == EVAL_STATE) {
			m = state_metric(cr, state, expected_state);
		} else {
			m = metric(NULL, cr, "NOT_EVALUATED");
			json_object_set_new(
			    m, "reason",
			    json_string("needs a judge model, which adkev does not call"));
		}
		json_object_set_new(metrics, cr->name, m);
	}
	for (int k = 0; k < INFO_COUNT; k++)
		json_object_set_new(metrics, info_names[k],
		                    info_metric((enum info)k, actual, invs));
	return json_pack("{s:s,s:o,s:o}", "status", eval_case_status(metrics), "metrics", metrics,
	                 "invocations", invs);
}
