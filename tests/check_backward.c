/*
 * check_backward.c - reading JSONL and SSE files from the end: the values
 * come out as the forward reader gives them, last first; anything the
 * forward reader must judge (bad lines, values over several lines, two
 * values on a line, arrays, sessions, non-events) stops the backward read.
 */
#include "testutil.h"

#include "read/backward.h"
#include "read/reader.h"
#include "read/pool.h"
#include "util.h"

#include <glob.h>

/* The raw bytes of every value, last first, joined with '|'; "UNSURE" ends an unsure read. */
static char *backward_all(const char *path)
{
	struct strbuf sb = STRBUF_INIT;
	struct backward *b = backward_open(path, 0);
	if (!b)
		return xstrdup("NOT OPENED");
	struct reader_item item;
	enum backward_step step;
	while ((step = backward_prev(b, &item)) == BACKWARD_ITEM) {
		if (sb.len)
			strbuf_addch(&sb, '|');
		strbuf_add(&sb, item.raw, item.raw_len);
		ck_assert_ptr_nonnull(item.value);
	}
	if (step == BACKWARD_UNSURE)
		strbuf_addstr(&sb, sb.len ? "|UNSURE" : "UNSURE");
	backward_close(b);
	return sb.buf ? sb.buf : xstrdup("");
}

/* The same from the forward reader, reversed. */
static char *forward_reversed(const char *path)
{
	char *operands[] = {(char *)path};
	struct reader *r = reader_new(operands, 1, NULL);
	struct reader_item item;
	char **raws = NULL;
	size_t n = 0;
	while (reader_next(r, &item) == READ_ITEM) {
		raws = xrealloc(raws, (n + 1) * sizeof *raws);
		raws[n++] = xstrndup(item.raw, item.raw_len);
	}
	reader_free(r);
	struct strbuf sb = STRBUF_INIT;
	while (n > 0) {
		if (sb.len)
			strbuf_addch(&sb, '|');
		strbuf_addstr(&sb, raws[--n]);
		free(raws[n]);
	}
	free(raws);
	return sb.buf ? sb.buf : xstrdup("");
}

static void expect(const char *text, const char *want)
{
	const char *name = temp_file(text);
	char *got = backward_all(name);
	ck_assert_str_eq(got, want);
	free(got);
	unlink(name);
}

START_TEST(jsonl_comes_out_last_first)
{
	expect("{\"author\":\"a\"}\n{\"author\":\"b\"}\n\n{\"author\":\"c\"}\n",
	       "{\"author\":\"c\"}|{\"author\":\"b\"}|{\"author\":\"a\"}");
	/* No line end after the last line, CRLF, blank lines with spaces, a byte-order mark. */
	expect("\xEF\xBB\xBF{\"author\":\"a\"}\r\n  \r\n{\"author\":\"b\"}  ",
	       "{\"author\":\"b\"}|{\"author\":\"a\"}");
	/* A stream error line is handed out too: the caller decides what it means. */
	expect("{\"author\":\"a\"}\n{\"error\":\"quota\"}\n",
	       "{\"error\":\"quota\"}|{\"author\":\"a\"}");
}
END_TEST

START_TEST(sse_comes_out_last_first)
{
	expect(": keep-alive\nevent: message\nid: 1\ndata: {\"author\":\"a\"}\n\n"
	       "retry: 10\ndata:{\"author\":\"b\"}\r\n\r\n",
	       "{\"author\":\"b\"}|{\"author\":\"a\"}");
	/* CR line ends (WHATWG), alone or mixed with the others. */
	expect("event: message\rdata: {\"author\":\"a\"}\r\rdata: {\"author\":\"b\"}\r\r",
	       "{\"author\":\"b\"}|{\"author\":\"a\"}");
	expect("\xEF\xBB\xBF{\"author\":\"a\"}\r{\"author\":\"b\"}\r\n{\"author\":\"c\"}\n",
	       "{\"author\":\"c\"}|{\"author\":\"b\"}|{\"author\":\"a\"}");
	/* A value over data lines joined across a comment is the forward reader's to judge. */
	expect("data: {\"author\":\"z\"}\n\ndata: {\"author\":\n: c\ndata: \"a\"}\n\n", "UNSURE");
}
END_TEST

START_TEST(what_the_forward_reader_must_judge_stops_it)
{
	/* A truncated last line. */
	expect("{\"author\":\"a\"}\n{\"author\":\"b\",\"con", "UNSURE");
	/* A bad line after good ones: those after it come out first. */
	expect("{\"author\":\"a\"}\n{\"author\":\n{\"author\":\"c\"}\n",
	       "{\"author\":\"c\"}|UNSURE");
	/* A value over several lines at the end. */
	expect("{\"author\":\"a\"}\n{\n  \"author\": \"b\"\n}\n", "UNSURE");
	/* Two values on one line. */
	expect("{\"author\":\"a\"}\n{\"author\":\"b\"} {\"author\":\"c\"}\n", "UNSURE");
	/* An array, a session, a value that is no event, a number. */
	expect("{\"author\":\"a\"}\n[{\"author\":\"b\"}]\n", "UNSURE");
	expect("{\"author\":\"a\"}\n{\"id\":\"s\",\"events\":[]}\n", "UNSURE");
	expect("{\"author\":\"a\"}\n{\"kind\":\"task\"}\n", "UNSURE");
	expect("{\"author\":\"a\"}\n42\n", "UNSURE");
	/* Invalid UTF-8 and a raw NUL byte. */
	expect("{\"author\":\"a\"}\n{\"author\":\"\xC3\x28\"}\n", "UNSURE");
	const char nul[] = "{\"author\":\"a\"}\n{\"author\":\"b\0\"}\n";
	const char *name = temp_file_with(nul, sizeof nul - 1);
	char *got = backward_all(name);
	ck_assert_str_eq(got, "UNSURE");
	free(got);
	unlink(name);
}
END_TEST

START_TEST(files_that_do_not_start_like_lines_are_not_opened)
{
	expect("", "NOT OPENED");
	expect("\n\n", "NOT OPENED");
	expect("[\n{\"author\":\"a\"}\n]\n", "NOT OPENED");
	expect("{\n  \"author\": \"a\"\n}\n{\"author\":\"b\"}\n", "NOT OPENED");
	expect("{\"id\":\"s\",\"events\":[{\"author\":\"a\"}]}\n", "NOT OPENED");
	expect("{\"author\":\"a\"} {\"author\":\"b\"}\n", "NOT OPENED");
	ck_assert_ptr_null(backward_open("/nonexistent/file", 0));
	ck_assert_ptr_null(backward_open("/", 0));
	ck_assert_ptr_null(backward_open("/dev/null", 0));
}
END_TEST

START_TEST(long_lines_across_blocks)
{
	struct strbuf sb = STRBUF_INIT, want = STRBUF_INIT;
	for (int i = 0; i < 5; i++) {
		size_t start = sb.len;
		strbuf_addf(&sb, "{\"author\":\"a%d\",\"text\":\"", i);
		for (int k = 0; k < 50000 * (i + 1); k++)
			strbuf_addch(&sb, (char)('a' + k % 26));
		strbuf_addstr(&sb, "\"}");
		char *line = xstrndup(sb.buf + start, sb.len - start);
		struct strbuf next = STRBUF_INIT;
		strbuf_addstr(&next, line);
		if (want.len) {
			strbuf_addch(&next, '|');
			strbuf_add(&next, want.buf, want.len);
		}
		strbuf_release(&want);
		want = next;
		free(line);
		strbuf_addch(&sb, '\n');
	}
	const char *name = temp_file_with(sb.buf, sb.len);
	char *got = backward_all(name);
	ck_assert_uint_eq(strlen(got), want.len);
	ck_assert(strcmp(got, want.buf) == 0);
	free(got);
	unlink(name);
	strbuf_release(&sb);
	strbuf_release(&want);
}
END_TEST

START_TEST(corpus_streams_match_the_forward_reader)
{
	glob_t g;
	ck_assert_int_eq(glob("tests/corpus/*/*.jsonl", 0, NULL, &g), 0);
	ck_assert_uint_gt(g.gl_pathc, 10);
	for (size_t i = 0; i < g.gl_pathc; i++) {
		/* Vertex AI response pages hold many events a line: checked below. */
		if (strstr(g.gl_pathv[i], ".pages.jsonl"))
			continue;
		char *back = backward_all(g.gl_pathv[i]);
		char *fwd = forward_reversed(g.gl_pathv[i]);
		ck_assert_msg(strcmp(back, fwd) == 0, "%s differs", g.gl_pathv[i]);
		free(back);
		free(fwd);
	}
	globfree(&g);
	/* A whole session on one line is for the forward reader. */
	ck_assert_int_eq(glob("tests/corpus/adkjs/*.session.json", 0, NULL, &g), 0);
	/* So is a page of a Vertex AI sessions.events.list response. */
	ck_assert_int_eq(glob("tests/corpus/vertex/*.pages.jsonl", GLOB_APPEND, NULL, &g), 0);
	ck_assert_uint_gt(g.gl_pathc, 12);
	for (size_t i = 0; i < g.gl_pathc; i++) {
		char *back = backward_all(g.gl_pathv[i]);
		ck_assert_str_eq(back, "NOT OPENED");
		free(back);
	}
	globfree(&g);
}
END_TEST

static Suite *backward_suite(void)
{
	Suite *s = suite_create("backward");
	TCase *tc = tcase_create("core");
	tcase_add_test(tc, jsonl_comes_out_last_first);
	tcase_add_test(tc, sse_comes_out_last_first);
	tcase_add_test(tc, what_the_forward_reader_must_judge_stops_it);
	tcase_add_test(tc, files_that_do_not_start_like_lines_are_not_opened);
	tcase_add_test(tc, long_lines_across_blocks);
	tcase_add_test(tc, corpus_streams_match_the_forward_reader);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	pool_serve_jansson();
	return run_suite(backward_suite()) ? EXIT_FAILURE : EXIT_SUCCESS;
}
