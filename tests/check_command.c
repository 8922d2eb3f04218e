/*
 * check_command.c - option tables: what includes and groups take in, the
 * getopt_long() arrays, the usage line, the --help list, the parse loop and
 * its usage errors.
 */
#include "testutil.h"

#include "command.h"
#include "util.h"

/* The options a shared table's rows are written for, as cmd/run.h's. */
struct shared_opts {
	bool pretty;
	const char *author;
	unsigned jobs;
};

/* The options of the test command: its own, and the shared ones in a member. */
struct test_opts {
	int version; /* --a2a-version: 3 or 10 */
	const char *color;
	bool strict;
	bool exit_status;
	const char *title;
	long width;
	size_t max_line;
	bool quiet; /* starts true; --verbose clears it */
	struct shared_opts shared;
	const char *first_shared; /* the first shared option given (noted) */
};

/* A shared table in two groups, as cmd/run.h's. */
enum { GROUP_ONE = 1, GROUP_TWO = 2 };
static const struct option_row shared[] = {
    {.kind = OPTION_FLAG,
     .letter = 'p',
     .long_name = "pretty",
     .store = STORE_TRUE,
     .offset = offsetof(struct shared_opts, pretty),
     .groups = GROUP_ONE,
     .help = "indent the JSON output"},
    {.kind = OPTION_VALUE,
     .long_name = "author",
     .arg_name = "NAME",
     .store = STORE_STRING,
     .offset = offsetof(struct shared_opts, author),
     .groups = GROUP_TWO,
     .help = "only events written by NAME"},
    {.kind = OPTION_VALUE,
     .letter = 'j',
     .long_name = "jobs",
     .arg_name = "N",
     .store = STORE_UNSIGNED,
     .offset = offsetof(struct shared_opts, jobs),
     .min = 1,
     .max = 64,
     .invalid = "invalid value for --jobs: 1 to 64",
     .groups = GROUP_TWO,
     .help = "parse on N threads"},
    OPTION_INCLUDE_PLAIN_ROW(command_help_option),
    OPTION_END_ROW,
};

static const char *take_version(void *at, const char *arg)
{
	int *version = at;
	if (strcmp(arg, "0.3") == 0)
		*version = 3;
	else if (strcmp(arg, "1.0") == 0)
		*version = 10;
	else
		return "--a2a-version takes 0.3 or 1.0";
	return NULL;
}

static const struct option_row own[] = {
    OPTION_CHOICE_ROW("a2a-version", NULL, "0.3|1.0", take_version, struct test_opts, version,
                      "the A2A version"),
    {.kind = OPTION_OPTIONAL,
     .long_name = "color",
     .arg_name = "WHEN",
     .complete = COMPLETE_VALUES,
     .values = "auto|always|never",
     .store = STORE_STRING,
     .offset = offsetof(struct test_opts, color),
     .implicit = "always",
     .help = "when to colour"},
    OPTION_ALIAS_ROW("colour", "color"),
    OPTION_TRUE_ROW(0, "strict", struct test_opts, strict, "a score outside [0, 1] is an error"),
    OPTION_TRUE_ROW('e', "exit-status", struct test_opts, exit_status,
                    "exit 1 when the result is empty"),
    {.kind = OPTION_INCLUDE,
     .include = shared,
     .groups = GROUP_TWO,
     .offset = offsetof(struct test_opts, shared),
     .noted = true,
     .noted_at = offsetof(struct test_opts, first_shared)},
    OPTION_HEADING_ROW("More:"),
    OPTION_PATH_ROW(0, "title", "FILE", COMPLETE_FILE, struct test_opts, title,
                    "a help line long enough that it must be wrapped onto a second line "
                    "of the list"),
    {.kind = OPTION_VALUE,
     .long_name = "width",
     .arg_name = "N",
     .store = STORE_LONG,
     .offset = offsetof(struct test_opts, width),
     .min = 1,
     .help = "columns"},
    {.kind = OPTION_VALUE,
     .long_name = "max-line",
     .arg_name = "SIZE",
     .store = STORE_SIZE,
     .offset = offsetof(struct test_opts, max_line),
     .help = "bytes"},
    OPTION_FALSE_ROW(0, "verbose", struct test_opts, quiet, "say more"),
    /* again: its rows come once */
    OPTION_INCLUDE_ROW(shared, GROUP_TWO, struct test_opts, shared),
    OPTION_END_ROW,
};

static int run_nothing(int argc, char *argv[])
{
	(void)argc;
	(void)argv;
	return 0;
}

static const struct command test_command = {
    .name = "test",
    .summary = "A command of the tests.",
    .options = own,
    .operands = "[FILE ...]",
    .run = run_nothing,
};

/* What a FILE got, NUL-ended; the caller frees it. */
static char *written(void (*write)(FILE *out, const struct option_list *list),
                     const struct option_row *table)
{
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);
	struct option_list list;
	option_list_init(&list, table);
	write(out, &list);
	option_list_release(&list);
	fclose(out);
	return text;
}

static void write_usage(FILE *out, const struct option_list *list)
{
	option_usage_write(out, "test", list, "[FILE ...]");
}

START_TEST(includes_take_their_groups_once)
{
	struct option_list list;
	option_list_init(&list, own);
	/* 5 own rows, a heading and 4 more; author, -j and -h once; not -p (group one). */
	ck_assert_uint_eq(list.count, 13);
	ck_assert_ptr_null(option_list_letter(&list, 'p'));
	ck_assert_str_eq(option_list_letter(&list, 'j')->row->long_name, "jobs");
	ck_assert_str_eq(option_list_find(&list, "color")->row->long_name, "color");
	ck_assert_str_eq(option_list_letter(&list, 'h')->row->long_name, "help");
	ck_assert_ptr_null(option_list_letter(&list, 'x'));
	ck_assert_ptr_null(option_list_find(&list, "colour")); /* an alias is found by its target */
	/* A shared row's value lives inside the member the include names, and is noted. */
	const struct option_entry *jobs = option_list_find(&list, "jobs");
	ck_assert_uint_eq(jobs->offset,
	                  offsetof(struct test_opts, shared) + offsetof(struct shared_opts, jobs));
	ck_assert_int_eq(jobs->noted_at, (long)offsetof(struct test_opts, first_shared));
	ck_assert_int_eq(option_list_find(&list, "title")->noted_at, -1);
	option_list_release(&list);
}
END_TEST

START_TEST(getopt_arrays_from_the_rows)
{
	struct option_list list;
	struct option_getopt g;
	option_list_init(&list, own);
	option_getopt_init(&g, &list, "+");
	ck_assert_str_eq(g.short_options, "+:ej:h");
	const char *names[] = {"a2a-version", "color",  "colour",   "strict",
	                       "exit-status", "author", "jobs",     "help",
	                       "title",       "width",  "max-line", "verbose"};
	const int has_arg[] = {required_argument, optional_argument, optional_argument,
	                       no_argument,       no_argument,       required_argument,
	                       required_argument, no_argument,       required_argument,
	                       required_argument, required_argument, no_argument};
	size_t n = 0;
	for (; g.long_options[n].name; n++) {
		ck_assert_str_eq(g.long_options[n].name, names[n]);
		ck_assert_int_eq(g.long_options[n].has_arg, has_arg[n]);
	}
	ck_assert_uint_eq(n, sizeof names / sizeof names[0]);
	/* A long-only option gives its place in the list; the alias gives its target's. */
	ck_assert_int_eq(g.long_options[1].val, OPTION_INDEX_FIRST + 1);
	ck_assert_int_eq(g.long_options[2].val, OPTION_INDEX_FIRST + 1);
	ck_assert_ptr_eq(option_getopt_entry(&list, g.long_options[2].val)->row, &own[1]);
	ck_assert_int_eq(g.long_options[4].val, 'e'); /* a letter stands for its long name */
	option_getopt_release(&g);
	option_list_release(&list);
}
END_TEST

START_TEST(usage_line_as_a_synopsis_wrapped_at_80)
{
	char *text = written(write_usage, own);
	ck_assert_str_eq(text,
	                 "usage: adkev test [-eh] [-j N] [--a2a-version 0.3|1.0] [--color[=WHEN]]\n"
	                 "                  [--strict] [--author NAME] [--title FILE] [--width N]\n"
	                 "                  [--max-line SIZE] [--verbose] [FILE ...]\n");
	free(text);
}
END_TEST

START_TEST(help_list_aligned_with_aliases_and_headings)
{
	char *text = written(option_help_write, own);
	ck_assert_str_eq(
	    text, "      --a2a-version 0.3|1.0  the A2A version\n"
	          "      --color[=WHEN]         when to colour\n"
	          "      --colour[=WHEN]        the same as --color\n"
	          "      --strict               a score outside [0, 1] is an error\n"
	          "  -e, --exit-status          exit 1 when the result is empty\n"
	          "      --author NAME          only events written by NAME\n"
	          "  -j, --jobs N               parse on N threads\n"
	          "  -h, --help                 show this help\n"
	          "\n"
	          "More:\n"
	          "      --title FILE           a help line long enough that it must be wrapped\n"
	          "                             onto a second line of the list\n"
	          "      --width N              columns\n"
	          "      --max-line SIZE        bytes\n"
	          "      --verbose              say more\n");
	free(text);
}
END_TEST

static int parse(struct test_opts *o, char **err, int argc, char *argv[])
{
	memset(o, 0, sizeof *o);
	o->quiet = true;
	capture_begin();
	int status = command_parse(&test_command, argc, argv, o);
	*err = capture_end();
	return status;
}

START_TEST(parse_stores_each_value_where_its_row_says)
{
	struct test_opts o;
	char *err;
	char *argv[] = {"test",    "a.jsonl",        "-ej",       "4",
	                "--colo",  "--auth=x",       "--a2a=1.0", "--width",
	                "12",      "--max-line=2K",  "--verbose", "--title=t.h",
	                "b.jsonl", "--colour=never", NULL};
	ck_assert_int_eq(parse(&o, &err, 14, argv), -1);
	ck_assert_str_eq(err, "");
	ck_assert(o.exit_status);
	ck_assert_uint_eq(o.shared.jobs, 4);
	ck_assert_str_eq(o.color, "never"); /* the alias's value, given last */
	ck_assert_str_eq(o.shared.author, "x");
	ck_assert_int_eq(o.version, 10);
	ck_assert_int_eq(o.width, 12);
	ck_assert_uint_eq(o.max_line, 2048);
	ck_assert(!o.quiet);
	ck_assert_str_eq(o.title, "t.h");
	ck_assert(!o.strict && !o.shared.pretty);
	/* The first option given of the shared rows is noted by its long name. */
	ck_assert_str_eq(o.first_shared, "jobs");
	/* Operands may come before options: glibc's getopt moves them to the end. */
	ck_assert_int_eq(optind, 12);
	ck_assert_str_eq(argv[12], "a.jsonl");
	ck_assert_str_eq(argv[13], "b.jsonl");
	free(err);
}
END_TEST

START_TEST(an_optional_value_not_given_is_the_implicit_one)
{
	struct test_opts o;
	char *err;
	char *argv[] = {"test", "--color", NULL};
	ck_assert_int_eq(parse(&o, &err, 2, argv), -1);
	ck_assert_str_eq(o.color, "always");
	ck_assert_ptr_null(o.first_shared);
	free(err);
}
END_TEST

/*
 * The usage error a parse of one argument reports, without its hint; that
 * it is status 64 and one line ending in where the help is.
 */
static char *usage_error(char *arg)
{
	static const char hint[] = "; try 'adkev test --help'\n";
	struct test_opts o;
	char *err;
	char *argv[] = {"test", arg, NULL};
	ck_assert_int_eq(parse(&o, &err, 2, argv), EXIT_USAGE);
	size_t len = strlen(err), hint_len = strlen(hint);
	ck_assert_uint_eq(strcspn(err, "\n"), len - 1);
	ck_assert_uint_ge(len, hint_len);
	ck_assert_str_eq(err + len - hint_len, hint);
	char *line = xstrndup(err, len - hint_len);
	free(err);
	return line;
}

START_TEST(usage_errors_name_the_option)
{
	const char *cases[][2] = {
	    {"-x", "adkev: test: unknown option '-x'"},
	    {"--nope=secret", "adkev: test: unknown option '--nope'"},
	    {"--a", "adkev: test: option '--a' is ambiguous (it could be --a2a-version, --author)"},
	    {"--str=1", "adkev: test: option '--strict' takes no value"},
	    {"--auth", "adkev: test: option '--author' needs a value"},
	    {"-j", "adkev: test: option '-j' needs a value"},
	    {"--a2a-version=2", "adkev: test: --a2a-version takes 0.3 or 1.0"},
	    /* A bad value is never repeated: it may be a secret. */
	    {"--width=0", "adkev: test: invalid value for --width"},
	    {"--width=secret", "adkev: test: invalid value for --width"},
	    {"--max-line=1X", "adkev: test: invalid value for --max-line"},
	    {"--max-line=0", "adkev: test: invalid value for --max-line"},
	    {"-j65", "adkev: test: invalid value for --jobs: 1 to 64"},
	    {"-j0", "adkev: test: invalid value for --jobs: 1 to 64"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *line = usage_error((char *)cases[i][0]);
		ck_assert_str_eq(line, cases[i][1]);
		free(line);
	}
}
END_TEST

START_TEST(help_is_answered_by_the_parse)
{
	struct test_opts o;
	char *err;
	char *argv[] = {"test", "--he", NULL};
	stdout_capture_begin();
	ck_assert_int_eq(parse(&o, &err, 2, argv), 0);
	size_t len;
	char *out = stdout_capture_end(&len);
	ck_assert_str_eq(err, "");
	ck_assert_ptr_nonnull(strstr(out, "\nA command of the tests.\n"));
	ck_assert_ptr_nonnull(strstr(out, "\nSee adkev-test(1) for details.\n"));
	free(out);
	free(err);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("command");
	TCase *tc = tcase_create("command");
	tcase_add_test(tc, includes_take_their_groups_once);
	tcase_add_test(tc, getopt_arrays_from_the_rows);
	tcase_add_test(tc, usage_line_as_a_synopsis_wrapped_at_80);
	tcase_add_test(tc, help_list_aligned_with_aliases_and_headings);
	tcase_add_test(tc, parse_stores_each_value_where_its_row_says);
	tcase_add_test(tc, an_optional_value_not_given_is_the_implicit_one);
	tcase_add_test(tc, usage_errors_name_the_option);
	tcase_add_test(tc, help_is_answered_by_the_parse);
	suite_add_tcase(s, tc);
	return run_suite(s) ? EXIT_FAILURE : EXIT_SUCCESS;
}
