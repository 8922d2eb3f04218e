/*
 * command.h - what every subcommand looks like to main.c.
 *
 * Each cmd_<name>.c defines one struct command next to its code: its name,
 * a one-line summary, its usage line and option summary for --help, and the
 * function that runs it.  main.c keeps the sorted table of them.
 */
#ifndef ADKEV_COMMAND_H
#define ADKEV_COMMAND_H

#include <stdio.h>

struct command {
	const char *name;
	const char *summary; /* one line, for adkev --help */
	const char *usage;   /* SYNOPSIS-style, after "usage: adkev " */
	const char *options; /* the option summary printed by --help */
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

/* Prints usage and options on standard output (for -h); returns 0. */
int command_help(const struct command *cmd);
/* Prints the usage line on standard error; returns EXIT_USAGE. */
int command_usage(const struct command *cmd);
/*
 * Reports the option getopt_long() just rejected (it returned '?' or ':'
 * with opterr off) and returns EXIT_USAGE.
 */
int command_bad_option(const struct command *cmd, int c, char *const argv[]);

#endif
