/*
 * check_framer.c - the framing rules, one by one: the byte-order mark at a
 * file's start, LF, CRLF and CR line ends, a last line without one, the SSE
 * fields (data with and without its space, event, id, retry, comments),
 * blank lines, where a line's JSON starts, lines cut from the end, and the
 * columns messages count.
 */
#include "testutil.h"

#include "read/framer.h"

/* Frames the first line of the NUL-ended text s; asserts the outcome. */
static struct frame cut(const char *s, bool file_start, bool at_end, enum frame_cut want)
{
	struct frame f;
	memset(&f, 0xA5, sizeof f);
	ck_assert_int_eq(framer_cut(s, strlen(s), file_start, at_end, 0, &f), want);
	return f;
}

/* Asserts every field of a frame. */
#define ck_assert_frame(f, skip_, len_, total_, kind_, payload_, text_)                            \
	do {                                                                                       \
		ck_assert_uint_eq((f).skip, (skip_));                                              \
		ck_assert_uint_eq((f).len, (len_));                                                \
		ck_assert_uint_eq((f).total, (total_));                                            \
		ck_assert_int_eq((f).kind, (kind_));                                               \
		ck_assert_uint_eq((f).payload, (payload_));                                        \
		ck_assert_uint_eq((f).text, (text_));                                              \
	} while (0)

START_TEST(a_line_ends_at_lf_crlf_or_cr)
{
	struct frame f = cut("{\"a\":1}\nrest", false, false, FRAME_LINE);
	ck_assert_frame(f, 0, 7, 8, FRAME_JSON, 0, 0);
	/* "\r\n" is one line end. */
	f = cut("{\"a\":1}\r\nrest", false, false, FRAME_LINE);
	ck_assert_frame(f, 0, 7, 9, FRAME_JSON, 0, 0);
	/* So is a '\r' alone (WHATWG): "\r\r\n" ends a line and then an empty one. */
	f = cut("{}\r\r\n", false, false, FRAME_LINE);
	ck_assert_frame(f, 0, 2, 3, FRAME_JSON, 0, 0);
	f = cut("\r\n", false, false, FRAME_LINE);
	ck_assert_frame(f, 0, 0, 2, FRAME_JSON, 0, 0);
	f = cut("data: {}\rdata: {}\r", false, false, FRAME_LINE);
	ck_assert_frame(f, 0, 8, 9, FRAME_SSE_DATA, 6, 6);
	/* The first line end counts, whichever kind comes first. */
	f = cut("a\rb\nc", false, false, FRAME_LINE);
	ck_assert_frame(f, 0, 1, 2, FRAME_JSON, 0, 0);
	f = cut("a\nb\rc", false, false, FRAME_LINE);
	ck_assert_frame(f, 0, 1, 2, FRAME_JSON, 0, 0);
	/* White space before the JSON: the text starts after it. */
	f = cut(" \t {}\n", false, false, FRAME_LINE);
	ck_assert_frame(f, 0, 5, 6, FRAME_JSON, 0, 3);
}
END_TEST

START_TEST(a_line_without_its_end_waits_for_more_or_ends_the_input)
{
	cut("{\"a\":", false, false, FRAME_MORE);
	struct frame f = cut("{\"a\":1}", false, true, FRAME_LINE);
	ck_assert_frame(f, 0, 7, 7, FRAME_JSON, 0, 0);
	/* A '\r' at the very end of the input is a line end too. */
	f = cut("{}\r", false, true, FRAME_LINE);
	ck_assert_frame(f, 0, 2, 3, FRAME_JSON, 0, 0);
	/*
	 * Before more input, a '\r' at the end waits for the next byte, which
	 * may be its '\n'; the search may go on from the '\r', not past it.
	 */
	f = cut("{}\r", false, false, FRAME_MORE);
	ck_assert_uint_eq(f.total, 2);
	f = cut("{\"a\":", false, false, FRAME_MORE);
	ck_assert_uint_eq(f.total, 5);
	ck_assert_int_eq(framer_cut("{}\r\n", 4, false, false, 2, &f), FRAME_LINE);
	ck_assert_uint_eq(f.total, 4);
	cut("", false, true, FRAME_END);
	cut("", false, false, FRAME_MORE);
}
END_TEST

START_TEST(the_search_for_a_line_end_starts_where_the_caller_says)
{
	/* p[0..from) is known to hold no line end: a '\n' there is not looked at. */
	const char *s = "ab\ncd\nef";
	struct frame f;
	ck_assert_int_eq(framer_cut(s, strlen(s), false, false, 4, &f), FRAME_LINE);
	ck_assert_uint_eq(f.len, 5);
	ck_assert_uint_eq(f.total, 6);
	ck_assert_int_eq(framer_cut(s, strlen(s), false, false, 6, &f), FRAME_MORE);
}
END_TEST

START_TEST(a_byte_order_mark_is_skipped_at_a_files_start_only)
{
	struct frame f = cut("\xEF\xBB\xBF{}\n", true, false, FRAME_LINE);
	ck_assert_frame(f, 3, 2, 6, FRAME_JSON, 0, 0);
	/* Elsewhere it is a line's bytes, which cannot start JSON. */
	f = cut("\xEF\xBB\xBF{}\n", false, false, FRAME_LINE);
	ck_assert_frame(f, 0, 5, 6, FRAME_JSON, 0, 0);
	/* The mark before SSE: the field is seen after it. */
	f = cut("\xEF\xBB\xBF"
	        "data: {}\n",
	        true, false, FRAME_LINE);
	ck_assert_frame(f, 3, 8, 12, FRAME_SSE_DATA, 6, 6);
	/* Part of a mark: wait for the rest, unless the input ends there. */
	cut("\xEF\xBB", true, false, FRAME_MORE);
	cut("\xEF", true, false, FRAME_MORE);
	f = cut("\xEF\xBB", true, true, FRAME_LINE);
	ck_assert_frame(f, 0, 2, 2, FRAME_JSON, 0, 0);
	/* A mark alone is no line at all. */
	cut("\xEF\xBB\xBF", true, true, FRAME_END);
	/* Bytes that cannot start a mark are not waited on. */
	f = cut("{}", true, false, FRAME_MORE);
	f = cut("{}\n", true, false, FRAME_LINE);
	ck_assert_frame(f, 0, 2, 3, FRAME_JSON, 0, 0);
}
END_TEST

START_TEST(sse_data_carries_json_after_one_optional_space)
{
	struct frame f = cut("data: {\"a\":1}\n", false, false, FRAME_LINE);
	ck_assert_frame(f, 0, 13, 14, FRAME_SSE_DATA, 6, 6);
	f = cut("data:{\"a\":1}\r\n", false, false, FRAME_LINE);
	ck_assert_frame(f, 0, 12, 14, FRAME_SSE_DATA, 5, 5);
	/* Only one space is the field's; more are the JSON's white space. */
	f = cut("data:   {}\n", false, false, FRAME_LINE);
	ck_assert_frame(f, 0, 10, 11, FRAME_SSE_DATA, 6, 8);
	/* An empty data line carries no JSON. */
	f = cut("data:\n", false, false, FRAME_LINE);
	ck_assert_frame(f, 0, 5, 6, FRAME_SSE_DATA, 5, 5);
	f = cut("data: \n", false, false, FRAME_LINE);
	ck_assert_frame(f, 0, 6, 7, FRAME_SSE_DATA, 6, 6);
	/* Field names are case-sensitive and whole: "Data:" and "datum" are plain lines. */
	f = cut("Data: {}\n", false, false, FRAME_LINE);
	ck_assert_frame(f, 0, 8, 9, FRAME_JSON, 0, 0);
	f = cut("data\n", false, false, FRAME_LINE);
	ck_assert_frame(f, 0, 4, 5, FRAME_JSON, 0, 0);
}
END_TEST

START_TEST(other_sse_fields_and_comments_carry_no_json)
{
	const char *lines[] = {"event: message\n", "event:\n",       "id: 42\n", "id:\n",
	                       "retry: 3000\n",    ": keep-alive\n", ":\n"};
	for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
		size_t len = strlen(lines[i]) - 1;
		struct frame f = cut(lines[i], false, false, FRAME_LINE);
		ck_assert_frame(f, 0, len, len + 1, FRAME_SSE_OTHER, len, len);
	}
	/* A field name must end in its colon: "identity" is a plain line. */
	struct frame f = cut("identity\n", false, false, FRAME_LINE);
	ck_assert_int_eq(f.kind, FRAME_JSON);
	/* framer_classify() alone says the same of a line without its end. */
	size_t payload = 99;
	ck_assert_int_eq(framer_classify("id: 1", 5, &payload), FRAME_SSE_OTHER);
	ck_assert_uint_eq(payload, 5);
	ck_assert_int_eq(framer_classify("data: 1", 7, &payload), FRAME_SSE_DATA);
	ck_assert_uint_eq(payload, 6);
	ck_assert_int_eq(framer_classify("", 0, &payload), FRAME_JSON);
	ck_assert_uint_eq(payload, 0);
}
END_TEST

START_TEST(blank_lines_have_no_text)
{
	struct frame f = cut("\n", false, false, FRAME_LINE);
	ck_assert_frame(f, 0, 0, 1, FRAME_JSON, 0, 0);
	f = cut("\r\n", false, false, FRAME_LINE);
	ck_assert_frame(f, 0, 0, 2, FRAME_JSON, 0, 0);
	f = cut("  \t\n", false, false, FRAME_LINE);
	ck_assert_frame(f, 0, 3, 4, FRAME_JSON, 0, 3);
}
END_TEST

START_TEST(lines_of_a_stream_are_cut_one_after_another)
{
	const char *s = "\xEF\xBB\xBF: hi\r\nevent: m\ndata: {\"a\":\n\ndata: 1}\n{\"b\":2}";
	size_t n = strlen(s), pos = 0;
	enum frame_kind kinds[8];
	size_t texts[8], count = 0;
	struct frame f;
	while (framer_cut(s + pos, n - pos, pos == 0, true, 0, &f) == FRAME_LINE) {
		ck_assert_uint_lt(count, 8);
		kinds[count] = f.kind;
		texts[count] = f.text;
		count++;
		pos += f.total;
	}
	ck_assert_uint_eq(pos, n);
	ck_assert_uint_eq(count, 6);
	ck_assert_int_eq(kinds[0], FRAME_SSE_OTHER);
	ck_assert_int_eq(kinds[1], FRAME_SSE_OTHER);
	ck_assert_int_eq(kinds[2], FRAME_SSE_DATA);
	ck_assert_uint_eq(texts[2], 6);
	ck_assert_int_eq(kinds[3], FRAME_JSON);
	ck_assert_uint_eq(texts[3], 0);
	ck_assert_int_eq(kinds[4], FRAME_SSE_DATA);
	ck_assert_int_eq(kinds[5], FRAME_JSON);
}
END_TEST

START_TEST(the_last_line_starts_after_the_last_line_end)
{
	ck_assert_uint_eq(framer_last_line_start("a\nbc\ndef", 8), 5);
	ck_assert_uint_eq(framer_last_line_start("a\nbc\n", 5), 5);
	ck_assert_uint_eq(framer_last_line_start("abc", 3), 0);
	ck_assert_uint_eq(framer_last_line_start("", 0), 0);
	/* Only the bytes given are searched. */
	ck_assert_uint_eq(framer_last_line_start("a\nbc\ndef", 4), 2);
	/* A CRLF line end: the last line starts after its '\n'. */
	ck_assert_uint_eq(framer_last_line_start("a\r\nb", 4), 3);
	ck_assert_uint_eq(framer_last_line_start("a\r\n", 3), 3);
	/* A '\r' alone ends a line too. */
	ck_assert_uint_eq(framer_last_line_start("a\rbc", 4), 2);
	ck_assert_uint_eq(framer_last_line_start("a\nb\rc", 5), 4);
	ck_assert_uint_eq(framer_last_line_start("a\rb\nc", 5), 4);
}
END_TEST

START_TEST(a_line_is_given_up_for_its_first_byte_or_its_length)
{
	unsigned long column;
	/* A control byte after blanks, and after a byte-order mark at a file's start. */
	ck_assert_int_eq(framer_give_up("  \001x", 4, false, true, 100, &column), FRAME_CONTROL);
	ck_assert_uint_eq(column, 3);
	ck_assert_int_eq(framer_give_up("\xEF\xBB\xBF\000", 4, true, true, 100, &column),
	                 FRAME_CONTROL);
	ck_assert_uint_eq(column, 1);
	/* Without control (--skip-invalid) only the length counts. */
	ck_assert_int_eq(framer_give_up("\001x", 2, false, false, 100, &column), FRAME_KEEP);
	ck_assert_int_eq(framer_give_up("\001xyz", 4, false, false, 3, &column), FRAME_TOO_LONG);
	/* A line end is no control byte, and a line within the limit is kept. */
	ck_assert_int_eq(framer_give_up("\r", 1, false, true, 100, &column), FRAME_KEEP);
	ck_assert_int_eq(framer_give_up("{\"a\":", 5, false, true, 5, &column), FRAME_KEEP);
	ck_assert_int_eq(framer_give_up("{\"a\":1", 6, false, true, 5, &column), FRAME_TOO_LONG);
}
END_TEST

START_TEST(columns_count_code_points_and_white_space_is_jsons)
{
	ck_assert_uint_eq(framer_columns("", 0), 0);
	ck_assert_uint_eq(framer_columns("abc", 3), 3);
	/* é (2 bytes), € (3 bytes), 😀 (4 bytes): one column each. */
	ck_assert_uint_eq(framer_columns("\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80x", 10), 4);
	/* A stray continuation byte is not a column of its own; a stray lead byte is. */
	ck_assert_uint_eq(framer_columns("a\x80"
	                                 "b",
	                                 3),
	                  2);
	ck_assert_uint_eq(framer_columns("\xC3", 1), 1);

	ck_assert(framer_is_space(' ') && framer_is_space('\t'));
	ck_assert(framer_is_space('\n') && framer_is_space('\r'));
	ck_assert(!framer_is_space('\f') && !framer_is_space('\v') && !framer_is_space('x'));
	ck_assert_uint_eq(framer_skip_space(" \r\n\tx ", 0, 6), 4);
	ck_assert_uint_eq(framer_skip_space(" \r\n\tx ", 5, 6), 6);
	ck_assert_uint_eq(framer_skip_space("x", 0, 1), 0);
}
END_TEST

static Suite *framer_suite(void)
{
	Suite *s = suite_create("framer");
	TCase *tc = tcase_create("lines");
	tcase_add_test(tc, a_line_ends_at_lf_crlf_or_cr);
	tcase_add_test(tc, a_line_without_its_end_waits_for_more_or_ends_the_input);
	tcase_add_test(tc, the_search_for_a_line_end_starts_where_the_caller_says);
	tcase_add_test(tc, a_byte_order_mark_is_skipped_at_a_files_start_only);
	tcase_add_test(tc, blank_lines_have_no_text);
	tcase_add_test(tc, lines_of_a_stream_are_cut_one_after_another);
	tcase_add_test(tc, the_last_line_starts_after_the_last_line_end);
	tcase_add_test(tc, columns_count_code_points_and_white_space_is_jsons);
	suite_add_tcase(s, tc);
	tc = tcase_create("sse");
	tcase_add_test(tc, sse_data_carries_json_after_one_optional_space);
	tcase_add_test(tc, other_sse_fields_and_comments_carry_no_json);
	tcase_add_test(tc, a_line_is_given_up_for_its_first_byte_or_its_length);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return run_suite(framer_suite()) ? EXIT_FAILURE : EXIT_SUCCESS;
}
