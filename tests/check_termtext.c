/*
 * check_termtext.c - text made safe and measured for a terminal: escapes for
 * control and bidirectional characters, columns for wide characters and
 * combining marks.
 */
#include "testutil.h"

#include "write/termtext.h"
#include "read/pool.h"
#include "util.h"

#include <stdint.h>

static void assert_appended(const char *in, size_t len, const char *want, size_t want_width)
{
	struct strbuf sb = STRBUF_INIT;
	size_t w = termtext_append(&sb, in, len);
	ck_assert_str_eq(sb.buf ? sb.buf : "", want);
	ck_assert_uint_eq(w, want_width);
	strbuf_release(&sb);
}

START_TEST(controls_are_escaped)
{
	assert_appended("a\x1b[2Jb", 6, "a\\e[2Jb", 7);
	assert_appended("x\n\t\r\x07\x7f", 6, "x\\n\\t\\r\\x07\\x7f", 15);
	assert_appended("nul\0end", 7, "nul\\x00end", 10);
	/* C1 CSI (U+009B) and the right-to-left override (U+202E). */
	assert_appended("\xc2\x9b"
	                "1\xe2\x80\xae",
	                6, "\\x9b1\\u202e", 11);
	assert_appended("", 0, "", 0);
}
END_TEST

START_TEST(widths_count_columns)
{
	assert_appended("h\xc3\xa9llo", 6, "h\xc3\xa9llo", 5); /* é is one column */
	assert_appended("e\xcc\x81", 3, "e\xcc\x81", 1);       /* a combining acute adds none */
	assert_appended("\xe6\x97\xa5\xe6\x9c\xac", 6, "\xe6\x97\xa5\xe6\x9c\xac", 4); /* 日本 */
	assert_appended("\xf0\x9f\x9a\x80", 4, "\xf0\x9f\x9a\x80", 2); /* a rocket emoji */
	ck_assert_uint_eq(termtext_width('a'), 1);
	ck_assert_uint_eq(termtext_width(0xAC00), 2);
	ck_assert(!text_unsafe(' '));
	ck_assert(text_unsafe(0x2066));
}
END_TEST

/* Columns without writing: the same count as termtext_append's, stopped past a limit. */
START_TEST(columns_are_counted_up_to_a_limit)
{
	ck_assert_uint_eq(termtext_columns("a\x1b[2Jb", 6, SIZE_MAX), 7);
	ck_assert_uint_eq(termtext_columns("\xe6\x97\xa5\xe6\x9c\xac", 6, SIZE_MAX), 4);
	ck_assert_uint_eq(termtext_columns("e\xcc\x81", 3, SIZE_MAX), 1);
	/* Counting stops at the first character that passes the limit: 2 + 2 > 3. */
	ck_assert_uint_eq(
	    termtext_columns("\xe6\x97\xa5\xe6\x9c\xac\xe6\x97\xa5\xe6\x9c\xac", 12, 3), 4);
	ck_assert_uint_eq(termtext_columns("abcdef", 6, 2), 3);
	ck_assert_uint_eq(termtext_columns("abcdef", 6, 6), 6);
	ck_assert_uint_eq(termtext_columns("", 0, 0), 0);
}
END_TEST

static void assert_cut(const char *in, size_t limit, const char *want, size_t want_width)
{
	struct strbuf sb = STRBUF_INIT;
	size_t w = termtext_append_cut(&sb, in, strlen(in), limit);
	ck_assert_str_eq(sb.buf ? sb.buf : "", want);
	ck_assert_uint_eq(w, want_width);
	strbuf_release(&sb);
}

START_TEST(text_is_cut_to_a_width_with_an_ellipsis)
{
	assert_cut("hello", 0, "hello", 5);        /* 0: no cut */
	assert_cut("hello", 5, "hello", 5);        /* it fits */
	assert_cut("hello world", 6, "hello\xe2\x80\xa6", 6);
	/* A wide character that would pass the edge is left out whole. */
	assert_cut("a\xe6\x97\xa5\xe6\x9c\xac", 4, "a\xe6\x97\xa5\xe2\x80\xa6", 4);
	/* An escape counts as its columns and is never cut in two. */
	assert_cut("ab\x1b[2J", 4, "ab\xe2\x80\xa6", 3);
	assert_cut("hello", 1, "\xe2\x80\xa6", 1);
}
END_TEST

START_TEST(decoding_never_reads_past_the_end)
{
	uint32_t cp;
	ck_assert_uint_eq(utf8_decode("\xe6\x97", 2, &cp), 1);
	ck_assert_uint_eq(cp, 0xFFFD);
	ck_assert_uint_eq(utf8_decode("\xf0\x9f\x9a\x80", 4, &cp), 4);
	ck_assert_uint_eq(cp, 0x1F680);
	ck_assert_uint_eq(utf8_decode("\x80", 1, &cp), 1);
	ck_assert_uint_eq(cp, 0xFFFD);
}
END_TEST

/* A file name is bytes: only well-formed UTF-8 stays itself in its JSON string. */
START_TEST(names_that_are_not_utf8)
{
	ck_assert_uint_eq(utf8_valid_length("\xc3\xa9", 2), 2);
	ck_assert_uint_eq(utf8_valid_length("\xf0\x9f\x9a\x80", 4), 4);
	ck_assert_uint_eq(utf8_valid_length("\xc0\xaf", 2), 0);         /* overlong '/' */
	ck_assert_uint_eq(utf8_valid_length("\xe0\x80\xaf", 3), 0);     /* overlong '/' */
	ck_assert_uint_eq(utf8_valid_length("\xed\xa0\x80", 3), 0);     /* a surrogate */
	ck_assert_uint_eq(utf8_valid_length("\xf4\x90\x80\x80", 4), 0); /* past U+10FFFF */
	ck_assert_uint_eq(utf8_valid_length("\xe6\x97", 2), 0);         /* cut short */

	json_t *s = json_string_lossy("caf\xc3\xa9.jsonl");
	ck_assert_str_eq(json_string_value(s), "caf\xc3\xa9.jsonl");
	json_decref(s);
	s = json_string_lossy("latin1-\xe9\xed\xa0\x80.jsonl");
	ck_assert_str_eq(json_string_value(s),
	                 "latin1-\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd.jsonl");
	json_decref(s);
}
END_TEST

int main(void)
{
	pool_serve_jansson();
	Suite *s = suite_create("termtext");
	TCase *tc = tcase_create("termtext");
	tcase_add_test(tc, controls_are_escaped);
	tcase_add_test(tc, widths_count_columns);
	tcase_add_test(tc, columns_are_counted_up_to_a_limit);
	tcase_add_test(tc, text_is_cut_to_a_width_with_an_ellipsis);
	tcase_add_test(tc, decoding_never_reads_past_the_end);
	tcase_add_test(tc, names_that_are_not_utf8);
	suite_add_tcase(s, tc);
	return run_suite(s) ? EXIT_FAILURE : EXIT_SUCCESS;
}
