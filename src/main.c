/*
 * main.c - adkev's entry point: global options, the command table, help,
 * version and the completion scripts made from the table.  Everything else
 * happens in one src/cmd/<name>.c per subcommand.
 */
#include "command.h"
#include "completion.h"
#include "read/pool.h"
#include "write/output.h"
#include "util.h"

#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#ifndef ADKEV_VERSION
#define ADKEV_VERSION "unknown"
#endif

static int run_completion(int argc, char *argv[]);

/* adkev completion SHELL: it needs the table below, so it lives here. */
struct completion_options {
	const char *ids; /* --ids WHAT: the scripts' helper, not a script */
};
static const struct option_row completion_options[] = {
    {.kind = OPTION_VALUE,
     .long_name = "ids",
     .arg_name = "WHAT",
     .complete = COMPLETE_VALUES,
     .values = "session|invocation",
     .store = STORE_STRING,
     .offset = offsetof(struct completion_options, ids),
     .help = "list the session or invocation ids of the operands in WORD ... (for the scripts)"},
    OPTION_INCLUDE_PLAIN_ROW(command_help_option),
    OPTION_END_ROW,
};
static const struct command command_completion = {
    .name = "completion",
    .summary = "Print the bash, zsh or fish completion script for adkev.",
    .options = completion_options,
    .operands = "SHELL | WORD ...",
    .operand_values = completion_shells,
    .run = run_completion,
};

/* Sorted by name; adkev --help lists them in this order. */
static const struct command *const commands[] = {
    &command_completion, &command_critic,   &command_eval,     &command_evalset,
    &command_events,     &command_final,    &command_from_a2a, &command_partition,
    &command_reasoning,  &command_sessions, &command_show,     &command_state,
    &command_stats,      &command_timeline, &command_to_a2a,   &command_to_otlp,
    &command_trajectory,
};
#define NCOMMANDS (sizeof commands / sizeof commands[0])

/* adkev's own options, before the command name. */
static const struct option_row main_options[] = {
    OPTION_INCLUDE_PLAIN_ROW(command_help_option),
    {.kind = OPTION_FLAG, .letter = 'V', .long_name = "version", .help = "print the version"},
    OPTION_END_ROW,
};
#define MAIN_OPERANDS "COMMAND [ARGS]"

static const struct command *find_command(const char *name)
{
	for (size_t i = 0; i < NCOMMANDS; i++)
		if (strcmp(commands[i]->name, name) == 0)
			return commands[i];
	return NULL;
}

/*
 * After "not an adkev command", names the commands nearest to name, as git
 * does: those at the smallest edit distance, if it is at most 2 (a typo, not
 * another word).
 */
static void suggest_commands(const char *name)
{
	size_t best = 3, count = 0;
	for (size_t i = 0; i < NCOMMANDS; i++) {
		size_t d = edit_distance(name, commands[i]->name);
		if (d < best) {
			best = d;
			count = 0;
		}
		count += d == best;
	}
	if (count == 0)
		return;
	fprintf(stderr, "\n%s\n",
	        count == 1 ? "The most similar command is" : "The most similar commands are");
	for (size_t i = 0; i < NCOMMANDS; i++)
		if (edit_distance(name, commands[i]->name) == best)
			fprintf(stderr, "\t%s\n", commands[i]->name);
}

static int run_completion(int argc, char *argv[])
{
	struct completion_options o = {0};
	int status = command_parse(&command_completion, argc, argv, &o);
	if (status >= 0)
		return status;
	const struct completion_source src = {main_options, commands, NCOMMANDS};
	if (o.ids) {
		if (strcmp(o.ids, "session") != 0 && strcmp(o.ids, "invocation") != 0)
			return command_usage_error(&command_completion,
			                           "--ids takes 'session' or 'invocation'");
		return completion_ids(o.ids, argv + optind, argc - optind, &src);
	}
	if (argc - optind != 1)
		return command_usage_error(&command_completion, "one shell is needed (%s)",
		                           completion_shells);
	if (!completion_write(stdout, argv[optind], &src))
		return command_usage_error(&command_completion, "no script for '%s' (%s)",
		                           argv[optind], completion_shells);
	return 0;
}

static int main_help(const struct option_list *list)
{
	option_usage_write(stdout, NULL, list, MAIN_OPERANDS);
	printf("\nA filter for Google ADK event streams: JSONL, SSE, arrays and sessions.\n\n"
	       "Commands:\n");
	for (size_t i = 0; i < NCOMMANDS; i++)
		printf("  %-12s %s\n", commands[i]->name, commands[i]->summary);
	printf("\nOptions:\n");
	option_help_write(stdout, list);
	printf("\nRun 'adkev help COMMAND' or 'adkev COMMAND --help' for a command's options;\n"
	       "see adkev(1) for input forms and exit statuses.\n");
	return 0;
}

static int help_command(const struct option_list *list, int argc, char *argv[])
{
	if (argc < 2)
		return main_help(list);
	const struct command *cmd = find_command(argv[1]);
	if (!cmd) {
		warnx_msg("no help for '%s': not an adkev command", argv[1]);
		suggest_commands(argv[1]);
		return EXIT_USAGE;
	}
	return command_help(cmd);
}

/* Parses adkev's own options; -1 to go on with the command at argv[optind], else a status. */
static int main_options_parse(const struct option_list *list, int argc, char *argv[])
{
	struct option_getopt g;
	int c, status = -1;
	option_getopt_init(&g, list, "+"); /* '+' stops at the command name */
	opterr = 0;
	while (status < 0 &&
	       (c = getopt_long(argc, argv, g.short_options, g.long_options, NULL)) != -1) {
		if (c == 'h') {
			status = main_help(list);
		} else if (c == 'V') {
			printf("adkev %s\n", ADKEV_VERSION);
			status = 0;
		} else {
			status = option_report_bad(NULL, &g, c, argv);
		}
	}
	option_getopt_release(&g);
	return status;
}

static int run(const struct option_list *list, int argc, char *argv[])
{
	int status = main_options_parse(list, argc, argv);
	if (status >= 0)
		return status;
	if (optind >= argc) {
		/* As git does: the command list on standard output, and a usage status. */
		main_help(list);
		return EXIT_USAGE;
	}
	const char *name = argv[optind];
	if (strcmp(name, "help") == 0)
		return help_command(list, argc - optind, argv + optind);
	const struct command *cmd = find_command(name);
	if (!cmd) {
		warnx_msg("'%s' is not an adkev command; see 'adkev --help'", name);
		suggest_commands(name);
		return EXIT_USAGE;
	}
	return cmd->run(argc - optind, argv + optind);
}

int main(int argc, char *argv[])
{
	/*
	 * A file grown past ulimit -f is a write error like a full disk: ignored,
	 * SIGXFSZ lets write() fail with EFBIG, which gets the message and exit 74.
	 */
	signal(SIGXFSZ, SIG_IGN);
	util_reserve_std_fds();
	util_init_alloc_faults();
	output_init();
	pool_serve_jansson();
	struct option_list list;
	option_list_init(&list, main_options);
	int status = run(&list, argc, argv);
	option_list_release(&list);
	int written = output_finish();
	return written ? written : status;
}
