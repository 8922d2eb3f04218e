/*
 * check_reader.c - the reader over every input form of events.md section 1.1
 * (SSE by the WHATWG rules: CR, LF and CRLF line ends, data lines joined)
 * and every kind of bad input of section 1.3.
 */
#include "testutil.h"

#include "read/reader.h"
#include "read/pool.h"
#include "util.h"

/* What reading a whole file gave: the authors (comma-joined), positions, bytes, outcome. */
struct run {
	char authors[4096];
	unsigned long lines[64];
	unsigned long columns[64];
	char raws[8][512];
	int count;
	enum reader_result last;
	int status;
	unsigned long skipped;
	char *err;
};

static struct run read_all(const char *path, unsigned flags)
{
	struct run run;
	memset(&run, 0, sizeof run);
	char *operands[] = {(char *)path};
	struct reader *r = reader_new(operands, 1, &(struct reader_options){.flags = flags});
	struct reader_item item;
	capture_begin();
	while ((run.last = reader_next(r, &item)) == READ_ITEM) {
		const char *author = item.kind == VALUE_EVENT ? event_author(item.value) : "!";
		if (!author)
			author = "?";
		if (strlen(run.authors) + strlen(author) + 2 < sizeof run.authors) {
			if (run.count)
				strcat(run.authors, ",");
			strcat(run.authors, author);
		}
		if (run.count < 64) {
			run.lines[run.count] = item.pos.line;
			run.columns[run.count] = item.pos.column;
		}
		if (run.count < 8 && item.raw_len < 512)
			memcpy(run.raws[run.count], item.raw, item.raw_len);
		run.count++;
	}
	run.status = reader_status(r);
	run.skipped = reader_skipped(r);
	reader_free(r);
	run.err = capture_end();
	return run;
}

#define EV(a) "{\"author\":\"" a "\",\"content\":{\"parts\":[{\"text\":\"t\"}]}}"

START_TEST(jsonl_lines_give_events_with_positions_and_bytes)
{
	struct run run = read_all(temp_file(EV("a") "\n\n" EV("b") "\n"), 0);
	ck_assert_int_eq(run.last, READ_END);
	ck_assert_str_eq(run.authors, "a,b");
	ck_assert_uint_eq(run.lines[1], 3);
	ck_assert_uint_eq(run.columns[1], 1);
	ck_assert_str_eq(run.raws[0], EV("a"));
	ck_assert_str_eq(run.err, "");
	free(run.err);
}
END_TEST

START_TEST(sse_lines_crlf_and_fields_are_read)
{
	struct run run =
	    read_all(temp_file(": keep-alive\r\nevent: message\r\nid: 7\r\nretry: 10\r\n"
	                       "data: " EV("a") "\r\n\r\ndata:" EV("b") "\r\n"),
	             0);
	ck_assert_str_eq(run.authors, "a,b");
	ck_assert_uint_eq(run.lines[0], 5);
	ck_assert_uint_eq(run.columns[0], 7);
	ck_assert_uint_eq(run.columns[1], 6);
	ck_assert_str_eq(run.raws[0], EV("a"));
	free(run.err);
}
END_TEST

START_TEST(sse_with_cr_line_ends_gives_every_event_on_its_line)
{
	struct run run = read_all(temp_file("event: message\rid: 1\rdata: " EV(
	                              "a") "\r\r"
	                                   "data: " EV("b") "\r\n\r\n" EV("c") "\r"),
	                          0);
	ck_assert_int_eq(run.last, READ_END);
	ck_assert_str_eq(run.authors, "a,b,c");
	ck_assert_uint_eq(run.lines[0], 3);
	ck_assert_uint_eq(run.columns[0], 7);
	ck_assert_uint_eq(run.lines[1], 5);
	ck_assert_uint_eq(run.lines[2], 7);
	ck_assert_str_eq(run.raws[1], EV("b"));
	ck_assert_str_eq(run.err, "");
	free(run.err);
}
END_TEST

START_TEST(sse_data_lines_join_across_other_fields_until_the_blank_line)
{
	struct run run = read_all(temp_file("data: {\"author\":\n: comment\nid: 2\nevent: m\n"
	                                    "retry: 5\ndata:  \"a\"}\n\n"),
	                          0);
	ck_assert_int_eq(run.last, READ_END);
	ck_assert_str_eq(run.authors, "a");
	ck_assert_uint_eq(run.lines[0], 1);
	ck_assert_uint_eq(run.columns[0], 7);
	ck_assert_str_eq(run.raws[0], "{\"author\":\n \"a\"}");
	free(run.err);
	/* The blank line ends the event: a value still open there is cut short. */
	run = read_all(temp_file("data: {\"author\":\n: c\n\ndata: \"a\"}\n"), 0);
	ck_assert_int_eq(run.last, READ_INVALID);
	ck_assert_str_eq(run.authors, "");
	ck_assert_ptr_nonnull(
	    strstr(run.err, ":1:17: truncated JSON value: its line ends inside it"));
	free(run.err);
}
END_TEST

START_TEST(byte_order_mark_is_skipped)
{
	struct run run = read_all(temp_file("\xEF\xBB\xBF" EV("a") "\n"), 0);
	ck_assert_str_eq(run.authors, "a");
	ck_assert_uint_eq(run.columns[0], 1);
	free(run.err);
}
END_TEST

START_TEST(pretty_printed_array_gives_elements_with_their_lines)
{
	struct run run = read_all(temp_file("[\n  {\n    \"author\": \"a\"\n  },\n"
	                                    "  {\"author\": \"b\", \"n\": 0.1}\n]\n"),
	                          0);
	ck_assert_str_eq(run.authors, "a,b");
	ck_assert_uint_eq(run.lines[0], 2);
	ck_assert_uint_eq(run.columns[0], 3);
	ck_assert_uint_eq(run.lines[1], 5);
	ck_assert_str_eq(run.raws[0], "{\n    \"author\": \"a\"\n  }");
	ck_assert_str_eq(run.raws[1], "{\"author\": \"b\", \"n\": 0.1}");
	free(run.err);
}
END_TEST

START_TEST(session_object_gives_its_events)
{
	struct run run =
	    read_all(temp_file("{\"id\":\"s\",\"state\":{\"events\":1},\"events\":[" EV(
	                 "user") ", " EV("a") "],\"lastUpdateTime\":1}\n"),
	             0);
	ck_assert_str_eq(run.authors, "user,a");
	ck_assert_str_eq(run.raws[1], EV("a"));
	ck_assert_uint_eq(run.columns[0], 42);
	free(run.err);
}
END_TEST

/*
 * The events of each session of an array of session objects, each with
 * its own bytes, line and session; an event beside them has none.  The
 * same on one line (parsed whole) and indented (streamed element by
 * element), and a session with no event gives nothing.
 */
static void expect_sessions_of(const char *text, unsigned long last_line)
{
	char *operands[] = {(char *)temp_file(text)};
	struct reader *r = reader_new(operands, 1, &(struct reader_options){.flags = 0});
	struct reader_item item;
	char seen[256] = "";
	unsigned long line = 0;
	while (reader_next(r, &item) == READ_ITEM) {
		const char *id = json_string_value(json_object_get(item.session, "id"));
		size_t n = strlen(seen);
		snprintf(seen + n, sizeof seen - n, "%s%s:%s=%.*s", n ? "," : "", id ? id : "-",
		         event_author(item.value), (int)item.raw_len, item.raw);
		line = item.pos.line;
	}
	ck_assert_int_eq(reader_status(r), 0);
	reader_free(r);
	ck_assert_str_eq(seen,
	                 "s1:user=" EV("user") ",s1:a=" EV("a") ",-:b=" EV("b") ",s2:c=" EV("c"));
	ck_assert_uint_eq(line, last_line);
}

START_TEST(array_of_sessions_gives_each_session_its_events)
{
	expect_sessions_of(
	    "[{\"id\":\"s1\",\"events\":[" EV("user") "," EV("a") "]}," EV(
	        "b") ",{\"id\":\"s0\",\"events\":[]},{\"id\":\"s2\",\"events\":[" EV("c") "]}]\n",
	    1);
	expect_sessions_of(
	    "[\n {\"id\": \"s1\",\n  \"events\": [\n   " EV("user") ",\n   " EV(
	        "a") "\n  ]},\n " EV("b") ",\n {\"id\": \"s0\", \"events\": []},\n"
	                                  " {\"id\": \"s2\",\n  \"events\": [\n   " EV(
	                                      "c") "\n  ]}\n]\n",
	    11);
}
END_TEST

/*
 * An eval set is handed out case by case (adkev eval): each case with its
 * bytes and line, the set without its cases (an empty array) as the
 * session, in either spelling and with the key's letters escaped; the last
 * of two eval_cases members wins, as in jansson; a set with no case, or
 * whose eval_cases is no array, is handed out whole.
 */
static void expect_cases(const char *text, const char *ids, const char *id_of_set)
{
	char *operands[] = {(char *)temp_file(text)};
	struct reader *r = reader_new(
	    operands, 1, &(struct reader_options){.flags = READER_ANY_VALUE | READER_EVAL_SET});
	struct reader_item item;
	char got[256] = "";
	while (reader_next(r, &item) == READ_ITEM) {
		const json_t *id = json_object_get(item.value, "eval_id");
		ck_assert_ptr_nonnull(item.session);
		ck_assert_str_eq(json_string_value(json_object_get(item.session, "eval_set_id")),
		                 id_of_set);
		json_t *cases = json_object_get(item.session, "eval_cases");
		if (!cases)
			cases = json_object_get(item.session, "evalCases");
		ck_assert_int_eq(json_array_size(cases), 0);
		json_t *again = json_loadb(item.raw, item.raw_len, 0, NULL);
		ck_assert(json_equal(again, item.value));
		json_decref(again);
		strcat(got, got[0] ? "," : "");
		strcat(got, json_string_value(id));
	}
	ck_assert_int_eq(reader_status(r), 0);
	reader_free(r);
	ck_assert_str_eq(got, ids);
}

START_TEST(eval_set_gives_its_cases_one_at_a_time)
{
	expect_cases(
	    "{\"eval_set_id\": \"s\",\n \"eval_cases\": [\n  {\"eval_id\": \"a\", "
	    "\"n\": [1, {\"x\": \"]\"}]},\n  {\"eval_id\": \"b\"}\n ],\n \"name\": \"n\"}\n",
	    "a,b", "s");
	expect_cases("{\"evalCases\":[{\"eval_id\":\"c\"}],\"eval_set_id\":\"t\"}\n", "c", "t");
	expect_cases("{\"eval_set_id\":\"u\",\"eval\\u005fcases\":[{\"eval_id\":\"d\"}]}\n", "d",
	             "u");
	expect_cases("{\"eval_set_id\":\"v\",\"eval_cases\":[{\"eval_id\":\"x\"}],"
	             "\"eval_cases\":[{\"eval_id\":\"e\"},{\"eval_id\":\"f\"}]}\n",
	             "e,f", "v");
	/* Not split: handed out whole, so there is no session. */
	char *operands[] = {(char *)temp_file("{\"eval_set_id\":\"w\",\"eval_cases\":[]}\n"
	                                      "{\"eval_set_id\":\"y\",\"eval_cases\":{}}\n")};
	struct reader *r = reader_new(
	    operands, 1, &(struct reader_options){.flags = READER_ANY_VALUE | READER_EVAL_SET});
	struct reader_item item;
	for (int i = 0; i < 2; i++) {
		ck_assert_int_eq(reader_next(r, &item), READ_ITEM);
		ck_assert_ptr_null(item.session);
		ck_assert_ptr_nonnull(json_object_get(item.value, "eval_cases"));
	}
	ck_assert_int_eq(reader_next(r, &item), READ_END);
	reader_free(r);
}
END_TEST

/* READER_WHOLE_VALUE (a file of settings): a top-level array is one item, not its elements. */
START_TEST(whole_value_hands_out_an_array_whole)
{
	char *operands[] = {(char *)temp_file("[{\"a\": 1}, {\"b\": 2}]\n")};
	struct reader *r = reader_new(
	    operands, 1, &(struct reader_options){.flags = READER_ANY_VALUE | READER_WHOLE_VALUE});
	struct reader_item item;
	ck_assert_int_eq(reader_next(r, &item), READ_ITEM);
	ck_assert(json_is_array(item.value));
	ck_assert_int_eq(json_array_size(item.value), 2);
	ck_assert_int_eq(reader_next(r, &item), READ_END);
	reader_free(r);
}
END_TEST

START_TEST(several_values_on_one_line)
{
	struct run run = read_all(temp_file(EV("a") " " EV("b") "\n"), 0);
	ck_assert_str_eq(run.authors, "a,b");
	ck_assert_uint_eq(run.columns[1], strlen(EV("a")) + 2);
	free(run.err);
}
END_TEST

START_TEST(stream_error_line_is_an_item_of_its_own_kind)
{
	struct run run = read_all(temp_file("data: {\"error\":\"boom\"}\n"), 0);
	ck_assert_str_eq(run.authors, "!");
	free(run.err);
}
END_TEST

START_TEST(invalid_json_reports_position_without_echoing_input)
{
	struct run run =
	    read_all(temp_file(EV("a") "\n{\"key\": sk_live_SECRET}\n" EV("b") "\n"), 0);
	ck_assert_int_eq(run.last, READ_INVALID);
	ck_assert_str_eq(run.authors, "a");
	ck_assert_ptr_nonnull(strstr(run.err, ":2:"));
	ck_assert_ptr_nonnull(strstr(run.err, "invalid JSON"));
	ck_assert_ptr_null(strstr(run.err, "SECRET"));
	free(run.err);
}
END_TEST

START_TEST(skip_invalid_goes_on_and_counts)
{
	struct run run =
	    read_all(temp_file(EV("a") "\n{bad\n42\n" EV("b") "\n[1]\n"), READER_SKIP_INVALID);
	ck_assert_int_eq(run.last, READ_END);
	ck_assert_str_eq(run.authors, "a,b");
	ck_assert_uint_eq(run.skipped, 3);
	free(run.err);
}
END_TEST

START_TEST(truncated_last_line_is_invalid)
{
	struct run run = read_all(temp_file(EV("a") "\n{\"author\":\"b\",\"content\":{\"pa"), 0);
	ck_assert_int_eq(run.last, READ_INVALID);
	ck_assert_str_eq(run.authors, "a");
	ck_assert_ptr_nonnull(strstr(run.err, ":2:29: truncated JSON value"));
	free(run.err);
}
END_TEST

START_TEST(truncated_middle_line_does_not_swallow_the_next)
{
	struct run run = read_all(temp_file(EV("a") "\n{\"author\":\"b\",\"x\":[1\n" EV("c") "\n"),
	                          READER_SKIP_INVALID);
	ck_assert_str_eq(run.authors, "a,c");
	ck_assert_uint_eq(run.skipped, 1);
	ck_assert_uint_eq(run.lines[1], 3);
	free(run.err);
}
END_TEST

START_TEST(line_ending_inside_a_string_is_truncation)
{
	struct run run = read_all(temp_file("{\"author\":\"b\",\"t\":\"abc\n" EV("c") "\n"),
	                          READER_SKIP_INVALID);
	ck_assert_str_eq(run.authors, "c");
	ck_assert_ptr_nonnull(strstr(run.err, ":1:23: truncated JSON value"));
	free(run.err);
}
END_TEST

START_TEST(non_event_values_are_invalid_unless_any_value)
{
	const char *path = temp_file("{\"kind\":\"message\"}\n");
	struct run run = read_all(path, 0);
	ck_assert_int_eq(run.last, READ_INVALID);
	ck_assert_ptr_nonnull(strstr(run.err, "not an ADK event"));
	free(run.err);
	run = read_all(path, READER_ANY_VALUE);
	ck_assert_int_eq(run.last, READ_END);
	ck_assert_int_eq(run.count, 1);
	free(run.err);
}
END_TEST

START_TEST(bad_bytes_numbers_and_nul_are_invalid)
{
	static const char *const bad[] = {
	    "{\"author\":\"a\",\"t\":\"\xff\"}\n",
	    "{\"author\":\"a\",\"n\":123456789012345678901234567890}\n",
	    "{\"author\":\"a\",\"n\":1e400}\n",
	    "{\"author\":\"a\",\"t\":\"a\\ud800\"}\n",
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		struct run run = read_all(temp_file(bad[i]), 0);
		ck_assert_int_eq(run.last, READ_INVALID);
		ck_assert_ptr_nonnull(strstr(run.err, ":1:"));
		free(run.err);
	}
	static const char nul[] = "{\"author\":\"a\",\"t\":\"a\0b\"}\n";
	struct run run = read_all(temp_file_with(nul, sizeof nul - 1), 0);
	ck_assert_int_eq(run.last, READ_INVALID);
	free(run.err);
	run = read_all(temp_file("{\"author\":\"a\",\"t\":\"a\\u0000b\"}\n"), 0);
	ck_assert_int_eq(run.last, READ_END);
	ck_assert_int_eq(run.count, 1);
	free(run.err);
}
END_TEST

START_TEST(nesting_past_the_limit_is_invalid_on_one_line_and_over_many)
{
	char *deep = malloc(2 * 3000 + 2);
	memset(deep, '[', 3000);
	deep[3000] = '\n';
	deep[3001] = '\0';
	struct run run = read_all(temp_file(deep), 0);
	ck_assert_int_eq(run.last, READ_INVALID);
	free(run.err);
	for (int i = 0; i < 3000; i++) {
		deep[2 * i] = '[';
		deep[2 * i + 1] = '\n';
	}
	deep[6000] = '\0';
	run = read_all(temp_file(deep), 0);
	ck_assert_int_eq(run.last, READ_INVALID);
	ck_assert_ptr_nonnull(strstr(run.err, ":2049:1: invalid JSON: nesting deeper than 2048"));
	free(run.err);
	free(deep);
}
END_TEST

START_TEST(a_line_of_twenty_megabytes_is_read)
{
	size_t n = 20u << 20;
	char *big = malloc(n + 64);
	strcpy(big, "{\"author\":\"a\",\"t\":\"");
	size_t off = strlen(big);
	memset(big + off, 'x', n);
	strcpy(big + off + n, "\"}\n");
	struct run run = read_all(temp_file_with(big, off + n + 3), 0);
	ck_assert_int_eq(run.last, READ_END);
	ck_assert_int_eq(run.count, 1);
	free(run.err);
	free(big);
}
END_TEST

START_TEST(missing_file_is_reported_and_the_others_read)
{
	char *operands[] = {"/nonexistent/adkev", (char *)temp_file(EV("a") "\n")};
	struct reader *r = reader_new(operands, 2, NULL);
	struct reader_item item;
	capture_begin();
	ck_assert_int_eq(reader_next(r, &item), READ_ITEM);
	ck_assert_str_eq(event_author(item.value), "a");
	ck_assert_int_eq(reader_next(r, &item), READ_END);
	ck_assert_int_eq(reader_status(r), EXIT_NOINPUT);
	reader_free(r);
	char *err = capture_end();
	ck_assert_str_eq(err, "adkev: /nonexistent/adkev: No such file or directory\n");
	free(err);
}
END_TEST

START_TEST(pretty_printed_sse_value_over_data_lines)
{
	struct run run = read_all(temp_file("data: {\"author\":\ndata:  \"a\"}\n\n"), 0);
	ck_assert_str_eq(run.authors, "a");
	free(run.err);
}
END_TEST

START_TEST(large_pretty_printed_array_is_read_whole)
{
	struct strbuf sb = STRBUF_INIT;
	strbuf_addstr(&sb, "[\n");
	for (int i = 0; i < 20000; i++)
		strbuf_addf(&sb, "%s  {\n    \"author\": \"a%d\"\n  }\n", i ? "," : "", i);
	strbuf_addstr(&sb, "]\n");
	struct run run = read_all(temp_file(sb.buf), 0);
	ck_assert_int_eq(run.count, 20000);
	ck_assert_uint_eq(run.lines[1], 5);
	strbuf_release(&sb);
	free(run.err);
}
END_TEST

START_TEST(each_reader_has_its_own_settings)
{
	/* Two readers at once, one with a limit of 16 bytes: only that one refuses the line. */
	char *operands[] = {(char *)temp_file(EV("a") "\n")};
	struct reader *strict = reader_new(operands, 1, &(struct reader_options){.max_line = 16});
	struct reader *loose = reader_new(operands, 1, NULL);
	struct reader_item item;
	capture_begin();
	ck_assert_int_eq(reader_next(strict, &item), READ_INVALID);
	ck_assert_int_eq(reader_next(loose, &item), READ_ITEM);
	ck_assert_str_eq(event_author(item.value), "a");
	reader_free(strict);
	reader_free(loose);
	char *err = capture_end();
	char want[256];
	snprintf(want, sizeof want,
	         "adkev: %s:1:1: line longer than 16 bytes, the limit (--max-line raises it)\n",
	         operands[0]);
	ck_assert_str_eq(err, want);
	free(err);
}
END_TEST

static int waits;
static int wait_pipe_writer = -1;

/* The wait hook of the test below: the writer ends its output only once the reader waits. */
static void count_wait(void)
{
	waits++;
	close(wait_pipe_writer);
}

START_TEST(the_wait_hook_runs_before_a_read_would_wait)
{
	int fds[2];
	ck_assert_int_eq(pipe(fds), 0);
	const char line[] = EV("a") "\n";
	ck_assert_int_eq(write(fds[1], line, strlen(line)), (ssize_t)strlen(line));
	wait_pipe_writer = fds[1];
	waits = 0;
	char name[32];
	snprintf(name, sizeof name, "/dev/fd/%d", fds[0]);
	char *operands[] = {name};
	struct reader_options options = {.jobs = 1, .wait_hook = count_wait};
	struct reader *r = reader_new(operands, 1, &options);
	struct reader_item item;
	ck_assert_int_eq(reader_next(r, &item), READ_ITEM);
	/* The line was there to read: nobody waited for it. */
	ck_assert_int_eq(waits, 0);
	ck_assert_int_eq(reader_next(r, &item), READ_END);
	ck_assert_int_eq(waits, 1);
	reader_free(r);
	close(fds[0]);
}
END_TEST

START_TEST(workers_that_cannot_start_change_nothing_read)
{
	struct strbuf sb = STRBUF_INIT;
	for (int i = 0; i < 2000; i++)
		strbuf_addf(&sb, "{\"author\":\"a%d\"}\n", i);
	strbuf_addstr(&sb, "{\"author\":\n\"last\"}\n");
	char *operands[] = {(char *)temp_file(sb.buf)};
	descriptors_leave_one();
	struct reader *r = reader_new(operands, 1, &(struct reader_options){.jobs = 4});
	struct reader_item item;
	int count = 0;
	char author[16] = "";
	while (reader_next(r, &item) == READ_ITEM) {
		count++;
		snprintf(author, sizeof author, "%s", event_author(item.value));
	}
	int status = reader_status(r);
	reader_free(r);
	descriptors_restore();
	ck_assert_int_eq(count, 2001);
	ck_assert_str_eq(author, "last");
	ck_assert_int_eq(status, 0);
	strbuf_release(&sb);
}
END_TEST

static Suite *reader_suite(void)
{
	Suite *s = suite_create("reader");
	TCase *tc = tcase_create("forms");
	tcase_add_test(tc, jsonl_lines_give_events_with_positions_and_bytes);
	tcase_add_test(tc, sse_lines_crlf_and_fields_are_read);
	tcase_add_test(tc, sse_with_cr_line_ends_gives_every_event_on_its_line);
	tcase_add_test(tc, sse_data_lines_join_across_other_fields_until_the_blank_line);
	tcase_add_test(tc, byte_order_mark_is_skipped);
	tcase_add_test(tc, pretty_printed_array_gives_elements_with_their_lines);
	tcase_add_test(tc, session_object_gives_its_events);
	tcase_add_test(tc, array_of_sessions_gives_each_session_its_events);
	tcase_add_test(tc, eval_set_gives_its_cases_one_at_a_time);
	tcase_add_test(tc, whole_value_hands_out_an_array_whole);
	tcase_add_test(tc, several_values_on_one_line);
	tcase_add_test(tc, stream_error_line_is_an_item_of_its_own_kind);
	tcase_add_test(tc, pretty_printed_sse_value_over_data_lines);
	tcase_add_test(tc, large_pretty_printed_array_is_read_whole);
	suite_add_tcase(s, tc);
	tc = tcase_create("settings");
	tcase_add_test(tc, each_reader_has_its_own_settings);
	tcase_add_test(tc, the_wait_hook_runs_before_a_read_would_wait);
	tcase_add_test(tc, workers_that_cannot_start_change_nothing_read);
	suite_add_tcase(s, tc);
	tc = tcase_create("bad input");
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, invalid_json_reports_position_without_echoing_input);
	tcase_add_test(tc, skip_invalid_goes_on_and_counts);
	tcase_add_test(tc, truncated_last_line_is_invalid);
	tcase_add_test(tc, truncated_middle_line_does_not_swallow_the_next);
	tcase_add_test(tc, line_ending_inside_a_string_is_truncation);
	tcase_add_test(tc, non_event_values_are_invalid_unless_any_value);
	tcase_add_test(tc, bad_bytes_numbers_and_nul_are_invalid);
	tcase_add_test(tc, nesting_past_the_limit_is_invalid_on_one_line_and_over_many);
	tcase_add_test(tc, a_line_of_twenty_megabytes_is_read);
	tcase_add_test(tc, missing_file_is_reported_and_the_others_read);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	pool_serve_jansson();
	return run_suite(reader_suite()) ? EXIT_FAILURE : EXIT_SUCCESS;
}
