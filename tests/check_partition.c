/*
 * check_partition.c - the pieces partition --split stands on: file names
 * made from hostile agent names (filename.c), events put on one line
 * (compact jw_raw, src/write/json.c) and files written into a directory under a
 * temporary name (partition_dir_*, cmd/partition_dir.c).
 */
#include "testutil.h"

#include "cmd/partition_dir.h"
#include "read/pool.h"
#include "write/filename.h"
#include "write/json.h"

#include <dirent.h>
#include <errno.h>
#include <sys/stat.h>

static char *cleaned(const char *name, size_t len)
{
	struct strbuf sb = STRBUF_INIT;
	filename_clean(&sb, name, len);
	return sb.buf;
}

#define CHECK_CLEAN(name, expected)                                                                \
	do {                                                                                       \
		char *got = cleaned(name, sizeof name - 1);                                        \
		ck_assert_str_eq(got, expected);                                                   \
		free(got);                                                                         \
	} while (0)

START_TEST(plain_names_are_kept)
{
	CHECK_CLEAN("router", "router");
	CHECK_CLEAN("billing_agent", "billing_agent");
	CHECK_CLEAN("Critic-2.v1", "Critic-2.v1");
}
END_TEST

START_TEST(path_separators_never_survive)
{
	CHECK_CLEAN("a/b", "a_b");
	CHECK_CLEAN("../x", "___x");
	CHECK_CLEAN("../../etc/passwd", "___.__etc_passwd");
	CHECK_CLEAN("/etc/passwd", "_etc_passwd");
	CHECK_CLEAN("a\\b", "a_b");
	CHECK_CLEAN("C:\\x", "C__x");
}
END_TEST

START_TEST(dots_never_hide_or_climb)
{
	CHECK_CLEAN(".hidden", "_hidden");
	CHECK_CLEAN(".", "_");
	CHECK_CLEAN("..", "__");
	CHECK_CLEAN("....", "____");
	CHECK_CLEAN("a..b", "a._b");
	/* "agent." + ".jsonl" would hold "..". */
	CHECK_CLEAN("agent.", "agent_");
	char *got = cleaned("x/../../y", 9);
	ck_assert_ptr_null(strstr(got, ".."));
	ck_assert_ptr_null(strchr(got, '/'));
	free(got);
}
END_TEST

START_TEST(control_characters_become_underscores)
{
	CHECK_CLEAN("a\nb", "a_b");
	CHECK_CLEAN("a\r\n", "a__");
	CHECK_CLEAN("\x01\x1b[31m", "___31m");
	CHECK_CLEAN("tab\there", "tab_here");
	CHECK_CLEAN("del\x7f", "del_");
	CHECK_CLEAN("my agent", "my_agent");
	/* An author may hold \u0000; the name goes on past it. */
	CHECK_CLEAN("a\0b", "a_b");
}
END_TEST

START_TEST(non_ascii_is_one_underscore_per_character)
{
	CHECK_CLEAN("\xc3\xa9t\xc3\xa9", "_t_");                    /* été */
	CHECK_CLEAN("\xe7\xa0\x94\xe7\xa9\xb6\xe5\x91\x98", "___"); /* 研究员 */
	CHECK_CLEAN("\xf0\x9f\x8c\x8d-bot", "_-bot");               /* 🌍-bot */
	CHECK_CLEAN("\xe2\x80\xae"
	            "evil",
	            "_evil"); /* right-to-left override */
	CHECK_CLEAN("a\xe2\x88\x95"
	            "b",
	            "a_b"); /* division slash */
}
END_TEST

START_TEST(empty_name_still_gets_a_name)
{
	CHECK_CLEAN("", "_");
}
END_TEST

START_TEST(long_names_are_cut_and_stay_distinct)
{
	size_t n = 10 * 1024;
	char *a = malloc(n), *b = malloc(n);
	memset(a, 'a', n);
	memcpy(b, a, n);
	b[n - 1] = 'b';
	char *ca = cleaned(a, n), *cb = cleaned(b, n);
	ck_assert_uint_eq(strlen(ca), FILENAME_MAX_STEM);
	ck_assert_uint_eq(strlen(cb), FILENAME_MAX_STEM);
	ck_assert_str_ne(ca, cb);
	ck_assert_int_eq(strncmp(ca, a, FILENAME_MAX_STEM - 9), 0);
	ck_assert_int_eq(ca[FILENAME_MAX_STEM - 9], '-');
	/* The same name gives the same file name, run after run. */
	char *again = cleaned(a, n);
	ck_assert_str_eq(ca, again);
	/* A name exactly at the bound is not cut. */
	char *edge = cleaned(a, FILENAME_MAX_STEM);
	ck_assert_uint_eq(strlen(edge), FILENAME_MAX_STEM);
	ck_assert_ptr_null(strchr(edge, '-'));
	free(a), free(b), free(ca), free(cb), free(again), free(edge);
}
END_TEST

#define CHECK_CLAIM(set, name, expected)                                                           \
	do {                                                                                       \
		char *got = filename_set_claim(set, name, sizeof name - 1);                        \
		ck_assert_str_eq(got, expected);                                                   \
		free(got);                                                                         \
	} while (0)

START_TEST(collisions_get_suffixes)
{
	struct filename_set s;
	filename_set_init(&s);
	CHECK_CLAIM(&s, "a/b", "a_b.jsonl");
	CHECK_CLAIM(&s, "a_b", "a_b-2.jsonl");
	CHECK_CLAIM(&s, "a:b", "a_b-3.jsonl");
	/* A name that looks like a suffixed one is made distinct too. */
	CHECK_CLAIM(&s, "a_b-2", "a_b-2-2.jsonl");
	/* Case-insensitive file systems would merge these. */
	CHECK_CLAIM(&s, "Agent", "Agent.jsonl");
	CHECK_CLAIM(&s, "agent", "agent-2.jsonl");
	CHECK_CLAIM(&s, "AGENT-2", "AGENT-2-2.jsonl");
	CHECK_CLAIM(&s, "..", "__.jsonl");
	CHECK_CLAIM(&s, "__", "__-2.jsonl");
	filename_set_release(&s);
}
END_TEST

START_TEST(many_collisions_stay_distinct)
{
	struct filename_set s;
	filename_set_init(&s);
	json_t *seen = json_object();
	char name[8];
	/* 2000 different one-character non-ASCII names all clean to "_". */
	for (int i = 0; i < 2000; i++) {
		int cp = 0x4e00 + i;
		name[0] = (char)(0xe0 | (cp >> 12));
		name[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
		name[2] = (char)(0x80 | (cp & 0x3f));
		char *file = filename_set_claim(&s, name, 3);
		ck_assert_ptr_null(json_object_get(seen, file));
		json_object_set_new(seen, file, json_true());
		free(file);
	}
	ck_assert_uint_eq(json_object_size(seen), 2000);
	ck_assert_ptr_nonnull(json_object_get(seen, "_.jsonl"));
	ck_assert_ptr_nonnull(json_object_get(seen, "_-2000.jsonl"));
	json_decref(seen);
	filename_set_release(&s);
}
END_TEST

/* A pretty-printed event passed through on one line: compact jw_raw() */

static void check_one_line(const char *text, const char *expected)
{
	struct strbuf sb = STRBUF_INIT;
	struct json_writer w;
	jw_init_buf(&w, &sb, 0);
	jw_raw(&w, text, strlen(text));
	ck_assert_str_eq(sb.buf, expected);
	ck_assert_ptr_null(strchr(sb.buf, '\n'));
	ck_assert_ptr_null(strchr(sb.buf, '\r'));
	/* The value is the same one. */
	json_t *before = json_loads(text, JSON_DECODE_ANY, NULL);
	json_t *after = json_loads(sb.buf, JSON_DECODE_ANY, NULL);
	ck_assert_ptr_nonnull(before);
	ck_assert_ptr_nonnull(after);
	ck_assert(json_equal(before, after));
	json_decref(before);
	json_decref(after);
	strbuf_release(&sb);
}

START_TEST(one_line_keeps_bytes_but_line_breaks)
{
	check_one_line("{\"a\":0.1,\"b\":1e5}", "{\"a\":0.1,\"b\":1e5}");
	check_one_line("{\n  \"a\": [\n    1,\n    0.1\n  ],\n  \"b\": \"x  y\"\n}",
	               "{\"a\": [1,0.1],\"b\": \"x  y\"}");
	check_one_line("{\r\n\t\"a\" :\r\n\t\t\"\\n\\r\"\r\n}", "{\"a\" :\"\\n\\r\"}");
	check_one_line("[1\n,\n2]", "[1,2]");
}
END_TEST

/* partition_dir_* */

static char tmpdir[64];

static void make_tmpdir(void)
{
	snprintf(tmpdir, sizeof tmpdir, "/tmp/adkev-check-partition-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(tmpdir));
}

static void remove_tree(const char *path)
{
	char cmd[256];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", path);
	ck_assert_int_eq(system(cmd), 0);
}

static char *slurp(const char *dir, const char *name)
{
	char path[512];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	struct strbuf sb = STRBUF_INIT;
	char buf[4096];
	size_t n;
	while ((n = fread(buf, 1, sizeof buf, f)) > 0)
		strbuf_add(&sb, buf, n);
	fclose(f);
	if (!sb.buf)
		strbuf_addstr(&sb, "");
	return sb.buf;
}

static int count_entries(const char *dir)
{
	DIR *d = opendir(dir);
	ck_assert_ptr_nonnull(d);
	int n = 0;
	struct dirent *e;
	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			n++;
	closedir(d);
	return n;
}

START_TEST(dir_is_created_and_files_appear_only_at_commit)
{
	make_tmpdir();
	char path[128];
	snprintf(path, sizeof path, "%s/new/sub//", tmpdir);
	int status = 0;
	struct partition_dir *d = partition_dir_open(path, false, &status);
	ck_assert_ptr_nonnull(d);
	size_t a, b;
	ck_assert_int_eq(partition_dir_add(d, "a.jsonl", &a), 0);
	ck_assert_int_eq(partition_dir_add(d, "b.jsonl", &b), 0);
	char expected_path[160];
	snprintf(expected_path, sizeof expected_path, "%s/new/sub/a.jsonl", tmpdir);
	ck_assert_str_eq(partition_dir_path(d, a), expected_path);
	ck_assert_int_eq(partition_dir_write(d, a, "1\n", 2), 0);
	ck_assert_int_eq(partition_dir_write(d, b, "2\n", 2), 0);
	ck_assert_int_eq(partition_dir_write(d, a, "3\n", 2), 0);
	snprintf(path, sizeof path, "%s/new/sub", tmpdir);
	/* Before the commit only hidden temporary files exist. */
	char *early = slurp(path, "a.jsonl");
	ck_assert_ptr_null(early);
	ck_assert_int_eq(partition_dir_commit(d), 0);
	partition_dir_free(d);
	char *got_a = slurp(path, "a.jsonl"), *got_b = slurp(path, "b.jsonl");
	ck_assert_str_eq(got_a, "1\n3\n");
	ck_assert_str_eq(got_b, "2\n");
	/* The two files and the list of them (.adkev-split); no temporary file is left. */
	ck_assert_int_eq(count_entries(path), 3);
	char *list = slurp(path, ".adkev-split");
	ck_assert_str_eq(list, "a.jsonl\nb.jsonl\n");
	free(list);
	free(got_a), free(got_b);
	remove_tree(tmpdir);
}
END_TEST

START_TEST(existing_file_is_refused_without_force)
{
	make_tmpdir();
	char path[128];
	snprintf(path, sizeof path, "%s/a.jsonl", tmpdir);
	FILE *f = fopen(path, "w");
	fputs("keep\n", f);
	fclose(f);

	int status = 0;
	struct partition_dir *d = partition_dir_open(tmpdir, false, &status);
	ck_assert_ptr_nonnull(d);
	size_t i;
	ck_assert_int_eq(partition_dir_add(d, "other.jsonl", &i), 0);
	ck_assert_int_eq(partition_dir_write(d, i, "x\n", 2), 0);
	capture_begin();
	int added = partition_dir_add(d, "a.jsonl", &i);
	char *err = capture_end();
	ck_assert_int_eq(added, EXIT_CANTCREAT);
	ck_assert_ptr_nonnull(strstr(err, "a.jsonl' exists; --force overwrites it"));
	free(err);
	partition_dir_free(d);
	/* The old file is untouched, and nothing else was left behind. */
	char *kept = slurp(tmpdir, "a.jsonl");
	ck_assert_str_eq(kept, "keep\n");
	ck_assert_int_eq(count_entries(tmpdir), 1);
	free(kept);

	d = partition_dir_open(tmpdir, true, &status);
	ck_assert_int_eq(partition_dir_add(d, "a.jsonl", &i), 0);
	ck_assert_int_eq(partition_dir_write(d, i, "new\n", 4), 0);
	ck_assert_int_eq(partition_dir_commit(d), 0);
	partition_dir_free(d);
	kept = slurp(tmpdir, "a.jsonl");
	ck_assert_str_eq(kept, "new\n");
	free(kept);
	remove_tree(tmpdir);
}
END_TEST

START_TEST(directory_in_the_way_is_refused_even_with_force)
{
	make_tmpdir();
	char path[128];
	snprintf(path, sizeof path, "%s/a.jsonl", tmpdir);
	ck_assert_int_eq(mkdir(path, 0777), 0);
	int status = 0;
	struct partition_dir *d = partition_dir_open(tmpdir, true, &status);
	size_t i;
	capture_begin();
	int added = partition_dir_add(d, "a.jsonl", &i);
	char *err = capture_end();
	ck_assert_int_eq(added, EXIT_CANTCREAT);
	ck_assert_ptr_nonnull(strstr(err, "it is a directory"));
	free(err);
	partition_dir_free(d);
	remove_tree(tmpdir);
}
END_TEST

START_TEST(uncommitted_files_are_removed)
{
	make_tmpdir();
	int status = 0;
	struct partition_dir *d = partition_dir_open(tmpdir, false, &status);
	size_t i;
	ck_assert_int_eq(partition_dir_add(d, "a.jsonl", &i), 0);
	ck_assert_int_eq(partition_dir_write(d, i, "x\n", 2), 0);
	ck_assert_int_eq(count_entries(tmpdir), 1);
	partition_dir_free(d);
	ck_assert_int_eq(count_entries(tmpdir), 0);
	remove_tree(tmpdir);
}
END_TEST

START_TEST(directory_under_a_file_cannot_be_made)
{
	make_tmpdir();
	char path[128];
	snprintf(path, sizeof path, "%s/file", tmpdir);
	FILE *f = fopen(path, "w");
	fclose(f);
	snprintf(path, sizeof path, "%s/file/sub", tmpdir);
	int status = 0;
	capture_begin();
	struct partition_dir *d = partition_dir_open(path, false, &status);
	char *err = capture_end();
	ck_assert_ptr_null(d);
	ck_assert_int_eq(status, EXIT_CANTCREAT);
	ck_assert_ptr_nonnull(strstr(err, "cannot create directory"));
	ck_assert_ptr_nonnull(strstr(err, "Not a directory"));
	free(err);
	remove_tree(tmpdir);
}
END_TEST

START_TEST(more_files_than_descriptors_kept_open)
{
	enum { FILES = PARTITION_DIR_MAX_OPEN * 3 + 5 };
	make_tmpdir();
	int status = 0;
	struct partition_dir *d = partition_dir_open(tmpdir, false, &status);
	size_t idx[FILES];
	char name[32], line[32];
	for (int i = 0; i < FILES; i++) {
		snprintf(name, sizeof name, "f%d.jsonl", i);
		ck_assert_int_eq(partition_dir_add(d, name, &idx[i]), 0);
	}
	/* Round robin, so every file is closed and reopened. */
	for (int round = 0; round < 3; round++)
		for (int i = 0; i < FILES; i++) {
			int n = snprintf(line, sizeof line, "%d.%d\n", i, round);
			ck_assert_int_eq(partition_dir_write(d, idx[i], line, (size_t)n), 0);
		}
	ck_assert_int_eq(partition_dir_commit(d), 0);
	partition_dir_free(d);
	ck_assert_int_eq(count_entries(tmpdir), FILES + 1); /* and .adkev-split */
	for (int i = 0; i < FILES; i += 37) {
		snprintf(name, sizeof name, "f%d.jsonl", i);
		char expected[64];
		snprintf(expected, sizeof expected, "%d.0\n%d.1\n%d.2\n", i, i, i);
		char *got = slurp(tmpdir, name);
		ck_assert_str_eq(got, expected);
		free(got);
	}
	remove_tree(tmpdir);
}
END_TEST

START_TEST(a_big_file_is_written_whole)
{
	make_tmpdir();
	int status = 0;
	struct partition_dir *d = partition_dir_open(tmpdir, false, &status);
	size_t i;
	ck_assert_int_eq(partition_dir_add(d, "big.jsonl", &i), 0);
	char line[1000];
	memset(line, 'x', sizeof line - 1);
	line[sizeof line - 1] = '\n';
	for (int n = 0; n < 300; n++)
		ck_assert_int_eq(partition_dir_write(d, i, line, sizeof line), 0);
	ck_assert_int_eq(partition_dir_commit(d), 0);
	partition_dir_free(d);
	char path[128];
	snprintf(path, sizeof path, "%s/big.jsonl", tmpdir);
	struct stat st;
	ck_assert_int_eq(stat(path, &st), 0);
	ck_assert_int_eq(st.st_size, 300 * 1000);
	remove_tree(tmpdir);
}
END_TEST

int main(void)
{
	pool_serve_jansson();
	Suite *s = suite_create("partition");
	TCase *names = tcase_create("filename");
	tcase_add_test(names, plain_names_are_kept);
	tcase_add_test(names, path_separators_never_survive);
	tcase_add_test(names, dots_never_hide_or_climb);
	tcase_add_test(names, control_characters_become_underscores);
	tcase_add_test(names, non_ascii_is_one_underscore_per_character);
	tcase_add_test(names, empty_name_still_gets_a_name);
	tcase_add_test(names, long_names_are_cut_and_stay_distinct);
	tcase_add_test(names, collisions_get_suffixes);
	tcase_add_test(names, many_collisions_stay_distinct);
	suite_add_tcase(s, names);
	TCase *lines = tcase_create("one_line");
	tcase_add_test(lines, one_line_keeps_bytes_but_line_breaks);
	suite_add_tcase(s, lines);
	TCase *dir = tcase_create("partition_dir");
	tcase_add_test(dir, dir_is_created_and_files_appear_only_at_commit);
	tcase_add_test(dir, existing_file_is_refused_without_force);
	tcase_add_test(dir, directory_in_the_way_is_refused_even_with_force);
	tcase_add_test(dir, uncommitted_files_are_removed);
	tcase_add_test(dir, directory_under_a_file_cannot_be_made);
	tcase_add_test(dir, more_files_than_descriptors_kept_open);
	tcase_add_test(dir, a_big_file_is_written_whole);
	suite_add_tcase(s, dir);
	return run_suite(s) ? EXIT_FAILURE : EXIT_SUCCESS;
}
