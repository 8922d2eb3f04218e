/*
 * check_output.c - the JSON printer and the result writer.
 */
#include "testutil.h"

#include "output.h"

static char *printed(const char *json_text, bool pretty)
{
	json_t *v = json_loads(json_text, JSON_DECODE_ANY | JSON_ALLOW_NUL, NULL);
	ck_assert_ptr_nonnull(v);
	struct strbuf sb = STRBUF_INIT;
	json_append(&sb, v, pretty, 0);
	json_decref(v);
	return sb.buf;
}

#define CHECK_PRINTED(in, pretty, expected)                                                        \
	do {                                                                                       \
		char *got = printed(in, pretty);                                                   \
		ck_assert_str_eq(got, expected);                                                   \
		free(got);                                                                         \
	} while (0)

START_TEST(compact_keeps_member_order_and_integers)
{
	CHECK_PRINTED("{ \"z\": 1, \"a\": [true, false, null, -9223372036854775807] }", false,
	              "{\"z\":1,\"a\":[true,false,null,-9223372036854775807]}");
	CHECK_PRINTED("{}", false, "{}");
	CHECK_PRINTED("[]", false, "[]");
}
END_TEST

START_TEST(reals_are_shortest_round_trip)
{
	CHECK_PRINTED("[0.1, 0.8, 1767229215.002, 1e300, 3.0, -2.5e-7, 123456789.123456789]", false,
	              "[0.1,0.8,1767229215.002,1e+300,3.0,-2.5e-07,123456789.12345679]");
}
END_TEST

START_TEST(strings_escape_only_what_json_requires)
{
	CHECK_PRINTED("\"q\\\" b\\\\ n\\n t\\t c\\u0001 nul\\u0000 é 🌍 / \\u2028\"", false,
	              "\"q\\\" b\\\\ n\\n t\\t c\\u0001 nul\\u0000 é 🌍 / \u2028\"");
}
END_TEST

START_TEST(pretty_indents_by_two)
{
	CHECK_PRINTED("{\"a\":[1,{\"b\":{}}],\"c\":[]}", true,
	              "{\n  \"a\": [\n    1,\n    {\n      \"b\": {}\n    }\n  ],\n  \"c\": []\n}");
}
END_TEST

START_TEST(results_go_to_stdout_raw_or_as_json)
{
	fflush(stdout);
	int saved = dup(1);
	FILE *f = tmpfile();
	dup2(fileno(f), 1);
	json_t *s = json_string("two\nlines");
	output_set_style((struct output_style){.raw = true});
	ck_assert(output_json(s));
	json_t *n = json_null();
	ck_assert(output_json(n));
	output_set_style((struct output_style){.raw = false});
	ck_assert(output_json(s));
	ck_assert(output_bytes("raw\n", 4));
	ck_assert_int_eq(output_finish(), 0);
	dup2(saved, 1);
	close(saved);
	char buf[128] = {0};
	rewind(f);
	size_t got = fread(buf, 1, sizeof buf - 1, f);
	buf[got] = '\0';
	ck_assert_str_eq(buf, "two\nlines\nnull\n\"two\\nlines\"\nraw\n");
	fclose(f);
	json_decref(s);
}
END_TEST

int main(void)
{
	util_init_json_alloc();
	Suite *s = suite_create("output");
	TCase *tc = tcase_create("output");
	tcase_add_test(tc, compact_keeps_member_order_and_integers);
	tcase_add_test(tc, reals_are_shortest_round_trip);
	tcase_add_test(tc, strings_escape_only_what_json_requires);
	tcase_add_test(tc, pretty_indents_by_two);
	tcase_add_test(tc, results_go_to_stdout_raw_or_as_json);
	suite_add_tcase(s, tc);
	return run_suite(s) ? EXIT_FAILURE : EXIT_SUCCESS;
}
