/*
 * completion.h - shell completion scripts written from the commands' option
 * tables (`adkev completion bash|zsh`), so a new command or option is
 * completed as soon as its table row exists.
 *
 * A shell is one row of completion.c's table and one function that writes
 * its script; another shell (fish) is another row.
 */
#ifndef ADKEV_COMPLETION_H
#define ADKEV_COMPLETION_H

#include "command.h"

#include <stdio.h>

/* What a completion script is written from: adkev's own options and its commands. */
struct completion_source {
	const struct option_row *main_options;
	const struct command *const *commands; /* sorted by name */
	size_t ncommands;
};

/* The shells there are scripts for, "bash|zsh", for usage and completion. */
extern const char completion_shells[];

/* Writes the script for shell to out; false (nothing written) when there is none for it. */
bool completion_write(FILE *out, const char *shell, const struct completion_source *src);

/*
 * adkev completion --ids WHAT -- WORD ...: writes "last" and the ids of
 * what ("session" or "invocation") found in the operands among words (the
 * words on the line after "adkev", the one being completed as ""), one a
 * line, as many as a bounded read finds.  Quiet on standard error; returns 0.
 */
int completion_ids(const char *what, char *const words[], int nwords,
                   const struct completion_source *src);

#endif
