/*
 * check_command.c - option tables: what includes and groups take in, the
 * getopt_long() arrays, the usage line, the --help list, the parse loop and
 * its usage errors.
 */
#include "testutil.h"

#include "command.h"
#include "util.h"

enum { ID_AUTHOR = OPTION_ID_FIRST, ID_A2A, ID_COLOR, ID_STRICT, ID_TITLE };

/* A shared table in two groups, as cmd/extract.h's. */
enum { GROUP_ONE = 1, GROUP_TWO = 2 };
static const struct option_row shared[] = {
    {.kind = OPTION_FLAG,
     .id = 'p',
     .long_name = "pretty",
     .groups = GROUP_ONE,
     .help = "indent the JSON output"},
    {.kind = OPTION_VALUE,
     .id = ID_AUTHOR,
     .long_name = "author",
     .arg_name = "NAME",
     .groups = GROUP_TWO,
     .help = "only events written by NAME"},
    {.kind = OPTION_VALUE,
     .id = 'j',
     .long_name = "jobs",
     .arg_name = "N",
     .groups = GROUP_TWO,
     .help = "parse on N threads"},
    OPTION_INCLUDE_ROW(command_help_option, 0),
    OPTION_END_ROW,
};

static const struct option_row own[] = {
    OPTION_CHOICE_ROW(ID_A2A, "a2a-version", NULL, "0.3|1.0", "the A2A version"),
    OPTION_OPTIONAL_CHOICE_ROW(ID_COLOR, "color", "WHEN", "auto|always|never", "when to colour"),
    OPTION_ALIAS_ROW(ID_COLOR, "colour"),
    OPTION_FLAG_ROW(ID_STRICT, "strict", "a score outside [0, 1] is an error"),
    OPTION_FLAG_ROW('e', "exit-status", "exit 1 when the result is empty"),
    OPTION_INCLUDE_ROW(shared, GROUP_TWO),
    OPTION_HEADING_ROW("More:"),
    OPTION_PATH_ROW(ID_TITLE, "title", "FILE", COMPLETE_FILE,
                    "a help line long enough that it must be wrapped onto a second line "
                    "of the list"),
    OPTION_INCLUDE_ROW(shared, GROUP_TWO), /* again: its rows come once */
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
	/* 5 own rows, a heading and the title; author, -j and -h once; not -p (group one). */
	ck_assert_uint_eq(list.count, 10);
	ck_assert_ptr_null(option_list_find(&list, 'p'));
	ck_assert_str_eq(option_list_find(&list, 'j')->long_name, "jobs");
	ck_assert_str_eq(option_list_find(&list, ID_COLOR)->long_name, "color");
	ck_assert_str_eq(option_list_find(&list, 'h')->long_name, "help");
	ck_assert_ptr_null(option_list_find(&list, 'x'));
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
	const char *names[] = {"a2a-version", "color", "colour", "strict", "exit-status",
	                       "author",      "jobs",  "help",   "title"};
	const int has_arg[] = {required_argument, optional_argument, optional_argument,
	                       no_argument,       no_argument,       required_argument,
	                       required_argument, no_argument,       required_argument};
	size_t n = 0;
	for (; g.long_options[n].name; n++) {
		ck_assert_str_eq(g.long_options[n].name, names[n]);
		ck_assert_int_eq(g.long_options[n].has_arg, has_arg[n]);
	}
	ck_assert_uint_eq(n, sizeof names / sizeof names[0]);
	ck_assert_int_eq(g.long_options[2].val, ID_COLOR); /* the alias gives the same id */
	option_getopt_release(&g);
	option_list_release(&list);
}
END_TEST

START_TEST(usage_line_as_a_synopsis_wrapped_at_80)
{
	char *text = written(write_usage, own);
	ck_assert_str_eq(
	    text, "usage: adkev test [-eh] [-j N] [--a2a-version 0.3|1.0] [--color[=WHEN]]\n"
	          "                  [--strict] [--author NAME] [--title FILE] [FILE ...]\n");
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
	          "                             onto a second line of the list\n");
	free(text);
}
END_TEST

/* What the parse handed over, for the tests to look at. */
struct taken {
	char log[256];
};

static const char *take(void *ctx, int id, const char *arg)
{
	struct taken *t = ctx;
	size_t len = strlen(t->log);
	snprintf(t->log + len, sizeof t->log - len, "%d=%s;", id, arg ? arg : "-");
	return id == ID_A2A && strcmp(arg, "0.3") != 0 ? "--a2a-version takes 0.3 or 1.0" : NULL;
}

static int parse(struct taken *t, char **err, int argc, char *argv[])
{
	memset(t, 0, sizeof *t);
	capture_begin();
	int status = command_parse(&test_command, argc, argv, take, t);
	*err = capture_end();
	return status;
}

START_TEST(parse_hands_each_option_to_take)
{
	struct taken t;
	char *err;
	char *argv[] = {"test",           "a.jsonl",  "-ej",       "4",       "--colo",
	                "--colour=never", "--auth=x", "--a2a=0.3", "b.jsonl", NULL};
	ck_assert_int_eq(parse(&t, &err, 9, argv), -1);
	char want[128];
	snprintf(want, sizeof want, "%d=-;%d=4;%d=-;%d=never;%d=x;%d=0.3;", 'e', 'j', ID_COLOR,
	         ID_COLOR, ID_AUTHOR, ID_A2A);
	ck_assert_str_eq(t.log, want);
	ck_assert_str_eq(err, "");
	/* Operands may come before options: glibc's getopt moves them to the end. */
	ck_assert_int_eq(optind, 7);
	ck_assert_str_eq(argv[7], "a.jsonl");
	ck_assert_str_eq(argv[8], "b.jsonl");
	free(err);
}
END_TEST

/* The usage error a parse of one argument reports, and that it is status 64. */
static char *usage_error(char *arg)
{
	struct taken t;
	char *err;
	char *argv[] = {"test", arg, NULL};
	ck_assert_int_eq(parse(&t, &err, 2, argv), EXIT_USAGE);
	char *line = xstrndup(err, strcspn(err, "\n"));
	ck_assert_ptr_nonnull(strstr(err, "\nusage: adkev test [-eh]"));
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
	struct taken t;
	char *err;
	char *argv[] = {"test", "--he", NULL};
	stdout_capture_begin();
	ck_assert_int_eq(parse(&t, &err, 2, argv), 0);
	size_t len;
	char *out = stdout_capture_end(&len);
	ck_assert_str_eq(t.log, "");
	ck_assert_str_eq(err, "");
	ck_assert_ptr_nonnull(strstr(out, "\nA command of the tests.\n"));
	ck_assert_ptr_nonnull(strstr(out, "\nSee adkev-test(1) for details.\n"));
	free(out);
	free(err);
}
END_TEST

START_TEST(option_names_for_messages)
{
	ck_assert_str_eq(command_option_name(&test_command, ID_TITLE), "title");
	ck_assert_str_eq(command_option_name(&test_command, 'j'), "jobs");
	ck_assert_ptr_null(command_option_name(&test_command, 'p'));
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
	tcase_add_test(tc, parse_hands_each_option_to_take);
	tcase_add_test(tc, usage_errors_name_the_option);
	tcase_add_test(tc, help_is_answered_by_the_parse);
	tcase_add_test(tc, option_names_for_messages);
	suite_add_tcase(s, tc);
	return run_suite(s) ? EXIT_FAILURE : EXIT_SUCCESS;
}
