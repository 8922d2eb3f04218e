/*
 * check_stage.c - the structural stage (read/stage.h) on every path this
 * CPU has, at the edges of its blocks and windows: quotes and backslash
 * runs on either side of byte 32, 64 and a window's end, UTF-8 cut there,
 * every kind of bad UTF-8; the stops are those a byte-by-byte reading finds,
 * the stage doubts exactly where jansson refuses the UTF-8, and the
 * scanner on each path accepts, refuses and builds what jansson does.
 */
#include "testutil.h"

#include "read/scan.h"
#include "read/stage.h"
#include "util.h"

/* Where blocks (32 and 64 bytes) and the first windows (128, 256, 512 bytes) meet. */
static const size_t edges[] = {32, 64, 128, 384, 896, 1920, 3968, 8064};

/* The paths this CPU has; the first is always scalar. */
static int paths(enum stage_path *out)
{
	int n = 0;
	for (int p = STAGE_SCALAR; p <= STAGE_AVX2; p++)
		if (stage_use((enum stage_path)p))
			out[n++] = (enum stage_path)p;
	ck_assert_int_ge(n, 1);
	return n;
}

/* The stops of p[0..n), found one byte at a time, into stops; their count. */
static size_t stops_by_bytes(const unsigned char *p, size_t n, size_t *stops)
{
	bool escaped = false;
	size_t count = 0;
	for (size_t i = 0; i < n; i++) {
		if (p[i] < 0x20 || (!escaped && (p[i] == '"' || p[i] == '\\')))
			stops[count++] = i;
		escaped = !escaped && p[i] == '\\';
	}
	return count;
}

/* The stage's stops of p[0..n) on the path in use; SIZE_MAX when it doubts. */
static size_t stops_by_stage(const unsigned char *p, size_t n, size_t *stops)
{
	struct stage st;
	ck_assert(stage_init(&st, (const char *)p, n));
	size_t count = 0;
	for (size_t i = 0;; i = stops[count - 1] + 1) {
		size_t at = stage_next_stop(&st, i);
		if (at == STAGE_DOUBT)
			return SIZE_MAX;
		if (at == n)
			return count;
		stops[count++] = at;
	}
}

/* Every path finds the stops a byte-by-byte reading finds, or doubts when doubt is true. */
static void assert_stops(const char *text, size_t n, bool doubt)
{
	enum stage_path all[3];
	size_t *want = xmalloc((n + 1) * sizeof *want), *got = xmalloc((n + 1) * sizeof *got);
	size_t count = stops_by_bytes((const unsigned char *)text, n, want);
	for (int k = 0, np = paths(all); k < np; k++) {
		stage_use(all[k]);
		size_t found = stops_by_stage((const unsigned char *)text, n, got);
		ck_assert_msg(doubt == (found == SIZE_MAX), "%s: doubt %d, length %zu",
		              stage_path_name(all[k]), doubt, n);
		if (doubt)
			continue;
		ck_assert_msg(found == count, "%s: %zu stops, not %zu", stage_path_name(all[k]),
		              found, count);
		for (size_t i = 0; i < count; i++)
			ck_assert_msg(got[i] == want[i], "%s: stop %zu at %zu, not %zu",
			              stage_path_name(all[k]), i, got[i], want[i]);
	}
	free(want);
	free(got);
}

/* text as a JSON value: on every path the scanner does as jansson and as with no stage. */
static void assert_scanned_as_jansson(const char *text, size_t n)
{
	enum stage_path all[3];
	json_error_t je;
	json_t *want = json_loadb(text, n, SCAN_JSON_FLAGS, &je);
	for (int k = 0, np = paths(all); k < np; k++) {
		stage_use(all[k]);
		json_t *got;
		size_t end;
		bool ok = scan_only(text, n, NULL, &got, &end);
		ck_assert_msg(ok == (want != NULL), "%s: accepted %d, length %zu",
		              stage_path_name(all[k]), ok, n);
		if (ok) {
			ck_assert(json_equal(got, want));
			ck_assert_uint_eq(end, (size_t)je.position);
		}
		json_decref(got);
	}
	json_decref(want);
}

/* A string of n bytes, '"' first and last, 'a' between, the bytes insert at at. */
static char *string_with(size_t n, size_t at, const char *insert, size_t len)
{
	char *s = xmalloc(n + 1);
	memset(s, 'a', n);
	s[0] = s[n - 1] = '"';
	memcpy(s + at, insert, len);
	s[n] = '\0';
	return s;
}

START_TEST(quotes_and_backslash_runs_at_block_edges)
{
	static const char *const pieces[] = {"\"",  "\\\"",    "\\\\\"", "\\\\\\\"", "\\\\\\\\\\",
	                                     "\\n", "\\u00e9", "\\\\",   "\x01",     "\t"};
	for (size_t e = 0; e < sizeof edges / sizeof *edges; e++) {
		for (size_t piece = 0; piece < sizeof pieces / sizeof *pieces; piece++) {
			size_t len = strlen(pieces[piece]);
			/* The piece ends just before the edge, on it and just after it. */
			for (size_t shift = 0; shift < len + 3; shift++) {
				size_t at = edges[e] + 1 - len - 1 + shift;
				char *s = string_with(edges[e] + 70, at, pieces[piece], len);
				assert_stops(s, strlen(s), false);
				assert_scanned_as_jansson(s, strlen(s));
				free(s);
			}
		}
	}
}
END_TEST

START_TEST(a_backslash_run_may_cross_blocks_and_windows)
{
	for (size_t e = 0; e < sizeof edges / sizeof *edges; e++) {
		for (size_t run = 1; run <= 70; run += run < 6 ? 1 : 31) {
			for (size_t before = 0; before < 3 && before + run / 2 + 1 < edges[e];
			     before++) {
				char *s = xmalloc(edges[e] + run + 80);
				size_t at = edges[e] - before - run / 2;
				memset(s, 'b', edges[e] + run + 80);
				s[0] = '"';
				memset(s + at, '\\', run);
				s[at + run] =
				    '"'; /* escaped after an odd run: the string goes on */
				s[edges[e] + run + 78] = '"';
				s[edges[e] + run + 79] = '\0';
				assert_stops(s, strlen(s), false);
				assert_scanned_as_jansson(s, strlen(s));
				free(s);
			}
		}
	}
}
END_TEST

/* UTF-8 jansson accepts, cut by every edge; and each kind it refuses, on every side of one. */
static const struct {
	const char *bytes;
	bool good;
} sequences[] = {
    {"\xC3\xA9", true},
    {"\xE6\x97\xA5", true},
    {"\xF0\x9F\x98\x80", true},
    {"\xF4\x8F\xBF\xBF", true},
    {"\xEF\xBF\xBF", true},
    {"\xED\x9F\xBF", true},
    {"\xE0\xA0\x80", true},
    {"\xF0\x90\x80\x80", true},
    {"\xC2\x80", true},
    {"\x80", false},             /* a continuation byte alone */
    {"\xBF\xBF", false},         /* two of them */
    {"\xC3\xA9\xA9", false},     /* one too many */
    {"\xC0\x80", false},         /* overlong, two bytes */
    {"\xC1\xBF", false},         /* overlong, two bytes */
    {"\xE0\x80\x80", false},     /* overlong, three bytes */
    {"\xE0\x9F\xBF", false},     /* overlong, three bytes */
    {"\xF0\x80\x80\x80", false}, /* overlong, four bytes */
    {"\xF0\x8F\xBF\xBF", false}, /* overlong, four bytes */
    {"\xED\xA0\x80", false},     /* a surrogate */
    {"\xED\xBF\xBF", false},     /* a surrogate */
    {"\xF4\x90\x80\x80", false}, /* beyond U+10FFFF */
    {"\xF5\x80\x80\x80", false}, /* a lead byte that never is */
    {"\xF8\x88\x80\x80\x80", false},
    {"\xFF", false},
    {"\xFE", false},
    {"\xC3", false},         /* cut short by ASCII */
    {"\xE6\x97", false},     /* cut short by ASCII */
    {"\xF0\x9F\x98", false}, /* cut short by ASCII */
    {"\xE6\xC3\xA9", false}, /* a lead where a continuation must be */
    {"\xF0\x9F\xC3\xA9", false},
};

START_TEST(utf8_is_checked_across_block_edges)
{
	for (size_t e = 0; e < sizeof edges / sizeof *edges; e++) {
		for (size_t k = 0; k < sizeof sequences / sizeof *sequences; k++) {
			size_t len = strlen(sequences[k].bytes);
			for (size_t shift = 0; shift <= len + 3; shift++) {
				size_t at = edges[e] - len - 1 + shift;
				char *s = string_with(edges[e] + 40, at, sequences[k].bytes, len);
				assert_stops(s, strlen(s), !sequences[k].good);
				assert_scanned_as_jansson(s, strlen(s));
				free(s);
			}
		}
	}
}
END_TEST

START_TEST(utf8_cut_by_the_end_of_the_text_is_doubted)
{
	static const char *const cut[] = {"\"\xC3", "\"\xE6\x97", "\"\xF0\x9F\x98"};
	for (size_t k = 0; k < sizeof cut / sizeof *cut; k++) {
		for (size_t e = 0; e < sizeof edges / sizeof *edges; e++) {
			size_t len = strlen(cut[k]);
			char *s = string_with(edges[e], edges[e] - len, cut[k], len);
			assert_stops(s, edges[e], true);
			assert_scanned_as_jansson(s, edges[e]);
			free(s);
		}
	}
}
END_TEST

START_TEST(bad_utf8_after_a_value_leaves_it_accepted)
{
	/* The stage doubts the whole text; the scanner reads it byte by byte instead. */
	char text[300];
	memset(text, ' ', sizeof text);
	memcpy(text, "{\"a\":\"caf\xC3\xA9\",\"b\":[\"\\\\\",\"x\"]}", 26);
	text[200] = (char)0xFF;
	assert_stops(text, sizeof text, true);
	assert_scanned_as_jansson(text, sizeof text);
}
END_TEST

START_TEST(strings_span_many_windows)
{
	size_t n = 3 * STAGE_WINDOW + 1000;
	char *s = xmalloc(n + 1);
	for (size_t i = 0; i < n; i += 4)
		memcpy(s + i,
		       i % 64 == 60 ? "\\\\\\\""
		                    : "\xE2\x82\xAC"
		                      "e",
		       4);
	memcpy(s, "[\"ab", 4);
	memcpy(s + n - 4, "ab\"]", 4);
	s[n] = '\0';
	assert_stops(s, n, false);
	assert_scanned_as_jansson(s, n);
	free(s);
}
END_TEST

/* The bytes of the file at path (the caller frees them); *n gets their count. */
static char *whole_file(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	ck_assert_msg(f != NULL, "%s", path);
	char *text = xmalloc(1 << 20);
	*n = fread(text, 1, 1 << 20, f);
	ck_assert(feof(f));
	fclose(f);
	return text;
}

START_TEST(the_scanner_reads_real_streams_alike_on_every_path)
{
	static const char *const files[] = {"samples/b_tool_call.jsonl",
	                                    "samples/c_streaming.jsonl", "samples/d_thinking.jsonl",
	                                    "samples/b_tool_call.session.json"};
	for (size_t k = 0; k < sizeof files / sizeof *files; k++) {
		size_t n;
		char *text = whole_file(files[k], &n);
		assert_stops(text, n, false);
		for (char *line = text, *nl; (nl = memchr(line, '\n', n - (size_t)(line - text)));
		     line = nl + 1)
			assert_scanned_as_jansson(line, (size_t)(nl - line));
		free(text);
	}
}
END_TEST

static Suite *stage_suite(void)
{
	Suite *s = suite_create("stage");
	TCase *tc = tcase_create("edges");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, quotes_and_backslash_runs_at_block_edges);
	tcase_add_test(tc, a_backslash_run_may_cross_blocks_and_windows);
	tcase_add_test(tc, utf8_is_checked_across_block_edges);
	tcase_add_test(tc, utf8_cut_by_the_end_of_the_text_is_doubted);
	tcase_add_test(tc, bad_utf8_after_a_value_leaves_it_accepted);
	tcase_add_test(tc, strings_span_many_windows);
	tcase_add_test(tc, the_scanner_reads_real_streams_alike_on_every_path);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return run_suite(stage_suite()) ? EXIT_FAILURE : EXIT_SUCCESS;
}
