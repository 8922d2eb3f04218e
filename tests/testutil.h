/*
 * testutil.h - helpers the Check suites share: input files made from bytes,
 * and standard error captured so diagnostics can be asserted on.
 */
#ifndef ADKEV_TESTUTIL_H
#define ADKEV_TESTUTIL_H

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

/* The temporary files this process made, removed when it exits. */
static char **temp_names;
static size_t temp_count;

static void remove_temp_files(void)
{
	for (size_t i = 0; i < temp_count; i++) {
		unlink(temp_names[i]);
		free(temp_names[i]);
	}
	free(temp_names);
	temp_names = NULL;
	temp_count = 0;
}

/*
 * Notes a temporary file for removal at exit.  Check runs each test in a
 * child that exits, even when an assertion fails, so nothing is left in
 * /tmp.
 */
static inline void remember_temp_file(const char *name)
{
	static pid_t registered_by;
	if (registered_by != getpid()) {
		/* A forked child inherits the parent's list; its exit removes its own files. */
		temp_names = NULL;
		temp_count = 0;
		atexit(remove_temp_files);
		registered_by = getpid();
	}
	temp_names = realloc(temp_names, (temp_count + 1) * sizeof *temp_names);
	ck_assert_ptr_nonnull(temp_names);
	temp_names[temp_count++] = strdup(name);
}

/* Writes len bytes to a new temporary file and returns its name (static storage, 8 slots). */
static inline const char *temp_file_with(const char *data, size_t len)
{
	static char names[8][64];
	static int next;
	char *name = names[next++ % 8];
	snprintf(name, 64, "/tmp/adkev-test-XXXXXX");
	int fd = mkstemp(name);
	ck_assert_int_ge(fd, 0);
	remember_temp_file(name);
	size_t off = 0;
	while (off < len) {
		ssize_t n = write(fd, data + off, len - off);
		ck_assert_int_gt(n, 0);
		off += (size_t)n;
	}
	close(fd);
	return name;
}

static inline const char *temp_file(const char *text)
{
	return temp_file_with(text, strlen(text));
}

static int saved_stderr = -1;
static FILE *captured;

/* Sends standard error to a temporary file until capture_end(). */
static inline void capture_begin(void)
{
	fflush(stderr);
	captured = tmpfile();
	ck_assert_ptr_nonnull(captured);
	saved_stderr = dup(2);
	dup2(fileno(captured), 2);
}

/* Restores standard error and returns what was written to it (caller frees). */
static inline char *capture_end(void)
{
	fflush(stderr);
	dup2(saved_stderr, 2);
	close(saved_stderr);
	long size = ftell(captured);
	char *text = calloc(1, (size_t)size + 1);
	rewind(captured);
	size_t got = fread(text, 1, (size_t)size, captured);
	text[got] = '\0';
	fclose(captured);
	return text;
}

static int saved_stdout = -1;
static FILE *captured_out;

/* Sends standard output to a temporary file until stdout_capture_end(). */
static inline void stdout_capture_begin(void)
{
	fflush(stdout);
	captured_out = tmpfile();
	ck_assert_ptr_nonnull(captured_out);
	saved_stdout = dup(1);
	dup2(fileno(captured_out), 1);
}

/*
 * Restores standard output and returns what was written to it, NUL-ended,
 * its length (it may hold NUL bytes) in *len; the caller frees it.
 */
static inline char *stdout_capture_end(size_t *len)
{
	fflush(stdout);
	dup2(saved_stdout, 1);
	close(saved_stdout);
	long size = ftell(captured_out);
	char *text = calloc(1, (size_t)size + 1);
	rewind(captured_out);
	*len = fread(text, 1, (size_t)size, captured_out);
	fclose(captured_out);
	return text;
}

static struct rlimit saved_nofile;

/*
 * Lets the process open only one more descriptor (an operand, but not a
 * pipe's two), as a process near its limit would be, until
 * descriptors_restore().
 */
static inline void descriptors_leave_one(void)
{
	ck_assert_int_eq(getrlimit(RLIMIT_NOFILE, &saved_nofile), 0);
	int lowest = dup(0);
	ck_assert_int_ge(lowest, 0);
	close(lowest);
	struct rlimit one = {(rlim_t)lowest + 1, saved_nofile.rlim_max};
	ck_assert_int_eq(setrlimit(RLIMIT_NOFILE, &one), 0);
}

static inline void descriptors_restore(void)
{
	ck_assert_int_eq(setrlimit(RLIMIT_NOFILE, &saved_nofile), 0);
}

/* Runs one suite; returns the number of failures. */
static inline int run_suite(Suite *s)
{
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed;
}

#endif
