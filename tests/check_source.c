/*
 * check_source.c - the byte source under the reader: plain bytes pass
 * through as read(2) gives them; gzip members and zstd frames, one after
 * another, come out as their text whatever the name and the buffer size;
 * damaged and cut-short data is SOURCE_DAMAGED with where it broke, after
 * the text before it; a followed file is waited on as it grows, read again
 * after a truncation (from a new line), and ended by a signal; a pipe is
 * copied to a temporary file that takes its place (source_spool()).
 */
#include "testutil.h"

#include "read/source.h"
#include "util.h"

#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#ifndef ADKEV_NO_ZLIB
#include <zlib.h>
#endif
#ifndef ADKEV_NO_ZSTD
#include <zstd.h>
#endif

#define TEXT "{\"author\":\"a\"}\n{\"author\":\"b\"}\n"

/* Reads src to its end with reads of at most cap bytes; *end gets what ended it. */
static void read_whole(struct source *src, size_t cap, struct strbuf *out, ssize_t *end)
{
	char *buf = xmalloc(cap);
	ssize_t n;
	while ((n = source_read(src, buf, cap)) > 0)
		strbuf_add(out, buf, (size_t)n);
	*end = n;
	free(buf);
}

/* The source of a temporary file holding data[0..len). */
static struct source *file_source(const char *data, size_t len)
{
	const char *name = temp_file_with(data, len);
	int fd = open(name, O_RDONLY);
	ck_assert_int_ge(fd, 0);
	unlink(name);
	return source_new(fd, "test", NULL, false);
}

START_TEST(plain_bytes_pass_through)
{
	static const size_t caps[] = {1, 2, 3, 7, 4096};
	for (size_t i = 0; i < sizeof caps / sizeof *caps; i++) {
		struct source *src = file_source(TEXT, strlen(TEXT));
		struct strbuf out = STRBUF_INIT;
		ssize_t end;
		read_whole(src, caps[i], &out, &end);
		ck_assert_int_eq(end, 0);
		ck_assert_str_eq(out.buf, TEXT);
		ck_assert(!source_compressed(src));
		source_free(src);
		strbuf_release(&out);
	}
	/* One byte of a magic number, and the end: plain. */
	struct source *src = file_source("\x1f", 1);
	struct strbuf out = STRBUF_INIT;
	ssize_t end;
	read_whole(src, 16, &out, &end);
	ck_assert_uint_eq(out.len, 1);
	source_free(src);
	strbuf_release(&out);
}
END_TEST

START_TEST(magic_numbers_are_known)
{
	ck_assert_int_eq(source_sniff("\x1f\x8b\x08", 3), SOURCE_GZIP);
	ck_assert_int_eq(source_sniff("\x28\xb5\x2f\xfd", 4), SOURCE_ZSTD);
	ck_assert_int_eq(source_sniff("\x28\xb5\x2f", 3), SOURCE_PLAIN);
	ck_assert_int_eq(source_sniff("{}", 2), SOURCE_PLAIN);
	ck_assert_int_eq(source_sniff("", 0), SOURCE_PLAIN);
}
END_TEST

#ifndef ADKEV_NO_ZLIB
/* Appends text as one gzip member. */
static void add_gzip(struct strbuf *sb, const char *text)
{
	z_stream z;
	memset(&z, 0, sizeof z);
	ck_assert_int_eq(deflateInit2(&z, 9, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY),
	                 Z_OK);
	unsigned char out[4096];
	z.next_in = (Bytef *)text;
	z.avail_in = (uInt)strlen(text);
	z.next_out = out;
	z.avail_out = sizeof out;
	ck_assert_int_eq(deflate(&z, Z_FINISH), Z_STREAM_END);
	strbuf_add(sb, out, sizeof out - z.avail_out);
	deflateEnd(&z);
}

START_TEST(gzip_members_read_whole)
{
	static const size_t caps[] = {1, 5, 4096};
	struct strbuf gz = STRBUF_INIT;
	add_gzip(&gz, TEXT);
	add_gzip(&gz, "{\"author\":\"c\"}\n");
	for (size_t i = 0; i < sizeof caps / sizeof *caps; i++) {
		struct source *src = file_source(gz.buf, gz.len);
		struct strbuf out = STRBUF_INIT;
		ssize_t end;
		read_whole(src, caps[i], &out, &end);
		ck_assert_int_eq(end, 0);
		ck_assert_str_eq(out.buf, TEXT "{\"author\":\"c\"}\n");
		ck_assert(source_compressed(src));
		source_free(src);
		strbuf_release(&out);
	}
	strbuf_release(&gz);
}
END_TEST

START_TEST(damaged_gzip_says_where_after_the_text)
{
	struct strbuf gz = STRBUF_INIT;
	add_gzip(&gz, TEXT);
	/* Cut short: the end of the data is where it broke. */
	struct source *src = file_source(gz.buf, gz.len - 4);
	struct strbuf out = STRBUF_INIT;
	ssize_t end;
	read_whole(src, 4096, &out, &end);
	ck_assert_int_eq(end, SOURCE_DAMAGED);
	char want[128];
	snprintf(want, sizeof want, "truncated gzip data at byte %zu: ", gz.len - 4);
	ck_assert_ptr_nonnull(strstr(source_error(src), want));
	source_free(src);
	/* The CRC spoilt: every byte of text comes first, then the fault. */
	gz.buf[gz.len - 8] ^= 0x55;
	strbuf_reset(&out);
	src = file_source(gz.buf, gz.len);
	read_whole(src, 4096, &out, &end);
	ck_assert_int_eq(end, SOURCE_DAMAGED);
	ck_assert_str_eq(out.buf, TEXT);
	/* zlib finds the fault once it has taken the CRC, 4 bytes before the end. */
	snprintf(want, sizeof want, "damaged gzip data at byte %zu: incorrect data check",
	         gz.len - 4);
	ck_assert_str_eq(source_error(src), want);
	source_free(src);
	strbuf_release(&out);
	strbuf_release(&gz);
}
END_TEST
#endif

#ifndef ADKEV_NO_ZSTD
START_TEST(zstd_frames_read_whole)
{
	char frame[256];
	size_t n = ZSTD_compress(frame, sizeof frame, TEXT, strlen(TEXT), 3);
	ck_assert(!ZSTD_isError(n));
	struct strbuf zs = STRBUF_INIT;
	strbuf_add(&zs, frame, n);
	strbuf_add(&zs, frame, n);
	struct source *src = file_source(zs.buf, zs.len);
	struct strbuf out = STRBUF_INIT;
	ssize_t end;
	read_whole(src, 3, &out, &end);
	ck_assert_msg(end == 0, "%s", source_error(src));
	ck_assert_str_eq(out.buf, TEXT TEXT);
	source_free(src);
	/* The second frame cut short. */
	strbuf_reset(&out);
	src = file_source(zs.buf, zs.len - 2);
	read_whole(src, 4096, &out, &end);
	ck_assert_int_eq(end, SOURCE_DAMAGED);
	ck_assert_ptr_nonnull(strstr(source_error(src), "truncated zstd data at byte"));
	source_free(src);
	strbuf_release(&out);
	strbuf_release(&zs);
}
END_TEST
#endif

/* Appends to a followed file from another thread, after a pause. */
struct writer {
	const char *path;
	const char *text;
	bool truncate;
};

static void *write_later(void *arg)
{
	struct writer *w = arg;
	usleep(300 * 1000);
	int fd = open(w->path, O_WRONLY | (w->truncate ? O_TRUNC : O_APPEND));
	if (fd >= 0) {
		if (write(fd, w->text, strlen(w->text)) < 0)
			perror("write");
		close(fd);
	}
	return NULL;
}

START_TEST(a_followed_file_is_waited_on_and_read_again)
{
	source_follow_start();
	const char *path = temp_file("{\"n\":1}\n{\"n\":2");
	struct source *src = source_new(open(path, O_RDONLY), "test", path, true);
	char buf[64];
	ck_assert_int_eq(source_read(src, buf, sizeof buf), 14);
	ck_assert(!source_ready(src));
	/* More text, a while later: the read waits for it. */
	struct writer w = {path, "}\n", false};
	pthread_t t;
	pthread_create(&t, NULL, write_later, &w);
	ck_assert_int_eq(source_read(src, buf, sizeof buf), 2);
	pthread_join(t, NULL);
	/* Truncated and written anew: read from its start. */
	struct writer again = {path, "{\"n\":3}\n", true};
	pthread_create(&t, NULL, write_later, &again);
	capture_begin();
	ssize_t n = source_read(src, buf, sizeof buf);
	char *err = capture_end();
	pthread_join(t, NULL);
	ck_assert_int_eq(n, 8);
	ck_assert(memcmp(buf, "{\"n\":3}\n", 8) == 0);
	ck_assert_str_eq(err, "adkev: test: file truncated; reading it again from its start\n");
	free(err);
	/* A signal ends the wait, as the end of the input. */
	raise(SIGINT);
	ck_assert(source_interrupted());
	ck_assert_int_eq(source_read(src, buf, sizeof buf), 0);
	source_free(src);
	unlink(path);
}
END_TEST

/* Writes len bytes of a pattern to fd, then closes it: a pipe's writer. */
struct pipe_writer {
	int fd;
	size_t len;
};

static char pattern_byte(size_t i)
{
	return (char)('a' + (i * 7 + i / 4096) % 26);
}

static void *write_pattern(void *arg)
{
	struct pipe_writer *w = arg;
	char buf[8192];
	for (size_t at = 0; at < w->len;) {
		size_t n = w->len - at < sizeof buf ? w->len - at : sizeof buf;
		for (size_t i = 0; i < n; i++)
			buf[i] = pattern_byte(at + i);
		ssize_t put = write(w->fd, buf, n);
		if (put <= 0)
			break;
		at += (size_t)put;
	}
	close(w->fd);
	return NULL;
}

/* A pipe whose writer (joined by the caller) sends len bytes of the pattern. */
static int pattern_pipe(struct pipe_writer *w, pthread_t *t, size_t len)
{
	int fds[2];
	ck_assert_int_eq(pipe(fds), 0);
	*w = (struct pipe_writer){fds[1], len};
	pthread_create(t, NULL, write_pattern, w);
	return fds[0];
}

/* Whether fd holds exactly the len bytes of the pattern from its start. */
static bool holds_pattern(int fd, size_t len)
{
	struct strbuf got = STRBUF_INIT;
	char buf[65536];
	ssize_t n;
	while ((n = read(fd, buf, sizeof buf)) > 0)
		strbuf_add(&got, buf, (size_t)n);
	bool same = got.len == len;
	for (size_t i = 0; same && i < len; i++)
		same = got.buf[i] == pattern_byte(i);
	strbuf_release(&got);
	return same;
}

START_TEST(a_spooled_pipe_is_a_file_in_its_place)
{
	/* More than a pipe holds and more than one block of the copy. */
	enum { LEN = 3 * 1024 * 1024 + 17 };
	struct pipe_writer w;
	pthread_t t;
	int fd = pattern_pipe(&w, &t, LEN);
	ck_assert_int_eq(source_spool(fd, "test"), 0);
	pthread_join(t, NULL);
	struct stat st;
	ck_assert_int_eq(fstat(fd, &st), 0);
	ck_assert(S_ISREG(st.st_mode));
	ck_assert_int_eq(st.st_size, LEN);
	/* Read twice, as trajectory reads it. */
	ck_assert(holds_pattern(fd, LEN));
	ck_assert_int_eq(lseek(fd, 0, SEEK_SET), 0);
	ck_assert(holds_pattern(fd, LEN));
	close(fd);
}
END_TEST

START_TEST(what_is_no_pipe_is_copied_by_reads)
{
	/* splice(2) wants a pipe: from a file the copy is read(2) and write(2). */
	enum { LEN = 1024 * 1024 + 5 };
	char *data = xmalloc(LEN);
	for (size_t i = 0; i < LEN; i++)
		data[i] = pattern_byte(i);
	int fd = open(temp_file_with(data, LEN), O_RDONLY);
	free(data);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(source_spool(fd, "test"), 0);
	ck_assert(holds_pattern(fd, LEN));
	close(fd);
	/* What cannot be read at all (no such descriptor) is left to the reader, which says why. */
	ck_assert_int_eq(fcntl(1000, F_GETFD), -1);
	capture_begin();
	int status = source_spool(1000, "test");
	char *err = capture_end();
	ck_assert_int_eq(status, -1);
	ck_assert_str_eq(err, "");
	free(err);
}
END_TEST

START_TEST(a_pipe_without_a_temporary_file_is_left_unread)
{
	char *saved = getenv("TMPDIR") ? strdup(getenv("TMPDIR")) : NULL;
	setenv("TMPDIR", "/nonexistent/adkev-test", 1);
	struct pipe_writer w;
	pthread_t t;
	int fd = pattern_pipe(&w, &t, 1000);
	ck_assert_int_eq(source_spool(fd, "test"), -1);
	ck_assert(holds_pattern(fd, 1000));
	pthread_join(t, NULL);
	close(fd);
	if (saved)
		setenv("TMPDIR", saved, 1);
	else
		unsetenv("TMPDIR");
	free(saved);
}
END_TEST

START_TEST(a_copy_that_fails_is_said_once_with_the_name)
{
	/* A file size limit stands for a full disk: the copy's write fails with EFBIG. */
	enum { LEN = 2 * 1024 * 1024 };
	struct rlimit saved, small = {512 * 1024, 0};
	ck_assert_int_eq(getrlimit(RLIMIT_FSIZE, &saved), 0);
	small.rlim_max = saved.rlim_max;
	signal(SIGXFSZ, SIG_IGN);
	signal(SIGPIPE, SIG_IGN);
	struct pipe_writer w;
	pthread_t t;
	int fd = pattern_pipe(&w, &t, LEN);
	ck_assert_int_eq(setrlimit(RLIMIT_FSIZE, &small), 0);
	capture_begin();
	int status = source_spool(fd, "<stdin>");
	char *err = capture_end();
	setrlimit(RLIMIT_FSIZE, &saved);
	ck_assert_int_eq(status, EXIT_IOERR);
	ck_assert_msg(strncmp(err, "adkev: <stdin>: cannot copy to a temporary file in '", 51) == 0,
	              "%s", err);
	ck_assert_ptr_eq(strchr(err, '\n'), err + strlen(err) - 1);
	free(err);
	/* The writer sees the pipe closed once the rest is not read. */
	close(fd);
	pthread_join(t, NULL);
	signal(SIGXFSZ, SIG_DFL);
	signal(SIGPIPE, SIG_DFL);
}
END_TEST

static Suite *source_suite(void)
{
	Suite *s = suite_create("source");
	TCase *tc = tcase_create("core");
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, plain_bytes_pass_through);
	tcase_add_test(tc, magic_numbers_are_known);
#ifndef ADKEV_NO_ZLIB
	tcase_add_test(tc, gzip_members_read_whole);
	tcase_add_test(tc, damaged_gzip_says_where_after_the_text);
#endif
#ifndef ADKEV_NO_ZSTD
	tcase_add_test(tc, zstd_frames_read_whole);
#endif
	tcase_add_test(tc, a_spooled_pipe_is_a_file_in_its_place);
	tcase_add_test(tc, what_is_no_pipe_is_copied_by_reads);
	tcase_add_test(tc, a_pipe_without_a_temporary_file_is_left_unread);
	tcase_add_test(tc, a_copy_that_fails_is_said_once_with_the_name);
	/* Last: it leaves SIGINT and SIGTERM handled for the rest of the process. */
	tcase_add_test(tc, a_followed_file_is_waited_on_and_read_again);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return run_suite(source_suite()) ? EXIT_FAILURE : EXIT_SUCCESS;
}
