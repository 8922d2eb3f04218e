/*
 * command.c - help and usage messages shared by every subcommand.
 */
#include "command.h"
#include "util.h"

#include <getopt.h>
#include <string.h>

int command_help(const struct command *cmd)
{
	printf("usage: adkev %s\n\n%s\n", cmd->usage, cmd->summary);
	if (cmd->options && *cmd->options)
		printf("\n%s", cmd->options);
	printf("\nSee adkev-%s(1) for details.\n", cmd->name);
	return 0;
}

int command_usage(const struct command *cmd)
{
	fprintf(stderr, "usage: adkev %s\n", cmd->usage);
	return EXIT_USAGE;
}

int command_bad_option(const struct command *cmd, int c, char *const argv[])
{
	const char *arg = argv[optind - 1];
	if (c == ':') {
		warnx_msg("%s: option '%s' needs a value", cmd->name, arg);
	} else if (optopt && strncmp(arg, "--", 2) != 0) {
		warnx_msg("%s: unknown option '-%c'", cmd->name, optopt);
	} else {
		/* getopt leaves "--name=value" whole; the value may be a secret. */
		size_t len = strcspn(arg, "=");
		warnx_msg("%s: unknown option '%.*s'", cmd->name, (int)len, arg);
	}
	return command_usage(cmd);
}
