/*
 * fuzz_common.c - the input files, quiet streams and command runs the fuzz
 * targets share (see fuzz.h).
 */
#include "fuzz.h"

#include "write/output.h"
#include "read/pool.h"
#include "util.h"

#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/*
 * The inputs are real files in a private folder, not memfds: SQLite resolves
 * a /proc/self/fd link before it opens a database, and a memfd's target does
 * not exist, so a memfd would keep the database reader out of every run.
 */
static int input_fds[2] = {-1, -1};
static char paths[2][PATH_MAX];
static char folder[PATH_MAX - 16]; /* room for "/inputN" in paths[] */
static FILE *report; /* the real standard error, for fuzz_fail() */

void fuzz_fail(const char *file, int line, const char *what)
{
	fprintf(report ? report : stderr, "fuzz: %s:%d: check failed: %s\n", file, line, what);
	abort();
}

static void remove_input_files(void)
{
	for (int i = 0; i < 2; i++)
		unlink(paths[i]);
	rmdir(folder);
}

static void make_input_files(void)
{
	const char *tmp = getenv("TMPDIR");
	snprintf(folder, sizeof folder, "%s/adkev-fuzz-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(folder)) {
		perror("fuzz: mkdtemp");
		abort();
	}
	for (int i = 0; i < 2; i++) {
		snprintf(paths[i], sizeof paths[i], "%s/input%c", folder, (char)('0' + i));
		input_fds[i] = open(paths[i], O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
		if (input_fds[i] < 0) {
			perror("fuzz: input file");
			abort();
		}
	}
	atexit(remove_input_files);
}

void fuzz_init(void)
{
	if (report)
		return;
	report = stderr;
	const char *verbose = getenv("ADKEV_FUZZ_VERBOSE");
	if (!verbose || strcmp(verbose, "1") != 0) {
		/*
		 * Only the FILE pointers change: descriptor 2 stays where the
		 * sanitizers and libFuzzer write their reports.
		 */
		FILE *null = fopen("/dev/null", "w");
		if (!null) {
			perror("fuzz: /dev/null");
			abort();
		}
		stdout = null;
		stderr = null;
	}
	pool_serve_jansson();
	make_input_files();
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fuzz_init();
	return 0;
}

const char *fuzz_file(int slot, const uint8_t *data, size_t size)
{
	int fd = input_fds[slot];
	FUZZ_CHECK(ftruncate(fd, 0) == 0);
	size_t done = 0;
	while (done < size) {
		ssize_t n = pwrite(fd, data + done, size - done, (off_t)done);
		FUZZ_CHECK(n > 0);
		done += (size_t)n;
	}
	return paths[slot];
}

int fuzz_run(const struct command *cmd, const char *const *options, const char *const *operands,
	     int noperands)
{
	char *argv[32];
	int argc = 0;
	argv[argc++] = (char *)cmd->name;
	for (; *options; options++) {
		FUZZ_CHECK(argc < 30);
		argv[argc++] = (char *)*options;
	}
	for (int i = 0; i < noperands; i++) {
		FUZZ_CHECK(argc < 31);
		argv[argc++] = (char *)operands[i];
	}
	argv[argc] = NULL;
	int status = cmd->run(argc, argv);
	/* What main() does after the command: flush, and a write error wins. */
	int written = output_finish();
	status = written ? written : status;
	FUZZ_CHECK(status == EXIT_OK || status == EXIT_FALSE || status == EXIT_DATAERR ||
		   status == EXIT_CANTCREAT);
	return status;
}

int fuzz_run_variants(const struct command *cmd, const char *const *const *variants, int count,
		      const uint8_t *data, size_t size)
{
	const char *operand = fuzz_file(0, data, size);
	int worst = 0;
	for (int i = 0; i < count; i++) {
		int status = fuzz_run(cmd, variants[i], &operand, 1);
		if (status > worst)
			worst = status;
	}
	return worst;
}

static char split_parent[64]; /* a private folder that holds split_dir alone */
static char split_dir[80];

static void remove_split_dir(void)
{
	rmdir(split_dir);
	rmdir(split_parent);
}

const char *fuzz_split_dir(const char **parent)
{
	if (!split_parent[0]) {
		snprintf(split_parent, sizeof split_parent, "/tmp/adkev-fuzz-XXXXXX");
		FUZZ_CHECK(mkdtemp(split_parent) != NULL);
		snprintf(split_dir, sizeof split_dir, "%s/out", split_parent);
		atexit(remove_split_dir);
	}
	if (parent)
		*parent = split_parent;
	return split_dir;
}

/*
 * One standard stream sent into memory: the FILE pointer adkev writes
 * through, the one it replaced, and the text gathered.
 */
struct capture {
	FILE **stream;
	FILE *saved;
	char *text;
	size_t len;
};
static struct capture captured_out = {&stdout, NULL, NULL, 0};
static struct capture captured_err = {&stderr, NULL, NULL, 0};

static void capture_begin(struct capture *c)
{
	free(c->text);
	c->text = NULL;
	c->len = 0;
	c->saved = *c->stream;
	*c->stream = open_memstream(&c->text, &c->len);
	FUZZ_CHECK(*c->stream != NULL);
}

static void capture_end(struct capture *c)
{
	FUZZ_CHECK(fclose(*c->stream) == 0);
	*c->stream = c->saved;
}

void fuzz_capture_begin(void)
{
	capture_begin(&captured_out);
	capture_begin(&captured_err);
}

const char *fuzz_capture_end(size_t *len)
{
	capture_end(&captured_err);
	capture_end(&captured_out);
	*len = captured_out.len;
	return captured_out.text;
}

const char *fuzz_captured_stderr(size_t *len)
{
	*len = captured_err.len;
	return captured_err.text;
}

void fuzz_note(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vfprintf(report ? report : stderr, fmt, ap);
	va_end(ap);
}
