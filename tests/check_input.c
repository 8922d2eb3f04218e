/*
 * check_input.c - the seam where a kind of input plugs into the reader
 * (read/input.h): kinds made here, as a session database will be made,
 * feed a reader beside adkev's own files.  An input of records (each
 * record one JSON text with a place instead of a line) and an input of
 * bytes that is no file (framed, gathered over lines and, with -j, parsed
 * ahead on the workers as a file is) must give what a file gives.
 */
#include "testutil.h"

#include "read/input.h"
#include "read/pool.h"
#include "read/reader.h"
#include "read/source.h"
#include "util.h"

#include <errno.h>

#define EV(a) "{\"author\":\"" a "\"}"

/*
 * "rec:NAME" operands: an input of records, the records of the table row
 * NAME.  A row ends with a NULL text; damaged says what next_record() then
 * returns instead of the end (a database that is not ADK's, say).
 */
struct record_row {
	const char *name;
	const char *texts[8];
	ssize_t damaged;
};

static const struct record_row record_rows[] = {
    {"rec:runs", {EV("a"), "[" EV("b") "," EV("c") "]", EV("d")}, 0},
    {"rec:bad", {EV("a"), "{\"author\": sk_SECRET}", EV("b") " x", "42", EV("c")}, 0},
    {"rec:session", {"{\"id\":\"s\",\"events\":[" EV("e") ", " EV("f") "]}"}, 0},
    {"rec:notadk", {EV("a")}, SOURCE_DAMAGED},
    {"rec:broken", {EV("a")}, SOURCE_ERROR},
};

struct record_input {
	struct input base;
	const struct record_row *row;
	size_t next;
	char where[64];
};

static int records_next(struct input *in, struct input_record *rec)
{
	struct record_input *ri = (struct record_input *)in;
	const char *text = ri->row->texts[ri->next];
	if (!text) {
		errno = EIO;
		return (int)ri->row->damaged;
	}
	ri->next++;
	snprintf(ri->where, sizeof ri->where, "session s-1, event e-%zu", ri->next);
	*rec = (struct input_record){text, strlen(text), ri->where, false};
	return 1;
}

static const char *records_error(const struct input *in)
{
	(void)in;
	return "not an ADK session database (no events table)";
}

static void records_close(struct input *in)
{
	free(in);
}

static const struct input_ops record_ops = {
    .next_record = records_next,
    .error = records_error,
    .close = records_close,
};

static bool claims_records(const char *operand)
{
	return strncmp(operand, "rec:", 4) == 0;
}

static struct input *open_records(const char *operand, const struct input_how *how, int *status)
{
	(void)how;
	for (size_t i = 0; i < sizeof record_rows / sizeof record_rows[0]; i++)
		if (strcmp(record_rows[i].name, operand) == 0) {
			struct record_input *ri = xcalloc(1, sizeof *ri);
			ri->base = (struct input){&record_ops, operand, false};
			ri->row = &record_rows[i];
			return &ri->base;
		}
	warnx_msg("%s: no such table row", operand);
	*status = EXIT_NOINPUT;
	return NULL;
}

static const struct input_kind record_kind = {
    .name = "test records",
    .claims = claims_records,
    .open = open_records,
};

/*
 * "bytes:TEXT" operands: an input of bytes that is no file, TEXT given out
 * three bytes at a time, so lines and values are cut across reads.
 */
struct bytes_input {
	struct input base;
	const char *text;
	size_t off, len;
};

static ssize_t bytes_read(struct input *in, char *buf, size_t cap)
{
	struct bytes_input *bi = (struct bytes_input *)in;
	size_t n = bi->len - bi->off;
	if (n > 3)
		n = 3;
	if (n > cap)
		n = cap;
	memcpy(buf, bi->text + bi->off, n);
	bi->off += n;
	return (ssize_t)n;
}

static const struct input_ops bytes_ops = {
    .read = bytes_read,
    .close = records_close,
};

static bool claims_bytes(const char *operand)
{
	return strncmp(operand, "bytes:", 6) == 0;
}

static struct input *open_bytes(const char *operand, const struct input_how *how, int *status)
{
	(void)how;
	(void)status;
	struct bytes_input *bi = xcalloc(1, sizeof *bi);
	bi->base = (struct input){&bytes_ops, "bytes", false};
	bi->text = operand + 6;
	bi->len = strlen(bi->text);
	return &bi->base;
}

static const struct input_kind bytes_kind = {
    .name = "test bytes",
    .claims = claims_bytes,
    .open = open_bytes,
};

static const struct input_kind *const test_kinds[] = {&record_kind, &bytes_kind, NULL};

/* What a reader gave: "author@where" or "author@line:column" per item, joined with ' '. */
struct run {
	char items[1024];
	char raws[1024];
	enum reader_result last;
	int status;
	unsigned long skipped;
	char *err;
};

static void note_item(struct run *run, const struct reader_item *item)
{
	char one[128];
	const char *author = event_author(item->value);
	if (item->pos.record)
		snprintf(one, sizeof one, "%s@%s", author, item->pos.record);
	else
		snprintf(one, sizeof one, "%s@%lu:%lu", author, item->pos.line, item->pos.column);
	if (run->items[0])
		strcat(run->items, " ");
	strcat(run->items, one);
	if (run->raws[0])
		strcat(run->raws, "|");
	strncat(run->raws, item->raw, item->raw_len);
}

static struct run read_with(char **operands, int count, unsigned flags, unsigned jobs)
{
	struct run run;
	memset(&run, 0, sizeof run);
	struct reader_options options = {.flags = flags, .jobs = jobs, .kinds = test_kinds};
	struct reader *r = reader_new(operands, count, &options);
	struct reader_item item;
	capture_begin();
	while ((run.last = reader_next(r, &item)) == READ_ITEM)
		note_item(&run, &item);
	run.status = reader_status(r);
	run.skipped = reader_skipped(r);
	reader_free(r);
	run.err = capture_end();
	return run;
}

START_TEST(records_are_read_beside_files_with_their_places)
{
	char *operands[] = {"rec:runs", (char *)temp_file(EV("z") "\n")};
	struct run run = read_with(operands, 2, 0, 1);
	ck_assert_int_eq(run.last, READ_END);
	ck_assert_str_eq(run.items, "a@session s-1, event e-1 b@session s-1, event e-2 "
	                            "c@session s-1, event e-2 d@session s-1, event e-3 z@1:1");
	ck_assert_str_eq(run.raws, EV("a") "|" EV("b") "|" EV("c") "|" EV("d") "|" EV("z"));
	ck_assert_int_eq(run.status, 0);
	ck_assert_str_eq(run.err, "");
	free(run.err);
}
END_TEST

START_TEST(a_session_in_a_record_gives_its_events)
{
	char *operands[] = {"rec:session"};
	struct run run = read_with(operands, 1, 0, 1);
	ck_assert_str_eq(run.items, "e@session s-1, event e-1 f@session s-1, event e-1");
	ck_assert_str_eq(run.raws, EV("e") "|" EV("f"));
	free(run.err);
}
END_TEST

START_TEST(a_bad_record_is_said_at_its_place_and_stops_the_read)
{
	char *operands[] = {"rec:bad"};
	struct run run = read_with(operands, 1, 0, 1);
	ck_assert_int_eq(run.last, READ_INVALID);
	ck_assert_str_eq(run.items, "a@session s-1, event e-1");
	ck_assert_str_eq(run.err, "adkev: rec:bad: session s-1, event e-2: invalid JSON: "
	                          "invalid token\n");
	free(run.err);
}
END_TEST

START_TEST(bad_records_are_skipped_one_by_one)
{
	char *operands[] = {"rec:bad"};
	struct run run = read_with(operands, 1, READER_SKIP_INVALID, 1);
	ck_assert_int_eq(run.last, READ_END);
	ck_assert_str_eq(run.items, "a@session s-1, event e-1 c@session s-1, event e-5");
	ck_assert_uint_eq(run.skipped, 3);
	ck_assert_str_eq(
	    run.err,
	    "adkev: warning: rec:bad: session s-1, event e-2: invalid JSON: invalid token\n"
	    "adkev: warning: rec:bad: session s-1, event e-3: invalid JSON: end of file "
	    "expected\n"
	    "adkev: warning: rec:bad: session s-1, event e-4: not an ADK event: a number\n");
	free(run.err);
}
END_TEST

START_TEST(an_input_that_cannot_be_read_ends_as_a_file_does)
{
	/*
	 * Damaged: bad input, the read stops (65), or with --skip-invalid the
	 * operand's read ends, the next operand is read and the status is 65;
	 * a read error: 74, the next operand is read.
	 */
	char *damaged[] = {"rec:notadk", "rec:runs"};
	struct run run = read_with(damaged, 2, 0, 1);
	ck_assert_int_eq(run.last, READ_INVALID);
	ck_assert_str_eq(run.items, "a@session s-1, event e-1");
	ck_assert_str_eq(run.err,
	                 "adkev: rec:notadk: not an ADK session database (no events table)\n");
	free(run.err);
	run = read_with(damaged, 2, READER_SKIP_INVALID, 1);
	ck_assert_int_eq(run.last, READ_END);
	ck_assert_int_eq(run.status, EXIT_DATAERR);
	ck_assert_uint_eq(run.skipped, 0);
	ck_assert_str_eq(run.items, "a@session s-1, event e-1 a@session s-1, event e-1 "
	                            "b@session s-1, event e-2 c@session s-1, event e-2 "
	                            "d@session s-1, event e-3");
	ck_assert_str_eq(run.err,
	                 "adkev: rec:notadk: not an ADK session database (no events table)\n");
	free(run.err);
	char *broken[] = {"rec:broken", "rec:nosuch", "rec:session"};
	run = read_with(broken, 3, 0, 1);
	ck_assert_int_eq(run.last, READ_END);
	ck_assert_int_eq(run.status, EXIT_IOERR);
	ck_assert_str_eq(run.items, "a@session s-1, event e-1 e@session s-1, event e-1 "
	                            "f@session s-1, event e-1");
	ck_assert_str_eq(run.err, "adkev: rec:broken: Input/output error\n"
	                          "adkev: rec:nosuch: no such table row\n");
	free(run.err);
}
END_TEST

START_TEST(bytes_that_are_no_file_are_framed_as_a_file_is)
{
	char *operands[] = {"bytes:" EV("a") " " EV("b") "\n"
	                                                 "data: {\"author\":\n"
	                                                 "event: x\n"
	                                                 "data:  \"c\"}\n\n"
	                                                 "[\n  " EV("d") ",\n  " EV("e") "\n]\n"};
	/* One thread, then workers reading through the same input's read(). */
	for (unsigned jobs = 1; jobs <= 4; jobs += 3) {
		struct run run = read_with(operands, 1, 0, jobs);
		ck_assert_int_eq(run.last, READ_END);
		ck_assert_str_eq(run.items, "a@1:1 b@1:16 c@2:7 d@7:3 e@8:3");
		ck_assert_str_eq(run.err, "");
		free(run.err);
	}
}
END_TEST

START_TEST(the_kinds_are_asked_in_order)
{
	ck_assert_str_eq(input_kind_of("-", NULL)->name, "standard input");
	ck_assert_str_eq(input_kind_of("rec:runs", NULL)->name, "file");
	ck_assert_str_eq(input_kind_of("rec:runs", test_kinds)->name, "test records");
	ck_assert_str_eq(input_kind_of("-", test_kinds)->name, "standard input");
	/* A kind that cannot say its size leaves --progress without a total. */
	char *operands[] = {"rec:runs", (char *)temp_file(EV("z") "\n")};
	struct reader_options options = {.kinds = test_kinds};
	struct reader *r = reader_new(operands, 2, &options);
	ck_assert(!reader_get_progress(r)->total_known);
	reader_free(r);
	r = reader_new(operands + 1, 1, &options);
	ck_assert(reader_get_progress(r)->total_known);
	ck_assert_uint_eq(reader_get_progress(r)->total, strlen(EV("z") "\n"));
	reader_free(r);
}
END_TEST

START_TEST(records_count_for_progress)
{
	char *operands[] = {"rec:runs"};
	struct reader_options options = {.kinds = test_kinds};
	struct reader *r = reader_new(operands, 1, &options);
	struct reader_item item;
	while (reader_next(r, &item) == READ_ITEM)
		;
	const char *const *texts = record_rows[0].texts;
	ck_assert_uint_eq(reader_get_progress(r)->bytes,
	                  strlen(texts[0]) + strlen(texts[1]) + strlen(texts[2]));
	ck_assert_uint_eq(reader_get_progress(r)->items, 4);
	reader_free(r);
}
END_TEST

int main(void)
{
	pool_serve_jansson();
	Suite *s = suite_create("input");
	TCase *tc = tcase_create("kinds");
	tcase_add_test(tc, records_are_read_beside_files_with_their_places);
	tcase_add_test(tc, a_session_in_a_record_gives_its_events);
	tcase_add_test(tc, a_bad_record_is_said_at_its_place_and_stops_the_read);
	tcase_add_test(tc, bad_records_are_skipped_one_by_one);
	tcase_add_test(tc, an_input_that_cannot_be_read_ends_as_a_file_does);
	tcase_add_test(tc, bytes_that_are_no_file_are_framed_as_a_file_is);
	tcase_add_test(tc, the_kinds_are_asked_in_order);
	tcase_add_test(tc, records_count_for_progress);
	suite_add_tcase(s, tc);
	return run_suite(s) ? EXIT_FAILURE : EXIT_SUCCESS;
}
