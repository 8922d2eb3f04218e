/*
 * main.c - adkev's entry point: global options, the command table, help
 * and version.  Everything else happens in one cmd_<name>.c per subcommand.
 */
#include "command.h"
#include "write/output.h"
#include "util.h"

#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#ifndef ADKEV_VERSION
#define ADKEV_VERSION "unknown"
#endif

/* Sorted by name; adkev --help lists them in this order. */
static const struct command *const commands[] = {
    &command_critic,    &command_final,  &command_from_a2a,   &command_partition,
    &command_reasoning, &command_show,   &command_state,      &command_stats,
    &command_timeline,  &command_to_a2a, &command_trajectory,
};
#define NCOMMANDS (sizeof commands / sizeof commands[0])

static const char main_usage[] = "usage: adkev [--version] [--help] COMMAND [ARGS]\n";

static const struct command *find_command(const char *name)
{
	for (size_t i = 0; i < NCOMMANDS; i++)
		if (strcmp(commands[i]->name, name) == 0)
			return commands[i];
	return NULL;
}

static int main_help(void)
{
	printf("%s\nA filter for Google ADK event streams: JSONL, SSE, arrays and sessions.\n\n"
	       "Commands:\n",
	       main_usage);
	for (size_t i = 0; i < NCOMMANDS; i++)
		printf("  %-12s %s\n", commands[i]->name, commands[i]->summary);
	printf("\nRun 'adkev help COMMAND' or 'adkev COMMAND --help' for a command's options;\n"
	       "see adkev(1) for input forms and exit statuses.\n");
	return 0;
}

static int help_command(int argc, char *argv[])
{
	if (argc < 2)
		return main_help();
	const struct command *cmd = find_command(argv[1]);
	if (!cmd) {
		warnx_msg("no help for '%s': not an adkev command", argv[1]);
		return EXIT_USAGE;
	}
	return command_help(cmd);
}

static int run(int argc, char *argv[])
{
	static const struct option options[] = {
	    {"help", no_argument, NULL, 'h'},
	    {"version", no_argument, NULL, 'V'},
	    {NULL, 0, NULL, 0},
	};
	int c;

	/* '+' stops at the command name; the command parses the rest itself. */
	opterr = 0;
	while ((c = getopt_long(argc, argv, "+:hV", options, NULL)) != -1) {
		switch (c) {
		case 'h':
			return main_help();
		case 'V':
			printf("adkev %s\n", ADKEV_VERSION);
			return 0;
		default:
			warnx_msg("unknown option '%s'", argv[optind - 1]);
			fputs(main_usage, stderr);
			return EXIT_USAGE;
		}
	}
	if (optind >= argc) {
		fputs(main_usage, stderr);
		return EXIT_USAGE;
	}
	const char *name = argv[optind];
	if (strcmp(name, "help") == 0)
		return help_command(argc - optind, argv + optind);
	const struct command *cmd = find_command(name);
	if (!cmd) {
		warnx_msg("'%s' is not an adkev command; see 'adkev --help'", name);
		return EXIT_USAGE;
	}
	return cmd->run(argc - optind, argv + optind);
}

int main(int argc, char *argv[])
{
	/* A closed pipe ends adkev quietly, as it ends cat, even if the parent ignored SIGPIPE. */
	signal(SIGPIPE, SIG_DFL);
	util_reserve_std_fds();
	util_init_alloc_faults();
	util_init_json_alloc();
	int status = run(argc, argv);
	int written = output_finish();
	return written ? written : status;
}
