/*
 * check_eventview.c - an event taken apart for show and stats: which kind
 * each part and action is, in which order, what a failed tool result is,
 * and how an event's error is written.
 */
#include "testutil.h"

#include "adk/eventview.h"
#include "read/pool.h"
#include "util.h"

static json_t *parse(const char *text)
{
	json_error_t e;
	json_t *v = json_loads(text, JSON_DECODE_ANY, &e);
	ck_assert_msg(v != NULL, "bad test JSON: %s", e.text);
	return v;
}

/* The kinds of an event's items, as "kind,kind,...". */
struct kinds {
	char text[256];
};

static void add_kind(void *ctx, enum item_kind kind, const json_t *value)
{
	struct kinds *k = ctx;
	ck_assert_ptr_nonnull(value);
	if (k->text[0])
		strcat(k->text, ",");
	strcat(k->text, item_kind_name(kind));
}

static const char *kinds_of(const char *event_text, struct kinds *k, size_t *count)
{
	json_t *ev = parse(event_text);
	k->text[0] = '\0';
	*count = event_items(ev, add_kind, k);
	json_decref(ev);
	return k->text;
}

START_TEST(text_kinds_follow_author_partial_and_final)
{
	struct kinds k;
	size_t n;
	ck_assert_str_eq(
	    kinds_of("{\"author\":\"user\",\"content\":{\"parts\":[{\"text\":\"hi\"}]}}", &k, &n),
	    "input");
	ck_assert_str_eq(
	    kinds_of(
	        "{\"author\":\"a\",\"partial\":true,"
	        "\"content\":{\"parts\":[{\"text\":\"x\"},{\"text\":\"t\",\"thought\":true}]}}",
	        &k, &n),
	    "chunk,thought");
	ck_assert_str_eq(kinds_of("{\"author\":\"a\",\"content\":{\"parts\":[{\"text\":\"t\","
	                          "\"thought\":true},{\"text\":\"answer\"}]}}",
	                          &k, &n),
	                 "thought,final");
	/* Text beside a call is not a final response: it is plain text. */
	ck_assert_str_eq(kinds_of("{\"author\":\"a\",\"content\":{\"parts\":[{\"text\":\"let me\"},"
	                          "{\"functionCall\":{\"name\":\"f\"}}]}}",
	                          &k, &n),
	                 "text,call");
	/* Empty text parts say nothing. */
	ck_assert_str_eq(
	    kinds_of("{\"author\":\"a\",\"content\":{\"parts\":[{\"text\":\"\"}]}}", &k, &n), "");
	ck_assert_uint_eq(n, 0);
}
END_TEST

START_TEST(parts_then_actions_then_error)
{
	struct kinds k;
	size_t n;
	const char *ev =
	    "{\"author\":\"a\",\"errorCode\":\"E\",\"content\":{\"parts\":["
	    "{\"function_response\":{\"name\":\"f\",\"response\":{}}},"
	    "{\"executable_code\":{\"code\":\"1\"}},{\"code_execution_result\":{\"outcome\":\"OK\"}"
	    "},"
	    "{\"inline_data\":{\"mime_type\":\"a/"
	    "b\",\"data\":\"\"}},{\"file_data\":{\"file_uri\":\"u\"}}]},"
	    "\"actions\":{\"escalate\":true,\"transfer_to_agent\":\"b\",\"state_delta\":{\"k\":1},"
	    "\"artifact_delta\":{\"f\":0},\"requested_auth_configs\":{\"c\":{}},"
	    "\"requested_tool_confirmations\":{\"d\":{}}}}";
	ck_assert_str_eq(kinds_of(ev, &k, &n),
	                 "result,code,output,data,file,state,artifact,transfer,"
	                 "escalate,auth,confirm,error");
	ck_assert_uint_eq(n, 12);
	/* The empty {} actions real events carry are not items. */
	ck_assert_str_eq(
	    kinds_of("{\"author\":\"a\",\"actions\":{\"stateDelta\":{},\"artifactDelta\":{},"
	             "\"requestedAuthConfigs\":{},\"escalate\":false}}",
	             &k, &n),
	    "");
}
END_TEST

static bool failed(const char *response)
{
	char text[512];
	snprintf(text, sizeof text, "{\"functionResponse\":{\"name\":\"f\",\"response\":%s}}",
	         response);
	json_t *part = parse(text);
	bool f = function_response_failed(part);
	json_decref(part);
	return f;
}

START_TEST(tool_failures_by_three_conventions)
{
	ck_assert(failed("{\"error\":\"boom\"}"));
	ck_assert(failed("{\"error\":{\"code\":500}}"));
	ck_assert(failed("{\"status\":\"error\",\"error_message\":\"x\"}"));
	ck_assert(failed("{\"content\":[],\"isError\":true}"));
	ck_assert(!failed("{\"error\":null}"));
	ck_assert(!failed("{\"error\":false,\"isError\":false}"));
	ck_assert(!failed("{\"status\":\"ok\"}"));
	ck_assert(!failed("\"error\""));
	ck_assert(!failed("{\"result\":\"error\"}"));
}
END_TEST

static void assert_error_text(const char *event_text, const char *want)
{
	json_t *ev = parse(event_text);
	char *got = event_error_text(ev);
	if (want)
		ck_assert_str_eq(got, want);
	else
		ck_assert_ptr_null(got);
	free(got);
	json_decref(ev);
}

START_TEST(error_text_joins_code_and_message)
{
	assert_error_text("{\"errorCode\":\"429\",\"errorMessage\":\"quota\"}", "429: quota");
	assert_error_text("{\"error_code\":500}", "500");
	assert_error_text("{\"errorMessage\":\"down\"}", "down");
	assert_error_text("{\"errorCode\":null,\"author\":\"a\"}", NULL);
	assert_error_text("{\"errorCode\":{\"x\":1}}", NULL);
}
END_TEST

int main(void)
{
	pool_serve_jansson();
	Suite *s = suite_create("eventview");
	TCase *tc = tcase_create("eventview");
	tcase_add_test(tc, text_kinds_follow_author_partial_and_final);
	tcase_add_test(tc, parts_then_actions_then_error);
	tcase_add_test(tc, tool_failures_by_three_conventions);
	tcase_add_test(tc, error_text_joins_code_and_message);
	suite_add_tcase(s, tc);
	return run_suite(s) ? EXIT_FAILURE : EXIT_SUCCESS;
}
