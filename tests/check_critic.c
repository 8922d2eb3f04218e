/*
 * check_critic.c - a critic's verdict parsed and normalised (events.md 3.6,
 * gepa-reference.md 6.2 and 6.4(a)), Markdown fences, and every error.
 */
#include "testutil.h"

#include "adk/critic.h"
#include "read/pool.h"
#include "write/json.h"
#include "util.h"

/* The normalised verdict as adkev prints it, or "ERROR: reason"; the caller frees it. */
static char *verdict_of(const char *text)
{
	struct critic_verdict v;
	struct strbuf sb = STRBUF_INIT;
	if (critic_parse(text, strlen(text), &v)) {
		struct json_writer w;
		jw_init_buf(&w, &sb, 0);
		jw_value(&w, v.json);
		json_decref(v.json);
	} else {
		ck_assert_ptr_null(v.json);
		strbuf_addf(&sb, "ERROR: %s", v.reason);
	}
	return sb.buf;
}

#define CHECK_VERDICT(text, expected)                                                              \
	do {                                                                                       \
		char *got_ = verdict_of(text);                                                     \
		ck_assert_str_eq(got_, expected);                                                  \
		free(got_);                                                                        \
	} while (0)

START_TEST(plain_verdicts_are_normalised)
{
	CHECK_VERDICT("{\"score\":0.8,\"feedback\":\"Clear.\"}",
	              "{\"score\":0.8,\"feedback_text\":\"Clear.\"}");
	/* An integer score is a float, as gepa's float(score); feedback is stripped. */
	CHECK_VERDICT("  {\"score\":1,\"feedback\":\"  padded \\n\"}\n",
	              "{\"score\":1.0,\"feedback_text\":\"padded\"}");
	CHECK_VERDICT("{\"score\":0}", "{\"score\":0.0,\"feedback_text\":\"\"}");
	/* Key order is fixed; other keys are dropped. */
	CHECK_VERDICT(
	    "{\"extra\":1,\"actionable_guidance\":\" Cut it. \",\"dimension_scores\":"
	    "{\"clarity\":0.9,\"tone\":\"ok\"},\"feedback\":\"f\",\"score\":0.5}",
	    "{\"score\":0.5,\"feedback_text\":\"f\",\"dimension_scores\":{\"clarity\":0.9,"
	    "\"tone\":\"ok\"},\"actionable_guidance\":\"Cut it.\"}");
}
END_TEST

START_TEST(feedback_rules)
{
	/* feedback_text wins when truthy; an empty one falls back to feedback. */
	CHECK_VERDICT("{\"score\":0.5,\"feedback_text\":\"ft\",\"feedback\":\"f\"}",
	              "{\"score\":0.5,\"feedback_text\":\"ft\"}");
	CHECK_VERDICT("{\"score\":0.5,\"feedback_text\":\"\",\"feedback\":\"f\"}",
	              "{\"score\":0.5,\"feedback_text\":\"f\"}");
	/* Deviation: a feedback that is not a string gives "" (gepa: "None", "5"). */
	CHECK_VERDICT("{\"score\":0.5,\"feedback\":null}",
	              "{\"score\":0.5,\"feedback_text\":\"\"}");
	CHECK_VERDICT("{\"score\":0.5,\"feedback\":5}", "{\"score\":0.5,\"feedback_text\":\"\"}");
	CHECK_VERDICT("{\"score\":0.5,\"feedback\":\" \\t\"}",
	              "{\"score\":0.5,\"feedback_text\":\"\"}");
	/* Python's strip() takes Unicode white space too. */
	CHECK_VERDICT("{\"score\":0.5,\"feedback\":\"\\u00a0\\u3000été\\u2003\"}",
	              "{\"score\":0.5,\"feedback_text\":\"été\"}");
	/* Empty dimension scores and blank guidance are left out. */
	CHECK_VERDICT("{\"score\":0.5,\"dimension_scores\":{},\"actionable_guidance\":\"  \"}",
	              "{\"score\":0.5,\"feedback_text\":\"\"}");
	CHECK_VERDICT("{\"score\":0.5,\"dimension_scores\":[1],\"actionable_guidance\":3}",
	              "{\"score\":0.5,\"feedback_text\":\"\"}");
}
END_TEST

START_TEST(markdown_fences_are_accepted)
{
	CHECK_VERDICT("```json\n{\"score\":0.7,\"feedback\":\"ok\"}\n```",
	              "{\"score\":0.7,\"feedback_text\":\"ok\"}");
	CHECK_VERDICT("\n```JSON\n{\"score\":0.7}\n```\n",
	              "{\"score\":0.7,\"feedback_text\":\"\"}");
	CHECK_VERDICT("```\n{\"score\":0.7}\n```", "{\"score\":0.7,\"feedback_text\":\"\"}");
	CHECK_VERDICT("```{\"score\":0.7}```", "{\"score\":0.7,\"feedback_text\":\"\"}");
	CHECK_VERDICT("```json {\"score\":0.7} ```", "{\"score\":0.7,\"feedback_text\":\"\"}");
	CHECK_VERDICT("```javascript\n{\"score\":0.7}\n```",
	              "ERROR: the final output is a code fence without JSON");
	CHECK_VERDICT("```json\n{\"score\":0.7}",
	              "ERROR: the final output is a code fence without JSON");
	CHECK_VERDICT("```", "ERROR: the final output is a code fence without JSON");
	CHECK_VERDICT("``````", "ERROR: the final output is not JSON (line 1, column 0)");
	/* Prose around a fence is not a verdict. */
	CHECK_VERDICT("Here:\n```json\n{\"score\":0.7}\n```",
	              "ERROR: the final output is not JSON (line 1, column 4)");
}
END_TEST

START_TEST(every_error_has_a_reason_without_the_text)
{
	/* The position is jansson's: where the bad token ends, in the (unfenced) JSON. */
	CHECK_VERDICT("great job, secret42",
	              "ERROR: the final output is not JSON (line 1, column 5)");
	CHECK_VERDICT("{\"score\":0.5} trailing",
	              "ERROR: the final output is not JSON (line 1, column 22)");
	CHECK_VERDICT("{\"score\":NaN}", "ERROR: the final output is not JSON (line 1, column 12)");
	CHECK_VERDICT("   ", "ERROR: the final output is not JSON (line 1, column 0)");
	CHECK_VERDICT("[{\"score\":1}]", "ERROR: the verdict is an array, not an object");
	CHECK_VERDICT("0.9", "ERROR: the verdict is a number, not an object");
	CHECK_VERDICT("\"0.9\"", "ERROR: the verdict is a string, not an object");
	CHECK_VERDICT("{\"feedback\":\"f\"}", "ERROR: the verdict has no \"score\"");
	CHECK_VERDICT("{\"score\":\"0.5\"}", "ERROR: \"score\" is a string, not a number");
	CHECK_VERDICT("{\"score\":null}", "ERROR: \"score\" is null, not a number");
	/* Deviation: gepa takes true as 1.0. */
	CHECK_VERDICT("{\"score\":true}", "ERROR: \"score\" is a boolean, not a number");
	CHECK_VERDICT("{\"score\":{\"v\":1}}", "ERROR: \"score\" is an object, not a number");
}
END_TEST

START_TEST(gepa_parse_details)
{
	/* No range check in the parser; duplicate keys keep the last value. */
	CHECK_VERDICT("{\"score\":1.5}", "{\"score\":1.5,\"feedback_text\":\"\"}");
	CHECK_VERDICT("{\"score\":-3}", "{\"score\":-3.0,\"feedback_text\":\"\"}");
	CHECK_VERDICT("{\"score\":0.1,\"score\":0.9}", "{\"score\":0.9,\"feedback_text\":\"\"}");
	struct critic_verdict v;
	ck_assert(critic_parse("{\"score\":0.25}", 14, &v));
	ck_assert(v.score == 0.25);
	json_decref(v.json);
}
END_TEST

START_TEST(strip_and_unfence_spans)
{
	size_t b, n;
	critic_strip("  ab \n", 6, &b, &n);
	ck_assert_uint_eq(b, 2);
	ck_assert_uint_eq(n, 2);
	critic_strip("\xc2\xa0x\xe3\x80\x80", 6, &b, &n);
	ck_assert_uint_eq(b, 2);
	ck_assert_uint_eq(n, 1);
	critic_strip(" \t ", 3, &b, &n);
	ck_assert_uint_eq(n, 0);
	/* A non-space multi-byte character at the end stays whole. */
	critic_strip("é", 2, &b, &n);
	ck_assert_uint_eq(b, 0);
	ck_assert_uint_eq(n, 2);
	const char *t = " ```json\n{}\n``` ";
	ck_assert(critic_unfence(t, strlen(t), &b, &n));
	ck_assert_uint_eq(n, 2);
	ck_assert_int_eq(memcmp(t + b, "{}", 2), 0);
}
END_TEST

int main(void)
{
	pool_serve_jansson();
	Suite *s = suite_create("critic");
	TCase *tc = tcase_create("critic");
	tcase_add_test(tc, plain_verdicts_are_normalised);
	tcase_add_test(tc, feedback_rules);
	tcase_add_test(tc, markdown_fences_are_accepted);
	tcase_add_test(tc, every_error_has_a_reason_without_the_text);
	tcase_add_test(tc, gepa_parse_details);
	tcase_add_test(tc, strip_and_unfence_spans);
	suite_add_tcase(s, tc);
	return run_suite(s) ? EXIT_FAILURE : EXIT_SUCCESS;
}
