/*
 * check_stamp.c - dates and ids: RFC 3339 times to epoch seconds (every
 * accepted form, the calendar's edges, and what is refused), and version 4
 * UUIDs, from the kernel and from the fallback used where it gives no
 * random bytes: their form, and that no two are alike, in one process or
 * across a fork.
 */
#include "testutil.h"

#include "stamp.h"

#include <math.h>
#include <stdint.h>
#include <sys/wait.h>

/* The time s stands for; the test fails when it is refused. */
static double seconds_of(const char *s)
{
	double t = -12345;
	ck_assert_msg(stamp_parse_rfc3339(s, &t), "refused: %s", s);
	return t;
}

START_TEST(times_in_every_accepted_form)
{
	ck_assert(seconds_of("1970-01-01T00:00:00Z") == 0.0);
	ck_assert(seconds_of("2025-11-21T10:00:01.5+01:00") == 1763715601.5);
	ck_assert(seconds_of("2025-11-21t09:00:01.25z") == 1763715601.25);
	ck_assert(seconds_of("2025-11-21 09:00:01Z") == 1763715601.0);
	ck_assert(seconds_of("2025-11-21T10:00:01+05:30") == 1763699401.0);
	ck_assert(seconds_of("2000-02-29T00:00:00-00:30") == 951782400.0 + 1800);
	/* Any number of fraction digits, past a double's precision too. */
	ck_assert(fabs(seconds_of("1970-01-01T00:00:00.000001Z") - 1e-6) < 1e-15);
	ck_assert(fabs(seconds_of("1970-01-01T00:00:00.12345678901234567890Z") - 0.1234567890123) <
	          1e-12);
}
END_TEST

START_TEST(times_at_the_calendars_edges)
{
	ck_assert(seconds_of("1969-12-31T23:59:59Z") == -1.0);
	ck_assert(seconds_of("1900-03-01T00:00:00Z") == -2203891200.0);
	ck_assert(seconds_of("2400-02-29T12:00:00Z") == 13574606400.0);
	ck_assert(seconds_of("0001-01-01T00:00:00Z") == -62135596800.0);
	/* A leap second is the next day's first, as POSIX time has no room for it. */
	ck_assert(seconds_of("2016-12-31T23:59:60Z") == 1483228800.0);
}
END_TEST

START_TEST(times_refused)
{
	static const char *const bad[] = {
	    "",
	    "2025-11-21",
	    "2025-11-21T10:00:00",
	    "2025-11-21T10:00Z",
	    "2025-11-21X10:00:00Z",
	    "25-11-21T10:00:00Z",
	    "2025-13-01T00:00:00Z",
	    "2025-00-01T00:00:00Z",
	    "2025-11-00T00:00:00Z",
	    "2025-11-32T00:00:00Z",
	    "2025-11-21T24:00:00Z",
	    "2025-11-21T10:60:00Z",
	    "2025-11-21T10:00:61Z",
	    "2025-11-21T10:00:00.Z",
	    "2025-11-21T10:00:00Zjunk",
	    "2025-11-21T10:00:00Z ",
	    "2025-11-21T10:00:00+0100",
	    "2025-11-21T10:00:00+01",
	    "2025-11-21T10:00:00+24:00",
	    "2025-11-21T10:00:00+01:60",
	    "2025-11-21T10:00:00UTC",
	    "+2025-11-21T10:00:00Z",
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		double t = 7;
		ck_assert_msg(!stamp_parse_rfc3339(bad[i], &t), "accepted: \"%s\"", bad[i]);
		ck_assert_msg(t == 7, "changed the time for \"%s\"", bad[i]);
	}
	double t = 7;
	ck_assert(!stamp_parse_rfc3339(NULL, &t));
	ck_assert(t == 7);
}
END_TEST

/* Fails the test unless u is a version 4 UUID, lowercase, in its 8-4-4-4-12 groups. */
static void assert_uuid_v4(const char *u)
{
	ck_assert_uint_eq(strlen(u), 36);
	for (int i = 0; i < 36; i++) {
		if (i == 8 || i == 13 || i == 18 || i == 23)
			ck_assert_msg(u[i] == '-', "%s: no - at %d", u, i);
		else
			ck_assert_msg(strchr("0123456789abcdef", u[i]) && u[i],
			              "%s: not lowercase hex at %d", u, i);
	}
	ck_assert_msg(u[14] == '4', "%s: not version 4", u);
	ck_assert_msg(strchr("89ab", u[19]) != NULL, "%s: not the RFC 9562 variant", u);
}

static int compare_uuids(const void *a, const void *b)
{
	return strcmp(a, b);
}

enum { MANY = 4096 };

/* Makes MANY ids with make and fails the test unless they are well formed and all differ. */
static void assert_many_distinct(void (*make)(char *))
{
	char(*ids)[STAMP_UUID_SIZE] = malloc(MANY * sizeof *ids);
	ck_assert_ptr_nonnull(ids);
	for (int i = 0; i < MANY; i++) {
		make(ids[i]);
		assert_uuid_v4(ids[i]);
	}
	qsort(ids, MANY, sizeof *ids, compare_uuids);
	for (int i = 1; i < MANY; i++)
		ck_assert_msg(strcmp(ids[i - 1], ids[i]) != 0, "%s made twice", ids[i]);
	free(ids);
}

static void fallback_uuid(char *out)
{
	unsigned char b[16];
	stamp_fallback_bytes(b);
	stamp_uuid_of_bytes(b, out);
}

static void kernel_uuid(char *out)
{
	stamp_uuid(out);
}

START_TEST(uuids_are_version_4_and_all_differ)
{
	assert_many_distinct(kernel_uuid);
}
END_TEST

START_TEST(uuid_text_of_bytes)
{
	unsigned char b[16];
	char u[STAMP_UUID_SIZE];
	for (int i = 0; i < 16; i++)
		b[i] = (unsigned char)i;
	stamp_uuid_of_bytes(b, u);
	ck_assert_str_eq(u, "00010203-0405-4607-8809-0a0b0c0d0e0f");
	memset(b, 0xff, sizeof b);
	stamp_uuid_of_bytes(b, u);
	ck_assert_str_eq(u, "ffffffff-ffff-4fff-bfff-ffffffffffff");
	memset(b, 0, sizeof b);
	stamp_uuid_of_bytes(b, u);
	ck_assert_str_eq(u, "00000000-0000-4000-8000-000000000000");
}
END_TEST

START_TEST(fallback_uuids_all_differ)
{
	assert_many_distinct(fallback_uuid);
}
END_TEST

/*
 * A forked child starts with its parent's count of ids made, so only its
 * process id keeps its next id apart from the parent's next one.
 */
START_TEST(fallback_uuids_differ_across_a_fork)
{
	char before[STAMP_UUID_SIZE], parent[STAMP_UUID_SIZE], child[STAMP_UUID_SIZE] = "";
	fallback_uuid(before);
	int fds[2];
	ck_assert_int_eq(pipe(fds), 0);
	pid_t pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		char id[STAMP_UUID_SIZE];
		fallback_uuid(id);
		_exit(write(fds[1], id, sizeof id) == (ssize_t)sizeof id ? 0 : 1);
	}
	fallback_uuid(parent);
	close(fds[1]);
	ck_assert_int_eq(read(fds[0], child, sizeof child), (ssize_t)sizeof child);
	close(fds[0]);
	int status;
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	assert_uuid_v4(child);
	ck_assert_str_ne(child, parent);
	ck_assert_str_ne(child, before);
	ck_assert_str_ne(parent, before);
}
END_TEST

static Suite *stamp_suite(void)
{
	Suite *s = suite_create("stamp");
	TCase *times = tcase_create("times");
	tcase_add_test(times, times_in_every_accepted_form);
	tcase_add_test(times, times_at_the_calendars_edges);
	tcase_add_test(times, times_refused);
	suite_add_tcase(s, times);
	TCase *uuids = tcase_create("uuids");
	tcase_add_test(uuids, uuids_are_version_4_and_all_differ);
	tcase_add_test(uuids, uuid_text_of_bytes);
	tcase_add_test(uuids, fallback_uuids_all_differ);
	tcase_add_test(uuids, fallback_uuids_differ_across_a_fork);
	suite_add_tcase(s, uuids);
	return s;
}

int main(void)
{
	return run_suite(stamp_suite()) ? 1 : 0;
}
