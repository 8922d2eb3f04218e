/*
 * command.h - what every subcommand looks like to main.c, and its options.
 *
 * Each src/cmd/<name>.c defines one struct command next to its code: its
 * name, a one-line summary, its option table, its operands and the function
 * that runs it.  main.c keeps the sorted table of them.
 *
 * An option is declared once, as one row of its command's table (in the
 * manner of git's parse-options): its id, long name, value and help line.
 * The same rows drive getopt_long() (command_parse), --help (command_help),
 * the usage line printed on a usage error (command_usage) and the shell
 * completions (completion.h).  A table may include another one, or the
 * chosen groups of it, so options shared by several commands (the
 * extracting options of cmd/extract.h) are declared once too.
 *
 * Adding an option to a command: give it an id (its short letter, or a
 * name in the command's enum from OPT_COMMAND on), add one row to the
 * command's table, handle the id in its take function (own_option for an
 * extracting command), and name it in the SYNOPSIS and the option list of
 * its manual page; tests/cli/cases/usage/options.sh fails until the page
 * and the table agree.  Adding a command: a struct command in its own
 * src/cmd/<name>.c whose run function starts with command_parse() (or
 * extract_parse_options()), a row in main.c's sorted table, and
 * man/adkev-<name>.1.
 */
#ifndef ADKEV_COMMAND_H
#define ADKEV_COMMAND_H

#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>

/* What a row of an option table is. */
enum option_kind {
	OPTION_END,      /* ends a table */
	OPTION_FLAG,     /* takes no value */
	OPTION_VALUE,    /* takes a value, in the next word or after "=" */
	OPTION_OPTIONAL, /* may take a value, only after "=" (--color[=WHEN]) */
	OPTION_ALIAS,    /* another long name of the row with the same id, before it */
	OPTION_INCLUDE,  /* the rows of another table, of the groups chosen */
	OPTION_HEADING,  /* a heading in --help above the rows that follow */
};

/* What a shell may complete an option's value, or an operand, to. */
enum option_complete {
	COMPLETE_NOTHING, /* a name, a number: nothing to offer */
	COMPLETE_FILE,
	COMPLETE_DIR,
	COMPLETE_VALUES, /* the words of values */
};

/*
 * One row.  id is what the command's take function is handed: a short
 * option's character, which is then its short name too, or, for a long-only
 * option, a number above 255 (OPTION_ID_FIRST on).
 */
struct option_row {
	enum option_kind kind;
	int id;
	const char *long_name; /* without "--"; NULL: short only */
	const char *arg_name;  /* the value's name in help and usage ("N"); NULL: its values */
	enum option_complete complete;
	const char *values; /* COMPLETE_VALUES: "0.3|1.0", the words a shell offers */
	const char *help;   /* the --help line (a HEADING's text) */
	/* OPTION_INCLUDE: the table, and the groups of it taken (a row of group 0 always is). */
	const struct option_row *include;
	unsigned groups; /* a row's group (one bit), or an include's mask */
};

/* Ids of long-only options start here (cmd/extract.h numbers the shared ones). */
#define OPTION_ID_FIRST 256

/*
 * The rows, as a table writes them.  A row in a group (see OPTION_INCLUDE)
 * is written out with designated initializers and .groups.
 */
/* Takes no value: OPTION_FLAG_ROW('p', "pretty", "indent the JSON output"). */
#define OPTION_FLAG_ROW(id_, long_, help_)                                                         \
	{                                                                                          \
		.kind = OPTION_FLAG, .id = (id_), .long_name = (long_), .help = (help_)            \
	}
/* Takes a value a shell has nothing to offer for: a name, an id, a number. */
#define OPTION_VALUE_ROW(id_, long_, arg_, help_)                                                  \
	{                                                                                          \
		.kind = OPTION_VALUE, .id = (id_), .long_name = (long_), .arg_name = (arg_),       \
		.help = (help_)                                                                    \
	}
/* Takes a file (complete_ COMPLETE_FILE) or a directory (COMPLETE_DIR). */
#define OPTION_PATH_ROW(id_, long_, arg_, complete_, help_)                                        \
	{                                                                                          \
		.kind = OPTION_VALUE, .id = (id_), .long_name = (long_), .arg_name = (arg_),       \
		.complete = (complete_), .help = (help_)                                           \
	}
/* Takes one of a fixed list of values, "a|b|c" (the command still checks the value). */
#define OPTION_CHOICE_ROW(id_, long_, arg_, values_, help_)                                        \
	{                                                                                          \
		.kind = OPTION_VALUE, .id = (id_), .long_name = (long_), .arg_name = (arg_),       \
		.complete = COMPLETE_VALUES, .values = (values_), .help = (help_)                  \
	}
/* The same with the value optional, given only as --name=VALUE. */
#define OPTION_OPTIONAL_CHOICE_ROW(id_, long_, arg_, values_, help_)                               \
	{                                                                                          \
		.kind = OPTION_OPTIONAL, .id = (id_), .long_name = (long_), .arg_name = (arg_),    \
		.complete = COMPLETE_VALUES, .values = (values_), .help = (help_)                  \
	}
/* A second long name for the row with this id (listed in --help as "the same as"). */
#define OPTION_ALIAS_ROW(id_, long_)                                                               \
	{                                                                                          \
		.kind = OPTION_ALIAS, .id = (id_), .long_name = (long_)                            \
	}
/* The rows of table_ that are in a group of mask_, and those in no group. */
#define OPTION_INCLUDE_ROW(table_, mask_)                                                          \
	{                                                                                          \
		.kind = OPTION_INCLUDE, .include = (table_), .groups = (mask_)                     \
	}
#define OPTION_HEADING_ROW(text_)                                                                  \
	{                                                                                          \
		.kind = OPTION_HEADING, .help = (text_)                                            \
	}
#define OPTION_END_ROW                                                                             \
	{                                                                                          \
		.kind = OPTION_END                                                                 \
	}

/* -h, --help, which every command's table includes; command_parse() answers it. */
extern const struct option_row command_help_option[];

struct command {
	const char *name;
	const char *summary;              /* one line, for adkev --help */
	const struct option_row *options; /* the option table */
	const char *operands;             /* for the usage line: "[FILE ...]" */
	/* The words a shell completes the operands to, "a|b"; NULL: file names. */
	const char *operand_values;
	/* Parses its own options (argv[0] is the command name) and returns an exit status. */
	int (*run)(int argc, char *argv[]);
};

extern const struct command command_critic;
extern const struct command command_final;
extern const struct command command_from_a2a;
extern const struct command command_partition;
extern const struct command command_reasoning;
extern const struct command command_show;
extern const struct command command_state;
extern const struct command command_stats;
extern const struct command command_timeline;
extern const struct command command_to_a2a;
extern const struct command command_trajectory;

/*
 * A command's rows with the includes taken in, in table order: the options
 * (FLAG, VALUE, OPTIONAL, ALIAS rows) and HEADING rows.  Made by
 * option_list_init(), freed by option_list_release().
 */
struct option_list {
	const struct option_row **rows;
	size_t count, cap;
};
void option_list_init(struct option_list *list, const struct option_row *table);
void option_list_release(struct option_list *list);
/* The row (not an alias) with this id, or NULL. */
const struct option_row *option_list_find(const struct option_list *list, int id);
/* Whether a row is an option a user types (not a heading). */
bool option_row_is_option(const struct option_row *row);

/*
 * Takes one option of a command's table: id is its row's id, arg its value
 * or NULL.  Returns NULL, or why the value is wrong (printed after
 * "adkev: COMMAND: " as a usage error).
 */
typedef const char *option_take_fn(void *ctx, int id, const char *arg);

/*
 * Parses the options of argv (argv[0] is the command name) with
 * getopt_long(), built from cmd's table, handing each to take (NULL for a
 * table with -h only); options may follow operands.  -h prints the help.  Returns -1 when the run
 * should go on with the operands at argv[optind..], else the exit status to return at once: 0 after
 * -h, EXIT_USAGE after a usage error (reported).
 */
int command_parse(const struct command *cmd, int argc, char *argv[], option_take_fn *take,
                  void *ctx);

/* Prints usage, summary and options on standard output (for -h); returns 0. */
int command_help(const struct command *cmd);
/* Prints the usage line on standard error; returns EXIT_USAGE. */
int command_usage(const struct command *cmd);
/* The long name (without "--") of cmd's option id, for messages; NULL if it has none. */
const char *command_option_name(const struct command *cmd, int id);

/*
 * The usage line "usage: adkev NAME [-ehpr] [-j N] [--author NAME] ...
 * OPERANDS", wrapped at 80 columns; name is "adkev" for adkev's own.
 */
void option_usage_write(FILE *out, const char *name, const struct option_list *list,
                        const char *operands);
/* The option list of --help, aligned, the help lines wrapped at 80 columns. */
void option_help_write(FILE *out, const struct option_list *list);

/*
 * getopt_long()'s view of a list: the short option string (with a leading
 * ':' and prefix before it) and the long options, ended by a zero row.
 * Freed by option_getopt_release().
 */
struct option_getopt {
	char *short_options;
	struct option *long_options;
};
void option_getopt_init(struct option_getopt *g, const struct option_list *list,
                        const char *prefix);
void option_getopt_release(struct option_getopt *g);
/*
 * Reports, as "adkev: WHO: ...", the option getopt_long() just rejected
 * (it returned '?' or ':' with opterr off): unknown, ambiguous (with the
 * names it could be), missing its value or given one it does not take.
 * who is NULL for adkev's own options.
 */
void option_report_bad(const char *who, const struct option_getopt *g, int c, char *const argv[]);

#endif
