/*
 * check_preparse.c - parsing ahead on worker threads: the bytes come out
 * exactly as read(2) gives them, in order, through any buffer size, from
 * files and pipes; every line's value is found at its offset and equals a
 * single-threaded parse of the same bytes; lines a worker cannot parse (or
 * does not try) give no value; an early stop joins every thread.
 */
#include "testutil.h"

#include "read/framer.h"
#include "read/input.h"
#include "read/preparse.h"
#include "read/pool.h"
#include "read/scan.h"
#include "read/source.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>

#define FLAGS (JSON_DECODE_ANY | JSON_DISABLE_EOF_CHECK | JSON_ALLOW_NUL)

/*
 * preparse reads a file through an input, which owns its descriptor: each
 * test's inputs (of dups of the descriptors the test keeps) are closed by
 * the teardown, once every thread is done with them.
 */
static struct input *inputs[16];
static size_t ninputs;

static void start_file(struct preparse *p, int fd)
{
	ck_assert_uint_lt(ninputs, 16);
	struct input *in = input_of_fd(dup(fd), "test", NULL, false, true);
	inputs[ninputs++] = in;
	preparse_start(p, in);
}

static void close_inputs(void)
{
	while (ninputs)
		input_close(inputs[--ninputs]);
}

/* Reads the whole file through p with reads of at most cap bytes; the caller frees. */
static char *read_through(struct preparse *p, int fd, size_t cap, size_t *len)
{
	struct strbuf sb = STRBUF_INIT;
	char *buf = xmalloc(cap);
	ssize_t n;
	start_file(p, fd);
	while ((n = preparse_read(p, buf, cap)) > 0)
		strbuf_add(&sb, buf, (size_t)n);
	ck_assert_int_eq(n, 0);
	free(buf);
	*len = sb.len;
	return sb.buf ? sb.buf : xstrdup("");
}

static int open_file(const char *name)
{
	int fd = open(name, O_RDONLY);
	ck_assert_int_ge(fd, 0);
	return fd;
}

/* Many lines of every kind, some longer than a chunk. */
static void make_stream(struct strbuf *sb, unsigned lines)
{
	strbuf_addstr(sb, "\xEF\xBB\xBF");
	for (unsigned i = 0; i < lines; i++) {
		switch (i % 9) {
		case 0:
			strbuf_addf(sb, "{\"author\":\"a%u\",\"n\":%u}\n", i, i);
			break;
		case 1:
			strbuf_addf(sb, "data: {\"author\":\"sse%u\"}\r\n\r\n", i);
			break;
		case 2:
			strbuf_addstr(sb, "event: message\nid: 7\n: comment\n");
			break;
		case 3:
			strbuf_addstr(sb, "{\"author\":\n  \"split\"}\n"); /* over two lines */
			break;
		case 4:
			strbuf_addstr(sb, "{\"author\": \"bad\",}\n"); /* invalid */
			break;
		case 5:
			strbuf_addf(
			    sb, "  [{\"author\":\"x\"}, {\"author\":\"y%u\"}] {\"author\":\"z\"}\n",
			    i);
			break;
		case 6: {
			strbuf_addstr(sb, "{\"author\":\"long\",\"text\":\"");
			for (unsigned k = 0; k < 100000; k++)
				strbuf_addch(sb, (char)('a' + k % 26));
			strbuf_addstr(sb, "\"}\n");
			break;
		}
		case 7:
			strbuf_addstr(sb, "42\n\n");
			break;
		default:
			strbuf_addf(sb, "{\"author\":\"caf\xC3\xA9\",\"t\":%u.5}", i);
			strbuf_addstr(sb, "\n");
		}
	}
	strbuf_addstr(sb, "{\"author\":\"last, no line end\"}");
}

START_TEST(bytes_come_out_in_order_through_any_buffer)
{
	struct strbuf sb = STRBUF_INIT;
	make_stream(&sb, 400);
	const char *name = temp_file_with(sb.buf, sb.len);
	size_t caps[] = {7, 4096, 65536, 1 << 20};
	for (unsigned jobs = 1; jobs <= 4; jobs += 3) {
		struct preparse *p = preparse_new(jobs, FRAMER_MAX_LINE_DEFAULT);
		for (size_t k = 0; k < sizeof caps / sizeof caps[0]; k++) {
			int fd = open_file(name);
			size_t len;
			char *got = read_through(p, fd, caps[k], &len);
			close(fd);
			ck_assert_uint_eq(len, sb.len);
			ck_assert(memcmp(got, sb.buf, len) == 0);
			free(got);
		}
		preparse_free(p);
	}
	unlink(name);
	strbuf_release(&sb);
}
END_TEST

/*
 * Reads name through p the way the reader does - a little at a time,
 * framing each complete line (framer.c) and taking the value of each line
 * whose JSON starts with '{', SSE "data:" lines included - and gives
 * each value a worker found to each(), with a single-threaded parse of the
 * same bytes.  Returns how many lines were tried; *found gets how many had
 * a value.
 */
static size_t take_line_by_line(struct preparse *p, const char *name,
                                const struct strbuf *want_bytes,
                                void (*each)(struct preparse *p, json_t *v, json_t *want,
                                             size_t end, size_t want_end, void *ctx, void *mapped),
                                void *ctx, size_t *found)
{
	int fd = open_file(name);
	struct strbuf got = STRBUF_INIT;
	char buf[3000];
	size_t done = 0, tried = 0;
	ssize_t n;
	*found = 0;
	start_file(p, fd);
	while ((n = preparse_read(p, buf, sizeof buf)) > 0) {
		strbuf_add(&got, buf, (size_t)n);
		struct frame f;
		while (framer_cut(got.buf + done, got.len - done, done == 0, false, 0, &f) ==
		       FRAME_LINE) {
			const char *line = got.buf + done + f.skip;
			if (f.text < f.len && line[f.text] == '{') {
				json_error_t e;
				json_t *want = json_loadb(line + f.text, f.len - f.text, FLAGS, &e);
				size_t end;
				void *mapped;
				json_t *v = preparse_take(p, done + f.skip + f.text, f.len - f.text,
				                          &end, &mapped);
				tried++;
				if (v) {
					(*found)++;
					each(p, v, want, end, (size_t)e.position, ctx, mapped);
				} else {
					ck_assert_ptr_null(want);
				}
				json_decref(want);
			}
			done += f.total;
		}
	}
	ck_assert_uint_eq(got.len, want_bytes->len);
	ck_assert(memcmp(got.buf, want_bytes->buf, want_bytes->len) == 0);
	close(fd);
	strbuf_release(&got);
	return tried;
}

static void check_equal(struct preparse *p, json_t *v, json_t *want, size_t end, size_t want_end,
                        void *ctx, void *mapped)
{
	/* No map function: nothing else comes with a value. */
	ck_assert_ptr_null(mapped);
	(void)p;
	(void)ctx;
	ck_assert(json_equal(v, want));
	ck_assert_uint_eq(end, want_end);
	json_decref(v);
}

START_TEST(values_are_taken_while_reading_line_by_line)
{
	struct strbuf sb = STRBUF_INIT;
	make_stream(&sb, 500);
	const char *name = temp_file_with(sb.buf, sb.len);
	struct preparse *p = preparse_new(2, FRAMER_MAX_LINE_DEFAULT);
	size_t found;
	size_t tried = take_line_by_line(p, name, &sb, check_equal, NULL, &found);
	/* Every complete line's value is still there when asked for in order. */
	ck_assert_uint_gt(found, tried / 2);
	preparse_free(p);
	unlink(name);
	strbuf_release(&sb);
}
END_TEST

/* The map function of the test: the value's "author", copied; counts what it made and freed. */
static atomic_int maps_made, maps_released;

static void *author_of(const json_t *value, void *ctx)
{
	ck_assert_ptr_eq(ctx, &maps_made);
	const char *author = json_string_value(json_object_get(value, "author"));
	if (!author)
		return NULL;
	atomic_fetch_add(&maps_made, 1);
	return xstrdup(author);
}

static void author_release(void *result)
{
	atomic_fetch_add(&maps_released, 1);
	free(result);
}

struct mapped_seen {
	unsigned taken, compared;
};

/* Takes the map result of every value with an author and checks it is that author. */
static void check_mapped(struct preparse *p, json_t *v, json_t *want, size_t end, size_t want_end,
                         void *ctx, void *mapped)
{
	(void)p;
	(void)end;
	(void)want_end;
	struct mapped_seen *seen = ctx;
	const char *author = json_string_value(json_object_get(want, "author"));
	if (author) {
		ck_assert_ptr_nonnull(mapped);
		ck_assert_str_eq(mapped, author);
		seen->compared++;
	} else {
		ck_assert_ptr_null(mapped);
	}
	if (mapped) {
		seen->taken++;
		free(mapped);
	}
	json_decref(v);
}

struct kept {
	json_t **values;
	size_t count;
};

/* Keeps a reference of every other value and gives the reader's reference back. */
static void keep_and_discard(struct preparse *p, json_t *v, json_t *want, size_t end,
                             size_t want_end, void *ctx, void *mapped)
{
	(void)mapped;
	(void)want;
	(void)end;
	(void)want_end;
	(void)p;
	struct kept *k = ctx;
	if (k->count % 2 == 0)
		json_incref(v);
	k->values[k->count++] = v;
	pool_give_back(v);
}

START_TEST(discarded_values_are_released_once)
{
	struct strbuf sb = STRBUF_INIT;
	make_stream(&sb, 500);
	const char *name = temp_file_with(sb.buf, sb.len);
	struct preparse *p = preparse_new(3, FRAMER_MAX_LINE_DEFAULT);
	struct kept k = {xcalloc(1000, sizeof(json_t *)), 0};
	size_t found;
	take_line_by_line(p, name, &sb, keep_and_discard, &k, &found);
	ck_assert_uint_eq(found, k.count);
	ck_assert_uint_gt(k.count, 100);
	/* After the workers stopped, the values kept have only the reference kept. */
	preparse_free(p);
	for (size_t i = 0; i < k.count; i += 2) {
		ck_assert_uint_eq(k.values[i]->refcount, 1);
		json_decref(k.values[i]);
	}
	free(k.values);
	unlink(name);
	strbuf_release(&sb);
}
END_TEST

/*
 * Maps the authors of a stream of 500 lines on two workers, events cut
 * down to *keep (NULL: whole), and hands each value to check with seen;
 * every result made must have been either taken with its value or released.
 */
static void map_authors(const struct adk_reads *keep,
                        void (*check)(struct preparse *p, json_t *v, json_t *want, size_t end,
                                      size_t want_end, void *ctx, void *mapped),
                        struct mapped_seen *seen)
{
	struct strbuf sb = STRBUF_INIT;
	make_stream(&sb, 500);
	const char *name = temp_file_with(sb.buf, sb.len);
	struct preparse *p = preparse_new(2, FRAMER_MAX_LINE_DEFAULT);
	atomic_store(&maps_made, 0);
	atomic_store(&maps_released, 0);
	preparse_set_map(p, author_of, author_release, &maps_made, keep);
	size_t found;
	take_line_by_line(p, name, &sb, check, seen, &found);
	preparse_free(p);
	ck_assert_int_eq(atomic_load(&maps_made), (int)seen->taken + atomic_load(&maps_released));
	unlink(name);
	strbuf_release(&sb);
}

START_TEST(a_map_result_comes_with_its_value_or_is_released)
{
	struct mapped_seen seen = {0, 0};
	map_authors(NULL, check_mapped, &seen);
	ck_assert_uint_gt(seen.compared, 100);
}
END_TEST

/* The author alone: what a command reading only that keeps of a mapped event. */
static const struct adk_reads author_only = {.event = ADK_MEMBER(ADK_AUTHOR)};

/* A value with a map result has only its author built; one without is whole. */
static void check_kept(struct preparse *p, json_t *v, json_t *want, size_t end, size_t want_end,
                       void *ctx, void *mapped)
{
	(void)p;
	(void)end;
	(void)want_end;
	struct mapped_seen *seen = ctx;
	if (mapped) {
		json_t *n = json_object_get(want, "n");
		json_t *cut = scan_select(want, &author_only);
		ck_assert(json_equal(v, cut));
		ck_assert(!n || json_is_true(json_object_get(v, "n")));
		ck_assert(
		    json_equal(json_object_get(v, "author"), json_object_get(want, "author")));
		json_decref(cut);
		seen->taken++;
		seen->compared += n != NULL;
		free(mapped);
	} else {
		ck_assert(json_equal(v, want));
	}
	json_decref(v);
}

START_TEST(a_mapped_event_keeps_only_what_the_reader_reads)
{
	struct mapped_seen seen = {0, 0};
	map_authors(&author_only, check_kept, &seen);
	ck_assert_uint_gt(seen.compared, 40);
}
END_TEST

struct writer {
	int fd;
	const char *data;
	size_t len;
};

static void *write_slowly(void *arg)
{
	struct writer *w = arg;
	for (size_t off = 0; off < w->len;) {
		size_t n = w->len - off < 777 ? w->len - off : 777;
		ssize_t k = write(w->fd, w->data + off, n);
		if (k <= 0)
			break;
		off += (size_t)k;
	}
	close(w->fd);
	return NULL;
}

START_TEST(a_pipe_is_read_whole)
{
	struct strbuf sb = STRBUF_INIT;
	make_stream(&sb, 200);
	int fds[2];
	ck_assert_int_eq(pipe(fds), 0);
	struct writer w = {fds[1], sb.buf, sb.len};
	pthread_t t;
	pthread_create(&t, NULL, write_slowly, &w);
	struct preparse *p = preparse_new(2, FRAMER_MAX_LINE_DEFAULT);
	size_t len;
	char *got = read_through(p, fds[0], 5000, &len);
	pthread_join(t, NULL);
	close(fds[0]);
	ck_assert_uint_eq(len, sb.len);
	ck_assert(memcmp(got, sb.buf, len) == 0);
	free(got);
	preparse_free(p);
	strbuf_release(&sb);
}
END_TEST

START_TEST(several_files_one_after_another)
{
	const char *a = temp_file("{\"author\":\"a\"}\n{\"author\":\"b\"}\n");
	const char *b = temp_file("");
	const char *c = temp_file("{\"author\":\"c\"}");
	struct preparse *p = preparse_new(2, FRAMER_MAX_LINE_DEFAULT);
	const char *names[] = {a, b, c, a};
	const char *want[] = {"{\"author\":\"a\"}\n{\"author\":\"b\"}\n", "", "{\"author\":\"c\"}",
	                      "{\"author\":\"a\"}\n{\"author\":\"b\"}\n"};
	for (int i = 0; i < 4; i++) {
		int fd = open_file(names[i]);
		if (i == 2) {
			/* A last line without a line end is parsed too. */
			char buf[100];
			size_t end;
			start_file(p, fd);
			ck_assert_int_eq(preparse_read(p, buf, sizeof buf), 14);
			void *mapped;
			json_t *v = preparse_take(p, 0, 14, &end, &mapped);
			ck_assert_ptr_nonnull(v);
			ck_assert_uint_eq(end, 14);
			json_decref(v);
			ck_assert_int_eq(preparse_read(p, buf, sizeof buf), 0);
			close(fd);
			continue;
		}
		size_t len;
		char *got = read_through(p, fd, 100, &len);
		ck_assert_uint_eq(len, strlen(want[i]));
		ck_assert(memcmp(got, want[i], len) == 0);
		free(got);
		close(fd);
	}
	preparse_free(p);
	unlink(a);
	unlink(b);
	unlink(c);
}
END_TEST

START_TEST(stopping_early_joins_every_thread)
{
	/* A pipe that stays open and silent: freeing must not wait for it. */
	int fds[2];
	ck_assert_int_eq(pipe(fds), 0);
	ck_assert_int_eq(write(fds[1], "{\"a\":1}\n{\"b\"", 12), 12);
	struct preparse *p = preparse_new(2, FRAMER_MAX_LINE_DEFAULT);
	char buf[64];
	start_file(p, fds[0]);
	ck_assert_int_eq(preparse_read(p, buf, sizeof buf), 8);
	preparse_free(p);
	close(fds[0]);
	close(fds[1]);

	/* A file abandoned after its first bytes. */
	struct strbuf sb = STRBUF_INIT;
	make_stream(&sb, 300);
	const char *name = temp_file_with(sb.buf, sb.len);
	p = preparse_new(4, FRAMER_MAX_LINE_DEFAULT);
	int fd = open_file(name);
	start_file(p, fd);
	ck_assert_int_gt(preparse_read(p, buf, sizeof buf), 0);
	preparse_free(p);
	close(fd);
	unlink(name);
	strbuf_release(&sb);
}
END_TEST

START_TEST(a_file_left_early_stops_its_reading)
{
	/*
	 * A silent pipe whose line starts with a control byte: the reading
	 * thread hands the unended line over at once, and leaving the file
	 * returns though the pipe stays open; the next file reads whole.
	 */
	int fds[2];
	ck_assert_int_eq(pipe(fds), 0);
	ck_assert_int_eq(write(fds[1], "{\"a\":1}\n\001xx", 11), 11);
	struct preparse *p = preparse_new(2, FRAMER_MAX_LINE_DEFAULT);
	char buf[64];
	size_t got = 0;
	start_file(p, fds[0]);
	while (got < 11) {
		ssize_t n = preparse_read(p, buf + got, sizeof buf - got);
		ck_assert_int_gt(n, 0);
		got += (size_t)n;
	}
	ck_assert(memcmp(buf, "{\"a\":1}\n\001xx", 11) == 0);
	preparse_leave(p);
	const char *name = temp_file("{\"author\":\"next\"}\n");
	int fd = open_file(name);
	size_t len;
	char *whole = read_through(p, fd, 7, &len);
	ck_assert_uint_eq(len, 18);
	ck_assert_str_eq(whole, "{\"author\":\"next\"}\n");
	free(whole);
	preparse_leave(p);
	close(fd);
	preparse_free(p);
	close(fds[0]);
	close(fds[1]);
	unlink(name);
}
END_TEST

START_TEST(a_read_error_comes_after_the_bytes)
{
	/* A directory cannot be read: the error is reported, with no bytes before it. */
	struct preparse *p = preparse_new(2, FRAMER_MAX_LINE_DEFAULT);
	int fd = open("/", O_RDONLY);
	ck_assert_int_ge(fd, 0);
	char buf[16];
	start_file(p, fd);
	errno = 0;
	ck_assert_int_eq(preparse_read(p, buf, sizeof buf), SOURCE_ERROR);
	ck_assert_int_eq(errno, EISDIR);
	close(fd);
	preparse_free(p);
}
END_TEST

START_TEST(workers_that_cannot_start_leave_the_parsing_to_the_caller)
{
	descriptors_leave_one();
	struct preparse *p = preparse_new(4, FRAMER_MAX_LINE_DEFAULT);
	descriptors_restore();
	ck_assert_ptr_null(p);
	/* Nothing was left behind: the next one starts. */
	p = preparse_new(4, FRAMER_MAX_LINE_DEFAULT);
	ck_assert_ptr_nonnull(p);
	preparse_free(p);
}
END_TEST

static Suite *preparse_suite(void)
{
	Suite *s = suite_create("preparse");
	TCase *tc = tcase_create("core");
	tcase_set_timeout(tc, 60);
	tcase_add_checked_fixture(tc, NULL, close_inputs);
	tcase_add_test(tc, bytes_come_out_in_order_through_any_buffer);
	tcase_add_test(tc, values_are_taken_while_reading_line_by_line);
	tcase_add_test(tc, discarded_values_are_released_once);
	tcase_add_test(tc, a_map_result_comes_with_its_value_or_is_released);
	tcase_add_test(tc, a_mapped_event_keeps_only_what_the_reader_reads);
	tcase_add_test(tc, a_pipe_is_read_whole);
	tcase_add_test(tc, several_files_one_after_another);
	tcase_add_test(tc, stopping_early_joins_every_thread);
	tcase_add_test(tc, a_file_left_early_stops_its_reading);
	tcase_add_test(tc, a_read_error_comes_after_the_bytes);
	tcase_add_test(tc, workers_that_cannot_start_leave_the_parsing_to_the_caller);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	pool_serve_jansson();
	return run_suite(preparse_suite()) ? EXIT_FAILURE : EXIT_SUCCESS;
}
