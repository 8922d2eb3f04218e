/*
 * check_output.c - the JSON printer and the result writer.
 */
#include "testutil.h"

#include "read/pool.h"
#include "write/output.h"

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

/* Quote, backslash, controls, a NUL, two- and four-byte UTF-8, U+2028. */
static const char pieces_text[] =
    "q\" b\\ n\n t\t c\x01 nul\0 \xc3\xa9 \xf0\x9f\x8c\x8d \xe2\x80\xa8|";
#define PIECES_LEN (sizeof pieces_text - 1)

/* Its JSON: only quote, backslash and the controls escaped. */
static const char pieces_json[] =
    "\"q\\\" b\\\\ n\\n t\\t c\\u0001 nul\\u0000 \xc3\xa9 \xf0\x9f\x8c\x8d \xe2\x80\xa8|\"";

START_TEST(string_body_pieces_join_into_the_whole)
{
	struct strbuf whole = STRBUF_INIT;
	json_append_string(&whole, pieces_text, PIECES_LEN);
	ck_assert_uint_eq(whole.len, sizeof pieces_json - 1);
	ck_assert(memcmp(whole.buf, pieces_json, whole.len) == 0);
	/* Cut at every byte, inside the UTF-8 sequences too. */
	for (size_t cut = 0; cut <= PIECES_LEN; cut++) {
		struct strbuf sb = STRBUF_INIT;
		strbuf_addch(&sb, '"');
		json_append_string_body(&sb, pieces_text, cut);
		json_append_string_body(&sb, pieces_text + cut, PIECES_LEN - cut);
		strbuf_addch(&sb, '"');
		ck_assert_uint_eq(sb.len, whole.len);
		ck_assert_msg(memcmp(sb.buf, whole.buf, sb.len) == 0, "cut at %zu", cut);
		strbuf_release(&sb);
	}
	strbuf_release(&whole);
}
END_TEST

/* What output_json() writes for the whole text in style; the caller frees it. */
static char *whole_written(bool raw, size_t *len)
{
	json_t *s = json_stringn(pieces_text, PIECES_LEN);
	output_set_style((struct output_style){.raw = raw});
	stdout_capture_begin();
	ck_assert(output_json(s));
	char *got = stdout_capture_end(len);
	json_decref(s);
	return got;
}

START_TEST(string_pieces_write_what_output_json_writes)
{
	for (int raw = 0; raw <= 1; raw++) {
		size_t whole_len;
		char *whole = whole_written(raw, &whole_len);
		/* Raw: the text and a newline; JSON: the escaped string and a newline. */
		ck_assert_uint_eq(whole_len, (raw ? PIECES_LEN : sizeof pieces_json - 1) + 1);
		ck_assert(memcmp(whole, raw ? pieces_text : pieces_json, whole_len - 1) == 0);
		for (size_t cut = 0; cut <= PIECES_LEN; cut++) {
			struct output_string w = {0};
			size_t len;
			stdout_capture_begin();
			/* Three pieces, the middle one empty. */
			ck_assert(output_string_piece(&w, pieces_text, cut));
			ck_assert(output_string_piece(&w, "", 0));
			ck_assert(output_string_piece(&w, pieces_text + cut, PIECES_LEN - cut));
			ck_assert(output_string_end(&w, json_null()));
			char *got = stdout_capture_end(&len);
			ck_assert_uint_eq(len, whole_len);
			ck_assert_msg(memcmp(got, whole, len) == 0, "raw %d, cut at %zu", raw, cut);
			free(got);
		}
		free(whole);
	}
	output_set_style((struct output_style){.raw = false});
}
END_TEST

/* What a string of the given pieces (NULL-ended) writes, ended with none. */
static char *pieces_written(bool raw, const json_t *none, const char *const *pieces)
{
	struct output_string w = {0};
	size_t len;
	output_set_style((struct output_style){.raw = raw});
	stdout_capture_begin();
	for (; *pieces; pieces++)
		output_string_piece(&w, *pieces, strlen(*pieces));
	output_string_end(&w, none);
	char *got = stdout_capture_end(&len);
	output_set_style((struct output_style){.raw = false});
	return got;
}

#define CHECK_PIECES(raw, none, expected, ...)                                                     \
	do {                                                                                       \
		static const char *const pieces[] = {__VA_ARGS__ NULL};                            \
		char *got = pieces_written(raw, none, pieces);                                     \
		ck_assert_str_eq(got, expected);                                                   \
		free(got);                                                                         \
	} while (0)

START_TEST(a_string_without_pieces_is_written_as_none)
{
	json_t *empty = json_string("");
	/* No piece: the value given for none, raw only when it is a string. */
	CHECK_PIECES(false, json_null(), "null\n", );
	CHECK_PIECES(true, json_null(), "null\n", );
	CHECK_PIECES(false, empty, "\"\"\n", );
	CHECK_PIECES(true, empty, "\n", );
	/* An empty piece starts the string all the same. */
	CHECK_PIECES(false, json_null(), "\"\"\n", "", );
	CHECK_PIECES(true, json_null(), "\n", "", );
	CHECK_PIECES(false, json_null(), "\"a\\nb\"\n", "a", "\n", "b", );
	CHECK_PIECES(true, json_null(), "a\nb\n", "a", "\n", "b", );
	json_decref(empty);
}
END_TEST

int main(void)
{
	pool_serve_jansson();
	Suite *s = suite_create("output");
	TCase *tc = tcase_create("output");
	tcase_add_test(tc, compact_keeps_member_order_and_integers);
	tcase_add_test(tc, reals_are_shortest_round_trip);
	tcase_add_test(tc, strings_escape_only_what_json_requires);
	tcase_add_test(tc, pretty_indents_by_two);
	tcase_add_test(tc, results_go_to_stdout_raw_or_as_json);
	tcase_add_test(tc, string_body_pieces_join_into_the_whole);
	tcase_add_test(tc, string_pieces_write_what_output_json_writes);
	tcase_add_test(tc, a_string_without_pieces_is_written_as_none);
	suite_add_tcase(s, tc);
	return run_suite(s) ? EXIT_FAILURE : EXIT_SUCCESS;
}
