/*
 * check_progress.c - the --progress line's words and numbers, and the
 * reader's counters behind them.
 */
#include "testutil.h"

#include "write/progress.h"
#include "read/reader.h"
#include "read/pool.h"
#include "util.h"

START_TEST(line_with_a_known_total)
{
	char buf[256];
	struct progress_count p = {3 * 1024 * 1024, 12 * 1024 * 1024, true, 1500};
	progress_format(buf, sizeof buf, &p, 2.0, false);
	ck_assert_str_eq(buf,
	                 "adkev: 3.0 MiB of 12.0 MiB (25%), 1500 events, 1.5 MiB/s, 6.0s left");
	progress_format(buf, sizeof buf, &p, 2.0, true);
	ck_assert_str_eq(buf, "adkev: 3.0 MiB, 1500 events in 2.0s (1.5 MiB/s)");
}
END_TEST

START_TEST(line_without_a_total_or_a_rate)
{
	char buf[256];
	struct progress_count p = {512, 0, false, 1};
	progress_format(buf, sizeof buf, &p, 0.0, false);
	ck_assert_str_eq(buf, "adkev: 512 B, 1 event");
	struct progress_count q = {10ULL << 30, 40ULL << 30, true, 7};
	progress_format(buf, sizeof buf, &q, 100.0, false);
	ck_assert_str_eq(buf,
	                 "adkev: 10.0 GiB of 40.0 GiB (25%), 7 events, 102.4 MiB/s, 5:00 left");
	progress_format(buf, sizeof buf, &q, 3725.0, true);
	ck_assert_str_eq(buf, "adkev: 10.0 GiB, 7 events in 1:02:05 (2.7 MiB/s)");
}
END_TEST

START_TEST(reader_counts_bytes_events_and_the_total)
{
	const char *text = "{\"author\":\"a\"}\n[{\"author\":\"b\"},{\"author\":\"c\"}]\n";
	char *names[2] = {xstrdup(temp_file(text)), xstrdup(temp_file(text))};
	struct reader *r = reader_new(names, 2, NULL);
	const struct reader_progress *p = reader_get_progress(r);
	ck_assert(p->total_known);
	ck_assert_uint_eq(p->total, 2 * strlen(text));
	struct reader_item item;
	while (reader_next(r, &item) == READ_ITEM)
		;
	ck_assert_uint_eq(p->bytes, 2 * strlen(text));
	ck_assert_uint_eq(p->items, 6);
	reader_free(r);
	unlink(names[0]);
	unlink(names[1]);
	free(names[0]);
	free(names[1]);
}
END_TEST

static int calls;
static void count_call(void *ctx)
{
	ck_assert_ptr_eq(ctx, &calls);
	calls++;
}

START_TEST(hook_runs_per_block_and_total_unknown_for_a_pipe)
{
	char *name = xstrdup(temp_file("{\"author\":\"a\"}\n"));
	char *ops[2] = {name, "/dev/null"};
	struct reader *r = reader_new(ops, 2, NULL);
	ck_assert(!reader_get_progress(r)->total_known);
	reader_set_progress_hook(r, count_call, &calls);
	struct reader_item item;
	calls = 0;
	while (reader_next(r, &item) == READ_ITEM)
		;
	ck_assert_int_eq(calls, 1);
	reader_free(r);
	unlink(name);
	free(name);
}
END_TEST

static void count_read(void *reader, struct progress_count *out)
{
	const struct reader_progress *rp = reader_get_progress(reader);
	*out = (struct progress_count){rp->bytes, rp->total, rp->total_known, rp->items};
}

START_TEST(nothing_is_shown_when_stderr_is_not_a_terminal)
{
	char *name = xstrdup(temp_file("{\"author\":\"a\"}\n"));
	struct reader *r = reader_new(&name, 1, NULL);
	capture_begin();
	struct progress *p = progress_start(count_read, r);
	reader_set_progress_hook(r, progress_tick, p);
	struct reader_item item;
	while (reader_next(r, &item) == READ_ITEM)
		;
	progress_finish(p);
	char *err = capture_end();
	ck_assert_ptr_null(p);
	ck_assert_str_eq(err, "");
	free(err);
	reader_free(r);
	unlink(name);
	free(name);
}
END_TEST

int main(void)
{
	pool_serve_jansson();
	Suite *s = suite_create("progress");
	TCase *tc = tcase_create("progress");
	tcase_add_test(tc, line_with_a_known_total);
	tcase_add_test(tc, line_without_a_total_or_a_rate);
	tcase_add_test(tc, reader_counts_bytes_events_and_the_total);
	tcase_add_test(tc, hook_runs_per_block_and_total_unknown_for_a_pipe);
	tcase_add_test(tc, nothing_is_shown_when_stderr_is_not_a_terminal);
	suite_add_tcase(s, tc);
	return run_suite(s) ? EXIT_FAILURE : EXIT_SUCCESS;
}
