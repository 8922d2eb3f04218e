/*
 * check_chunks.c - the chunk cutter (only at line ends, before the start
 * of a JSON line or after a blank line, never inside an SSE event, CRLF
 * kept whole, a line longer than a chunk) and runs in chunks of real
 * streams against one reader over the same files: the same items in the
 * same order, the same reports at the same lines, the same end; one JSON
 * array of events too, split at its elements, whole or damaged.
 */
#include "testutil.h"

#include "read/chunks.h"
#include "util.h"

#include <jansson.h>

#ifndef SAMPLES
#define SAMPLES "samples"
#endif

START_TEST(a_cut_is_after_a_line_end_before_a_json_line)
{
	const char *s = "{\"a\":1}\n{\"b\":2}\n{\"c\":3}\n";
	/* From 3 on, the first line end is the first one's, and a JSON line follows it. */
	ck_assert_uint_eq(chunk_cut(s, strlen(s), 3), 8);
	ck_assert_uint_eq(chunk_cut(s, strlen(s), 9), 16);
	/* The last line end has nothing after it in the window: no cut is known there. */
	ck_assert_uint_eq(chunk_cut(s, strlen(s), 17), 0);
	/* Arrays start lines too. */
	const char *a = "[1]\n[2]\n";
	ck_assert_uint_eq(chunk_cut(a, strlen(a), 3), 4);
}
END_TEST

START_TEST(an_indented_array_is_cut_before_its_own_elements_only)
{
	const char *s = "[\n  {\"a\": 1},\n  {\"b\": [\n    {\"c\": 2}\n  ]},\n  {\"d\": 3}\n]\n";
	size_t second = strlen("[\n  {\"a\": 1},\n");
	size_t third = strlen("[\n  {\"a\": 1},\n  {\"b\": [\n    {\"c\": 2}\n  ]},\n");
	ck_assert_uint_eq(chunk_cut_indented(s, strlen(s), 1, "  ", 2), 2);
	ck_assert_uint_eq(chunk_cut_indented(s, strlen(s), 3, "  ", 2), second);
	/* The element nested deeper, and the line that closes its array, are passed over. */
	ck_assert_uint_eq(chunk_cut_indented(s, strlen(s), second + 1, "  ", 2), third);
	ck_assert_uint_eq(chunk_cut_indented(s, strlen(s), third + 1, "  ", 2), 0);
	/* Tabs are an indent of their own. */
	ck_assert_uint_eq(chunk_cut_indented(s, strlen(s), 1, "\t", 1), 0);
}
END_TEST

START_TEST(a_crlf_is_never_cut_between_its_bytes)
{
	const char *s = "{\"a\":1}\r\n{\"b\":2}\r\n";
	ck_assert_uint_eq(chunk_cut(s, strlen(s), 3), 9);
	/* A '\r' alone is a line end to the reader, but no cut is made after it. */
	const char *cr = "{\"a\":1}\r{\"b\":2}\r";
	ck_assert_uint_eq(chunk_cut(cr, strlen(cr), 3), 0);
}
END_TEST

START_TEST(an_sse_event_is_cut_only_after_its_blank_line)
{
	const char *s = "event: m\ndata: {\"a\":1}\ndata: {\"b\":2}\n\nevent: m\ndata: {}\n\n";
	size_t cut = chunk_cut(s, strlen(s), 3);
	ck_assert_uint_eq(cut, strlen("event: m\ndata: {\"a\":1}\ndata: {\"b\":2}\n\n"));
	const char *crlf = "data: {\"a\":1}\r\ndata: {\"b\":2}\r\n\r\ndata: {}\r\n";
	ck_assert_uint_eq(chunk_cut(crlf, strlen(crlf), 3),
	                  strlen("data: {\"a\":1}\r\ndata: {\"b\":2}\r\n\r\n"));
}
END_TEST

START_TEST(a_line_longer_than_the_window_has_no_cut_in_it)
{
	char line[5000];
	memset(line, 'x', sizeof line);
	memcpy(line, "{\"a\":\"", 6);
	ck_assert_uint_eq(chunk_cut(line, sizeof line, 3), 0);
	/* A pretty-printed value's inner lines do not start with a bracket: not cut there. */
	const char *pretty = "{\n \"a\": 1,\n \"b\": 2\n}\n{}\n";
	ck_assert_uint_eq(chunk_cut(pretty, strlen(pretty), 3), strlen("{\n \"a\": 1,\n \"b\": 2\n}\n"));
}
END_TEST

START_TEST(no_cut_before_a_byte_order_mark)
{
	const char *s = "{\"a\":1}\n\xEF\xBB\xBF{\"b\":2}\n{}\n";
	ck_assert_uint_eq(chunk_cut(s, strlen(s), 3), strlen("{\"a\":1}\n\xEF\xBB\xBF{\"b\":2}\n"));
}
END_TEST

/* A fold of a chunk: the items' raw text, one per line, in order. */
static void *text_begin(const void *ctx)
{
	(void)ctx;
	struct strbuf *sb = malloc(sizeof *sb);
	*sb = (struct strbuf)STRBUF_INIT;
	return sb;
}

static void text_add(const void *ctx, void *fold, const struct reader_item *item)
{
	(void)ctx;
	struct strbuf *sb = fold;
	if (item->kind == VALUE_EVENT)
		strbuf_add(sb, item->raw, item->raw_len);
	else
		strbuf_addstr(sb, "(stream error)");
	strbuf_addch(sb, '\n');
}

static void *text_end(const void *ctx, void *fold)
{
	(void)ctx;
	return fold;
}

static void text_release(const void *ctx, void *partial)
{
	(void)ctx;
	strbuf_release(partial);
	free(partial);
}

/* How many partial results the last in_chunks() merged: its chunks, but those read again. */
static unsigned long merged_partials;

static int text_merge(const void *ctx, void *partial)
{
	merged_partials++;
	struct strbuf *all = (struct strbuf *)ctx;
	struct strbuf *sb = partial;
	strbuf_add(all, sb->buf, sb->len);
	text_release(ctx, partial);
	return 0;
}

/* sb's text, owned by the caller; sb is released. */
static char *text_of(struct strbuf *sb)
{
	char *s = strdup(sb->buf ? sb->buf : "");
	strbuf_release(sb);
	return s;
}

/* The items, reports and end of one reader over the files, as text. */
static char *one_reader(char **files, int count, unsigned flags, int *res)
{
	struct reader_options how = {.flags = flags, .jobs = 1};
	struct reader *r = reader_new(files, count, &how);
	struct strbuf all = STRBUF_INIT;
	void *fold = text_begin(NULL);
	struct reader_item item;
	capture_begin();
	enum reader_result got;
	while ((got = reader_next(r, &item)) == READ_ITEM)
		text_add(NULL, fold, &item);
	char *err = capture_end();
	strbuf_addf(&all, "%s--\n%s--\n%d %d %lu\n", ((struct strbuf *)fold)->buf ? ((struct strbuf *)fold)->buf : "", err, got,
	            reader_status(r), reader_skipped(r));
	text_release(NULL, fold);
	free(err);
	reader_free(r);
	*res = got;
	return text_of(&all);
}

/* How many chunks the last in_chunks() read again on the calling thread. */
static unsigned long last_reread;

/* The same in chunks of bytes bytes on jobs threads. */
static char *in_chunks(char **files, int count, unsigned flags, const char *bytes, unsigned jobs)
{
	setenv("ADKEV_CHUNK_BYTES", bytes, 1);
	struct chunk_files *f = chunk_files_open(files, count, false);
	ck_assert_ptr_nonnull(f);
	struct strbuf items = STRBUF_INIT, all = STRBUF_INIT;
	struct chunk_work w = {text_begin, text_add, text_end, text_merge, text_release, &items, NULL};
	struct reader_options how = {.flags = flags};
	struct chunks_end end;
	capture_begin();
	merged_partials = 0;
	chunks_run(f, &how, NULL, jobs, &w, &end);
	char *err = capture_end();
	strbuf_addf(&all, "%s--\n%s--\n%d %d %lu\n", items.buf ? items.buf : "", err, end.res, end.status,
	            end.skipped);
	last_reread = end.reread;
	chunk_files_free(f);
	strbuf_release(&items);
	free(err);
	unsetenv("ADKEV_CHUNK_BYTES");
	return text_of(&all);
}

/* Asserts that chunks of many sizes give what one reader gives; returns its end. */
static int same_in_chunks(char **files, int count, unsigned flags)
{
	int res;
	char *want = one_reader(files, count, flags, &res);
	const char *sizes[] = {"1", "2", "40", "333", "4096"};
	for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
		char *got = in_chunks(files, count, flags, sizes[i], 1 + (unsigned)i % 3);
		/* Said short: the texts are whole streams. */
		size_t at = 0;
		while (got[at] && got[at] == want[at])
			at++;
		ck_assert_msg(got[at] == want[at], "chunks of %s bytes: \"%.60s\" where one reader has \"%.60s\"",
		              sizes[i], got + at, want + at);
		free(got);
	}
	free(want);
	return res;
}

/* The lines of a sample file, each event written again as text: the same events. */
static char *sample_text(const char *name)
{
	json_error_t e;
	FILE *in = fopen(name, "r");
	ck_assert_ptr_nonnull(in);
	struct strbuf sb = STRBUF_INIT;
	json_t *v;
	while ((v = json_loadf(in, JSON_DISABLE_EOF_CHECK, &e)) != NULL) {
		char *s = json_dumps(v, JSON_INDENT(2));
		strbuf_addstr(&sb, s);
		strbuf_addch(&sb, '\n');
		free(s);
		json_decref(v);
	}
	fclose(in);
	return text_of(&sb);
}

/* A sample's lines as an SSE stream: an event, a data line and a blank line each. */
static char *sse_text(const char *name)
{
	FILE *in = fopen(name, "r");
	ck_assert_ptr_nonnull(in);
	struct strbuf sb = STRBUF_INIT;
	char line[1 << 16];
	while (fgets(line, sizeof line, in))
		strbuf_addf(&sb, "event: message\r\ndata: %s\r\n", line);
	fclose(in);
	return text_of(&sb);
}

START_TEST(chunks_of_real_streams_read_as_one_reader)
{
	char *sse = sse_text(SAMPLES "/d_thinking.jsonl");
	char *files[] = {SAMPLES "/c_streaming.jsonl", (char *)temp_file(sse),
	                 SAMPLES "/d_thinking.jsonl", SAMPLES "/b_tool_call.jsonl"};
	ck_assert_int_eq(same_in_chunks(files, 4, 0), READ_END);
	ck_assert_int_eq(same_in_chunks(files + 1, 1, READER_SKIP_INVALID), READ_END);
	free(sse);
}
END_TEST

START_TEST(values_over_several_lines_are_read_whole_across_chunks)
{
	/* Pretty-printed events: a chunk the value before it ran into is read again. */
	char *pretty = sample_text(SAMPLES "/c_streaming.jsonl");
	char *files[] = {(char *)temp_file(pretty), SAMPLES "/a_plain.jsonl"};
	ck_assert_int_eq(same_in_chunks(files, 2, 0), READ_END);
	free(pretty);
}
END_TEST

START_TEST(bad_lines_in_a_later_chunk_are_reported_at_their_lines)
{
	char *text = sample_text(SAMPLES "/c_streaming.jsonl");
	struct strbuf sb = STRBUF_INIT;
	/* The sample's events on one line each, then a cut-short copy of one in the middle. */
	json_t *v = json_loads(text, JSON_DISABLE_EOF_CHECK, NULL);
	char *line = json_dumps(v, JSON_COMPACT);
	for (int i = 0; i < 30; i++)
		strbuf_addf(&sb, "%s\n", line);
	strbuf_addf(&sb, "%.*s\n", (int)strlen(line) / 2, line);
	for (int i = 0; i < 30; i++)
		strbuf_addf(&sb, "%s\r\n", line);
	strbuf_addf(&sb, "{\"x\": tru}\n%s\n", line);
	char *files[] = {(char *)temp_file(sb.buf)};
	ck_assert_int_eq(same_in_chunks(files, 1, 0), READ_INVALID);
	ck_assert_int_eq(same_in_chunks(files, 1, READER_SKIP_INVALID), READ_END);
	json_decref(v);
	free(line);
	free(text);
	strbuf_release(&sb);
}
END_TEST

/*
 * The events of sample files as one JSON array, an element a line (as a
 * recorded run is saved), each written again by jansson; with indent, over
 * many lines each, their '{' at a line start.  Damage: the comma after
 * element bad_at left out (0: none).
 */
static char *array_text(const char *const *names, size_t count, int indent, int bad_at)
{
	struct strbuf sb = STRBUF_INIT;
	strbuf_addstr(&sb, "[\n");
	int n = 0;
	for (size_t i = 0; i < count; i++) {
		FILE *in = fopen(names[i], "r");
		ck_assert_ptr_nonnull(in);
		json_error_t e;
		json_t *v;
		while ((v = json_loadf(in, JSON_DISABLE_EOF_CHECK, &e)) != NULL) {
			char *text = json_dumps(v, indent ? JSON_INDENT(indent) : JSON_COMPACT);
			strbuf_addf(&sb, "%s%s", n ? (n == bad_at ? "\n" : ",\n") : "", text);
			n++;
			free(text);
			json_decref(v);
		}
		fclose(in);
	}
	strbuf_addstr(&sb, "\n]\n");
	return text_of(&sb);
}

static const char *const array_samples[] = {SAMPLES "/c_streaming.jsonl", SAMPLES "/d_thinking.jsonl",
                                            SAMPLES "/b_tool_call.jsonl", SAMPLES "/a_plain.jsonl"};

START_TEST(an_array_of_events_is_split_at_its_elements)
{
	char *text = array_text(array_samples, 4, 0, 0);
	char *files[] = {(char *)temp_file(text)};
	ck_assert_int_eq(same_in_chunks(files, 1, 0), READ_END);
	/* Each chunk's worker read stands: none is read again by the merge. */
	const char *sizes[] = {"1", "40", "700"};
	for (size_t i = 0; i < 3; i++) {
		free(in_chunks(files, 1, 0, sizes[i], 2));
		ck_assert_uint_eq(last_reread, 0);
	}
	/* Two arrays, and one after lines of JSONL: chunks guessed inside an array are read again. */
	char *both[] = {files[0], files[0], SAMPLES "/a_plain.jsonl", files[0]};
	ck_assert_int_eq(same_in_chunks(both, 4, 0), READ_END);
	free(text);
}
END_TEST

/* The events of the sample files as jq -s . and Python's indent=2 write them: elements indented. */
static char *indented_array_text(const char *const *names, size_t count)
{
	json_t *all = json_array();
	for (size_t i = 0; i < count; i++) {
		FILE *in = fopen(names[i], "r");
		ck_assert_ptr_nonnull(in);
		json_error_t e;
		json_t *v;
		while ((v = json_loadf(in, JSON_DISABLE_EOF_CHECK, &e)) != NULL)
			json_array_append_new(all, v);
		fclose(in);
	}
	char *text = json_dumps(all, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	json_decref(all);
	struct strbuf sb = STRBUF_INIT;
	strbuf_addf(&sb, "%s\n", text);
	free(text);
	return text_of(&sb);
}

START_TEST(an_indented_array_is_split_at_its_elements)
{
	char *text = indented_array_text(array_samples, 4);
	ck_assert(strncmp(text, "[\n  {\n", 6) == 0);
	json_t *all = json_loads(text, 0, NULL);
	size_t elements = json_array_size(all);
	json_decref(all);
	char *files[] = {(char *)temp_file(text)};
	ck_assert_int_eq(same_in_chunks(files, 1, 0), READ_END);
	ck_assert_int_eq(same_in_chunks(files, 1, READER_SKIP_INVALID), READ_END);
	const char *sizes[] = {"1", "300", "2000"};
	for (size_t i = 0; i < 3; i++) {
		free(in_chunks(files, 1, 0, sizes[i], 2));
		ck_assert_uint_eq(last_reread, 0);
		/* Split indeed: before every element at 1 byte a chunk, into several at 300 and 2000. */
		if (i == 0)
			ck_assert_uint_eq(merged_partials, elements);
		ck_assert_uint_gt(merged_partials, 1);
	}
	free(text);
}
END_TEST

START_TEST(a_damaged_array_reads_as_one_reader_reads_it)
{
	/* Elements over many lines, that run past their chunks' ends. */
	char *pretty = array_text(array_samples, 4, 2, 0);
	/* A comma left out in the middle. */
	char *no_comma = array_text(array_samples, 4, 0, 9);
	size_t len = strlen(no_comma);
	struct strbuf cut = STRBUF_INIT, after = STRBUF_INIT, bom = STRBUF_INIT;
	strbuf_add(&cut, no_comma, len * 2 / 3);
	char *whole = array_text(array_samples, 4, 0, 0);
	strbuf_add(&after, whole, strlen(whole) - 1);
	strbuf_addstr(&after, " x\n");
	strbuf_addf(&bom, "\xEF\xBB\xBF%s", whole);
	const char *texts[] = {pretty, no_comma, cut.buf, after.buf, bom.buf};
	for (size_t i = 0; i < sizeof texts / sizeof *texts; i++) {
		char *files[] = {(char *)temp_file(texts[i])};
		same_in_chunks(files, 1, 0);
		same_in_chunks(files, 1, READER_SKIP_INVALID);
	}
	char *files[] = {(char *)temp_file(no_comma)};
	ck_assert_int_eq(same_in_chunks(files, 1, 0), READ_INVALID);
	free(pretty);
	free(no_comma);
	free(whole);
	strbuf_release(&cut);
	strbuf_release(&after);
	strbuf_release(&bom);
}
END_TEST

static Suite *chunks_suite(void)
{
	Suite *s = suite_create("chunks");
	TCase *tc = tcase_create("cut");
	tcase_add_test(tc, a_cut_is_after_a_line_end_before_a_json_line);
	tcase_add_test(tc, an_indented_array_is_cut_before_its_own_elements_only);
	tcase_add_test(tc, a_crlf_is_never_cut_between_its_bytes);
	tcase_add_test(tc, an_sse_event_is_cut_only_after_its_blank_line);
	tcase_add_test(tc, a_line_longer_than_the_window_has_no_cut_in_it);
	tcase_add_test(tc, no_cut_before_a_byte_order_mark);
	suite_add_tcase(s, tc);
	tc = tcase_create("run");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, chunks_of_real_streams_read_as_one_reader);
	tcase_add_test(tc, values_over_several_lines_are_read_whole_across_chunks);
	tcase_add_test(tc, bad_lines_in_a_later_chunk_are_reported_at_their_lines);
	tcase_add_test(tc, an_array_of_events_is_split_at_its_elements);
	tcase_add_test(tc, an_indented_array_is_split_at_its_elements);
	tcase_add_test(tc, a_damaged_array_reads_as_one_reader_reads_it);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return run_suite(chunks_suite()) ? EXIT_FAILURE : EXIT_SUCCESS;
}
