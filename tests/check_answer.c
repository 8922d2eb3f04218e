/*
 * check_answer.c - the answer and reasoning rules of events.md sections 3.1
 * and 3.2, with their deviations from gepa-adk.
 */
#include "testutil.h"

#include "read/pool.h"
#include "adk/answer.h"
#include "adk/event.h"

static char *answer_of(bool concat, const char *events_json)
{
	json_t *events = json_loads(events_json, 0, NULL);
	ck_assert_ptr_nonnull(events);
	struct answer a;
	answer_init(&a, concat);
	size_t i;
	json_t *ev;
	json_array_foreach(events, i, ev) answer_add(&a, ev);
	json_t *result = answer_json(&a);
	char *text = strdup(json_string_value(result));
	json_decref(result);
	answer_release(&a);
	json_decref(events);
	return text;
}

/* The thoughts kept over events: the final responses', or with all every event's. */
static char *reasoning_of_events(bool all, const char *events_json)
{
	json_t *events = json_loads(events_json, 0, NULL);
	ck_assert_ptr_nonnull(events);
	struct reasoning r;
	reasoning_init(&r, all);
	size_t i;
	json_t *ev;
	json_array_foreach(events, i, ev) reasoning_add(&r, ev);
	json_t *result = reasoning_json(&r);
	char *text = json_is_null(result) ? NULL : strdup(json_string_value(result));
	json_decref(result);
	reasoning_release(&r);
	json_decref(events);
	return text;
}

static char *reasoning_of(const char *events_json)
{
	return reasoning_of_events(false, events_json);
}

#define CHECK_ANSWER(concat, events, expected)                                                     \
	do {                                                                                       \
		char *got = answer_of(concat, events);                                             \
		ck_assert_str_eq(got, expected);                                                   \
		free(got);                                                                         \
	} while (0)

START_TEST(last_text_part_of_last_final_event)
{
	/* gepa's code takes the first part; its documentation, and adkev, the last. */
	CHECK_ANSWER(
	    false,
	    "[{\"author\":\"a\",\"content\":{\"parts\":[{\"text\":\"one\"}]}},"
	    "{\"author\":\"a\",\"content\":{\"parts\":[{\"text\":\"A\"},{\"text\":\"B\"}]}}]",
	    "B");
}
END_TEST

START_TEST(thoughts_empty_text_and_non_final_events_are_passed_over)
{
	CHECK_ANSWER(
	    false,
	    "[{\"author\":\"a\",\"content\":{\"parts\":[{\"text\":\"answer\"},"
	    "{\"text\":\"thinking\",\"thought\":true},{\"text\":\"\"}]}},"
	    "{\"author\":\"a\",\"partial\":true,\"content\":{\"parts\":[{\"text\":\"chunk\"}]}},"
	    "{\"author\":\"a\",\"content\":{\"parts\":[{\"text\":\"call\"},"
	    "{\"functionCall\":{\"name\":\"f\"}}]}}]",
	    "answer");
}
END_TEST

START_TEST(a_final_event_without_text_keeps_the_answer)
{
	CHECK_ANSWER(
	    false,
	    "[{\"author\":\"a\",\"content\":{\"parts\":[{\"text\":\"kept\"}]}},"
	    "{\"author\":\"a\",\"errorCode\":\"SAFETY\"},"
	    "{\"author\":\"a\",\"actions\":{\"skipSummarization\":true},\"content\":{\"parts\":"
	    "[{\"functionResponse\":{\"name\":\"exit_loop\"}}]}}]",
	    "kept");
}
END_TEST

START_TEST(user_events_are_never_the_answer)
{
	CHECK_ANSWER(
	    false,
	    "[{\"author\":\"agent\",\"content\":{\"parts\":[{\"text\":\"reply\"}]}},"
	    "{\"author\":\"user\",\"content\":{\"parts\":[{\"text\":\"next question\"}]}}]",
	    "reply");
	CHECK_ANSWER(true,
	             "[{\"author\":\"user\",\"content\":{\"parts\":[{\"text\":\"q\"}]}},"
	             "{\"author\":\"agent\",\"content\":{\"parts\":[{\"text\":\"reply\"}]}}]",
	             "reply");
}
END_TEST

START_TEST(concat_joins_every_part_with_nothing)
{
	CHECK_ANSWER(
	    true,
	    "[{\"author\":\"a\",\"content\":{\"parts\":[{\"text\":\"A\"},{\"text\":\"B\"}]}},"
	    "{\"author\":\"b\",\"content\":{\"parts\":[{\"text\":\"x\",\"thought\":true},"
	    "{\"text\":\"C\"}]}}]",
	    "ABC");
	CHECK_ANSWER(true, "[]", "");
}
END_TEST

START_TEST(response_content_with_only_thoughts_does_not_fall_back)
{
	/* gepa falls back to content.parts here; adkev reads one source per event. */
	CHECK_ANSWER(false,
	             "[{\"author\":\"a\",\"actions\":{\"responseContent\":[{\"text\":\"t\","
	             "\"thought\":true}]},\"content\":{\"parts\":[{\"text\":\"content\"}]}}]",
	             "");
}
END_TEST

START_TEST(reasoning_joins_thoughts_with_newlines)
{
	char *got = reasoning_of("[{\"author\":\"a\",\"content\":{\"parts\":[{\"text\":\"t1\","
	                         "\"thought\":true},{\"text\":\"answer\"}]}},"
	                         "{\"author\":\"a\",\"content\":{\"parts\":[{\"text\":\"t2\","
	                         "\"thought\":1}]}}]");
	ck_assert_str_eq(got, "t1\nt2");
	free(got);
}
END_TEST

START_TEST(reasoning_is_null_without_thoughts_and_never_falls_back)
{
	ck_assert_ptr_null(
	    reasoning_of("[{\"author\":\"a\",\"content\":{\"parts\":[{\"text\":\"answer\"}]}}]"));
	ck_assert_ptr_null(reasoning_of("[]"));
	/* responseContent without thoughts hides the thoughts of content.parts. */
	ck_assert_ptr_null(reasoning_of("[{\"author\":\"a\",\"actions\":{\"responseContent\":"
	                                "[{\"text\":\"rc\"}]},\"content\":{\"parts\":[{\"text\":"
	                                "\"hidden\",\"thought\":true}]}}]"));
	/* A thought in a non-final event does not count. */
	ck_assert_ptr_null(
	    reasoning_of("[{\"author\":\"a\",\"content\":{\"parts\":[{\"text\":\"t\","
	                 "\"thought\":true},{\"functionCall\":{\"name\":\"f\"}}]}}]"));
}
END_TEST

/* Events for the streamed answer and thoughts: escapes, a NUL, UTF-8, parts left out. */
static const char streamed_events[] =
    "[{\"author\":\"a\",\"content\":{\"parts\":[{\"text\":\"t\\\"1\",\"thought\":true},"
    "{\"text\":\"A\\n\\u0000\"},{\"text\":\"\"}]}},"
    "{\"author\":\"user\",\"content\":{\"parts\":[{\"text\":\"q\"}]}},"
    "{\"author\":\"a\",\"partial\":true,\"content\":{\"parts\":[{\"text\":\"chunk\"}]}},"
    "{\"author\":\"b\",\"content\":{\"parts\":[{\"text\":\"\u00e9\",\"thought\":true},"
    "{\"text\":\"B\"}]}}]";

enum streamed_text { STREAM_ANSWER, STREAM_REASONING, STREAM_ALL_REASONING };

/* What answer_stream()/reasoning_stream() write over events, raw or JSON, and a line end. */
static char *streamed(enum streamed_text what, bool raw, const char *events_json)
{
	json_t *events = json_loads(events_json, JSON_ALLOW_NUL, NULL);
	ck_assert_ptr_nonnull(events);
	struct answer a;
	struct reasoning r;
	size_t i;
	json_t *ev;
	bool reasoning = what != STREAM_ANSWER;
	answer_init(&a, true);
	reasoning_init(&r, what == STREAM_ALL_REASONING);
	struct strbuf sb = STRBUF_INIT;
	struct json_writer w;
	jw_init_buf(&w, &sb, raw ? JW_RAW : 0);
	if (reasoning)
		reasoning_stream(&r, &w);
	else
		answer_stream(&a, &w);
	json_array_foreach(events, i, ev)
	{
		if (reasoning)
			reasoning_add(&r, ev);
		else
			answer_add(&a, ev);
	}
	bool empty = reasoning ? reasoning_stream_end(&r) : answer_stream_end(&a);
	jw_line_end(&w);
	char *got = sb.buf;
	/* Written text has no NUL here unless escaped, so the length is that of the string. */
	ck_assert_uint_eq(strlen(got), sb.len);
	ck_assert(empty == (json_array_size(events) == 0));
	answer_release(&a);
	reasoning_release(&r);
	json_decref(events);
	return got;
}

#define CHECK_STREAMED(what, raw, events, expected)                                                \
	do {                                                                                       \
		char *got = streamed(what, raw, events);                                           \
		ck_assert_str_eq(got, expected);                                                   \
		free(got);                                                                         \
	} while (0)

START_TEST(streamed_answer_is_written_as_the_whole_one)
{
	CHECK_STREAMED(STREAM_ANSWER, false, streamed_events, "\"A\\n\\u0000B\"\n");
	CHECK_STREAMED(STREAM_ANSWER, false, "[]", "\"\"\n");
	CHECK_STREAMED(STREAM_ANSWER, true, "[]", "\n");
}
END_TEST

START_TEST(streamed_reasoning_is_written_as_the_whole_one)
{
	CHECK_STREAMED(STREAM_REASONING, false, streamed_events, "\"t\\\"1\\n\u00e9\"\n");
	CHECK_STREAMED(STREAM_REASONING, true, streamed_events, "t\"1\n\u00e9\n");
	CHECK_STREAMED(STREAM_REASONING, false, "[]", "null\n");
	CHECK_STREAMED(STREAM_REASONING, true, "[]", "\n");
}
END_TEST

/*
 * A thought before a tool call, a partial event's thought (its text comes
 * again whole), a user's and a final response's.
 */
static const char thinking_events[] =
    "[{\"author\":\"a\",\"content\":{\"role\":\"model\",\"parts\":["
    "{\"text\":\"plan\",\"thought\":true},{\"text\":\"more\",\"thought\":true},"
    "{\"functionCall\":{\"name\":\"f\",\"args\":{}}}]}},"
    "{\"author\":\"a\",\"partial\":true,\"content\":{\"parts\":[{\"text\":\"che\",\"thought\":true}"
    "]}},"
    "{\"author\":\"user\",\"content\":{\"parts\":[{\"text\":\"u\",\"thought\":true}]}},"
    "{\"author\":\"a\",\"content\":{\"parts\":[{\"text\":\"check\",\"thought\":true},"
    "{\"text\":\"A\"}]}}]";

START_TEST(all_reasoning_reads_every_whole_agent_event)
{
	char *final_only = reasoning_of(thinking_events);
	ck_assert_str_eq(final_only, "check");
	free(final_only);
	char *all = reasoning_of_events(true, thinking_events);
	ck_assert_str_eq(all, "plan\nmore\n\ncheck");
	free(all);
	CHECK_STREAMED(STREAM_ALL_REASONING, false, thinking_events,
	               "\"plan\\nmore\\n\\ncheck\"\n");
	CHECK_STREAMED(STREAM_ALL_REASONING, true, thinking_events, "plan\nmore\n\ncheck\n");
}
END_TEST

int main(void)
{
	pool_serve_jansson();
	Suite *s = suite_create("answer");
	TCase *tc = tcase_create("answer");
	tcase_add_test(tc, last_text_part_of_last_final_event);
	tcase_add_test(tc, thoughts_empty_text_and_non_final_events_are_passed_over);
	tcase_add_test(tc, a_final_event_without_text_keeps_the_answer);
	tcase_add_test(tc, user_events_are_never_the_answer);
	tcase_add_test(tc, concat_joins_every_part_with_nothing);
	tcase_add_test(tc, response_content_with_only_thoughts_does_not_fall_back);
	tcase_add_test(tc, reasoning_joins_thoughts_with_newlines);
	tcase_add_test(tc, reasoning_is_null_without_thoughts_and_never_falls_back);
	tcase_add_test(tc, streamed_answer_is_written_as_the_whole_one);
	tcase_add_test(tc, streamed_reasoning_is_written_as_the_whole_one);
	tcase_add_test(tc, all_reasoning_reads_every_whole_agent_event);
	suite_add_tcase(s, tc);
	return run_suite(s) ? EXIT_FAILURE : EXIT_SUCCESS;
}
