/*
 * check_redact.c - the key rule, recursive redaction and code-point
 * truncation of events.md section 3.3 (and gepa-reference.md 3.5, 3.6).
 */
#include "testutil.h"

#include "adk/redact.h"
#include "read/pool.h"
#include "util.h"

static bool sensitive(const struct redactor *r, const char *key)
{
	return redact_key_is_sensitive(r, key, strlen(key));
}

/* The compact JSON of v; the caller frees it with pool_free() (jansson allocates from the pool). */
static char *dump(const json_t *v)
{
	return json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY | JSON_PRESERVE_ORDER);
}

#define CHECK_JSON(value, expected)                                                                \
	do {                                                                                       \
		json_t *v_ = (value);                                                              \
		char *got_ = dump(v_);                                                             \
		ck_assert_str_eq(got_, expected);                                                  \
		pool_free(got_);                                                                   \
		json_decref(v_);                                                                   \
	} while (0)

static json_t *parse(const char *text)
{
	json_error_t err;
	json_t *v = json_loads(text, JSON_DECODE_ANY, &err);
	ck_assert_msg(v != NULL, "bad test JSON: %s", err.text);
	return v;
}

START_TEST(normalised_key_rule_matches_the_spec_examples)
{
	struct redactor r;
	redactor_init(&r, false, NULL, 0);
	const char *yes[] = {"API_KEY",      "apiKey",        "api-key",    "Authorization",
	                     "access_token", "client_secret", "password",   "user_password",
	                     "db.Password",  "x-bearer",      "credential", "credentials_token",
	                     "TOKEN",        "token",         "Secret",     "service_api_key"};
	const char *no[] = {"max_tokens", "token_count", "tokens", "credentials",
	                    "passwords",  "key",         "api",    "",
	                    "secretary",  "authorized",  "name",   "bearer_type"};
	for (size_t i = 0; i < sizeof yes / sizeof yes[0]; i++)
		ck_assert_msg(sensitive(&r, yes[i]), "%s should be sensitive", yes[i]);
	for (size_t i = 0; i < sizeof no / sizeof no[0]; i++)
		ck_assert_msg(!sensitive(&r, no[i]), "%s should not be sensitive", no[i]);
	redactor_release(&r);
}
END_TEST

START_TEST(exact_rule_is_gepas_case_sensitive_match)
{
	struct redactor r;
	redactor_init(&r, true, NULL, 0);
	ck_assert(sensitive(&r, "api_key"));
	ck_assert(sensitive(&r, "token"));
	ck_assert(sensitive(&r, "authorization"));
	/* gepa lets these through; so does --redact-exact. */
	ck_assert(!sensitive(&r, "Authorization"));
	ck_assert(!sensitive(&r, "apiKey"));
	ck_assert(!sensitive(&r, "api_key_2"));
	ck_assert(!sensitive(&r, "user_password"));
	ck_assert(!sensitive(&r, "access_token"));
	redactor_release(&r);
}
END_TEST

START_TEST(added_words_are_normalised_or_exact)
{
	const char *extra[] = {"Session-ID", "pin"};
	struct redactor r;
	redactor_init(&r, false, extra, 2);
	ck_assert(sensitive(&r, "session_id"));
	ck_assert(sensitive(&r, "userSessionId"));
	ck_assert(sensitive(&r, "PIN"));
	ck_assert(sensitive(&r, "api_key")); /* the defaults stay */
	ck_assert(!sensitive(&r, "session"));
	redactor_release(&r);

	redactor_init(&r, true, extra, 2);
	ck_assert(sensitive(&r, "Session-ID"));
	ck_assert(sensitive(&r, "pin"));
	ck_assert(sensitive(&r, "password"));
	ck_assert(!sensitive(&r, "session_id"));
	ck_assert(!sensitive(&r, "PIN"));
	redactor_release(&r);
}
END_TEST

START_TEST(normalise_lowercases_ascii_and_drops_separators)
{
	char *n = redact_normalise("A_p-I.k_EY", 10);
	ck_assert_str_eq(n, "apikey");
	free(n);
	n = redact_normalise("_-.", 3);
	ck_assert_str_eq(n, "");
	free(n);
	/* Non-ASCII bytes are left alone. */
	n = redact_normalise("Ä_TOKEN", strlen("Ä_TOKEN"));
	ck_assert_str_eq(n, "Ätoken");
	free(n);
}
END_TEST

START_TEST(redaction_is_recursive_and_replaces_whole_values)
{
	struct redactor r;
	redactor_init(&r, false, NULL, 0);
	json_t *in = parse("{\"user\":\"ann\",\"token\":{\"nested\":\"obj\"},"
	                   "\"list\":[[{\"password\":\"p\",\"ok\":1}],\"s\"],"
	                   "\"Authorization\":[1,2],\"apiKey\":null,\"max_tokens\":5,"
	                   "\"meta\":{\"client_secret\":7,\"deep\":{\"x\":{\"bearer\":true}}}}");
	char *before = dump(in);
	CHECK_JSON(redact_json(&r, in),
	           "{\"user\":\"ann\",\"token\":\"[REDACTED]\",\"list\":[[{\"password\":"
	           "\"[REDACTED]\",\"ok\":1}],\"s\"],\"Authorization\":\"[REDACTED]\","
	           "\"apiKey\":\"[REDACTED]\",\"max_tokens\":5,\"meta\":{\"client_secret\":"
	           "\"[REDACTED]\",\"deep\":{\"x\":{\"bearer\":\"[REDACTED]\"}}}}");
	/* The input is never changed. */
	char *after = dump(in);
	ck_assert_str_eq(before, after);
	pool_free(before);
	pool_free(after);
	json_decref(in);

	/* Strings are never scanned; scalars and top-level arrays pass through. */
	in = parse("[\"token=abc\",{\"secret\":\"x\"},3]");
	CHECK_JSON(redact_json(&r, in), "[\"token=abc\",{\"secret\":\"[REDACTED]\"},3]");
	json_decref(in);
	in = parse("\"password\"");
	CHECK_JSON(redact_json(&r, in), "\"password\"");
	json_decref(in);
	redactor_release(&r);
}
END_TEST

START_TEST(redaction_keeps_keys_with_nul_bytes)
{
	struct redactor r;
	redactor_init(&r, false, NULL, 0);
	json_t *in = json_object();
	json_object_setn_new(in, "a\0b", 3, json_string("v"));
	json_t *out = redact_json(&r, in);
	ck_assert_ptr_nonnull(json_object_getn(out, "a\0b", 3));
	ck_assert_ptr_null(json_object_get(out, "a"));
	json_decref(out);
	json_decref(in);
	redactor_release(&r);
}
END_TEST

START_TEST(truncation_counts_code_points)
{
	/* gepa's own example: 12 code points, N=5. */
	json_t *s = json_string("ééééééééééé🌍");
	CHECK_JSON(truncate_json(s, 5), "\"ééééé...[truncated 7 chars]\"");
	json_decref(s);

	/* Never split a 4-byte sequence: N=11 keeps all é, cuts the globe. */
	s = json_string("ééééééééééé🌍");
	CHECK_JSON(truncate_json(s, 11), "\"ééééééééééé...[truncated 1 chars]\"");
	CHECK_JSON(truncate_json(s, 12), "\"ééééééééééé🌍\"");
	json_decref(s);
	ck_assert_uint_eq(utf8_length("é🌍a", strlen("é🌍a")), 3);
}
END_TEST

START_TEST(truncation_edges_exactly_n_zero_and_marker_longer_than_n)
{
	json_t *s = json_string("abcdefghij");
	CHECK_JSON(truncate_json(s, 10), "\"abcdefghij\""); /* exactly N: unchanged */
	CHECK_JSON(truncate_json(s, 9), "\"abcdefghi...[truncated 1 chars]\"");
	CHECK_JSON(truncate_json(s, 0), "\"...[truncated 10 chars]\"");
	CHECK_JSON(truncate_json(s, 2), "\"ab...[truncated 8 chars]\"");
	CHECK_JSON(truncate_json(s, -1), "\"abcdefghij\""); /* no truncation */
	json_decref(s);
	s = json_string("");
	CHECK_JSON(truncate_json(s, 0), "\"\"");
	json_decref(s);

	/* N=100 over 200 characters gives 124 (gepa's test). */
	char big[201];
	memset(big, 'x', 200);
	big[200] = '\0';
	s = json_string(big);
	json_t *cut = truncate_json(s, 100);
	ck_assert_uint_eq(json_string_length(cut), 124);
	json_decref(cut);
	json_decref(s);
}
END_TEST

START_TEST(truncation_is_recursive_and_never_touches_keys)
{
	json_t *in =
	    parse("{\"a_very_long_key\":\"a long value\",\"n\":123456789,"
	          "\"l\":[\"abcdef\",[\"ghijkl\"],{\"keykeykey\":\"xyzxyz\"}],\"b\":true}");
	CHECK_JSON(truncate_json(in, 3),
	           "{\"a_very_long_key\":\"a l...[truncated 9 chars]\",\"n\":123456789,"
	           "\"l\":[\"abc...[truncated 3 chars]\",[\"ghi...[truncated 3 chars]\"],"
	           "{\"keykeykey\":\"xyz...[truncated 3 chars]\"}],\"b\":true}");
	json_decref(in);
}
END_TEST

START_TEST(redaction_then_truncation_cuts_the_marker)
{
	struct redactor r;
	redactor_init(&r, false, NULL, 0);
	json_t *in = parse("{\"password\":\"hunter2\"}");
	json_t *red = redact_json(&r, in);
	CHECK_JSON(truncate_json(red, 5), "{\"password\":\"[REDA...[truncated 5 chars]\"}");
	json_decref(red);
	json_decref(in);
	redactor_release(&r);
}
END_TEST

START_TEST(truncation_keeps_embedded_nul)
{
	json_t *s = json_stringn("a\0bcdef", 7);
	json_t *cut = truncate_json(s, 3);
	ck_assert_uint_eq(json_string_length(cut), 3 + strlen("...[truncated 4 chars]"));
	ck_assert_int_eq(memcmp(json_string_value(cut), "a\0b...", 6), 0);
	json_decref(cut);
	json_decref(s);
}
END_TEST

int main(void)
{
	pool_serve_jansson();
	Suite *s = suite_create("redact");
	TCase *tc = tcase_create("redact");
	tcase_add_test(tc, normalised_key_rule_matches_the_spec_examples);
	tcase_add_test(tc, exact_rule_is_gepas_case_sensitive_match);
	tcase_add_test(tc, added_words_are_normalised_or_exact);
	tcase_add_test(tc, normalise_lowercases_ascii_and_drops_separators);
	tcase_add_test(tc, redaction_is_recursive_and_replaces_whole_values);
	tcase_add_test(tc, redaction_keeps_keys_with_nul_bytes);
	tcase_add_test(tc, truncation_counts_code_points);
	tcase_add_test(tc, truncation_edges_exactly_n_zero_and_marker_longer_than_n);
	tcase_add_test(tc, truncation_is_recursive_and_never_touches_keys);
	tcase_add_test(tc, redaction_then_truncation_cuts_the_marker);
	tcase_add_test(tc, truncation_keeps_embedded_nul);
	suite_add_tcase(s, tc);
	return run_suite(s) ? EXIT_FAILURE : EXIT_SUCCESS;
}
