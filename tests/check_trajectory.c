/*
 * check_trajectory.c - events.md section 3.3: tool calls paired with their
 * responses, state deltas, token usage summed once per model call, the
 * final output and the error, and the trajectory options.  Where the
 * trajectory is kept (temporary files, chunks, workers) is
 * check_trajectory_spool.c's.
 */
#include "check_trajectory.h"

#include "adk/event.h"
#include "adk/usage.h"
#include "read/pool.h"

/* The trajectory of a JSON array of events (and stream errors) under c. */
static json_t *trajectory_of_config(const struct trajectory_config *c, const char *events_json)
{
	json_t *events = parse(events_json);
	struct trajectory *t = trajectory_new(c);
	size_t i;
	json_t *ev;
	json_array_foreach(events, i, ev)
	{
		struct reader_item item = {.value = ev, .kind = value_kind(ev)};
		ck_assert(item.kind == VALUE_EVENT || item.kind == VALUE_STREAM_ERROR);
		trajectory_add(t, &item);
	}
	json_t *result = trajectory_json(t);
	trajectory_free(t);
	json_decref(events);
	return result;
}

static json_t *trajectory_of(const char *events_json)
{
	struct trajectory_config c;
	trajectory_config_init(&c);
	json_t *result = trajectory_of_config(&c, events_json);
	trajectory_config_release(&c);
	return result;
}

/* The compact JSON of one member of a trajectory, as adkev prints it; the caller frees it. */
static char *member(const json_t *traj, const char *key)
{
	return dump(json_object_get(traj, key));
}

#define CHECK_MEMBER(events, key, expected)                                                        \
	do {                                                                                       \
		json_t *t_ = trajectory_of(events);                                                \
		char *got_ = member(t_, key);                                                      \
		ck_assert_str_eq(got_, expected);                                                  \
		free(got_);                                                                        \
		json_decref(t_);                                                                   \
	} while (0)

/*
 * The event texts below are laid out by hand, one event or part per line;
 * clang-format would scatter the string pieces.
 */
/* clang-format off */

START_TEST(calls_pair_with_responses_by_id)
{
	CHECK_MEMBER("[" EVENT("a", CALL("\"id\":\"1\",", "f", "{\"x\":1}") ","
				    CALL("\"id\":\"2\",", "f", "{\"x\":2}")) ","
		     EVENT("a", RESP("\"id\":\"2\",", "f", "{\"r\":2}") ","
				    RESP("\"id\":\"1\",", "f", "{\"r\":1}")) "]",
		     "tool_calls",
		     "[{\"id\":\"1\",\"name\":\"f\",\"arguments\":{\"x\":1},\"result\":{\"r\":1},"
		     "\"timestamp\":null,\"author\":\"a\"},"
		     "{\"id\":\"2\",\"name\":\"f\",\"arguments\":{\"x\":2},\"result\":{\"r\":2},"
		     "\"timestamp\":null,\"author\":\"a\"}]");
}
END_TEST

START_TEST(the_last_response_with_an_id_wins)
{
	/* A long-running tool answers "pending" first, its real result later (from the user). */
	CHECK_MEMBER("[{\"author\":\"a\",\"longRunningToolIds\":[\"9\"],\"content\":{\"parts\":["
		     CALL("\"id\":\"9\",", "approve", "{}") "]}},"
		     EVENT("a", RESP("\"id\":\"9\",", "approve", "{\"status\":\"pending\"}")) ","
		     EVENT("user", RESP("\"id\":\"9\",", "approve", "{\"status\":\"approved\"}")) "]",
		     "tool_calls",
		     "[{\"id\":\"9\",\"name\":\"approve\",\"arguments\":{},\"result\":"
		     "{\"status\":\"approved\"},\"timestamp\":null,\"author\":\"a\"}]");
}
END_TEST

START_TEST(calls_without_id_pair_by_name_in_order)
{
	CHECK_MEMBER("[" EVENT("a", CALL("", "f", "{\"n\":1}") "," CALL("", "g", "{}") ","
				    CALL("", "f", "{\"n\":2}")) ","
		     EVENT("a", RESP("", "f", "\"first\"") "," RESP("", "f", "\"second\"") ","
				    RESP("", "g", "\"gee\"")) "]",
		     "tool_calls",
		     "[{\"id\":null,\"name\":\"f\",\"arguments\":{\"n\":1},\"result\":\"first\","
		     "\"timestamp\":null,\"author\":\"a\"},"
		     "{\"id\":null,\"name\":\"g\",\"arguments\":{},\"result\":\"gee\","
		     "\"timestamp\":null,\"author\":\"a\"},"
		     "{\"id\":null,\"name\":\"f\",\"arguments\":{\"n\":2},\"result\":\"second\","
		     "\"timestamp\":null,\"author\":\"a\"}]");
}
END_TEST

START_TEST(unanswered_calls_have_null_results)
{
	CHECK_MEMBER("[" EVENT("a", CALL("\"id\":\"1\",", "f", "{}") "," CALL("", "g", "{}")) ","
		     EVENT("a", RESP("\"id\":\"other\",", "h", "{}")) "]",
		     "tool_calls",
		     "[{\"id\":\"1\",\"name\":\"f\",\"arguments\":{},\"result\":null,"
		     "\"timestamp\":null,\"author\":\"a\"},"
		     "{\"id\":null,\"name\":\"g\",\"arguments\":{},\"result\":null,"
		     "\"timestamp\":null,\"author\":\"a\"}]");
}
END_TEST

START_TEST(arguments_timestamp_and_partial_calls)
{
	/* args that is not an object gives {}; ms timestamps become seconds; partial calls are skipped. */
	CHECK_MEMBER("[{\"author\":\"a\",\"timestamp\":1767229215002,\"content\":{\"parts\":["
		     CALL("\"id\":\"1\",", "f", "\"not-a-dict\"") "]}},"
		     "{\"author\":\"a\",\"partial\":true,\"content\":{\"parts\":["
		     CALL("\"id\":\"2\",", "f", "{}") "]}},"
		     "{\"author\":\"b\",\"timestamp\":1767229215.5,\"content\":{\"parts\":["
		     "{\"function_call\":{\"id\":\"3\",\"name\":\"g\",\"args\":{\"k\":\"v\"}}}]}},"
		     "{\"author\":\"b\",\"content\":{\"parts\":[{\"function_response\":{\"id\":\"3\","
		     "\"name\":\"g\",\"response\":{\"ok\":true}}}]}}]",
		     "tool_calls",
		     "[{\"id\":\"1\",\"name\":\"f\",\"arguments\":{},\"result\":null,"
		     "\"timestamp\":1767229215.002,\"author\":\"a\"},"
		     "{\"id\":\"3\",\"name\":\"g\",\"arguments\":{\"k\":\"v\"},\"result\":{\"ok\":true},"
		     "\"timestamp\":1767229215.5,\"author\":\"b\"}]");
}
END_TEST

START_TEST(tool_values_are_redacted_and_truncated)
{
	struct trajectory_config c;
	trajectory_config_init(&c);
	ck_assert_int_eq(c.max_string, 10000);
	c.max_string = 4;
	json_t *t = trajectory_of_config(
		&c, "[" EVENT("a", CALL("\"id\":\"1\",", "a_very_long_tool_name",
					"{\"apiKey\":\"k\",\"query\":\"abcdefgh\"}")) ","
		    EVENT("a", RESP("\"id\":\"1\",", "a_very_long_tool_name",
				    "{\"token\":\"t\",\"text\":\"ijklmnop\"}")) "]");
	char *got = member(t, "tool_calls");
	ck_assert_str_eq(got, "[{\"id\":\"1\",\"name\":\"a_very_long_tool_name\",\"arguments\":"
			      "{\"apiKey\":\"[RED...[truncated 6 chars]\",\"query\":\"abcd...["
			      "truncated 4 chars]\"},\"result\":{\"token\":\"[RED...[truncated 6 "
			      "chars]\",\"text\":\"ijkl...[truncated 4 chars]\"},\"timestamp\":null,"
			      "\"author\":\"a\"}]");
	free(got);
	json_decref(t);
	trajectory_config_release(&c);
}
END_TEST

START_TEST(state_deltas_skip_empty_and_partial_and_keep_temp)
{
	CHECK_MEMBER("[{\"author\":\"a\",\"actions\":{\"stateDelta\":{}}},"
		     "{\"author\":\"a\",\"actions\":{\"stateDelta\":{\"x\":1,\"temp:y\":2}}},"
		     "{\"author\":\"a\",\"partial\":true,\"actions\":{\"stateDelta\":{\"p\":1}}},"
		     "{\"author\":\"user\",\"actions\":{\"state_delta\":{\"password\":\"s\"}}}]",
		     "state_deltas", "[{\"x\":1,\"temp:y\":2},{\"password\":\"[REDACTED]\"}]");
}
END_TEST

/* The c_streaming pattern: partial chunks, then the aggregate with the same usage. */
#define USAGE(p, c, t)                                                                             \
	"\"usageMetadata\":{\"promptTokenCount\":" #p ",\"candidatesTokenCount\":" #c             \
	",\"totalTokenCount\":" #t "}"

START_TEST(streaming_usage_counts_each_model_call_once)
{
	CHECK_MEMBER("[{\"author\":\"s\",\"invocationId\":\"i\",\"partial\":true,"
		     "\"usageMetadata\":{\"promptTokenCount\":21,\"totalTokenCount\":21}},"
		     "{\"author\":\"s\",\"invocationId\":\"i\",\"partial\":true," USAGE(21, 37, 58) "},"
		     "{\"author\":\"s\",\"invocationId\":\"i\",\"partial\":false," USAGE(21, 37, 58) "}]",
		     "token_usage",
		     "{\"input_tokens\":21,\"output_tokens\":37,\"total_tokens\":58}");
	/* A non-partial repeat of the same call (same author and invocation) counts once. */
	CHECK_MEMBER("[{\"author\":\"s\",\"invocationId\":\"i\"," USAGE(10, 2, 12) "},"
		     "{\"author\":\"s\",\"invocationId\":\"i\"," USAGE(10, 2, 12) "},"
		     "{\"author\":\"s\",\"invocationId\":\"i\"," USAGE(20, 5, 25) "}]",
		     "token_usage",
		     "{\"input_tokens\":30,\"output_tokens\":7,\"total_tokens\":37}");
}
END_TEST

START_TEST(equal_usage_of_other_agents_or_invocations_counts_again)
{
	CHECK_MEMBER("[{\"author\":\"a\",\"invocationId\":\"i\"," USAGE(10, 2, 12) "},"
		     "{\"author\":\"b\",\"invocationId\":\"i\"," USAGE(10, 2, 12) "},"
		     "{\"author\":\"a\",\"invocationId\":\"j\"," USAGE(10, 2, 12) "},"
		     "{\"author\":\"a\",\"invocationId\":\"i\"," USAGE(10, 2, 12) "}]",
		     "token_usage",
		     "{\"input_tokens\":30,\"output_tokens\":6,\"total_tokens\":36}");
	/* Only the previous usage of the pair is compared: A, B, A counts three calls. */
	CHECK_MEMBER("[{\"author\":\"a\"," USAGE(1, 1, 2) "},{\"author\":\"a\"," USAGE(2, 2, 4) "},"
		     "{\"author\":\"a\"," USAGE(1, 1, 2) "}]",
		     "token_usage", "{\"input_tokens\":4,\"output_tokens\":4,\"total_tokens\":8}");
}
END_TEST

START_TEST(missing_counts_add_zero_and_extra_counts_appear_when_present)
{
	CHECK_MEMBER("[{\"author\":\"a\",\"usageMetadata\":{\"candidatesTokenCount\":3}},"
		     "{\"author\":\"a\",\"usage_metadata\":{\"prompt_token_count\":5,"
		     "\"total_token_count\":9,\"thoughts_token_count\":4}},"
		     "{\"author\":\"a\",\"usageMetadata\":{\"promptTokenCount\":7,"
		     "\"cachedContentTokenCount\":6,\"candidatesTokenCount\":null}}]",
		     "token_usage",
		     "{\"input_tokens\":12,\"output_tokens\":3,\"total_tokens\":9,"
		     "\"thoughts_tokens\":4,\"cached_tokens\":6}");
	CHECK_MEMBER("[{\"author\":\"a\"},{\"author\":\"a\",\"partial\":true," USAGE(1, 1, 2) "}]",
		     "token_usage", "null");
}
END_TEST

START_TEST(usage_total_alone_as_stats_uses_it)
{
	struct usage_total u;
	usage_total_init(&u);
	json_t *v = usage_total_json(&u);
	ck_assert(json_is_null(v));
	json_decref(v);
	json_t *ev = parse("{\"author\":\"a\",\"invocationId\":\"i\"," USAGE(3, 4, 7) "}");
	usage_total_add(&u, ev);
	usage_total_add(&u, ev);
	json_decref(ev);
	v = usage_total_json(&u);
	ck_assert_int_eq(json_integer_value(json_object_get(v, "total_tokens")), 7);
	ck_assert_uint_eq(json_object_size(v), 3);
	json_decref(v);
	usage_total_release(&u);
}
END_TEST

START_TEST(final_output_and_error)
{
	CHECK_MEMBER("[" EVENT("a", "{\"text\":\"one\"}") "," EVENT("a", "{\"text\":\"two\"}") ","
		     EVENT("user", "{\"text\":\"me\"}") "]",
		     "final_output", "\"two\"");
	CHECK_MEMBER("[{\"author\":\"a\",\"errorCode\":\"429\",\"errorMessage\":\"quota\"},"
		     "{\"author\":\"a\",\"errorCode\":\"SAFETY\"}," EVENT("a", "{\"text\":\"ok\"}") "]",
		     "error", "\"SAFETY\"");
	CHECK_MEMBER("[{\"author\":\"a\",\"errorMessage\":\"boom\"}]", "error", "\"boom\"");
	CHECK_MEMBER("[{\"author\":\"a\",\"error_code\":503,\"error_message\":\"down\"}]", "error",
		     "\"503: down\"");
	CHECK_MEMBER("[{\"author\":\"a\",\"errorCode\":\"\",\"errorMessage\":\"\"}]", "error", "null");
	CHECK_MEMBER("[{\"author\":\"a\",\"errorCode\":\"429\"},{\"error\":\"stream broke\"}]", "error",
		     "\"stream broke\"");
	CHECK_MEMBER("[" EVENT("a", "{\"text\":\"ok\"}") "]", "error", "null");
}
END_TEST

START_TEST(switches_empty_their_parts)
{
	struct trajectory_config c;
	trajectory_config_init(&c);
	c.tool_calls = c.state_deltas = c.token_usage = false;
	json_t *t = trajectory_of_config(
		&c, "[{\"author\":\"a\",\"actions\":{\"stateDelta\":{\"x\":1}}," USAGE(1, 1, 2)
		    ",\"content\":{\"parts\":[" CALL("", "f", "{}") "]}}," EVENT("a", "{\"text\":\"done\"}") "]");
	char *got = dump(t);
	ck_assert_str_eq(got, "{\"tool_calls\":[],\"state_deltas\":[],\"token_usage\":null,"
			      "\"final_output\":\"done\",\"error\":null}");
	free(got);
	json_decref(t);
	trajectory_config_release(&c);
}
END_TEST

START_TEST(redact_words_that_would_hide_every_key_are_refused)
{
	struct trajectory_config c;
	trajectory_config_init(&c);
	ck_assert(!trajectory_config_add_redact_word(&c, "_-."));
	ck_assert(!trajectory_config_add_redact_word(&c, ""));
	ck_assert_uint_eq(c.nredact_words, 0);
	ck_assert(trajectory_config_add_redact_word(&c, "pin"));
	ck_assert(trajectory_config_add_redact_word(&c, "o_t-p"));
	ck_assert_uint_eq(c.nredact_words, 2);
	ck_assert_str_eq(c.redact_words[1], "o_t-p");
	trajectory_config_release(&c);
	ck_assert_uint_eq(c.nredact_words, 0);
}
END_TEST

START_TEST(no_redact_and_redact_key_reach_the_values)
{
	struct trajectory_config c;
	trajectory_config_init(&c);
	ck_assert(trajectory_config_add_redact_word(&c, "PIN"));
	json_t *t = trajectory_of_config(
		&c, "[{\"author\":\"a\",\"actions\":{\"stateDelta\":{\"card_pin\":1234,\"token\":\"t\"}}}]");
	char *got = member(t, "state_deltas");
	ck_assert_str_eq(got, "[{\"card_pin\":\"[REDACTED]\",\"token\":\"[REDACTED]\"}]");
	free(got);
	json_decref(t);
	c.redact = false;
	t = trajectory_of_config(
		&c, "[{\"author\":\"a\",\"actions\":{\"stateDelta\":{\"card_pin\":1234,\"token\":\"t\"}}}]");
	got = member(t, "state_deltas");
	ck_assert_str_eq(got, "[{\"card_pin\":1234,\"token\":\"t\"}]");
	free(got);
	json_decref(t);
	trajectory_config_release(&c);
}
END_TEST

START_TEST(an_empty_stream_gives_an_empty_trajectory)
{
	json_t *t = trajectory_of("[]");
	char *got = dump(t);
	ck_assert_str_eq(got, "{\"tool_calls\":[],\"state_deltas\":[],\"token_usage\":null,"
			      "\"final_output\":\"\",\"error\":null}");
	free(got);
	json_decref(t);
}
END_TEST

/* clang-format on */

int main(void)
{
	pool_serve_jansson();
	Suite *s = suite_create("trajectory");
	TCase *tc = tcase_create("trajectory");
	tcase_add_test(tc, calls_pair_with_responses_by_id);
	tcase_add_test(tc, the_last_response_with_an_id_wins);
	tcase_add_test(tc, calls_without_id_pair_by_name_in_order);
	tcase_add_test(tc, unanswered_calls_have_null_results);
	tcase_add_test(tc, arguments_timestamp_and_partial_calls);
	tcase_add_test(tc, tool_values_are_redacted_and_truncated);
	tcase_add_test(tc, state_deltas_skip_empty_and_partial_and_keep_temp);
	tcase_add_test(tc, streaming_usage_counts_each_model_call_once);
	tcase_add_test(tc, equal_usage_of_other_agents_or_invocations_counts_again);
	tcase_add_test(tc, missing_counts_add_zero_and_extra_counts_appear_when_present);
	tcase_add_test(tc, usage_total_alone_as_stats_uses_it);
	tcase_add_test(tc, final_output_and_error);
	tcase_add_test(tc, switches_empty_their_parts);
	tcase_add_test(tc, redact_words_that_would_hide_every_key_are_refused);
	tcase_add_test(tc, no_redact_and_redact_key_reach_the_values);
	tcase_add_test(tc, an_empty_stream_gives_an_empty_trajectory);
	suite_add_tcase(s, tc);
	return run_suite(s) ? EXIT_FAILURE : EXIT_SUCCESS;
}
