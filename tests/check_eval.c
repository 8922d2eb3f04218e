/*
 * check_eval.c - eval.md section 1: each rule of ADK's evaluation that
 * adkev eval follows, held to its outcome (scores and statuses), with the
 * ADK Python function it comes from (google/adk-python,
 * src/google/adk/evaluation/) named at each test.
 *
 * Runs come from the real corpus (tests/corpus/adkjs, written by ADK JS);
 * eval sets and invocations of an eval case are user-written config, so
 * they are built here with jansson.
 */
#include "testutil.h"

#include "adk/eval.h"
#include "cmd/eval_report.h"
#include "read/pool.h"
#include "read/reader.h"
#include "util.h"

#include <math.h>

/* The run of a corpus file: its invocations (owned by the caller) and, in *state, its folded state.
 */
static json_t *run_of(const char *path, json_t **state)
{
	char *operands[] = {(char *)path};
	struct reader *r = reader_new(operands, 1, NULL);
	struct reader_item item;
	struct eval_run run;
	eval_run_init(&run);
	while (reader_next(r, &item) == READ_ITEM)
		eval_run_add(&run, &item);
	ck_assert_int_eq(reader_status(r), 0);
	reader_free(r);
	json_t *invocations = eval_run_invocations(&run);
	if (state)
		*state = json_deep_copy(run.state);
	eval_run_release(&run);
	return invocations;
}

/* A function call {name, args} of an expected tool use; args NULL for none. */
static json_t *call(const char *name, json_t *args)
{
	json_t *c = json_pack("{s:s}", "name", name);
	if (args)
		json_object_set_new(c, "args", args);
	return c;
}

/* An eval case's invocation with the tool uses given (stolen) and a text response (NULL: none). */
static json_t *invocation(json_t *tool_uses, const char *response)
{
	json_t *inv = json_pack("{s:s,s:{s:[{s:s}],s:s},s:{s:o}}", "invocation_id", "i",
	                        "user_content", "parts", "text", "hello", "role", "user",
	                        "intermediate_data", "tool_uses", tool_uses);
	if (response)
		json_object_set_new(
		    inv, "final_response",
		    json_pack("{s:[{s:s}],s:s}", "parts", "text", response, "role", "model"));
	return inv;
}

/* Criteria holding the one criterion name with its EvalConfig value (stolen). */
static void criteria_of(struct eval_criteria *c, const char *name, json_t *value)
{
	*c = (struct eval_criteria){0};
	ck_assert_ptr_null(eval_criteria_set(c, name, value));
	json_decref(value);
}

static const json_t *metric_of(const json_t *result, const char *name)
{
	const json_t *m = json_object_get(json_object_get(result, "metrics"), name);
	ck_assert_msg(m != NULL, "no metric %s", name);
	return m;
}

static double score_of(const json_t *result, const char *name)
{
	const json_t *score = json_object_get(metric_of(result, name), "score");
	ck_assert_msg(json_is_number(score), "%s has no score", name);
	return json_number_value(score);
}

static const char *status_of(const json_t *result, const char *name)
{
	return json_string_value(json_object_get(metric_of(result, name), "status"));
}

/* The tool trajectory score of one invocation's calls (both stolen) under value (stolen). */
static double trajectory(json_t *actual_calls, json_t *expected_calls, json_t *value)
{
	struct eval_criteria c;
	criteria_of(&c, "tool_trajectory_avg_score", value);
	json_t *act = json_pack("[o]", invocation(actual_calls, NULL));
	json_t *exp = json_pack("[o]", invocation(expected_calls, NULL));
	json_t *result = eval_score(exp, act, &c, NULL, NULL);
	double s = score_of(result, "tool_trajectory_avg_score");
	json_decref(result);
	json_decref(act);
	json_decref(exp);
	eval_criteria_clear(&c);
	return s;
}

static json_t *match(const char *type, bool ignore_args)
{
	return json_pack("{s:f,s:s,s:b}", "threshold", 1.0, "match_type", type, "ignore_args",
	                 ignore_args);
}

/* trajectory_evaluator.py TrajectoryEvaluator._are_tool_calls_exact_match(): same calls, same
 * order. */
START_TEST(exact_match_needs_the_same_calls_in_the_same_order)
{
	ck_assert(
	    trajectory(json_pack("[o,o]", call("f", json_pack("{s:i}", "x", 1)), call("g", NULL)),
	               json_pack("[o,o]", call("f", json_pack("{s:i}", "x", 1)), call("g", NULL)),
	               match("EXACT", false)) == 1.0);
	ck_assert(trajectory(json_pack("[o,o]", call("g", NULL), call("f", NULL)),
	                     json_pack("[o,o]", call("f", NULL), call("g", NULL)),
	                     match("EXACT", false)) == 0.0);
	ck_assert(trajectory(json_pack("[o,o]", call("f", NULL), call("g", NULL)),
	                     json_pack("[o]", call("f", NULL)), match("EXACT", false)) == 0.0);
	ck_assert(trajectory(json_pack("[o]", call("f", json_pack("{s:i}", "x", 2))),
	                     json_pack("[o]", call("f", json_pack("{s:i}", "x", 1))),
	                     match("EXACT", false)) == 0.0);
}
END_TEST

/* trajectory_evaluator.py TrajectoryEvaluator._are_tool_calls_in_order_match(): others may come
 * between. */
START_TEST(in_order_match_allows_calls_between)
{
	ck_assert(
	    trajectory(json_pack("[o,o,o]", call("f", NULL), call("x", NULL), call("g", NULL)),
	               json_pack("[o,o]", call("f", NULL), call("g", NULL)),
	               match("IN_ORDER", false)) == 1.0);
	ck_assert(trajectory(json_pack("[o,o]", call("g", NULL), call("f", NULL)),
	                     json_pack("[o,o]", call("f", NULL), call("g", NULL)),
	                     match("IN_ORDER", false)) == 0.0);
	ck_assert(trajectory(json_pack("[o]", call("f", NULL)),
	                     json_pack("[o,o]", call("f", NULL), call("g", NULL)),
	                     match("IN_ORDER", false)) == 0.0);
}
END_TEST

/* trajectory_evaluator.py TrajectoryEvaluator._are_tool_calls_any_order_match(): each actual call
 * used once. */
START_TEST(any_order_match_uses_each_actual_call_once)
{
	ck_assert(
	    trajectory(json_pack("[o,o,o]", call("g", NULL), call("x", NULL), call("f", NULL)),
	               json_pack("[o,o]", call("f", NULL), call("g", NULL)),
	               match("ANY_ORDER", false)) == 1.0);
	ck_assert(trajectory(json_pack("[o]", call("f", NULL)),
	                     json_pack("[o,o]", call("f", NULL), call("f", NULL)),
	                     match("ANY_ORDER", false)) == 0.0);
}
END_TEST

/*
 * trajectory_evaluator.py, ToolTrajectoryCriterion.ignore_args (eval_metrics.py):
 * with it the three _are_tool_calls_*_match() compare names only.
 */
START_TEST(ignore_args_compares_names_only)
{
	static const char *const types[] = {"EXACT", "IN_ORDER", "ANY_ORDER"};
	for (int i = 0; i < 3; i++) {
		ck_assert(trajectory(json_pack("[o]", call("f", json_pack("{s:i}", "x", 2))),
		                     json_pack("[o]", call("f", json_pack("{s:i}", "x", 1))),
		                     match(types[i], true)) == 1.0);
		ck_assert(trajectory(json_pack("[o]", call("f", json_pack("{s:i}", "x", 2))),
		                     json_pack("[o]", call("f", json_pack("{s:i}", "x", 1))),
		                     match(types[i], false)) == 0.0);
		ck_assert(trajectory(json_pack("[o]", call("g", json_pack("{s:i}", "x", 1))),
		                     json_pack("[o]", call("f", json_pack("{s:i}", "x", 1))),
		                     match(types[i], true)) == 0.0);
	}
}
END_TEST

/* The response_match_score result of one invocation answering actual where expected was expected.
 */
static json_t *response_result(const char *actual, const char *expected, double threshold)
{
	struct eval_criteria c;
	criteria_of(&c, "response_match_score", json_real(threshold));
	json_t *act = json_pack("[o]", invocation(json_array(), actual));
	json_t *exp = json_pack("[o]", invocation(json_array(), expected));
	json_t *result = eval_score(exp, act, &c, NULL, NULL);
	json_decref(act);
	json_decref(exp);
	eval_criteria_clear(&c);
	return result;
}

/*
 * final_response_match_v1.py RougeEvaluator, _get_eval_status(): PASSED when
 * the ROUGE-1 F-measure is >= the threshold, so a score at exactly the
 * threshold passes.  "alpha beta" against "alpha gamma" is 0.5 exactly.
 */
START_TEST(response_match_passes_at_exactly_the_threshold)
{
	json_t *r = response_result("alpha beta", "alpha gamma", 0.5);
	ck_assert(score_of(r, "response_match_score") == 0.5);
	ck_assert_str_eq(status_of(r, "response_match_score"), "PASSED");
	json_decref(r);
	r = response_result("alpha beta", "alpha gamma", 0.5000001);
	ck_assert_str_eq(status_of(r, "response_match_score"), "FAILED");
	json_decref(r);
	r = response_result("Paris is sunny", "paris is SUNNY!", 0.8);
	ck_assert(score_of(r, "response_match_score") == 1.0);
	ck_assert_str_eq(status_of(r, "response_match_score"), "PASSED");
	json_decref(r);
}
END_TEST

/*
 * final_response_match_v1.py _get_text_from_content(): a missing
 * final_response is "" and ROUGE (rouge_scorer.py _score_lcs/_score_ngrams,
 * scoring.py fmeasure) scores an empty text 0, even against another empty one.
 */
START_TEST(empty_or_missing_response_scores_zero)
{
	json_t *r = response_result(NULL, "the answer", 0.8);
	ck_assert(score_of(r, "response_match_score") == 0.0);
	ck_assert_str_eq(status_of(r, "response_match_score"), "FAILED");
	json_decref(r);
	r = response_result("the answer", " ", 0.8);
	ck_assert(score_of(r, "response_match_score") == 0.0);
	json_decref(r);
}
END_TEST

/*
 * Where neither side has a text answer ADK's ROUGE gives 0, which fails a run
 * against itself: adkev makes that invocation NOT_EVALUATED with its reason,
 * takes the mean over the others, and the metric over none is NOT_EVALUATED.
 */
START_TEST(no_text_on_either_side_is_not_evaluated)
{
	json_t *r = response_result(NULL, NULL, 0.8);
	ck_assert_str_eq(status_of(r, "response_match_score"), "NOT_EVALUATED");
	ck_assert(json_is_null(json_object_get(metric_of(r, "response_match_score"), "score")));
	ck_assert_str_eq(json_string_value(json_object_get(r, "status")), "NOT_EVALUATED");
	json_decref(r);
	struct eval_criteria c;
	criteria_of(&c, "response_match_score", json_real(0.8));
	json_t *two = json_pack("[o,o]", invocation(json_array(), "alpha beta"),
	                        invocation(json_array(), "\n"));
	json_t *half = json_pack("[o,o]", invocation(json_array(), "alpha gamma"),
	                         invocation(json_array(), NULL));
	r = eval_score(two, half, &c, NULL, NULL);
	ck_assert(score_of(r, "response_match_score") == 0.5);
	const json_t *second = json_object_get(
	    json_object_get(json_array_get(json_object_get(r, "invocations"), 1), "metrics"),
	    "response_match_score");
	ck_assert_str_eq(json_string_value(json_object_get(second, "status")), "NOT_EVALUATED");
	ck_assert_str_eq(json_string_value(json_object_get(second, "reason")),
	                 "no text answer on either side");
	json_decref(r);
	json_decref(two);
	json_decref(half);
	eval_criteria_clear(&c);
}
END_TEST

/*
 * A corpus run of the number of invocations given, scored against itself
 * with no criterion: its informational metrics alone.  *act gets the run.
 */
static json_t *informational_of(const char *path, size_t invocations, json_t **act)
{
	*act = run_of(path, NULL);
	ck_assert_uint_eq(json_array_size(*act), invocations);
	struct eval_criteria c = {0};
	return eval_score(*act, *act, &c, NULL, NULL);
}

/*
 * _efficiency_evaluators.py _evaluate_efficiency_metric() with
 * _ToolCallCountV1Evaluator, _InferenceCallCountV1Evaluator and
 * _TokenUsageV1Evaluator._token_usage_details(): over the real weather run
 * (one get_weather call, two model calls of 61+6 and 98+19 tokens).
 */
START_TEST(informational_metrics_count_the_real_run)
{
	json_t *act;
	json_t *result = informational_of("tests/corpus/adkjs/b_tool_call.jsonl", 1, &act);
	ck_assert(score_of(result, "tool_call_count_v1") == 1.0);
	ck_assert(score_of(result, "inference_call_count_v1") == 2.0);
	ck_assert(score_of(result, "token_usage_v1") == 184.0);
	ck_assert_str_eq(status_of(result, "token_usage_v1"), "INFORMATIONAL");
	ck_assert_ptr_null(json_object_get(metric_of(result, "token_usage_v1"), "threshold"));
	/* Informational metrics alone leave the case NOT_EVALUATED. */
	ck_assert_str_eq(json_string_value(json_object_get(result, "status")), "NOT_EVALUATED");
	json_decref(result);
	json_decref(act);
}
END_TEST

/*
 * _efficiency_evaluators.py _evaluate_efficiency_metric(): the case value is
 * the mean of the invocations' values, an invocation without
 * InvocationEvents (None) left out of inference_call_count_v1's; and
 * _TokenUsageV1Evaluator._average(): a count an invocation did not report is
 * 0 there, over every invocation.  The real weather run's invocation beside
 * an eval case's one that holds three tool_uses and no events.
 */
START_TEST(informational_metrics_average_over_invocations)
{
	json_t *run = run_of("tests/corpus/adkjs/b_tool_call.jsonl", NULL);
	json_t *act = json_pack(
	    "[O,o]", json_array_get(run, 0),
	    invocation(json_pack("[o,o,o]", call("a", NULL), call("b", NULL), call("c", NULL)),
	               "done"));
	struct eval_criteria c = {0};
	json_t *result = eval_score(act, act, &c, NULL, NULL);
	ck_assert(score_of(result, "tool_call_count_v1") == 2.0);
	ck_assert(score_of(result, "inference_call_count_v1") == 2.0);
	ck_assert(score_of(result, "token_usage_v1") == 92.0);
	json_t *second = json_array_get(json_object_get(result, "invocations"), 1);
	ck_assert(
	    json_is_null(json_object_get(metric_of(second, "inference_call_count_v1"), "score")));
	ck_assert_str_eq(status_of(second, "inference_call_count_v1"), "INFORMATIONAL");
	json_decref(result);
	json_decref(act);
	json_decref(run);
}
END_TEST

/*
 * _efficiency_evaluators.py _reject_threshold(): an informational metric
 * takes no criterion at all, so a threshold on one is refused.
 */
START_TEST(informational_metrics_refuse_a_threshold)
{
	struct eval_criteria c = {0};
	json_t *one = json_real(1.0);
	ck_assert_ptr_nonnull(eval_criteria_set(&c, "token_usage_v1", one));
	ck_assert_ptr_nonnull(eval_criteria_set(&c, "tool_call_count_v1", one));
	ck_assert_ptr_nonnull(eval_criteria_set(&c, "no_such_metric", one));
	ck_assert_uint_eq(c.count, 0);
	json_decref(one);
	eval_criteria_clear(&c);
}
END_TEST

/*
 * trajectory_evaluator.py TrajectoryEvaluator.evaluate_invocations(): the
 * case score is the mean of the invocations' scores, its status
 * _get_eval_status(mean) (>= threshold), each invocation keeping its own.
 */
START_TEST(invocation_scores_average_into_the_case_score)
{
	json_t *exp = json_pack("[o,o]", invocation(json_pack("[o]", call("f", NULL)), NULL),
	                        invocation(json_pack("[o]", call("g", NULL)), NULL));
	json_t *act = json_pack("[o,o]", invocation(json_pack("[o]", call("f", NULL)), NULL),
	                        invocation(json_pack("[o]", call("h", NULL)), NULL));
	static const double thresholds[] = {0.5, 0.5000001};
	static const char *const expected_status[] = {"PASSED", "FAILED"};
	for (int i = 0; i < 2; i++) {
		struct eval_criteria c;
		criteria_of(&c, "tool_trajectory_avg_score", json_real(thresholds[i]));
		json_t *r = eval_score(exp, act, &c, NULL, NULL);
		ck_assert(score_of(r, "tool_trajectory_avg_score") == 0.5);
		ck_assert_str_eq(status_of(r, "tool_trajectory_avg_score"), expected_status[i]);
		ck_assert_str_eq(json_string_value(json_object_get(r, "status")),
		                 expected_status[i]);
		json_t *invs = json_object_get(r, "invocations");
		ck_assert_uint_eq(json_array_size(invs), 2);
		ck_assert(score_of(json_array_get(invs, 0), "tool_trajectory_avg_score") == 1.0);
		ck_assert(score_of(json_array_get(invs, 1), "tool_trajectory_avg_score") == 0.0);
		json_decref(r);
		eval_criteria_clear(&c);
	}
	json_decref(exp);
	json_decref(act);
}
END_TEST

/*
 * _eval_case_result_aggregator.py _generate_final_eval_status(): any FAILED
 * metric fails the case; PASSED when one passed; NOT_EVALUATED (a judge
 * metric) and INFORMATIONAL are passed over.  eval_result.py writes the
 * EvalStatus integers of evaluator.py (PASSED 1, FAILED 2, NOT_EVALUATED 3).
 */
START_TEST(eval_status_aggregates_as_adk)
{
	json_t *exp = json_pack("[o]", invocation(json_pack("[o]", call("f", NULL)), "yes"));
	json_t *good = json_pack("[o]", invocation(json_pack("[o]", call("f", NULL)), "yes"));
	json_t *bad = json_pack("[o]", invocation(json_pack("[o]", call("g", NULL)), "yes"));
	struct eval_criteria c = {0};
	eval_criteria_defaults(&c);
	json_t *judge = json_real(0.5);
	ck_assert_ptr_null(eval_criteria_set(&c, "final_response_match_v2", judge));
	json_decref(judge);

	json_t *r = eval_score(exp, good, &c, NULL, NULL);
	ck_assert_str_eq(status_of(r, "final_response_match_v2"), "NOT_EVALUATED");
	ck_assert_str_eq(json_string_value(json_object_get(r, "status")), "PASSED");
	struct eval_adk_case k = {.result = r, .expected = exp, .actual = good, .criteria = &c};
	json_t *adk = eval_adk_case_result(&k);
	ck_assert_int_eq(json_integer_value(json_object_get(adk, "final_eval_status")), 1);
	json_decref(adk);
	json_decref(r);

	r = eval_score(exp, bad, &c, NULL, NULL);
	ck_assert_str_eq(status_of(r, "response_match_score"), "PASSED");
	ck_assert_str_eq(status_of(r, "tool_trajectory_avg_score"), "FAILED");
	ck_assert_str_eq(json_string_value(json_object_get(r, "status")), "FAILED");
	k.result = r;
	k.actual = bad;
	adk = eval_adk_case_result(&k);
	ck_assert_int_eq(json_integer_value(json_object_get(adk, "final_eval_status")), 2);
	json_decref(adk);
	json_decref(r);

	/* A run whose invocation count differs fails every reference-based metric. */
	json_t *none = json_array();
	r = eval_score(exp, none, &c, NULL, NULL);
	ck_assert_str_eq(status_of(r, "tool_trajectory_avg_score"), "FAILED");
	ck_assert_str_eq(json_string_value(json_object_get(r, "status")), "FAILED");
	json_decref(r);
	json_decref(none);

	eval_criteria_clear(&c);
	json_decref(exp);
	json_decref(good);
	json_decref(bad);
}
END_TEST

/*
 * eval_set.py EvalSet and eval_case.py Invocation (pydantic models with
 * alias_generator to_camel and populate_by_name): an eval set is read in
 * either spelling, and scores the same in both.
 */
START_TEST(eval_set_is_read_in_both_spellings)
{
	json_t *snake =
	    json_pack("{s:s,s:[{s:s,s:[{s:s,s:{s:[{s:s}]},s:{s:[{s:s}]},s:{s:[{s:s,s:{s:s}}]}}]}]}",
	              "eval_set_id", "s", "eval_cases", "eval_id", "c", "conversation",
	              "invocation_id", "i", "user_content", "parts", "text", "weather?",
	              "final_response", "parts", "text", "It is 18 C in Paris", "intermediate_data",
	              "tool_uses", "name", "get_weather", "args", "city", "Paris");
	json_t *camel =
	    json_pack("{s:s,s:[{s:s,s:[{s:s,s:{s:[{s:s}]},s:{s:[{s:s}]},s:{s:[{s:s,s:{s:s}}]}}]}]}",
	              "evalSetId", "s", "evalCases", "evalId", "c", "conversation", "invocationId",
	              "i", "userContent", "parts", "text", "weather?", "finalResponse", "parts",
	              "text", "It is 18 C in Paris", "intermediateData", "toolUses", "name",
	              "get_weather", "args", "city", "Paris");
	json_t *run = run_of("tests/corpus/adkjs/b_tool_call.jsonl", NULL);
	json_t *sets[] = {snake, camel};
	double response[2];
	for (int i = 0; i < 2; i++) {
		ck_assert_int_eq(eval_shape_of(sets[i]), EVAL_SHAPE_SET);
		json_t *values = json_pack("[O]", sets[i]);
		const char *why = NULL;
		json_t *set = eval_set_from(EVAL_SHAPE_SET, values, "x.evalset.json", &why);
		ck_assert_ptr_eq(set, sets[i]);
		json_t *cases = json_object_get(set, i ? "evalCases" : "eval_cases");
		json_t *conv = json_object_get(json_array_get(cases, 0), "conversation");
		struct eval_criteria c = {0};
		eval_criteria_defaults(&c);
		json_t *r = eval_score(conv, run, &c, NULL, NULL);
		ck_assert(score_of(r, "tool_trajectory_avg_score") == 1.0);
		response[i] = score_of(r, "response_match_score");
		ck_assert(response[i] > 0.0);
		json_decref(r);
		eval_criteria_clear(&c);
		json_decref(set);
		json_decref(values);
	}
	ck_assert(response[0] == response[1]);
	ck_assert_int_eq(eval_shape_of(run), EVAL_SHAPE_NONE);
	json_decref(run);
	json_decref(snake);
	json_decref(camel);
}
END_TEST

/*
 * agent_evaluator.py AgentEvaluator._get_eval_set_from_old_format() and
 * local_eval_sets_manager.py _convert_invocation_to_pydantic_schema(): a
 * legacy .test.json list of {query, expected_tool_use, reference} turns is
 * one case named by the file; tool_name/tool_input become tool_uses.
 */
START_TEST(legacy_turns_become_one_case)
{
	json_t *turns = json_pack(
	    "[{s:s,s:[{s:s,s:{s:s}}],s:s},{s:s,s:[],s:s}]", "query", "weather in Paris?",
	    "expected_tool_use", "tool_name", "get_weather", "tool_input", "city", "Paris",
	    "reference", "It is 18 C", "query", "thanks", "expected_tool_use", "reference", "bye");
	ck_assert_int_eq(eval_shape_of(json_array_get(turns, 0)), EVAL_SHAPE_TURNS);
	const char *why = NULL;
	json_t *set = eval_set_from(EVAL_SHAPE_TURNS, turns, "dir/weather.test.json", &why);
	ck_assert_ptr_nonnull(set);
	ck_assert_ptr_null(why);
	ck_assert_int_eq(eval_shape_of(set), EVAL_SHAPE_SET);
	json_t *cases = json_object_get(set, "eval_cases");
	ck_assert_uint_eq(json_array_size(cases), 1);
	json_t *conv = json_object_get(json_array_get(cases, 0), "conversation");
	ck_assert_uint_eq(json_array_size(conv), 2);

	/* The first turn's expected call is the real run's call: its trajectory scores 1. */
	json_t *run = run_of("tests/corpus/adkjs/b_tool_call.jsonl", NULL);
	json_t *first = json_pack("[O]", json_array_get(conv, 0));
	struct eval_criteria c = {0};
	eval_criteria_defaults(&c);
	json_t *r = eval_score(first, run, &c, NULL, NULL);
	ck_assert(score_of(r, "tool_trajectory_avg_score") == 1.0);
	json_decref(r);
	eval_criteria_clear(&c);
	json_decref(first);
	json_decref(run);
	json_decref(set);

	/* A turn without a query is refused, with the reason. */
	json_t *bad = json_pack("[{s:s}]", "reference", "x");
	why = NULL;
	ck_assert_ptr_null(eval_set_from(EVAL_SHAPE_TURNS, bad, "bad.test.json", &why));
	ck_assert_ptr_nonnull(why);
	json_decref(bad);
	json_decref(turns);
}
END_TEST

/*
 * local_eval_sets_manager.py convert_eval_set_to_pydanctic_schema() (so
 * spelt in ADK): a legacy list of {name, data, initial_session} is one case
 * per element, named by name, its initial session the case's session_input.
 */
START_TEST(legacy_cases_become_cases)
{
	json_t *legacy =
	    json_pack("[{s:s,s:[{s:s,s:[],s:s}],s:{s:{s:i}}},{s:s,s:[{s:s,s:[],s:s}],s:{}}]",
	              "name", "one", "data", "query", "hi", "expected_tool_use", "reference",
	              "hello", "initial_session", "state", "n", 1, "name", "two", "data", "query",
	              "bye", "expected_tool_use", "reference", "goodbye", "initial_session");
	ck_assert_int_eq(eval_shape_of(json_array_get(legacy, 0)), EVAL_SHAPE_CASES);
	const char *why = NULL;
	json_t *set = eval_set_from(EVAL_SHAPE_CASES, legacy, "d/old.test.json", &why);
	ck_assert_ptr_nonnull(set);
	json_t *cases = json_object_get(set, "eval_cases");
	ck_assert_uint_eq(json_array_size(cases), 2);
	ck_assert_str_eq(json_string_value(json_object_get(json_array_get(cases, 0), "eval_id")),
	                 "one");
	ck_assert_str_eq(json_string_value(json_object_get(json_array_get(cases, 1), "eval_id")),
	                 "two");
	json_t *input = json_object_get(json_array_get(cases, 0), "session_input");
	ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(input, "state"), "n")),
	                 1);
	ck_assert_ptr_null(json_object_get(json_array_get(cases, 1), "session_input"));
	json_decref(set);
	json_decref(legacy);
}
END_TEST

/*
 * final_session_state_match is adkev's own: ADK's eval_case.py
 * EvalCase.final_session_state is stored and never read.  The score is the
 * share of the expected keys the run's folded state has equal.
 */
START_TEST(final_session_state_match_is_the_share_of_equal_keys)
{
	json_t *state = NULL;
	json_t *run = run_of("tests/corpus/adkjs/f_state.jsonl", &state);
	ck_assert_uint_gt(json_object_size(state), 0);
	struct eval_criteria c;
	criteria_of(&c, "final_session_state_match", json_object());
	ck_assert(c.list[0].threshold == 1.0);

	json_t *r = eval_score(run, run, &c, state, state);
	ck_assert(score_of(r, "final_session_state_match") == 1.0);
	ck_assert_str_eq(status_of(r, "final_session_state_match"), "PASSED");
	json_decref(r);

	/* One key of two differs: half. */
	const char *key = json_object_iter_key(json_object_iter(state));
	json_t *expected =
	    json_pack("{s:O,s:s}", key, json_object_get(state, key), "adkev-test-no-such-key", "x");
	r = eval_score(run, run, &c, state, expected);
	ck_assert(score_of(r, "final_session_state_match") == 0.5);
	ck_assert_str_eq(status_of(r, "final_session_state_match"), "FAILED");
	json_decref(r);
	json_decref(expected);

	/* The key there, with another value: nothing matches. */
	expected = json_pack("{s:[s]}", key, "adkev-test-other-value");
	r = eval_score(run, run, &c, state, expected);
	ck_assert(score_of(r, "final_session_state_match") == 0.0);
	json_decref(r);
	json_decref(expected);

	r = eval_score(run, run, &c, state, NULL);
	ck_assert_str_eq(status_of(r, "final_session_state_match"), "NOT_EVALUATED");
	json_decref(r);
	eval_criteria_clear(&c);
	json_decref(run);
	json_decref(state);
}
END_TEST

/* An eval case's invocation whose events report the usage metadata given (a JSON array text). */
static json_t *invocation_with_usage(const char *usages)
{
	json_t *inv = invocation(json_array(), "done"), *u, *events = json_array();
	json_t *list = json_loads(usages, 0, NULL);
	size_t i;
	ck_assert_ptr_nonnull(list);
	json_array_foreach(list, i, u) json_array_append_new(
	    events, json_pack("{s:s,s:O}", "author", "agent", "usage_metadata", u));
	json_object_set_new(inv, "intermediate_data",
	                    json_pack("{s:o}", "invocation_events", events));
	json_decref(list);
	return inv;
}

/* token_usage_v1's TokenUsageDetails count named, in the result's metric m; -1 for None. */
static double token_count(const json_t *m, const char *name)
{
	json_t *d = json_object_get(
	    json_object_get(json_object_get(m, "details"), "token_usage_details"), name);
	ck_assert_msg(d != NULL, "no %s", name);
	return json_is_null(d) ? -1 : json_number_value(d);
}

/*
 * telemetry/_token_usage.py TokenUsage.from_usage_metadata() and
 * _efficiency_evaluators.py _TokenUsageV1Evaluator._add_call() and
 * _token_usage_details(): input is prompt plus tool use prompt tokens (the
 * cached ones are part of the prompt), output candidates plus thoughts,
 * total their sum, not the backend's total; a count a call leaves out adds
 * nothing, and one no call reported stays None.  The figures are those of
 * ADK's own tests of _TokenUsageV1Evaluator.
 */
START_TEST(token_usage_counts_as_adk_telemetry_counts)
{
	json_t *act = json_pack(
	    "[o,o,o]",
	    invocation_with_usage(
	        "[{\"prompt_token_count\": 700, \"cached_content_token_count\": 100,"
	        " \"tool_use_prompt_token_count\": 20, \"candidates_token_count\": 200,"
	        " \"thoughts_token_count\": 80, \"total_token_count\": 9999}]"),
	    invocation_with_usage("[{\"promptTokenCount\": 368, \"candidatesTokenCount\": 28,"
	                          " \"thoughtsTokenCount\": 80},"
	                          " {\"promptTokenCount\": 483, \"candidatesTokenCount\": 8}]"),
	    invocation_with_usage("[{\"prompt_token_count\": 500}]"));
	struct eval_criteria c = {0};
	json_t *result = eval_score(act, act, &c, NULL, NULL);
	json_t *invs = json_object_get(result, "invocations");
	const json_t *one = metric_of(json_array_get(invs, 0), "token_usage_v1");
	ck_assert(json_number_value(json_object_get(one, "score")) == 1000.0);
	ck_assert(token_count(one, "total_tokens") == 1000.0);
	ck_assert(token_count(one, "input_tokens") == 720.0);
	ck_assert(token_count(one, "prompt_tokens") == 700.0);
	ck_assert(token_count(one, "cached_tokens") == 100.0);
	ck_assert(token_count(one, "tool_use_tokens") == 20.0);
	ck_assert(token_count(one, "output_tokens") == 280.0);
	ck_assert(token_count(one, "candidates_tokens") == 200.0);
	ck_assert(token_count(one, "reasoning_tokens") == 80.0);
	const json_t *two = metric_of(json_array_get(invs, 1), "token_usage_v1");
	ck_assert(token_count(two, "reasoning_tokens") == 80.0);
	ck_assert(token_count(two, "candidates_tokens") == 36.0);
	ck_assert(token_count(two, "output_tokens") == 116.0);
	ck_assert(token_count(two, "tool_use_tokens") == -1);
	const json_t *three = metric_of(json_array_get(invs, 2), "token_usage_v1");
	ck_assert(token_count(three, "total_tokens") == 500.0);
	ck_assert(token_count(three, "output_tokens") == -1);
	ck_assert(token_count(three, "cached_tokens") == -1);
	/* _average(): each count over all three invocations, a missing one 0 for its invocation. */
	const json_t *all = metric_of(result, "token_usage_v1");
	ck_assert(token_count(all, "total_tokens") == (1000.0 + 967.0 + 500.0) / 3);
	ck_assert(token_count(all, "tool_use_tokens") == 20.0 / 3);
	ck_assert(score_of(result, "token_usage_v1") == token_count(all, "total_tokens"));
	json_decref(result);
	json_decref(act);
}
END_TEST

/*
 * _TokenUsageV1Evaluator over the real thinking run (ADK JS, two
 * invocations, three model calls): thoughts are reasoning tokens, part of
 * the output, and the per-type counts are averaged over the invocations.
 */
START_TEST(token_usage_details_of_the_real_thinking_run)
{
	json_t *act;
	json_t *result = informational_of("tests/corpus/adkjs/d_thinking.jsonl", 2, &act);
	const json_t *all = metric_of(result, "token_usage_v1");
	ck_assert(token_count(all, "reasoning_tokens") == (142.0 + 61.0 + 40.0) / 2);
	ck_assert(token_count(all, "candidates_tokens") == (17.0 + 19.0 + 18.0) / 2);
	ck_assert(token_count(all, "input_tokens") == (33.0 + 84.0 + 131.0) / 2);
	ck_assert(token_count(all, "total_tokens") ==
	          token_count(all, "input_tokens") + token_count(all, "output_tokens"));
	ck_assert(token_count(all, "cached_tokens") == -1);
	json_decref(result);
	json_decref(act);
}
END_TEST

/*
 * _efficiency_evaluators.py _InvocationDurationV1Evaluator._compute_value():
 * the invocation's measured duration, None (n/a) when it has none, as a
 * recorded run's never has; the case value is the mean of the durations
 * there are.
 */
START_TEST(invocation_duration_is_the_measured_one_or_none)
{
	json_t *run = run_of("tests/corpus/adkjs/b_tool_call.jsonl", NULL);
	struct eval_criteria c = {0};
	json_t *result = eval_score(run, run, &c, NULL, NULL);
	ck_assert(
	    json_is_null(json_object_get(metric_of(result, "invocation_duration_v1"), "score")));
	ck_assert_str_eq(status_of(result, "invocation_duration_v1"), "INFORMATIONAL");
	json_decref(result);
	json_t *timed = invocation(json_array(), "a"), *untimed = invocation(json_array(), "b");
	json_object_set_new(timed, "duration", json_real(3.0));
	json_t *act = json_pack("[o,o]", timed, untimed);
	result = eval_score(act, act, &c, NULL, NULL);
	ck_assert(score_of(result, "invocation_duration_v1") == 3.0);
	json_decref(result);
	json_decref(act);
	json_decref(run);
}
END_TEST

/*
 * eval_metrics.py ToolTrajectoryCriterion._coerce_match_type(): a word is
 * cut of spaces, put in upper case, - and spaces read as _; MatchType's
 * integers are read too.
 */
START_TEST(match_type_is_coerced_as_adk_coerces_it)
{
	enum eval_match m = EVAL_EXACT;
	ck_assert(eval_match_parse(" in-order ", &m) && m == EVAL_IN_ORDER);
	ck_assert(eval_match_parse("any order", &m) && m == EVAL_ANY_ORDER);
	ck_assert(eval_match_parse("Exact", &m) && m == EVAL_EXACT);
	ck_assert(!eval_match_parse("in_orders", &m));
	ck_assert(!eval_match_parse("", &m));
	struct eval_criteria c;
	criteria_of(&c, "tool_trajectory_avg_score",
	            json_pack("{s:f,s:i}", "threshold", 1.0, "matchType", 2));
	ck_assert_int_eq(c.list[0].match, EVAL_ANY_ORDER);
	eval_criteria_clear(&c);
}
END_TEST

/*
 * eval_config.py get_eval_metrics_from_config(): a number becomes
 * BaseCriterion(threshold=...), an object a BaseCriterion keeping the members
 * given beside its threshold (extra="allow"), whose threshold is required;
 * a metric of custom_metrics carries its code_config's name as
 * custom_function_path.  local_eval_service.py writes each EvalMetricResult
 * with them, and eval_metrics.py EvalStatus.INFORMATIONAL is 4.
 */
START_TEST(criteria_are_written_as_adk_writes_them)
{
	json_t *config = json_loads(
	    "{\"criteria\": {\"response_match_score\": 0.5, \"safety_v1\": {\"matchType\": 1},"
	    " \"tool_trajectory_avg_score\": {\"threshold\": 1, \"ignoreArgs\": true},"
	    " \"mine\": 0.25}, \"custom_metrics\": {\"mine\": {\"code_config\": {\"name\": "
	    "\"p.f\"}}}}",
	    0, NULL);
	struct eval_criteria c = {0};
	const char *name = NULL;
	ck_assert_ptr_nonnull(eval_criteria_load(&c, config, &name));
	ck_assert_str_eq(name, "safety_v1"); /* an object without a threshold */
	json_object_del(json_object_get(config, "criteria"), "safety_v1");
	eval_criteria_clear(&c);
	ck_assert_ptr_null(eval_criteria_load(&c, config, &name));
	struct eval_criterion *t = eval_criteria_find(&c, "tool_trajectory_avg_score");
	ck_assert(t->ignore_args);
	json_t *want =
	    json_loads("{\"threshold\": 1.0, \"include_intermediate_responses_in_final\":"
	               " false, \"ignoreArgs\": true}",
	               0, NULL);
	ck_assert(json_equal(t->criterion, want));
	json_decref(want);
	ck_assert_str_eq(json_string_value(eval_criteria_find(&c, "mine")->custom_function_path),
	                 "p.f");
	json_t *run = run_of("tests/corpus/adkjs/b_tool_call.jsonl", NULL);
	json_t *result = eval_score(run, run, &c, NULL, NULL);
	ck_assert_str_eq(status_of(result, "mine"), "NOT_EVALUATED");
	struct eval_adk_case k = {.result = result, .expected = run, .actual = run, .criteria = &c};
	json_t *adk = eval_adk_case_result(&k), *m;
	size_t i;
	json_array_foreach(json_object_get(adk, "overall_eval_metric_results"), i, m)
	{
		const char *metric = json_string_value(json_object_get(m, "metric_name"));
		int want_status = strcmp(metric, "mine") == 0 ? 3 : strstr(metric, "_v1") ? 4 : 1;
		ck_assert_int_eq(json_integer_value(json_object_get(m, "eval_status")),
		                 want_status);
		ck_assert(json_is_null(json_object_get(m, "criterion")) == (want_status == 4));
	}
	ck_assert_uint_eq(i, 7);
	json_decref(adk);
	json_decref(result);
	json_decref(run);
	json_decref(config);
	eval_criteria_clear(&c);
}
END_TEST

/* Five runs of which two passed (and one NOT_EVALUATED, left out): the estimators from n runs. */
static struct eval_repeats five_runs(unsigned pass_at, size_t passed)
{
	struct eval_record runs[6] = {{.skipped = true}};
	for (size_t i = 1; i < 6; i++)
		runs[i].failed = i > passed;
	return eval_repeats_of(runs, 0, 6, pass_at);
}

START_TEST(pass_at_k_is_the_unbiased_estimate_and_gates_the_case)
{
	struct eval_repeats r = five_runs(2, 2);
	ck_assert_uint_eq(r.runs, 6);
	ck_assert_uint_eq(r.evaluated, 5);
	ck_assert_uint_eq(r.passed, 2);
	/* 1 - C(3,2)/C(5,2) and C(2,2)/C(5,2) */
	ck_assert_double_eq_tol(r.at_k, 0.7, 1e-12);
	ck_assert_double_eq_tol(r.hat_k, 0.1, 1e-12);
	ck_assert_str_eq(r.status, "FAILED"); /* two of the five drawn could both fail */
	r = five_runs(2, 4);
	ck_assert_double_eq(r.at_k, 1);
	ck_assert_double_eq_tol(r.hat_k, 0.6, 1e-12);
	ck_assert_str_eq(r.status, "PASSED");
	r = five_runs(5, 1); /* any of five */
	ck_assert_str_eq(r.status, "PASSED");
	r = five_runs(5, 0);
	ck_assert_double_eq(r.at_k, 0);
	ck_assert_str_eq(r.status, "FAILED");
	r = five_runs(6, 5); /* fewer runs evaluated than K: no estimate, no pass */
	ck_assert(isnan(r.at_k) && r.short_of_runs);
	ck_assert_str_eq(r.status, "FAILED");
	/* Without --pass-at, every run must pass; the rate is pass@1. */
	r = five_runs(0, 4);
	ck_assert_uint_eq(r.k, 1);
	ck_assert_double_eq_tol(r.at_k, 0.8, 1e-12);
	ck_assert_str_eq(r.status, "FAILED");
	ck_assert_str_eq(five_runs(0, 5).status, "PASSED");
	struct eval_record none[2] = {{.skipped = true}, {.skipped = true}};
	ck_assert_str_eq(eval_repeats_of(none, 0, 2, 3).status, "NOT_EVALUATED");
}
END_TEST

int main(void)
{
	pool_serve_jansson();
	Suite *s = suite_create("eval");
	TCase *tc = tcase_create("eval");
	tcase_add_test(tc, exact_match_needs_the_same_calls_in_the_same_order);
	tcase_add_test(tc, in_order_match_allows_calls_between);
	tcase_add_test(tc, any_order_match_uses_each_actual_call_once);
	tcase_add_test(tc, ignore_args_compares_names_only);
	tcase_add_test(tc, response_match_passes_at_exactly_the_threshold);
	tcase_add_test(tc, empty_or_missing_response_scores_zero);
	tcase_add_test(tc, no_text_on_either_side_is_not_evaluated);
	tcase_add_test(tc, informational_metrics_count_the_real_run);
	tcase_add_test(tc, informational_metrics_average_over_invocations);
	tcase_add_test(tc, informational_metrics_refuse_a_threshold);
	tcase_add_test(tc, token_usage_counts_as_adk_telemetry_counts);
	tcase_add_test(tc, token_usage_details_of_the_real_thinking_run);
	tcase_add_test(tc, invocation_duration_is_the_measured_one_or_none);
	tcase_add_test(tc, match_type_is_coerced_as_adk_coerces_it);
	tcase_add_test(tc, criteria_are_written_as_adk_writes_them);
	tcase_add_test(tc, invocation_scores_average_into_the_case_score);
	tcase_add_test(tc, eval_status_aggregates_as_adk);
	tcase_add_test(tc, eval_set_is_read_in_both_spellings);
	tcase_add_test(tc, legacy_turns_become_one_case);
	tcase_add_test(tc, legacy_cases_become_cases);
	tcase_add_test(tc, final_session_state_match_is_the_share_of_equal_keys);
	tcase_add_test(tc, pass_at_k_is_the_unbiased_estimate_and_gates_the_case);
	suite_add_tcase(s, tc);
	return run_suite(s) ? EXIT_FAILURE : EXIT_SUCCESS;
}
