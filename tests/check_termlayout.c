/*
 * check_termlayout.c - an event's lines in columns: the head of the first
 * line, values cut at the width with an ellipsis or broken at their
 * newlines, wide characters, escapes, SGR codes only with colour on, and
 * the lines of an event a rewind undid, dim or marked.
 */
#include "testutil.h"

#include "write/termlayout.h"
#include "read/pool.h"
#include "util.h"

#include <stdint.h>

/* A layout writing into out, cut at width (0: never), breaking values when breaks. */
static struct termlayout layout(struct strbuf *out, bool color, size_t width, bool breaks)
{
	return (struct termlayout){.out = out, .color = color, .width = width, .breaks = breaks};
}

/* An event of one line: its head, a label in label_style and a value of nseg segments. */
static void event_line(struct termlayout *t, const struct termlayout_head *head, const char *label,
                       const char *label_style, const struct termlayout_segment *seg, size_t nseg)
{
	termlayout_event(t, head);
	termlayout_line(t, label, label_style);
	termlayout_value(t, seg, nseg, NULL);
	termlayout_line_end(t);
}

/* One line of agent's, 1.5 s in: label and a value of one segment. */
static void one_line(struct termlayout *t, const char *label, const char *value)
{
	struct termlayout_head head = {
	    .author_width = 8, .timed = true, .offset = 1.5, .author = "agent", .author_len = 5};
	struct termlayout_segment seg = {value, strlen(value), NULL};
	event_line(t, &head, label, NULL, &seg, 1);
}

START_TEST(values_are_cut_at_the_width)
{
	struct strbuf out = STRBUF_INIT;
	/* 10 + 2 + 8 + 2 + 8 + 2 = 32 columns of head: 8 left of 40, but a value gets 10. */
	struct termlayout t = layout(&out, false, 40, false);
	one_line(&t, "text", "abcdefghijklmnopqrstuvwxyz");
	ck_assert_str_eq(out.buf, "   +1.500s  agent     text      abcdefghi\xE2\x80\xA6\n");
	ck_assert_uint_eq(t.used, 42);

	/* Exactly the room: whole, no ellipsis. */
	strbuf_reset(&out);
	t = layout(&out, false, 42, false);
	one_line(&t, "text", "0123456789");
	ck_assert_str_eq(out.buf, "   +1.500s  agent     text      0123456789\n");

	/* Without a width nothing is cut, and a newline is an escape, not a break. */
	strbuf_reset(&out);
	t = layout(&out, false, 0, false);
	one_line(&t, "text", "a very long value that no width cuts\nstill one line");
	ck_assert_str_eq(out.buf, "   +1.500s  agent     text      a very long value that no "
	                          "width cuts\\nstill one line\n");
	strbuf_release(&out);
}
END_TEST

START_TEST(wide_characters_take_two_columns)
{
	struct strbuf out = STRBUF_INIT;
	struct termlayout t = layout(&out, false, 42, false);
	/* 日本語日本 is ten columns, the room exactly. */
	one_line(&t, "text", "\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e\xe6\x97\xa5\xe6\x9c\xac");
	ck_assert_str_eq(out.buf, "   +1.500s  agent     text      "
	                          "\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e\xe6\x97\xa5\xe6\x9c\xac\n");
	/* 日本語日本語 is twelve: four characters and the ellipsis; a fifth leaves it no room. */
	strbuf_reset(&out);
	one_line(&t, "text",
	         "\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e");
	ck_assert_str_eq(out.buf, "   +1.500s  agent     text      "
	                          "\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e\xe6\x97\xa5\xE2\x80\xA6\n");
	ck_assert_uint_eq(t.used, 32 + 9);
	strbuf_release(&out);
}
END_TEST

START_TEST(breaks_go_on_at_the_value_column)
{
	struct strbuf out = STRBUF_INIT;
	struct termlayout t = layout(&out, false, 0, true);
	struct termlayout_head head = {.author_width = 4, .author = "me", .author_len = 2};
	struct termlayout_segment seg = {"one\n\ntwo", 8, NULL};
	event_line(&t, &head, "text", NULL, &seg, 1);
	/* The event's next line leaves the time and author columns blank. */
	termlayout_line(&t, "state", NULL);
	termlayout_line_end(&t);
	/* No blanks on the empty line, nor after a label without a value. */
	ck_assert_str_eq(out.buf, "            me    text      one\n"
	                          "\n"
	                          "                            two\n"
	                          "                  state\n");
	strbuf_release(&out);
}
END_TEST

START_TEST(sgr_codes_only_with_colour)
{
	struct strbuf out = STRBUF_INIT;
	struct termlayout t = layout(&out, true, 0, false);
	/* An escape inside a bold heading is dimmed, then the bold comes back. */
	termlayout_heading(&t, true, "invocation ", "a\033b", 3);
	ck_assert_str_eq(out.buf, "\033[1minvocation a\033[2m\\e\033[0m\033[1mb\033[0m\n");

	strbuf_reset(&out);
	struct termlayout_head head = {
	    .author_width = 4, .author = "me", .author_len = 2, .author_style = SGR_CYAN};
	struct termlayout_segment seg[2] = {{"f ", 2, SGR_BOLD}, {"{}", 2, NULL}};
	event_line(&t, &head, "call", SGR_YELLOW, seg, 2);
	/* The blank time column is still written dim, as show always has. */
	ck_assert_str_eq(out.buf,
	                 "          \033[2m\033[0m  \033[36mme\033[0m    \033[33mcall\033[0m"
	                 "      \033[1mf \033[0m{}\n");

	/* The same without colour: not one escape sequence. */
	strbuf_reset(&out);
	t = layout(&out, false, 0, false);
	termlayout_heading(&t, false, "invocation ", "a\033b", 3);
	event_line(&t, &head, "call", SGR_YELLOW, seg, 2);
	ck_assert_str_eq(out.buf, "\ninvocation a\\eb\n"
	                          "            me    call      f {}\n");
	strbuf_release(&out);
}
END_TEST

START_TEST(faded_lines_are_dim_or_marked)
{
	struct strbuf out = STRBUF_INIT;
	struct termlayout t = layout(&out, false, 0, true);
	struct termlayout_head head = {.author_width = 4,
	                               .timed = true,
	                               .offset = 1.5,
	                               .author = "me",
	                               .author_len = 2,
	                               .faded = true};
	struct termlayout_segment seg = {"one\ntwo", 7, NULL};
	/* Without colour every line of the event begins with '~', a value's breaks too. */
	event_line(&t, &head, "text", NULL, &seg, 1);
	termlayout_line(&t, "state", NULL);
	termlayout_line_end(&t);
	/* A heading after it is no line of the event. */
	termlayout_heading(&t, false, "invocation ", "i", 1);
	ck_assert_str_eq(out.buf, "~  +1.500s  me    text      one\n"
	                          "~                           two\n"
	                          "~                 state\n"
	                          "\ninvocation i\n");

	/* A time of the column's full width: the mark moves the line one column right. */
	strbuf_reset(&out);
	head.offset = 600;
	event_line(&t, &head, "text", NULL, &seg, 0);
	ck_assert_str_eq(out.buf, "~+10:00.000  me    text\n");

	/* With colour each piece is dim, whatever its style, and there is no mark. */
	strbuf_reset(&out);
	t = layout(&out, true, 0, false);
	struct termlayout_head dim = {.author_width = 4,
	                              .author = "me",
	                              .author_len = 2,
	                              .author_style = SGR_CYAN,
	                              .faded = true};
	struct termlayout_segment call[2] = {{"f ", 2, SGR_BOLD}, {"{}", 2, NULL}};
	event_line(&t, &dim, "call", SGR_YELLOW, call, 2);
	termlayout_heading(&t, false, "invocation ", "i", 1);
	ck_assert_str_eq(out.buf, "          \033[2m\033[0m  \033[2mme\033[0m    \033[2mcall\033[0m"
	                          "      \033[2mf \033[0m\033[2m{}\033[0m\n"
	                          "\n\033[1minvocation i\033[0m\n");
	strbuf_release(&out);
}
END_TEST

START_TEST(authors_are_cut_to_the_room_left)
{
	struct strbuf out = STRBUF_INIT;
	struct termlayout t = layout(&out, false, 0, false);
	ck_assert_uint_eq(termlayout_author_limit(&t, 0), SIZE_MAX);
	t = layout(&out, false, 60, false);
	ck_assert_uint_eq(termlayout_author_limit(&t, 0), 26);
	ck_assert_uint_eq(termlayout_author_limit(&t, 4), 22);
	ck_assert_uint_eq(termlayout_author_limit(&t, 40), 8); /* never below eight */
	t = layout(&out, false, 200, false);
	ck_assert_uint_eq(termlayout_author_limit(&t, 0), 32); /* nor above 32 */

	t = layout(&out, false, 40, false);
	struct termlayout_head head = {
	    .author_width = 8, .author = "a_long_name", .author_len = 11};
	termlayout_event(&t, &head);
	termlayout_line(&t, "text", NULL);
	termlayout_line_end(&t);
	ck_assert_str_eq(out.buf, "            a_long_\xE2\x80\xA6  text\n");

	/* No event, no author: where the line came from instead. */
	strbuf_reset(&out);
	struct termlayout_head stream = {.author_width = 8, .source = "(stream)"};
	termlayout_event(&t, &stream);
	termlayout_line(&t, "error", NULL);
	termlayout_line_end(&t);
	ck_assert_str_eq(out.buf, "            (stream)  error\n");
	strbuf_release(&out);
}
END_TEST

/* The time column of a line whose event is offset seconds after the first; no author. */
static void assert_time(double offset, const char *want)
{
	struct strbuf out = STRBUF_INIT;
	struct termlayout t = layout(&out, false, 0, false);
	struct termlayout_head head = {.timed = true, .offset = offset};
	termlayout_event(&t, &head);
	termlayout_line(&t, "x", NULL);
	termlayout_line_end(&t);
	ck_assert_str_eq(out.buf, want);
	strbuf_release(&out);
}

START_TEST(times_keep_their_column)
{
	assert_time(0, "   +0.000s    x\n");
	assert_time(-1, "   -1.000s    x\n");
	assert_time(75.25, " +1:15.250    x\n");
	assert_time(3725.5, "+1:02:05.5    x\n");
	/* Past ten hours the line grows rather than lose digits. */
	assert_time(1e6, "+277:46:40.0    x\n");
	/* Past any real run: seconds as they are. */
	assert_time(1e13, "   +1e+13s    x\n");
}
END_TEST

int main(void)
{
	pool_serve_jansson();
	Suite *s = suite_create("termlayout");
	TCase *tc = tcase_create("termlayout");
	tcase_add_test(tc, values_are_cut_at_the_width);
	tcase_add_test(tc, wide_characters_take_two_columns);
	tcase_add_test(tc, breaks_go_on_at_the_value_column);
	tcase_add_test(tc, sgr_codes_only_with_colour);
	tcase_add_test(tc, faded_lines_are_dim_or_marked);
	tcase_add_test(tc, authors_are_cut_to_the_room_left);
	tcase_add_test(tc, times_keep_their_column);
	suite_add_tcase(s, tc);
	return run_suite(s) ? EXIT_FAILURE : EXIT_SUCCESS;
}
