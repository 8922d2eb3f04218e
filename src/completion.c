/*
 * completion.c - the bash, zsh and fish completion scripts, written from
 * the option tables.
 *
 * Each script is a fixed part (how the shell finds the command word, the
 * value after "=", the operands) around the lists only the tables know:
 * the command names with their summaries, and each command's options with
 * what their values complete to.  Aliases (--colour) are accepted but not
 * offered, so one option is offered once.
 */
#include "completion.h"
#include "util.h"

#include <string.h>

const char completion_shells[] = "bash|zsh|fish";

/* What an option's value, or an operand, completes to, as both scripts spell it. */
static void write_what(FILE *out, enum option_complete complete, const char *values, char sep)
{
	switch (complete) {
	case COMPLETE_NOTHING:
		fputs("@none", out);
		break;
	case COMPLETE_FILE:
		fputs("@file", out);
		break;
	case COMPLETE_DIR:
		fputs("@dir", out);
		break;
	case COMPLETE_VALUES:
		for (const char *v = values; *v; v++)
			fputc(*v == '|' ? sep : *v, out);
		break;
	case COMPLETE_SESSION:
		fputs("@session", out);
		break;
	case COMPLETE_INVOCATION:
		fputs("@invocation", out);
		break;
	}
}

/* "session" or "invocation": what `adkev completion --ids` lists for complete. */
static const char *ids_of(enum option_complete complete)
{
	return complete == COMPLETE_SESSION ? "session" : "invocation";
}

/* Calls each(out, row, list) for every option of table a shell offers. */
static void each_option(FILE *out, const struct option_row *table,
                        void (*each)(FILE *out, const struct option_row *row,
                                     const struct option_list *list))
{
	struct option_list list;
	option_list_init(&list, table);
	for (size_t i = 0; i < list.count; i++)
		if (option_row_is_option(list.rows[i].row) &&
		    list.rows[i].row->kind != OPTION_ALIAS)
			each(out, list.rows[i].row, &list);
	option_list_release(&list);
}

static int row_letter(const struct option_row *row)
{
	return row->letter;
}

/* bash */

static const char bash_head[] =
    "# bash completion for adkev(1)                             -*- shell-script -*-\n"
    "#\n"
    "# Written by `adkev completion bash` from adkev's option tables: write it\n"
    "# again rather than edit it.  Option values: a fixed list completes to its\n"
    "# words, a file or directory to file or directory names, other values (NAME,\n"
    "# ID, N) to nothing, but for --session and --invocation, whose ids adkev\n"
    "# reads from the operands on the line.  Operands complete to file\n"
    "# names, or to a command's fixed list.\n"
    "\n";

static const char bash_tail[] =
    "# Writes \"last\" and the $1 ids (session or invocation) of the operands on\n"
    "# the line, as adkev finds them in a bounded read of each; the word being\n"
    "# completed stands in as \"\", so it is never taken for an operand.\n"
    "_adkev_ids()\n"
    "{\n"
    "\tlocal i w join= words=()\n"
    "\tfor ((i = 1; i < ${#COMP_WORDS[@]}; i++)); do\n"
    "\t\tw=${COMP_WORDS[i]}\n"
    "\t\t((i == COMP_CWORD)) && w=\n"
    "\t\t# bash split \"--user=u\" into \"--user\", \"=\", \"u\": adkev sees one word.\n"
    "\t\tif [[ $w == = ]] && ((${#words[@]})); then\n"
    "\t\t\twords[${#words[@]} - 1]+==\n"
    "\t\t\tjoin=1\n"
    "\t\t\tcontinue\n"
    "\t\tfi\n"
    "\t\t# The word as the shell passes it: quotes and backslashes gone, ~/ at home.\n"
    "\t\tcase $w in\n"
    "\t\t\\'*\\' | \\\"*\\\") w=${w:1:${#w}-2} ;;\n"
    "\t\t*) w=${w//\\\\/} ;;\n"
    "\t\tesac\n"
    "\t\t[[ $w == \\~/* ]] && w=$HOME/${w#\\~/}\n"
    "\t\tif [[ -n $join ]]; then\n"
    "\t\t\twords[${#words[@]} - 1]+=$w\n"
    "\t\t\tjoin=\n"
    "\t\telse\n"
    "\t\t\twords+=(\"$w\")\n"
    "\t\tfi\n"
    "\tdone\n"
    "\tcommand adkev completion --ids \"$1\" -- \"${words[@]}\" 2>/dev/null </dev/null\n"
    "}\n"
    "\n"
    "# Fills COMPREPLY with the values that $1 describes and that begin with $2.\n"
    "_adkev_values()\n"
    "{\n"
    "\tcase $1 in\n"
    "\t@file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- \"$2\")) ;;\n"
    "\t@dir) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- \"$2\")) ;;\n"
    "\t@none) COMPREPLY=() ;;\n"
    "\t@session | @invocation)\n"
    "\t\t# Not compgen -W, which would expand a $ in an id.\n"
    "\t\tlocal id\n"
    "\t\twhile IFS= read -r id; do\n"
    "\t\t\t[[ $id == \"$2\"* ]] && COMPREPLY+=(\"$id\")\n"
    "\t\tdone < <(_adkev_ids \"${1#@}\")\n"
    "\t\t;;\n"
    "\t*) COMPREPLY=($(compgen -W \"$1\" -- \"$2\")) ;;\n"
    "\tesac\n"
    "}\n"
    "\n"
    "# What option $2 of the spec $1 takes: \"flag\", \"value WHAT\" or \"optional WHAT\".\n"
    "_adkev_takes()\n"
    "{\n"
    "\tprintf '%s\\n' \"$1\" | awk -v o=\"$2\" '$1 == o { $1 = \"\"; print substr($0, 2) }'\n"
    "}\n"
    "\n"
    "_adkev()\n"
    "{\n"
    "\tlocal cur=${COMP_WORDS[COMP_CWORD]} prev= cmd= i spec takes\n"
    "\t((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}\n"
    "\tCOMPREPLY=()\n"
    "\n"
    "\tfor ((i = 1; i < COMP_CWORD; i++)); do\n"
    "\t\tcase ${COMP_WORDS[i]} in\n"
    "\t\t-*) ;;\n"
    "\t\t*)\n"
    "\t\t\tcmd=${COMP_WORDS[i]}\n"
    "\t\t\tbreak\n"
    "\t\t\t;;\n"
    "\t\tesac\n"
    "\tdone\n"
    "\tif [[ -z $cmd ]]; then\n"
    "\t\tif [[ $cur == -* ]]; then\n"
    "\t\t\tCOMPREPLY=($(compgen -W \"$(_adkev_options '' | awk '{ print $1 }')\" -- \"$cur\"))\n"
    "\t\telse\n"
    "\t\t\tCOMPREPLY=($(compgen -W \"$_adkev_commands help\" -- \"$cur\"))\n"
    "\t\tfi\n"
    "\t\treturn 0\n"
    "\tfi\n"
    "\tif [[ $cmd == help ]]; then\n"
    "\t\t((i == COMP_CWORD - 1)) && COMPREPLY=($(compgen -W \"$_adkev_commands\" -- \"$cur\"))\n"
    "\t\treturn 0\n"
    "\tfi\n"
    "\n"
    "\tspec=$(_adkev_options \"$cmd\")\n"
    "\t# \"--color=al\": bash splits it into \"--color\", \"=\", \"al\" (or \"=al\" when\n"
    "\t# = is not a word break); the value is completed after the option's =.\n"
    "\tlocal opt= val=$cur\n"
    "\tif [[ $cur == --*=* ]]; then\n"
    "\t\topt=${cur%%=*}\n"
    "\t\tval=${cur#*=}\n"
    "\telif [[ $cur == = || $cur == =* ]] && ((COMP_CWORD > 1)); then\n"
    "\t\topt=$prev\n"
    "\t\tval=${cur#=}\n"
    "\telif [[ $prev == = ]] && ((COMP_CWORD > 2)); then\n"
    "\t\topt=${COMP_WORDS[COMP_CWORD - 2]}\n"
    "\tfi\n"
    "\tif [[ -n $opt ]]; then\n"
    "\t\ttakes=$(_adkev_takes \"$spec\" \"$opt\")\n"
    "\t\t[[ $takes == flag || -z $takes ]] || _adkev_values \"${takes#* }\" \"$val\"\n"
    "\t\tif [[ $cur == --*=* ]]; then\n"
    "\t\t\tCOMPREPLY=(\"${COMPREPLY[@]/#/$opt=}\")\n"
    "\t\tfi\n"
    "\t\treturn 0\n"
    "\tfi\n"
    "\t# The value of an option that takes one in the next word.\n"
    "\ttakes=$(_adkev_takes \"$spec\" \"$prev\")\n"
    "\tif [[ $takes == value\\ * ]]; then\n"
    "\t\t_adkev_values \"${takes#value }\" \"$cur\"\n"
    "\t\treturn 0\n"
    "\tfi\n"
    "\tif [[ $cur == -* ]]; then\n"
    "\t\tCOMPREPLY=($(compgen -W \"$(printf '%s\\n' \"$spec\" | awk '{ print $1 }')\" -- "
    "\"$cur\"))\n"
    "\t\treturn 0\n"
    "\tfi\n"
    "\t_adkev_values \"$(_adkev_operands \"$cmd\")\" \"$cur\"\n"
    "\treturn 0\n"
    "}\n"
    "\n"
    "complete -F _adkev adkev\n";

/* One option as the lines "NAME flag" or "NAME value|optional WHAT", for each name. */
static void bash_option(FILE *out, const struct option_row *row, const struct option_list *list)
{
	int letter = row_letter(row);
	(void)list;
	for (int form = 0; form < 2; form++) {
		if (form == 0 ? !letter : !row->long_name)
			continue;
		fputs("\t\t\t'", out);
		if (form == 0)
			fprintf(out, "-%c", letter);
		else
			fprintf(out, "--%s", row->long_name);
		if (row->kind == OPTION_FLAG) {
			fputs(" flag", out);
		} else {
			/* A short option's optional value can only be joined to it: never offered.
			 */
			fputs(row->kind == OPTION_VALUE ? " value " : " optional ", out);
			write_what(out, row->complete, row->values, ' ');
		}
		fputs("' \\\n", out);
	}
}

static void bash_options(FILE *out, const char *name, const struct option_row *table)
{
	fprintf(out, "\t'%s')\n\t\tprintf '%%s\\n' \\\n", name);
	each_option(out, table, bash_option);
	fputs("\t\t;;\n", out);
}

static void write_bash(FILE *out, const struct completion_source *src)
{
	fputs(bash_head, out);
	fputs("# The command names.\n_adkev_commands='", out);
	for (size_t i = 0; i < src->ncommands; i++)
		fprintf(out, "%s%s", i ? " " : "", src->commands[i]->name);
	fputs("'\n\n", out);

	fputs("# The options of command $1 ('' for adkev's own), one per line: \"NAME flag\",\n"
	      "# \"NAME value WHAT\" (a value in the next word or after \"=\") or \"NAME\n"
	      "# optional WHAT\" (a value only after \"=\"); WHAT is @file, @dir, @none (nothing\n"
	      "# to offer) or the words the value may be.\n"
	      "_adkev_options()\n{\n\tcase $1 in\n",
	      out);
	bash_options(out, "", src->main_options);
	for (size_t i = 0; i < src->ncommands; i++)
		bash_options(out, src->commands[i]->name, src->commands[i]->options);
	fputs("\tesac\n}\n\n", out);

	fputs("# What the operands of command $1 complete to, as WHAT above.\n"
	      "_adkev_operands()\n{\n\tcase $1 in\n",
	      out);
	for (size_t i = 0; i < src->ncommands; i++) {
		const struct command *cmd = src->commands[i];
		if (!cmd->operand_values)
			continue;
		fprintf(out, "\t%s) echo '", cmd->name);
		write_what(out, COMPLETE_VALUES, cmd->operand_values, ' ');
		fputs("' ;;\n", out);
	}
	fputs("\t*) echo @file ;;\n\tesac\n}\n\n", out);
	fputs(bash_tail, out);
}

/* zsh */

static const char zsh_head[] =
    "#compdef adkev\n"
    "#\n"
    "# zsh completion for adkev(1).  Written by `adkev completion zsh` from\n"
    "# adkev's option tables: write it again rather than edit it.  Option values:\n"
    "# a fixed list completes to its words, a file or directory to file or\n"
    "# directory names, other values (NAME, ID, N) to nothing, but for --session\n"
    "# and --invocation, whose ids adkev reads from the operands on the line.\n"
    "# Operands complete to files, or to a command's fixed list.\n"
    "\n"
    "# Offers \"last\" and the ids of what its last argument names (session or\n"
    "# invocation) in the operands on the line, as adkev finds them in a bounded\n"
    "# read of each; the word being completed stands in as \"\", so it is never\n"
    "# taken for an operand.  The arguments before are _arguments' for compadd.\n"
    "_adkev_ids() {\n"
    "\tlocal -a ids\n"
    "\tids=(${(f)\"$(command adkev completion --ids $argv[-1] -- ${(Q)words[1,CURRENT-1]} '' \\\n"
    "\t\t${(Q)words[CURRENT+1,-1]} 2>/dev/null </dev/null)\"})\n"
    "\tcompadd \"${(@)argv[1,-2]}\" -a ids\n"
    "}\n"
    "\n";

/* Writes s inside a single-quoted zsh word, a bracket (which would end a description) as a
 * parenthesis. */
static void zsh_quoted(FILE *out, const char *s)
{
	for (; *s; s++) {
		if (*s == '\'')
			fputs("'\\''", out);
		else if (*s == '[' || *s == ']')
			fputc(*s == '[' ? '(' : ')', out);
		else
			fputc(*s, out);
	}
}

static void zsh_action(FILE *out, enum option_complete complete, const char *values)
{
	if (complete == COMPLETE_FILE)
		fputs("_files", out);
	else if (complete == COMPLETE_DIR)
		fputs("_files -/", out);
	else if (complete == COMPLETE_VALUES) {
		fputc('(', out);
		write_what(out, complete, values, ' ');
		fputc(')', out);
	} else if (complete == COMPLETE_SESSION || complete == COMPLETE_INVOCATION)
		fprintf(out, "_adkev_ids %s", ids_of(complete));
	else
		fputc(' ', out);
}

/* One _arguments spec per name: "-j+[help]:N: ", "--color=-[help]::WHEN:(auto ...)". */
static void zsh_option(FILE *out, const struct option_row *row, const struct option_list *list)
{
	int letter = row_letter(row);
	const char *arg = row->arg_name ? row->arg_name : row->values;
	(void)list;
	for (int form = 0; form < 2; form++) {
		if (form == 0 ? !letter : !row->long_name)
			continue;
		fputs(" \\\n\t\t\t\t'", out);
		if (form == 0)
			fprintf(out, "-%c", letter);
		else
			fprintf(out, "--%s", row->long_name);
		if (row->kind == OPTION_VALUE)
			fputs(form == 0 ? "+" : "=", out);
		else if (row->kind == OPTION_OPTIONAL)
			fputs(form == 0 ? "" : "=-", out);
		fputc('[', out);
		zsh_quoted(out, row->help);
		fputc(']', out);
		if (row->kind != OPTION_FLAG) {
			fputs(row->kind == OPTION_OPTIONAL ? "::" : ":", out);
			zsh_quoted(out, arg);
			fputc(':', out);
			zsh_action(out, row->complete, row->values);
		}
		fputc('\'', out);
	}
}

/* adkev's own options end the line: nothing follows --help or --version. */
static void zsh_main_option(FILE *out, const struct option_row *row, const struct option_list *list)
{
	int letter = row_letter(row);
	(void)list;
	fputs(" \\\n\t\t'(- :)", out);
	if (letter && row->long_name)
		fprintf(out, "'{-%c,--%s}'", letter, row->long_name);
	else if (letter)
		fprintf(out, "-%c", letter);
	else
		fprintf(out, "--%s", row->long_name);
	fputc('[', out);
	zsh_quoted(out, row->help);
	fputs("]'", out);
}

static void zsh_commands(FILE *out, const struct completion_source *src)
{
	fputs("# Offers the command names, with their summaries.\n"
	      "_adkev_commands() {\n\tlocal -a cmds\n\tcmds=(\n",
	      out);
	for (size_t i = 0; i < src->ncommands; i++) {
		fputs("\t\t'", out);
		zsh_quoted(out, src->commands[i]->name);
		fputc(':', out);
		zsh_quoted(out, src->commands[i]->summary);
		fputs("'\n", out);
	}
	fputs("\t\t'help:print a command'\\''s usage and options'\n\t)\n"
	      "\t_describe -t commands 'adkev command' cmds\n}\n\n",
	      out);
}

static void zsh_command(FILE *out, const struct command *cmd)
{
	fprintf(out, "\t\t%s)\n\t\t\t_arguments -S", cmd->name);
	each_option(out, cmd->options, zsh_option);
	if (cmd->operand_values) {
		fputs(" \\\n\t\t\t\t'1:operand:", out);
		zsh_action(out, COMPLETE_VALUES, cmd->operand_values);
		fputc('\'', out);
	} else {
		fputs(" \\\n\t\t\t\t'*:file:_files'", out);
	}
	fputs(" && ret=0\n\t\t\t;;\n", out);
}

static void write_zsh(FILE *out, const struct completion_source *src)
{
	fputs(zsh_head, out);
	zsh_commands(out, src);
	fputs("_adkev() {\n"
	      "\tlocal curcontext=$curcontext state line ret=1\n"
	      "\ttypeset -A opt_args\n"
	      "\n"
	      "\t_arguments -C",
	      out);
	each_option(out, src->main_options, zsh_main_option);
	fputs(" \\\n\t\t'1:command:->command' \\\n"
	      "\t\t'*::argument:->argument' && ret=0\n"
	      "\n"
	      "\tcase $state in\n"
	      "\tcommand)\n"
	      "\t\t_adkev_commands && ret=0\n"
	      "\t\t;;\n"
	      "\targument)\n"
	      "\t\tcurcontext=${curcontext%:*:*}:adkev-$words[1]:\n"
	      "\t\tcase $words[1] in\n"
	      "\t\thelp)\n"
	      "\t\t\t(( CURRENT == 2 )) && _adkev_commands && ret=0\n"
	      "\t\t\t;;\n",
	      out);
	for (size_t i = 0; i < src->ncommands; i++)
		zsh_command(out, src->commands[i]);
	fputs("\t\tesac\n"
	      "\t\t;;\n"
	      "\tesac\n"
	      "\treturn ret\n"
	      "}\n"
	      "\n"
	      "_adkev \"$@\"\n",
	      out);
}

/* fish */

static const char fish_head[] =
    "# fish completion for adkev, written by `adkev completion fish` from adkev's\n"
    "# option tables: write it again rather than edit it.  Option values: a fixed\n"
    "# list completes to its words, a file or directory to file or directory names,\n"
    "# other values (NAME, ID, N) to nothing, but for --session and --invocation,\n"
    "# whose ids adkev reads from the operands typed before them.  Operands complete\n"
    "# to file names, or to a command's fixed list.\n"
    "\n"
    "complete -c adkev -f\n"
    "\n"
    "# Writes \"last\" and the $what ids (session or invocation) of the operands\n"
    "# before the cursor, as adkev finds them in a bounded read of each.\n"
    "function __adkev_ids --argument-names what\n"
    "\tset -l words (commandline -opc)\n"
    "\tcommand adkev completion --ids $what -- $words[2..-1] 2>/dev/null </dev/null\n"
    "end\n";

/* s in fish's single quotes: only ' and \\ are escaped. */
static void fish_quoted(FILE *out, const char *s)
{
	fputc('\'', out);
	for (; *s; s++) {
		if (*s == '\'' || *s == '\\')
			fputc('\\', out);
		fputc(*s, out);
	}
	fputc('\'', out);
}

/* The condition under which a line applies: no command yet, or command name. */
static void fish_condition(FILE *out, const char *name)
{
	if (name)
		fprintf(out, "complete -c adkev -n '__fish_seen_subcommand_from %s'", name);
	else
		fputs("complete -c adkev -n __fish_use_subcommand", out);
}

/* How an option's value completes: -r -F a file, -x and a list, -x alone nothing. */
static void fish_value(FILE *out, const struct option_row *row)
{
	if (row->kind == OPTION_FLAG)
		return;
	if (row->complete == COMPLETE_FILE) {
		fputs(" -r -F", out);
	} else if (row->complete == COMPLETE_DIR) {
		fputs(" -x -a '(__fish_complete_directories)'", out);
	} else if (row->complete == COMPLETE_VALUES) {
		fputs(" -x -a '", out);
		write_what(out, COMPLETE_VALUES, row->values, ' ');
		fputc('\'', out);
	} else if (row->complete == COMPLETE_SESSION || row->complete == COMPLETE_INVOCATION) {
		fprintf(out, " -x -a '(__adkev_ids %s)'", ids_of(row->complete));
	} else {
		fputs(" -x", out);
	}
}

static const char *fish_current; /* the command whose options are written, NULL: adkev's */

static void fish_option(FILE *out, const struct option_row *row, const struct option_list *list)
{
	int letter = row_letter(row);
	(void)list;
	fish_condition(out, fish_current);
	if (letter)
		fprintf(out, " -s %c", letter);
	if (row->long_name)
		fprintf(out, " -l %s", row->long_name);
	fish_value(out, row);
	fputs(" -d ", out);
	fish_quoted(out, row->help);
	fputc('\n', out);
}

static void write_fish(FILE *out, const struct completion_source *src)
{
	fputs(fish_head, out);
	fputs("\n# adkev's own options and the commands.\n", out);
	fish_current = NULL;
	each_option(out, src->main_options, fish_option);
	for (size_t i = 0; i < src->ncommands; i++) {
		fish_condition(out, NULL);
		fprintf(out, " -a %s -d ", src->commands[i]->name);
		fish_quoted(out, src->commands[i]->summary);
		fputc('\n', out);
	}
	fish_condition(out, NULL);
	fputs(" -a help -d 'print a command\\'s usage and options'\n", out);
	fish_condition(out, "help");
	fputs(" -a '", out);
	for (size_t i = 0; i < src->ncommands; i++)
		fprintf(out, "%s%s", i ? " " : "", src->commands[i]->name);
	fputs("'\n", out);
	for (size_t i = 0; i < src->ncommands; i++) {
		const struct command *cmd = src->commands[i];
		fprintf(out, "\n# %s\n", cmd->name);
		fish_current = cmd->name;
		each_option(out, cmd->options, fish_option);
		fish_condition(out, cmd->name);
		if (cmd->operand_values) {
			fputs(" -a '", out);
			write_what(out, COMPLETE_VALUES, cmd->operand_values, ' ');
			fputs("'\n", out);
		} else {
			fputs(" -F\n", out);
		}
	}
	fish_current = NULL;
}

/* The shells, in the order of completion_shells. */
static const struct {
	const char *name;
	void (*write)(FILE *out, const struct completion_source *src);
} shells[] = {
    {"bash", write_bash},
    {"zsh", write_zsh},
    {"fish", write_fish},
};

bool completion_write(FILE *out, const char *shell, const struct completion_source *src)
{
	for (size_t i = 0; i < sizeof shells / sizeof shells[0]; i++) {
		if (strcmp(shells[i].name, shell) == 0) {
			shells[i].write(out, src);
			return true;
		}
	}
	return false;
}
