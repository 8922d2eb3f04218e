/*
 * command.h - what every subcommand looks like to main.c, and its options.
 *
 * Each src/cmd/<name>.c defines one struct command next to its code: its
 * name, a one-line summary, its option table, its operands and the function
 * that runs it.  main.c keeps the sorted table of them.
 *
 * An option is declared once, as one row of its command's table (in the
 * manner of git's parse-options): its letter, long name, value, help line
 * and where its value lives (a member of the options struct the command
 * parses into).  The same rows drive getopt_long() (command_parse),
 * --help (command_help), the usage line in it and the shell completions
 * (completion.h).  A table may include another one, or the chosen groups of it, with its values in a
 * member of the including command's options, so options shared by several
 * commands (the run options of cmd/run.h, trajectory's) are declared once
 * too.
 *
 * Adding an option to a command: add one row to the command's table, bound
 * to a member of its options (a STORE_CALL row where the value needs
 * code), and name it in the SYNOPSIS and the option list of its manual
 * page; tests/cli/cases/usage/options.sh fails until the page and the
 * table agree.  Adding a command: a struct command in its own
 * src/cmd/<name>.c whose run function starts with command_parse(), a row in
 * main.c's sorted table, and man/adkev-<name>.1.
 */
#ifndef ADKEV_COMMAND_H
#define ADKEV_COMMAND_H

#include <getopt.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* What a row of an option table is. */
enum option_kind {
	OPTION_END,      /* ends a table */
	OPTION_FLAG,     /* takes no value */
	OPTION_VALUE,    /* takes a value, in the next word or after "=" */
	OPTION_OPTIONAL, /* may take a value, only after "=" (--color[=WHEN]) */
	OPTION_ALIAS,    /* another long name of the row named alias_of, before it */
	OPTION_INCLUDE,  /* the rows of another table, of the groups chosen */
	OPTION_HEADING,  /* a heading in --help above the rows that follow */
};

/* What a shell may complete an option's value, or an operand, to. */
enum option_complete {
	COMPLETE_NOTHING, /* a name, a number: nothing to offer */
	COMPLETE_FILE,
	COMPLETE_DIR,
	COMPLETE_VALUES, /* the words of values */
	/* The session or invocation ids of the operands typed (adkev completion --ids). */
	COMPLETE_SESSION,
	COMPLETE_INVOCATION,
};

/*
 * Where a row's value goes, at .offset in the options the parse fills, and
 * how the text typed becomes it.  A value that does not read is a usage
 * error: the row's .invalid text, else "invalid value for --NAME" (never
 * the value itself, which may be a secret).
 */
enum option_store {
	STORE_NONE,     /* adkev's own options (-V), which main.c's loop answers */
	STORE_HELP,     /* -h: the parse prints the help and ends */
	STORE_TRUE,     /* a bool set true */
	STORE_FALSE,    /* a bool set false (--no-redact) */
	STORE_STRING,   /* a const char *, the value itself (borrowed from argv) */
	STORE_UNSIGNED, /* an unsigned, a whole number from .min to .max */
	STORE_LONG,     /* a long, a whole number from .min to .max */
	STORE_SIZE,     /* a size_t, bytes with K, M or G after them for KiB, MiB, GiB */
	STORE_CALL,     /* .take() reads the value: an option that needs code */
};

/*
 * Takes the value of a STORE_CALL row (NULL for a flag, or an optional
 * value not given) into the options at the row's offset.  Returns NULL, or
 * why the value is wrong (printed after "adkev: COMMAND: " as a usage
 * error).
 */
typedef const char *option_take_fn(void *at, const char *arg);

/*
 * One row: an option, declared once with where its value lives.  The
 * same rows drive getopt_long(), --help, the usage line and the shell
 * completions.
 */
struct option_row {
	enum option_kind kind;
	int letter;            /* the short name ('p'), or 0 */
	const char *long_name; /* without "--"; NULL: short only */
	const char *arg_name;  /* the value's name in help and usage ("N"); NULL: its values */
	enum option_complete complete;
	const char *values; /* COMPLETE_VALUES: "0.3|1.0", the words a shell offers */
	const char *help;   /* the --help line (a HEADING's text) */
	enum option_store store;
	/* Where the value lives in the options; an INCLUDE's is where its rows' options start. */
	size_t offset;
	long min, max;        /* STORE_UNSIGNED, STORE_LONG */
	const char *invalid;  /* why a bad value is bad, for the usage error */
	option_take_fn *take; /* STORE_CALL */
	const char *implicit; /* OPTION_OPTIONAL: the value when none is given */
	const char *alias_of; /* OPTION_ALIAS: the long name of the row it stands for */
	/* OPTION_INCLUDE: the table, and the groups of it taken (a row of group 0 always is). */
	const struct option_row *include;
	unsigned groups; /* a row's group (one bit), or an include's mask */
	/*
	 * OPTION_INCLUDE with noted: the long name of the first option given of
	 * the included rows is kept, as a const char *, at .noted_at in the
	 * options (partition: "--max-string applies only with --trajectories").
	 */
	bool noted;
	size_t noted_at;
};

/*
 * The rows, as a table writes them; TYPE is the options struct the parse
 * fills, FIELD the member the value goes to.  Rows of a shared table in a
 * group (see OPTION_INCLUDE), and rows with a range or a message, are
 * written out with designated initializers.
 */
/* Sets a bool: OPTION_TRUE_ROW('p', "pretty", struct run_options, style.pretty, "indent"). */
#define OPTION_TRUE_ROW(letter_, long_, type_, field_, help_)                                      \
	{                                                                                          \
		.kind = OPTION_FLAG, .letter = (letter_), .long_name = (long_),                    \
		.store = STORE_TRUE, .offset = offsetof(type_, field_), .help = (help_)            \
	}
/* Clears a bool: OPTION_FALSE_ROW(0, "no-redact", struct trajectory_config, redact, "..."). */
#define OPTION_FALSE_ROW(letter_, long_, type_, field_, help_)                                     \
	{                                                                                          \
		.kind = OPTION_FLAG, .letter = (letter_), .long_name = (long_),                    \
		.store = STORE_FALSE, .offset = offsetof(type_, field_), .help = (help_)           \
	}
/* Takes a string a shell has nothing to offer for: a name, an id. */
#define OPTION_STRING_ROW(letter_, long_, arg_, type_, field_, help_)                              \
	{                                                                                          \
		.kind = OPTION_VALUE, .letter = (letter_), .long_name = (long_),                   \
		.arg_name = (arg_), .store = STORE_STRING, .offset = offsetof(type_, field_),      \
		.help = (help_)                                                                    \
	}
/* Takes a file (complete_ COMPLETE_FILE) or a directory (COMPLETE_DIR) name. */
#define OPTION_PATH_ROW(letter_, long_, arg_, complete_, type_, field_, help_)                     \
	{                                                                                          \
		.kind = OPTION_VALUE, .letter = (letter_), .long_name = (long_),                   \
		.arg_name = (arg_), .complete = (complete_), .store = STORE_STRING,                \
		.offset = offsetof(type_, field_), .help = (help_)                                 \
	}
/* A flag whose effect needs code: take_(at, NULL) with at the options at field_. */
#define OPTION_CALL_FLAG_ROW(letter_, long_, take_, type_, field_, help_)                          \
	{                                                                                          \
		.kind = OPTION_FLAG, .letter = (letter_), .long_name = (long_),                    \
		.store = STORE_CALL, .take = (take_), .offset = offsetof(type_, field_),           \
		.help = (help_)                                                                    \
	}
/* A value that needs code to read: take_(at, value). */
#define OPTION_CALL_ROW(letter_, long_, arg_, take_, type_, field_, help_)                         \
	{                                                                                          \
		.kind = OPTION_VALUE, .letter = (letter_), .long_name = (long_),                   \
		.arg_name = (arg_), .store = STORE_CALL, .take = (take_),                          \
		.offset = offsetof(type_, field_), .help = (help_)                                 \
	}
/* One of a fixed list of values, "a|b|c", that a shell offers; take_ checks and reads it. */
#define OPTION_CHOICE_ROW(long_, arg_, values_, take_, type_, field_, help_)                       \
	{                                                                                          \
		.kind = OPTION_VALUE, .long_name = (long_), .arg_name = (arg_),                    \
		.complete = COMPLETE_VALUES, .values = (values_), .store = STORE_CALL,             \
		.take = (take_), .offset = offsetof(type_, field_), .help = (help_)                \
	}
/* A second long name for the row named target_ (listed in --help as "the same as"). */
#define OPTION_ALIAS_ROW(long_, target_)                                                           \
	{                                                                                          \
		.kind = OPTION_ALIAS, .long_name = (long_), .alias_of = (target_)                  \
	}
/*
 * The rows of table_ that are in a group of mask_, and those in no group,
 * with their values in the member field_ of type_ (the options the table's
 * rows are written for).
 */
#define OPTION_INCLUDE_ROW(table_, mask_, type_, field_)                                           \
	{                                                                                          \
		.kind = OPTION_INCLUDE, .include = (table_), .groups = (mask_),                    \
		.offset = offsetof(type_, field_)                                                  \
	}
/* The same with the included rows' values offset_ bytes into the options (0: the options are
 * theirs). */
#define OPTION_INCLUDE_AT_ROW(table_, mask_, offset_)                                              \
	{                                                                                          \
		.kind = OPTION_INCLUDE, .include = (table_), .groups = (mask_),                    \
		.offset = (offset_)                                                                \
	}
/* The same for a table whose rows store nothing (-h). */
#define OPTION_INCLUDE_PLAIN_ROW(table_)                                                           \
	{                                                                                          \
		.kind = OPTION_INCLUDE, .include = (table_)                                        \
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
extern const struct command command_eval;
extern const struct command command_events;
extern const struct command command_evalset;
extern const struct command command_final;
extern const struct command command_from_a2a;
extern const struct command command_partition;
extern const struct command command_reasoning;
extern const struct command command_sessions;
extern const struct command command_show;
extern const struct command command_state;
extern const struct command command_stats;
extern const struct command command_timeline;
extern const struct command command_to_a2a;
extern const struct command command_to_otlp;
extern const struct command command_trajectory;

/*
 * A command's rows with the includes taken in, in table order: the options
 * (FLAG, VALUE, OPTIONAL, ALIAS rows) and HEADING rows, each with where
 * its value lives in the options the command parses into.  Made by
 * option_list_init(), freed by option_list_release().
 */
struct option_entry {
	const struct option_row *row;
	size_t offset; /* of the value, from the start of the options */
	/* Where the include that brought the row notes the first one given (noted), or -1. */
	long noted_at;
};
struct option_list {
	struct option_entry *rows;
	size_t count, cap;
};
void option_list_init(struct option_list *list, const struct option_row *table);
void option_list_release(struct option_list *list);
/* The entry of the option (not an alias) with this long name, or NULL. */
const struct option_entry *option_list_find(const struct option_list *list, const char *long_name);
/* The entry of the option with this short letter, or NULL. */
const struct option_entry *option_list_letter(const struct option_list *list, int letter);
/* Whether a row is an option a user types (not a heading). */
bool option_row_is_option(const struct option_row *row);

/*
 * Parses the options of argv (argv[0] is the command name) with
 * getopt_long(), built from cmd's table, into opts, the options its rows
 * are written for; options may follow operands.  -h prints the help.
 * Returns -1 when the run should go on with the operands at
 * argv[optind..], else the exit status to return at once: 0 after -h,
 * EXIT_USAGE after a usage error (reported).
 */
int command_parse(const struct command *cmd, int argc, char *argv[], void *opts);

/* Prints usage, summary and options on standard output (for -h); returns 0. */
int command_help(const struct command *cmd);
/* Reports "adkev: COMMAND: what; try 'adkev COMMAND --help'"; returns EXIT_USAGE. */
int command_usage_error(const struct command *cmd, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

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
 * getopt_long() returns an option's letter, or, for a long-only option,
 * OPTION_INDEX_FIRST plus its place in the list (option_getopt_entry()).
 * Freed by option_getopt_release().
 */
struct option_getopt {
	char *short_options;
	struct option *long_options;
};
#define OPTION_INDEX_FIRST 256
void option_getopt_init(struct option_getopt *g, const struct option_list *list,
                        const char *prefix);
void option_getopt_release(struct option_getopt *g);
/* The entry of what getopt_long() returned for an option (not '?' or ':'). */
const struct option_entry *option_getopt_entry(const struct option_list *list, int c);
/*
 * Reports, as "adkev: WHO: ...", the option getopt_long() just rejected
 * (it returned '?' or ':' with opterr off): unknown, ambiguous (with the
 * names it could be), missing its value or given one it does not take.
 * who is NULL for adkev's own options.  The line ends in where the help is;
 * returns EXIT_USAGE.
 */
int option_report_bad(const char *who, const struct option_getopt *g, int c, char *const argv[]);

#endif
