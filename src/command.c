/*
 * command.c - a command's option table at work: getopt_long()'s arrays,
 * the parse loop, --help, the usage line and the usage-error messages, all
 * made from the same rows (command.h).
 */
#include "command.h"
#include "util.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

const struct option_row command_help_option[] = {
    {.kind = OPTION_FLAG,
     .letter = 'h',
     .long_name = "help",
     .store = STORE_HELP,
     .help = "show this help"},
    OPTION_END_ROW,
};

/* Help lines and usage lines are wrapped to fit this many columns. */
#define LINE_WIDTH 80
/* The help lines start at most this far in; an option wider than that gets a line to itself. */
#define HELP_COLUMN_MAX 30

bool option_row_is_option(const struct option_row *row)
{
	return row->kind == OPTION_FLAG || row->kind == OPTION_VALUE ||
	       row->kind == OPTION_OPTIONAL || row->kind == OPTION_ALIAS;
}

static bool list_has(const struct option_list *list, const struct option_row *row)
{
	for (size_t i = 0; i < list->count; i++)
		if (list->rows[i].row == row)
			return true;
	return false;
}

/*
 * Adds the rows of table in a group of mask, their values offset bytes
 * into the options; noted_at is where the include above notes the first
 * option given, or -1.
 */
static void list_add(struct option_list *list, const struct option_row *table, unsigned mask,
                     size_t offset, long noted_at)
{
	for (const struct option_row *row = table; row->kind != OPTION_END; row++) {
		if (row->kind == OPTION_INCLUDE) {
			long noted = row->noted ? (long)(offset + row->noted_at) : noted_at;
			list_add(list, row->include, row->groups, offset + row->offset, noted);
			continue;
		}
		/* A table included twice gives its rows once. */
		if ((row->groups && !(row->groups & mask)) || list_has(list, row))
			continue;
		if (list->count == list->cap) {
			list->cap = list->cap ? 2 * list->cap : 32;
			list->rows = xrealloc(list->rows, list->cap * sizeof *list->rows);
		}
		list->rows[list->count++] =
		    (struct option_entry){row, offset + row->offset, noted_at};
	}
}

void option_list_init(struct option_list *list, const struct option_row *table)
{
	memset(list, 0, sizeof *list);
	list_add(list, table, ~0u, 0, -1);
}

void option_list_release(struct option_list *list)
{
	free(list->rows);
	memset(list, 0, sizeof *list);
}

const struct option_entry *option_list_find(const struct option_list *list, const char *long_name)
{
	for (size_t i = 0; i < list->count; i++) {
		const struct option_row *row = list->rows[i].row;
		if (row->kind != OPTION_ALIAS && option_row_is_option(row) && row->long_name &&
		    strcmp(row->long_name, long_name) == 0)
			return &list->rows[i];
	}
	return NULL;
}

const struct option_entry *option_list_letter(const struct option_list *list, int letter)
{
	for (size_t i = 0; i < list->count; i++) {
		const struct option_row *row = list->rows[i].row;
		if (row->kind != OPTION_ALIAS && option_row_is_option(row) && row->letter == letter)
			return &list->rows[i];
	}
	return NULL;
}

/* The row an alias stands for, or the row itself. */
static const struct option_row *alias_target(const struct option_list *list,
                                             const struct option_row *row)
{
	if (row->kind != OPTION_ALIAS)
		return row;
	const struct option_entry *target = option_list_find(list, row->alias_of);
	return target ? target->row : NULL;
}

/* An alias takes its value as the row it stands for does. */
static enum option_kind value_kind(const struct option_list *list, const struct option_row *row)
{
	row = alias_target(list, row);
	return row ? row->kind : OPTION_FLAG;
}

/* A value's name in help and usage: its arg_name, else its values ("0.3|1.0"). */
static const char *arg_name(const struct option_list *list, const struct option_row *row)
{
	row = alias_target(list, row);
	if (!row)
		return NULL;
	return row->arg_name ? row->arg_name : row->values;
}

static int short_name(const struct option_row *row)
{
	return row->kind != OPTION_ALIAS ? row->letter : 0;
}

/* What getopt_long() returns for the option at list->rows[i]: its letter, or its place. */
static int getopt_value(const struct option_list *list, size_t i)
{
	const struct option_row *row = alias_target(list, list->rows[i].row);
	if (row && row->letter)
		return row->letter;
	if (row != list->rows[i].row)
		i = (size_t)(option_list_find(list, list->rows[i].row->alias_of) - list->rows);
	return OPTION_INDEX_FIRST + (int)i;
}

const struct option_entry *option_getopt_entry(const struct option_list *list, int c)
{
	if (c >= OPTION_INDEX_FIRST && (size_t)(c - OPTION_INDEX_FIRST) < list->count)
		return &list->rows[c - OPTION_INDEX_FIRST];
	return option_list_letter(list, c);
}

void option_getopt_init(struct option_getopt *g, const struct option_list *list, const char *prefix)
{
	struct strbuf shorts = STRBUF_INIT;
	size_t nlong = 0;
	/* The leading ':' makes getopt_long() return ':' for a missing value. */
	strbuf_addstr(&shorts, prefix);
	strbuf_addch(&shorts, ':');
	g->long_options = xcalloc(list->count + 1, sizeof *g->long_options);
	for (size_t i = 0; i < list->count; i++) {
		const struct option_row *row = list->rows[i].row;
		if (!option_row_is_option(row))
			continue;
		enum option_kind kind = value_kind(list, row);
		int has_arg = kind == OPTION_VALUE      ? required_argument
		              : kind == OPTION_OPTIONAL ? optional_argument
		                                        : no_argument;
		if (short_name(row)) {
			strbuf_addch(&shorts, (char)row->letter);
			strbuf_addstr(&shorts, has_arg == required_argument   ? ":"
			                       : has_arg == optional_argument ? "::"
			                                                      : "");
		}
		if (row->long_name)
			g->long_options[nlong++] =
			    (struct option){row->long_name, has_arg, NULL, getopt_value(list, i)};
	}
	g->short_options = shorts.buf;
}

void option_getopt_release(struct option_getopt *g)
{
	free(g->short_options);
	free(g->long_options);
}

/* "--name" as typed, up to any "=value": the value may be a secret. */
static int typed_name_length(const char *arg)
{
	return (int)strcspn(arg, "=");
}

/* The names of the long options that begin with typed (len bytes), when they are not all one. */
static bool ambiguous_names(const struct option_getopt *g, const char *typed, int len,
                            struct strbuf *names)
{
	int first_id = 0;
	bool ambiguous = false;
	for (const struct option *o = g->long_options; o->name; o++) {
		if (strncmp(o->name, typed, (size_t)len) != 0)
			continue;
		strbuf_addf(names, "%s--%s", names->len ? ", " : "", o->name);
		if (first_id && o->val != first_id)
			ambiguous = true;
		first_id = o->val;
	}
	return ambiguous;
}

/*
 * After "unknown option", the long options nearest to the typed name (len
 * bytes, without its dashes), as "did you mean" names commands: those at
 * the smallest edit distance, if it is at most 2 and less than half the
 * name (a typo, not another word).
 */
static void nearest_names(const struct option_getopt *g, const char *typed, int len,
                          struct strbuf *names)
{
	char word[32];
	snprintf(word, sizeof word, "%.*s", len, typed);
	size_t best = 3;
	for (const struct option *o = g->long_options; o->name; o++) {
		size_t d = edit_distance(word, o->name);
		if (d < best && 2 * d < strlen(word))
			best = d;
	}
	for (const struct option *o = g->long_options; o->name && best < 3; o++) {
		if (edit_distance(word, o->name) == best)
			strbuf_addf(names, "%s'--%s'", names->len ? " or " : "", o->name);
	}
}

/*
 * The long option getopt_long() matched, for an error it reports with optopt
 * id: the one with that id whose name begins with typed (len bytes), as an
 * abbreviation may have been typed; NULL if there is none.
 */
static const struct option *matched_long(const struct option_getopt *g, int id, const char *typed,
                                         int len)
{
	for (const struct option *o = g->long_options; o->name; o++)
		if (o->val == id && strncmp(o->name, typed, (size_t)len) == 0)
			return o;
	return NULL;
}

/*
 * A usage error is one line, as in rg: what was wrong, then where the help
 * is, so a mistyped option does not bury the message under the usage block.
 */
static void usage_error_line(const char *who, const char *what)
{
	if (who)
		warnx_msg("%s: %s; try 'adkev %s --help'", who, what, who);
	else
		warnx_msg("%s; try 'adkev --help'", what);
}

int option_report_bad(const char *who, const struct option_getopt *g, int c, char *const argv[])
{
	const char *arg = argv[optind - 1];
	int len = typed_name_length(arg);
	bool is_long = strncmp(arg, "--", 2) == 0;
	/* The option as getopt_long() took it: its whole name, however abbreviated. */
	const struct option *found =
	    is_long && optopt ? matched_long(g, optopt, arg + 2, len - 2) : NULL;
	char letter[3] = {'-', (char)optopt, '\0'};
	struct strbuf what = STRBUF_INIT;
	if (c == ':' && found) {
		strbuf_addf(&what, "option '--%s' needs a value", found->name);
	} else if (c == ':') {
		strbuf_addf(&what, "option '%s' needs a value", letter);
	} else if (found) {
		strbuf_addf(&what, "option '--%s' takes no value", found->name);
	} else if (optopt) {
		strbuf_addf(&what, "unknown option '%s'", letter);
	} else {
		struct strbuf names = STRBUF_INIT;
		if (ambiguous_names(g, arg + 2, len - 2, &names))
			strbuf_addf(&what, "option '%.*s' is ambiguous (it could be %s)", len, arg,
			            names.buf);
		else
			strbuf_addf(&what, "unknown option '%.*s'", len, arg);
		strbuf_reset(&names);
		if (is_long)
			nearest_names(g, arg + 2, len - 2, &names);
		if (names.len)
			strbuf_addf(&what, "; did you mean %s?", names.buf);
		strbuf_release(&names);
	}
	usage_error_line(who, what.buf);
	strbuf_release(&what);
	return EXIT_USAGE;
}

/*
 * Stores arg (NULL for a flag) as e's row says, in opts.  False when the
 * value is wrong: *why is then the reason, or NULL for "invalid value".
 */
static bool store_value(const struct option_entry *e, void *opts, const char *arg, const char **why)
{
	const struct option_row *row = e->row;
	void *at = (char *)opts + e->offset;
	long n;
	*why = row->invalid;
	if (!arg && row->kind == OPTION_OPTIONAL)
		arg = row->implicit;
	switch (row->store) {
	case STORE_TRUE:
	case STORE_FALSE:
		*(bool *)at = row->store == STORE_TRUE;
		return true;
	case STORE_STRING:
		*(const char **)at = arg;
		return true;
	case STORE_UNSIGNED:
	case STORE_LONG:
		if (!parse_long(arg, row->min, &n) || (row->max && n > row->max))
			return false;
		if (row->store == STORE_UNSIGNED)
			*(unsigned *)at = (unsigned)n;
		else
			*(long *)at = n;
		return true;
	case STORE_SIZE:
		return parse_size(arg, (size_t *)at);
	case STORE_CALL:
		return !(*why = row->take(at, arg));
	case STORE_HELP:
	case STORE_NONE:
		break;
	}
	abort(); /* -h is answered by the parse itself, and a command's rows all store */
}

/* Takes one option into opts: -1 to go on, or EXIT_USAGE after reporting a bad value. */
static int take_option(const struct command *cmd, const struct option_entry *e, void *opts,
                       const char *arg)
{
	const char *why;
	if (!store_value(e, opts, arg, &why)) {
		/* The value itself is not repeated: it may be a secret word. */
		if (why)
			return command_usage_error(cmd, "%s", why);
		return command_usage_error(cmd, "invalid value for --%s", e->row->long_name);
	}
	if (e->noted_at >= 0) {
		const char **noted = (const char **)((char *)opts + e->noted_at);
		if (!*noted)
			*noted = e->row->long_name;
	}
	return -1;
}

int command_parse(const struct command *cmd, int argc, char *argv[], void *opts)
{
	struct option_list list;
	struct option_getopt g;
	int c, status = -1;
	option_list_init(&list, cmd->options);
	option_getopt_init(&g, &list, "");
	/* glibc: 0 re-initialises getopt, so options may follow operands again. */
	optind = 0;
	opterr = 0;
	while (status < 0 &&
	       (c = getopt_long(argc, argv, g.short_options, g.long_options, NULL)) != -1) {
		if (c == '?' || c == ':') {
			status = option_report_bad(cmd->name, &g, c, argv);
			continue;
		}
		const struct option_entry *e = option_getopt_entry(&list, c);
		if (e->row->store == STORE_HELP)
			status = command_help(cmd);
		else
			status = take_option(cmd, e, opts, optarg);
	}
	option_getopt_release(&g);
	option_list_release(&list);
	return status;
}

/* The left column of --help for one row: "  -j, --jobs N", "      --color[=WHEN]". */
static void help_left(struct strbuf *sb, const struct option_list *list,
                      const struct option_row *row)
{
	int letter = short_name(row);
	const char *arg = arg_name(list, row);
	enum option_kind kind = value_kind(list, row);
	if (letter && row->long_name)
		strbuf_addf(sb, "  -%c, --%s", letter, row->long_name);
	else if (letter)
		strbuf_addf(sb, "  -%c", letter);
	else
		strbuf_addf(sb, "      --%s", row->long_name);
	if (kind == OPTION_VALUE)
		strbuf_addf(sb, " %s", arg);
	else if (kind == OPTION_OPTIONAL)
		strbuf_addf(sb, row->long_name ? "[=%s]" : "[%s]", arg);
}

/* Writes text from column col on, wrapped at LINE_WIDTH; the cursor is at column at. */
static void write_wrapped(FILE *out, const char *text, size_t col, size_t at)
{
	size_t room = LINE_WIDTH > col + 20 ? LINE_WIDTH - col : 20;
	while (*text) {
		size_t len = strlen(text), cut = len;
		if (len > room) {
			cut = room;
			while (cut > 0 && text[cut] != ' ')
				cut--;
			if (cut == 0)
				cut = strcspn(text, " ");
		}
		fprintf(out, "%*s%.*s\n", (int)(col - at), "", (int)cut, text);
		text += cut;
		while (*text == ' ')
			text++;
		at = 0;
	}
}

void option_help_write(FILE *out, const struct option_list *list)
{
	struct strbuf left = STRBUF_INIT;
	size_t col = 0;
	for (size_t i = 0; i < list->count; i++) {
		if (!option_row_is_option(list->rows[i].row))
			continue;
		strbuf_reset(&left);
		help_left(&left, list, list->rows[i].row);
		if (left.len + 2 > col)
			col = left.len + 2;
	}
	if (col > HELP_COLUMN_MAX)
		col = HELP_COLUMN_MAX;
	for (size_t i = 0; i < list->count; i++) {
		const struct option_row *row = list->rows[i].row;
		if (row->kind == OPTION_HEADING) {
			fprintf(out, "\n%s\n", row->help);
			continue;
		}
		strbuf_reset(&left);
		help_left(&left, list, row);
		fputs(left.buf, out);
		size_t at = left.len;
		if (at + 2 > col) {
			fputc('\n', out);
			at = 0;
		}
		if (row->kind == OPTION_ALIAS) {
			struct strbuf same = STRBUF_INIT;
			strbuf_addf(&same, "the same as --%s", row->alias_of);
			write_wrapped(out, same.buf, col, at);
			strbuf_release(&same);
		} else {
			write_wrapped(out, row->help, col, at);
		}
	}
	strbuf_release(&left);
}

/* Flags in a usage line are sorted as in a manual page: "-aBbc", a letter's capital first. */
static int compare_flags(const void *a, const void *b)
{
	int x = *(const char *)a, y = *(const char *)b;
	int lx = tolower(x), ly = tolower(y);
	return lx != ly ? lx - ly : x - y;
}

/* The usage line's items: "[-ehpr]", then "[-j N]", then the long-only options, in order. */
static void usage_items(const struct option_list *list, struct strbuf *items, size_t *nitems)
{
	char flags[OPTION_INDEX_FIRST];
	size_t nflags = 0;
	for (size_t i = 0; i < list->count; i++)
		if (short_name(list->rows[i].row) && list->rows[i].row->kind == OPTION_FLAG)
			flags[nflags++] = (char)list->rows[i].row->letter;
	if (nflags) {
		qsort(flags, nflags, 1, compare_flags);
		strbuf_addf(&items[(*nitems)++], "[-%.*s]", (int)nflags, flags);
	}
	for (int pass = 0; pass < 2; pass++) {
		for (size_t i = 0; i < list->count; i++) {
			const struct option_row *row = list->rows[i].row;
			int letter = short_name(row);
			if (!option_row_is_option(row) || row->kind == OPTION_ALIAS ||
			    (pass == 0) != (letter != 0) || (letter && row->kind == OPTION_FLAG))
				continue;
			struct strbuf *sb = &items[(*nitems)++];
			if (letter)
				strbuf_addf(sb, "[-%c", letter);
			else
				strbuf_addf(sb, "[--%s", row->long_name);
			if (row->kind == OPTION_VALUE)
				strbuf_addf(sb, " %s]", arg_name(list, row));
			else if (row->kind == OPTION_OPTIONAL)
				strbuf_addf(sb, letter ? "[%s]]" : "[=%s]]", arg_name(list, row));
			else
				strbuf_addch(sb, ']');
		}
	}
}

void option_usage_write(FILE *out, const char *name, const struct option_list *list,
                        const char *operands)
{
	struct strbuf *items = xcalloc(list->count + 2, sizeof *items);
	size_t nitems = 0;
	usage_items(list, items, &nitems);
	if (operands && *operands)
		strbuf_addstr(&items[nitems++], operands);

	struct strbuf line = STRBUF_INIT;
	strbuf_addstr(&line, "usage: adkev");
	if (name)
		strbuf_addf(&line, " %s", name);
	size_t indent = line.len + 1, width = line.len;
	fputs(line.buf, out);
	for (size_t i = 0; i < nitems; i++) {
		if (width > indent && width + 1 + items[i].len > LINE_WIDTH) {
			fprintf(out, "\n%*s", (int)indent - 1, "");
			width = indent - 1;
		}
		fprintf(out, " %s", items[i].buf);
		width += 1 + items[i].len;
		strbuf_release(&items[i]);
	}
	fputc('\n', out);
	strbuf_release(&line);
	free(items);
}

int command_help(const struct command *cmd)
{
	struct option_list list;
	option_list_init(&list, cmd->options);
	option_usage_write(stdout, cmd->name, &list, cmd->operands);
	printf("\n%s\n\n", cmd->summary);
	option_help_write(stdout, &list);
	printf("\nSee adkev-%s(1) for details.\n", cmd->name);
	option_list_release(&list);
	return 0;
}

int command_usage_error(const struct command *cmd, const char *fmt, ...)
{
	struct strbuf what = STRBUF_INIT;
	va_list ap;
	va_start(ap, fmt);
	strbuf_vaddf(&what, fmt, ap);
	va_end(ap);
	usage_error_line(cmd->name, what.buf);
	strbuf_release(&what);
	return EXIT_USAGE;
}
