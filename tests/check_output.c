/*
 * check_output.c - results on standard output: raw or JSON, whole or in pieces
 * (the JSON itself is check_json.c's).
 */
#include "testutil.h"

#include "read/pool.h"
#include "write/output.h"

#include <signal.h>
#include <sys/wait.h>

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
	/* Under -r, null (nothing found) is an empty line, as "" is. */
	ck_assert_str_eq(buf, "two\nlines\n\n\"two\\nlines\"\nraw\n");
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
			size_t len;
			stdout_capture_begin();
			/* Three pieces, the middle one empty, through the writer of standard
			 * output. */
			struct json_writer *w = output_writer();
			jw_string_begin(w);
			jw_string_piece(w, pieces_text, cut);
			jw_string_piece(w, "", 0);
			jw_string_piece(w, pieces_text + cut, PIECES_LEN - cut);
			jw_string_end(w);
			jw_line_end(w);
			ck_assert(!output_failed());
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

START_TEST(the_writer_and_output_bytes_keep_their_order)
{
	size_t len;
	output_set_style((struct output_style){.pretty = true});
	stdout_capture_begin();
	struct json_writer *w = output_writer();
	jw_object_begin(w);
	jw_key(w, "a");
	/* Bytes written around the writer come after what it gathered. */
	ck_assert(output_bytes("1", 1));
	jw_object_end(w);
	jw_line_end(w);
	json_t *v = json_pack("{s:[i]}", "b", 2);
	ck_assert(output_json(v));
	json_decref(v);
	char *got = stdout_capture_end(&len);
	output_set_style((struct output_style){.pretty = false});
	ck_assert_str_eq(got, "{\n  \"a\": 1\n}\n{\n  \"b\": [\n    2\n  ]\n}\n");
	free(got);
}
END_TEST

/*
 * A child that writes to a pipe whose reader has gone (a parent that
 * ignored SIGPIPE or not, as ignore says): the write must fail and the
 * child go on, saying so on the side pipe, until output_finish() ends it
 * by SIGPIPE.  Returns what the side pipe got and the wait status.
 */
static char write_to_closed_pipe(bool ignore, int *wait_status)
{
	int out[2], side[2];
	ck_assert_int_eq(pipe(out), 0);
	ck_assert_int_eq(pipe(side), 0);
	close(out[0]); /* no reader, before the child writes */
	pid_t pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		close(side[0]);
		signal(SIGPIPE, ignore ? SIG_IGN : SIG_DFL);
		dup2(out[1], STDOUT_FILENO);
		output_init();
		output_bytes("lost\n", 5);
		output_flush();
		if (write(side[1], output_failed() ? "f" : "n", 1) != 1)
			_exit(3);
		output_finish();
		_exit(4); /* output_finish() must not return */
	}
	close(out[1]);
	close(side[1]);
	char said = 0;
	if (read(side[0], &said, 1) != 1)
		said = 0;
	close(side[0]);
	ck_assert_int_eq(waitpid(pid, wait_status, 0), pid);
	return said;
}

START_TEST(a_closed_pipe_fails_the_write_and_ends_adkev_at_the_finish)
{
	for (int ignore = 0; ignore < 2; ignore++) {
		int status;
		ck_assert_int_eq(write_to_closed_pipe(ignore, &status), 'f');
		ck_assert(WIFSIGNALED(status));
		ck_assert_int_eq(WTERMSIG(status), SIGPIPE);
	}
}
END_TEST

int main(void)
{
	pool_serve_jansson();
	Suite *s = suite_create("output");
	TCase *tc = tcase_create("output");
	tcase_add_test(tc, results_go_to_stdout_raw_or_as_json);
	tcase_add_test(tc, string_pieces_write_what_output_json_writes);
	tcase_add_test(tc, the_writer_and_output_bytes_keep_their_order);
	tcase_add_test(tc, a_closed_pipe_fails_the_write_and_ends_adkev_at_the_finish);
	suite_add_tcase(s, tc);
	return run_suite(s) ? EXIT_FAILURE : EXIT_SUCCESS;
}
