/*
 * check_event.c - the ADK event model: both spellings, null as absent, ADK's
 * is_final_response on every rule of events.md section 2, timestamps, and
 * what counts as an event.
 */
#include "testutil.h"

#include "adk/event.h"
#include "read/pool.h"
#include "util.h"

static json_t *parse(const char *text)
{
	json_error_t e;
	json_t *v = json_loads(text, JSON_DECODE_ANY | JSON_ALLOW_NUL, &e);
	ck_assert_msg(v != NULL, "bad test JSON: %s", e.text);
	return v;
}

static bool final_of(const char *text)
{
	json_t *ev = parse(text);
	bool final = event_is_final(ev);
	json_decref(ev);
	return final;
}

START_TEST(fields_are_read_in_both_spellings)
{
	json_t *camel = parse("{\"invocationId\":\"i1\",\"actions\":{\"stateDelta\":{\"k\":1}},"
	                      "\"usageMetadata\":{\"promptTokenCount\":3}}");
	json_t *snake = parse("{\"invocation_id\":\"i1\",\"actions\":{\"state_delta\":{\"k\":1}},"
	                      "\"usage_metadata\":{\"prompt_token_count\":3}}");
	json_t *both[] = {camel, snake};
	for (int i = 0; i < 2; i++) {
		ck_assert_str_eq(event_invocation_id(both[i]), "i1");
		json_t *delta = adk_get(adk_get(both[i], ADK_ACTIONS), ADK_STATE_DELTA);
		ck_assert_int_eq(json_integer_value(json_object_get(delta, "k")), 1);
		json_t *usage = adk_get(both[i], ADK_USAGE_METADATA);
		ck_assert_int_eq(json_integer_value(adk_get(usage, ADK_PROMPT_TOKEN_COUNT)), 3);
	}
	json_decref(camel);
	json_decref(snake);
}
END_TEST

START_TEST(camel_case_wins_and_null_is_absent)
{
	json_t *ev = parse("{\"invocationId\":\"camel\",\"invocation_id\":\"snake\","
	                   "\"errorCode\":null,\"error_code\":\"E\",\"author\":null}");
	ck_assert_str_eq(event_invocation_id(ev), "camel");
	ck_assert_str_eq(adk_get_string(ev, ADK_ERROR_CODE), "E");
	ck_assert_ptr_null(event_author(ev));
	ck_assert_ptr_null(adk_get(ev, ADK_BRANCH));
	ck_assert_str_eq(adk_field_name(ADK_LONG_RUNNING_TOOL_IDS), "longRunningToolIds");
	json_decref(ev);
}
END_TEST

START_TEST(final_rule_skip_summarization_and_long_running)
{
	/* skipSummarization alone is enough, even next to a function response. */
	ck_assert(final_of("{\"actions\":{\"skipSummarization\":true},\"content\":{\"parts\":"
	                   "[{\"functionResponse\":{\"name\":\"f\"}}]}}"));
	ck_assert(final_of("{\"actions\":{\"skip_summarization\":1},\"content\":{\"parts\":"
	                   "[{\"function_response\":{\"name\":\"f\"}}]}}"));
	ck_assert(!final_of("{\"actions\":{\"skipSummarization\":false},\"content\":{\"parts\":"
	                    "[{\"functionResponse\":{\"name\":\"f\"}}]}}"));
	ck_assert(final_of("{\"longRunningToolIds\":[\"x\"],\"content\":{\"parts\":"
	                   "[{\"text\":\"t\"},{\"functionCall\":{\"name\":\"f\"}}]}}"));
	ck_assert(final_of("{\"long_running_tool_ids\":[\"x\"],\"partial\":true}"));
	ck_assert(!final_of("{\"longRunningToolIds\":[],\"content\":{\"parts\":"
	                    "[{\"functionCall\":{\"name\":\"f\"}}]}}"));
}
END_TEST

START_TEST(final_rule_calls_responses_partial_and_code_results)
{
	ck_assert(final_of("{\"content\":{\"parts\":[{\"text\":\"t\"}]}}"));
	ck_assert(!final_of("{\"content\":{\"parts\":[{\"text\":\"t\"},{\"functionCall\":{}}]}}"));
	ck_assert(!final_of("{\"content\":{\"parts\":[{\"function_call\":{\"name\":\"f\"}}]}}"));
	ck_assert(!final_of("{\"content\":{\"parts\":[{\"functionResponse\":{\"name\":\"f\"}}]}}"));
	ck_assert(final_of("{\"content\":{\"parts\":[{\"text\":\"t\",\"functionCall\":null}]}}"));
	ck_assert(!final_of("{\"partial\":true,\"content\":{\"parts\":[{\"text\":\"t\"}]}}"));
	ck_assert(final_of("{\"partial\":false,\"content\":{\"parts\":[{\"text\":\"t\"}]}}"));
	ck_assert(!final_of("{\"content\":{\"parts\":[{\"text\":\"t\"},"
	                    "{\"codeExecutionResult\":{\"outcome\":\"OUTCOME_OK\"}}]}}"));
	ck_assert(final_of("{\"content\":{\"parts\":[{\"code_execution_result\":{}},"
	                   "{\"text\":\"t\"}]}}"));
}
END_TEST

START_TEST(final_rule_no_content_errors_and_auth_requests)
{
	ck_assert(final_of("{\"author\":\"a\"}"));
	ck_assert(final_of("{\"errorCode\":\"429\",\"errorMessage\":\"quota\"}"));
	ck_assert(final_of("{\"content\":{\"parts\":[]}}"));
	/* ADK JS 2.0 counts requested auth configs as final; Python, Go and adkev do not. */
	ck_assert(!final_of("{\"actions\":{\"requestedAuthConfigs\":{\"c\":{}}},"
	                    "\"content\":{\"parts\":[{\"functionCall\":{\"name\":\"f\"}}]}}"));
}
END_TEST

START_TEST(timestamps_are_seconds)
{
	json_t *ms = parse("{\"timestamp\":1767225615002}");
	json_t *s = parse("{\"timestamp\":1767225615.002}");
	json_t *none = parse("{\"timestamp\":\"yesterday\"}");
	double a, b, c = -1;
	ck_assert(event_timestamp(ms, &a));
	ck_assert(event_timestamp(s, &b));
	ck_assert_double_eq_tol(a, 1767225615.002, 1e-6);
	ck_assert_double_eq_tol(b, 1767225615.002, 1e-6);
	ck_assert(!event_timestamp(none, &c));
	json_decref(ms);
	json_decref(s);
	json_decref(none);
}
END_TEST

START_TEST(value_kinds)
{
	static const struct {
		const char *text;
		enum value_kind kind;
	} cases[] = {
	    {"{\"author\":\"a\"}", VALUE_EVENT},
	    {"{\"invocation_id\":\"i\"}", VALUE_EVENT},
	    {"{\"content\":{}}", VALUE_EVENT},
	    {"{\"id\":\"s\",\"events\":[]}", VALUE_SESSION},
	    {"{\"error\":\"boom\"}", VALUE_STREAM_ERROR},
	    {"{\"error\":\"boom\",\"author\":\"a\"}", VALUE_EVENT},
	    {"[]", VALUE_ARRAY},
	    {"{\"kind\":\"message\",\"messageId\":\"m\"}", VALUE_OTHER},
	    {"{\"jsonrpc\":\"2.0\",\"id\":1}", VALUE_OTHER},
	    {"{\"error\":{\"code\":1}}", VALUE_OTHER},
	    /* A member whose value is null is absent (events.md 1.2). */
	    {"{\"foo\":1,\"author\":null}", VALUE_OTHER},
	    {"{\"author\":null}", VALUE_EVENT},
	    {"{}", VALUE_EVENT},
	    {"{\"id\":\"e\"}", VALUE_EVENT},
	    {"{\"id\":\"t\",\"kind\":\"task\"}", VALUE_OTHER},
	    {"{\"kind\":\"message\",\"author\":\"a\"}", VALUE_EVENT},
	    {"42", VALUE_OTHER},
	    {"null", VALUE_OTHER},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		json_t *v = parse(cases[i].text);
		ck_assert_msg(value_kind(v) == cases[i].kind, "%s", cases[i].text);
		json_decref(v);
	}
}
END_TEST

START_TEST(answer_parts_prefer_non_empty_response_content)
{
	json_t *ev = parse("{\"actions\":{\"responseContent\":[{\"text\":\"rc\"}]},"
	                   "\"content\":{\"parts\":[{\"text\":\"c\"}]}}");
	ck_assert_str_eq(part_text(json_array_get(event_answer_parts(ev), 0), NULL), "rc");
	json_decref(ev);
	ev = parse("{\"actions\":{\"response_content\":{\"parts\":[{\"text\":\"obj\"}]}},"
	           "\"content\":{\"parts\":[{\"text\":\"c\"}]}}");
	ck_assert_str_eq(part_text(json_array_get(event_answer_parts(ev), 0), NULL), "obj");
	json_decref(ev);
	ev = parse(
	    "{\"actions\":{\"responseContent\":[]},\"content\":{\"parts\":[{\"text\":\"c\"}]}}");
	ck_assert_str_eq(part_text(json_array_get(event_answer_parts(ev), 0), NULL), "c");
	json_decref(ev);
}
END_TEST

START_TEST(names_are_compared_by_their_whole_length)
{
	json_t *ev = parse("{\"author\":\"a\\u0000evil\",\"invocation_id\":\"inv\\u0000X\"}");
	const json_t *author = event_author_string(ev);
	ck_assert_uint_eq(json_string_length(author), 6);
	ck_assert(!json_string_equals(author, "a"));
	ck_assert(!json_string_equals(event_invocation_id_string(ev), "inv"));
	json_decref(ev);

	ev = parse("{\"author\":\"user\\u0000x\"}");
	ck_assert(!event_is_user(ev));
	json_decref(ev);
	ev = parse("{\"author\":\"user\",\"invocationId\":\"inv\"}");
	ck_assert(event_is_user(ev));
	ck_assert(json_string_equals(event_invocation_id_string(ev), "inv"));
	json_decref(ev);

	/* Absent, null and non-string names are no names. */
	ev = parse("{\"author\":7,\"invocationId\":null}");
	ck_assert_ptr_null(event_author_string(ev));
	ck_assert_ptr_null(event_invocation_id_string(ev));
	ck_assert(!json_string_equals(NULL, ""));
	json_decref(ev);

	json_t *a = json_stringn("inv\0X", 5), *b = json_string("inv"),
	       *c = json_stringn("inv\0X", 5);
	ck_assert(!json_strings_equal(a, b));
	ck_assert(json_strings_equal(a, c));
	ck_assert(!json_strings_equal(a, NULL));
	json_decref(a);
	json_decref(b);
	json_decref(c);
}
END_TEST

START_TEST(truthiness_follows_python)
{
	static const char *const falsy[] = {"null", "false", "0", "0.0", "\"\"", "[]", "{}"};
	static const char *const truthy[] = {"true", "1", "-0.5", "\" \"", "[0]", "{\"a\":0}"};
	for (size_t i = 0; i < sizeof falsy / sizeof falsy[0]; i++) {
		json_t *v = parse(falsy[i]);
		ck_assert_msg(!json_truthy(v), "%s", falsy[i]);
		json_decref(v);
	}
	for (size_t i = 0; i < sizeof truthy / sizeof truthy[0]; i++) {
		json_t *v = parse(truthy[i]);
		ck_assert_msg(json_truthy(v), "%s", truthy[i]);
		json_decref(v);
	}
}
END_TEST

/*
 * A file split by session object: the first event begins a session, and so
 * does one from another session than the last, or from none after one;
 * the names are copies, so the last session's outlive its object.
 */
START_TEST(sessions_split_where_the_object_names_another)
{
	json_t *a = parse("{\"id\":\"s1\",\"appName\":\"app\",\"userId\":\"u\",\"events\":[]}");
	/* Another object naming the same session, in the other spelling. */
	json_t *a2 = parse("{\"id\":\"s1\",\"app_name\":\"app\",\"user_id\":\"u\"}");
	json_t *b = parse("{\"id\":\"s2\",\"appName\":\"app\",\"userId\":\"u\"}");
	json_t *no_user = parse("{\"id\":\"s1\",\"appName\":\"app\"}");
	struct session_split split;
	session_split_init(&split);
	ck_assert(session_split_begins(&split, a));
	ck_assert(session_split_begins(&split, NULL));

	session_split_take(&split, a);
	ck_assert(!session_split_begins(&split, a));
	ck_assert(!session_split_begins(&split, a2));
	ck_assert(session_split_begins(&split, b));
	ck_assert(session_split_begins(&split, no_user));
	ck_assert(session_split_begins(&split, NULL));

	/* Events from no object: one session until an object comes. */
	session_split_take(&split, NULL);
	ck_assert(!session_split_begins(&split, NULL));
	ck_assert(session_split_begins(&split, a));
	ck_assert_ptr_null(split.id);

	session_split_take(&split, b);
	json_decref(b);
	ck_assert_str_eq(split.id, "s2");
	ck_assert_str_eq(split.app, "app");
	ck_assert_str_eq(split.user, "u");
	ck_assert(session_split_begins(&split, a));

	/* An object naming no session is still told from none. */
	json_t *nameless = parse("{\"events\":[]}");
	session_split_take(&split, nameless);
	ck_assert(!session_split_begins(&split, nameless));
	ck_assert(session_split_begins(&split, NULL));
	session_split_take(&split, NULL);
	ck_assert(session_split_begins(&split, nameless));
	json_decref(nameless);

	/* Released, nothing was read: the next event begins again. */
	session_split_release(&split);
	ck_assert(session_split_begins(&split, NULL));
	json_decref(a);
	json_decref(a2);
	json_decref(no_user);
}
END_TEST

int main(void)
{
	pool_serve_jansson();
	Suite *s = suite_create("event");
	TCase *tc = tcase_create("event");
	tcase_add_test(tc, fields_are_read_in_both_spellings);
	tcase_add_test(tc, camel_case_wins_and_null_is_absent);
	tcase_add_test(tc, final_rule_skip_summarization_and_long_running);
	tcase_add_test(tc, final_rule_calls_responses_partial_and_code_results);
	tcase_add_test(tc, final_rule_no_content_errors_and_auth_requests);
	tcase_add_test(tc, timestamps_are_seconds);
	tcase_add_test(tc, names_are_compared_by_their_whole_length);
	tcase_add_test(tc, value_kinds);
	tcase_add_test(tc, answer_parts_prefer_non_empty_response_content);
	tcase_add_test(tc, truthiness_follows_python);
	tcase_add_test(tc, sessions_split_where_the_object_names_another);
	suite_add_tcase(s, tc);
	return run_suite(s) ? EXIT_FAILURE : EXIT_SUCCESS;
}
