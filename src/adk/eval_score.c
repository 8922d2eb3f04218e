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

#define NO_TEXT_ANSWER "no text answer on either side"

bool eval_text_answer(const json_t *inv)
{
	json_t *text = response_text(inv);
	const char *p = json_string_value(text);
	while (*p && strchr(" \t\r\n", *p))
		p++;
	bool any = *p != '\0';
	json_decref(text);
	return any;
}

/*
 * final_response_match_v1.py RougeEvaluator: rouge1 of the response against
 * the reference.  Where neither side has a text answer (a tool confirmation,
 * an auth request, a model error) ADK scores 0, failing a run against itself;
 * adkev returns false there instead: the invocation is NOT_EVALUATED.
 */
static bool response_score(const json_t *act, const json_t *exp, double *score)
{
	if (!eval_text_answer(act) && !eval_text_answer(exp))
		return false;
	json_t *a = response_text(act), *e = response_text(exp);
	*score = rouge1_adk(json_string_value(e), json_string_length(e), json_string_value(a),
	                    json_string_length(a))
	             .fmeasure;
	json_decref(a);
	json_decref(e);
	return true;
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

/*
 * TokenUsageDetails (eval_metrics.py): the counts nest, total over input
 * (prompt, of which cached, and tool use) and output (candidates and
 * reasoning); a count no call reported is None (has false), not 0.
 */
enum token {
	TOKEN_TOTAL,
	TOKEN_INPUT,
	TOKEN_PROMPT,
	TOKEN_CACHED,
	TOKEN_TOOL_USE,
	TOKEN_OUTPUT,
	TOKEN_CANDIDATES,
	TOKEN_REASONING,
	TOKEN_KINDS
};
static const char *const token_names[] = {"total_tokens",      "input_tokens",    "prompt_tokens",
                                          "cached_tokens",     "tool_use_tokens", "output_tokens",
                                          "candidates_tokens", "reasoning_tokens"};
struct tokens {
	double count[TOKEN_KINDS];
	bool has[TOKEN_KINDS];
};

/* _TokenUsageV1Evaluator._add(): a count not reported leaves the sum as it is. */
static void token_add(struct tokens *t, enum token which, bool has, double n)
{
	if (!has)
		return;
	t->count[which] += n;
	t->has[which] = true;
}

/*
 * One model call's usage metadata folded in: telemetry/_token_usage.py
 * TokenUsage.from_usage_metadata() (input is prompt plus tool use prompt
 * tokens, output candidates plus thoughts tokens; cached tokens are part of
 * the prompt) and _TokenUsageV1Evaluator._add_call().
 */
static void token_call(struct tokens *t, const json_t *usage)
{
	static const enum adk_field fields[] = {
	    ADK_PROMPT_TOKEN_COUNT, ADK_TOOL_USE_PROMPT_TOKEN_COUNT, ADK_CANDIDATES_TOKEN_COUNT,
	    ADK_THOUGHTS_TOKEN_COUNT, ADK_CACHED_CONTENT_TOKEN_COUNT};
	double n[5] = {0};
	bool has[5];
	for (int i = 0; i < 5; i++) {
		json_t *v = adk_get(usage, fields[i]);
		has[i] = json_is_number(v);
		n[i] = has[i] ? json_number_value(v) : 0;
	}
	token_add(t, TOKEN_INPUT, has[0] || has[1], n[0] + n[1]);
	token_add(t, TOKEN_PROMPT, has[0], n[0]);
	token_add(t, TOKEN_CACHED, has[4], n[4]);
	token_add(t, TOKEN_TOOL_USE, has[1], n[1]);
	token_add(t, TOKEN_OUTPUT, has[2] || has[3], n[2] + n[3]);
	token_add(t, TOKEN_CANDIDATES, has[2], n[2]);
	token_add(t, TOKEN_REASONING, has[3], n[3]);
}

/* _TokenUsageV1Evaluator._token_usage_details(): every usage_metadata of the invocation. */
static struct tokens invocation_tokens(const json_t *inv)
{
	json_t *events = adk_get(adk_get(inv, ADK_INTERMEDIATE_DATA), ADK_INVOCATION_EVENTS), *e;
	struct tokens t = {0};
	size_t i;
	json_array_foreach(events, i, e)
	{
		json_t *u = adk_get(e, ADK_USAGE_METADATA);
		if (u && !json_is_null(u))
			token_call(&t, u);
	}
	/* total is derived from the two directions, not the backend's total_token_count. */
	if (t.has[TOKEN_INPUT] || t.has[TOKEN_OUTPUT]) {
		t.count[TOKEN_TOTAL] = t.count[TOKEN_INPUT] + t.count[TOKEN_OUTPUT];
		t.has[TOKEN_TOTAL] = true;
	}
	return t;
}

static json_t *number_or_null(double v)
{
	return v < 0 ? json_null() : json_real(v);
}

/* The token_usage_v1 result: its score, the total, and {"token_usage_details": ...}. */
static json_t *token_metric(const struct tokens *t)
{
	json_t *d = json_object();
	for (int k = 0; k < TOKEN_KINDS; k++)
		json_object_set_new(d, token_names[k],
		                    t->has[k] ? json_real(t->count[k]) : json_null());
	return json_pack("{s:o,s:s,s:{s:o}}", "score",
	                 t->has[TOKEN_TOTAL] ? json_real(t->count[TOKEN_TOTAL]) : json_null(),
	                 "status", "INFORMATIONAL", "details", "token_usage_details", d);
}

/*
 * _TokenUsageV1Evaluator: each invocation's counts, and their _average():
 * each count over every invocation, a count one did not report being 0 for
 * it, and None only when none reported it.
 */
static json_t *tokens_metric(const json_t *actual, json_t *invs)
{
	struct tokens mean = {0};
	size_t all = json_array_size(actual);
	for (size_t i = 0; i < all; i++) {
		struct tokens t = invocation_tokens(json_array_get(actual, i));
		json_t *m = json_object_get(json_array_get(invs, i), "metrics");
		json_object_set_new(m, "token_usage_v1", token_metric(&t));
		for (int k = 0; k < TOKEN_KINDS; k++)
			token_add(&mean, (enum token)k, t.has[k], t.count[k]);
	}
	for (int k = 0; k < TOKEN_KINDS; k++)
		mean.count[k] /= all ? (double)all : 1;
	if (!all)
		return json_pack("{s:n,s:s}", "score", "status", "INFORMATIONAL");
	return token_metric(&mean);
}

enum info { INFO_TOOLS, INFO_INFERENCE, INFO_DURATION };
static const char *const info_names[] = {"tool_call_count_v1", "inference_call_count_v1",
                                         "invocation_duration_v1"};

/*
 * _ToolCallCountV1Evaluator, _InferenceCallCountV1Evaluator and
 * _InvocationDurationV1Evaluator._compute_value(); -1 for None.  A run's
 * invocations carry no duration (ADK measures it only while it runs the
 * agent), so invocation_duration_v1 is n/a unless an invocation holds one.
 */
static double info_value(enum info which, const json_t *inv)
{
	if (which == INFO_TOOLS) {
		json_t *calls = tool_calls(inv);
		double n = (double)json_array_size(calls);
		json_decref(calls);
		return n;
	}
	if (which == INFO_INFERENCE)
		return inference_calls(inv);
	json_t *d = adk_get(inv, ADK_DURATION);
	return json_is_number(d) && json_number_value(d) >= 0 ? json_number_value(d) : -1;
}

/* _evaluate_efficiency_metric(): the mean of the values there are, None when there is none. */
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
	json_t *score = n ? json_real(sum / (double)n) : json_null();
	return json_pack("{s:o,s:s}", "score", score, "status", "INFORMATIONAL");
}

/*
 * eval_config.py append_default_efficiency_metrics(): the informational
 * metrics, always reported, after the configured ones, in
 * _DEFAULT_EFFICIENCY_METRICS' order.
 */
static void info_metrics(json_t *metrics, const json_t *actual, json_t *invs)
{
	json_object_set_new(metrics, info_names[INFO_TOOLS], info_metric(INFO_TOOLS, actual, invs));
	json_object_set_new(metrics, info_names[INFO_INFERENCE],
	                    info_metric(INFO_INFERENCE, actual, invs));
	json_object_set_new(metrics, "token_usage_v1", tokens_metric(actual, invs));
	json_object_set_new(metrics, info_names[INFO_DURATION],
	                    info_metric(INFO_DURATION, actual, invs));
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
		snprintf(why, sizeof why, "the run has %zu invocation%s and the case %zu", na,
		         na == 1 ? "" : "s", ne);
		json_t *m = metric(NULL, c, "FAILED");
		json_object_set_new(m, "reason", json_string(why));
		return m;
	}
	if (ne == 0) /* the evaluators' EvaluationResult() when nothing was paired */
		return metric(NULL, c, "NOT_EVALUATED");
	double sum = 0;
	size_t evaluated = 0;
	for (size_t i = 0; i < ne; i++) {
		const json_t *e = json_array_get(expected, i), *a = json_array_get(actual, i);
		json_t *calls_a = tool_calls(a), *calls_e = tool_calls(e);
		double s = 0;
		bool scored = true;
		if (c->kind == EVAL_TRAJECTORY)
			s = trajectory_score(c, calls_a, calls_e);
		else
			scored = response_score(a, e, &s);
		json_decref(calls_a);
		json_decref(calls_e);
		json_t *m = scored ? json_pack("{s:f,s:s}", "score", s, "status",
		                               status_of(s, c->threshold))
		                   : json_pack("{s:n,s:s,s:s}", "score", "status", "NOT_EVALUATED",
		                               "reason", NO_TEXT_ANSWER);
		json_object_set_new(json_object_get(json_array_get(invs, i), "metrics"), c->name,
		                    m);
		sum += s;
		evaluated += scored;
	}
	/* As ADK leaves out per-invocation results without a score, the mean is over the rest. */
	if (!evaluated) {
		json_t *m = metric(NULL, c, "NOT_EVALUATED");
		json_object_set_new(m, "reason",
		                    json_string("no invocation has a text answer on either side"));
		return m;
	}
	double overall = sum / (double)evaluated;
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
			    json_string(
			        cr->kind == EVAL_CUSTOM
			            ? "a custom metric, whose Python code adkev does not run"
			            : "needs a judge model, which adkev does not call"));
		}
		json_object_set_new(metrics, cr->name, m);
	}
	info_metrics(metrics, actual, invs);
	return json_pack("{s:s,s:o,s:o}", "status", eval_case_status(metrics), "metrics", metrics,
	                 "invocations", invs);
}
