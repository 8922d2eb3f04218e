/*
 * completion_ids.c - `adkev completion --ids session|invocation -- WORD ...`:
 * the session or invocation ids of the operands already typed, which the
 * completion scripts offer as the value of --session and --invocation.
 *
 * It runs while a person waits for a Tab, so it must be quick and quiet:
 * it reads only regular files (never standard input, a pipe, a FIFO or a
 * server named by a URL, any of which could make the shell hang), stops
 * after a bounded amount of reading, says nothing on standard error and
 * always exits 0.  Only ids a shell can offer as a plain word are
 * written, so a hostile log cannot put an expansion into the shell.
 */
#include "completion.h"
#include "adk/event.h"
#include "read/reader.h"
#include "read/sessiondb.h"
#include "util.h"

#include <fcntl.h>
#include <jansson.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The most ids written, and the most events and bytes of a file read for them. */
enum { IDS_MAX = 1000, IDS_EVENTS_MAX = 100000 };
#define IDS_BYTES_MAX (64ULL << 20)

/* The ids written so far, as the keys of an object, so each is written once. */
struct ids {
	json_t *seen; /* owned */
	size_t count;
};

/* Whether id is a word a shell takes as it is: no space, quote, $ or the like. */
static bool id_is_plain(const char *id)
{
	static const char plain[] = "abcdefghijklmnopqrstuvwxyz"
	                            "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._:@+,=/-";
	if (!*id)
		return false;
	for (const char *p = id; *p; p++)
		if (!strchr(plain, *p))
			return false;
	return true;
}

static void ids_add(struct ids *ids, const char *id)
{
	if (!id || ids->count >= IDS_MAX || !id_is_plain(id) || json_object_get(ids->seen, id))
		return;
	json_object_set_new(ids->seen, id, json_true());
	ids->count++;
	printf("%s\n", id);
}

/* Whether operand is a regular file: the only operands read for ids. */
static bool is_regular(const char *operand)
{
	struct stat st;
	return strcmp(operand, "-") != 0 && stat(operand, &st) == 0 && S_ISREG(st.st_mode);
}

static void add_session(void *ctx, const struct session_info *s)
{
	ids_add(ctx, s->id);
}

static void session_ids(struct ids *ids, char *const operands[], int count)
{
	for (int i = 0; i < count && ids->count < IDS_MAX; i++)
		if (is_regular(operands[i]) && sessiondb_claims(operands[i]))
			sessiondb_list(operands[i], NULL, false, add_session, ids);
}

/* Bad input is passed over without a word: the person is completing, not reading. */
static void say_nothing(void *ctx, const struct reader_pos *pos, bool warning, const char *what)
{
	(void)ctx, (void)pos, (void)warning, (void)what;
}

static void invocation_ids(struct ids *ids, char *const operands[], int count)
{
	char **files = xcalloc((size_t)count + 1, sizeof *files);
	int nfiles = 0;
	for (int i = 0; i < count; i++)
		if (is_regular(operands[i]))
			files[nfiles++] = operands[i];
	if (nfiles > 0) {
		const struct reader_options how = {
		    .flags = READER_SKIP_INVALID,
		    .jobs = 1,
		    .max_line = 16 << 20,
		    .stop_at = IDS_BYTES_MAX,
		    .report = say_nothing,
		};
		struct adk_reads reads = {.event = ADK_MEMBER(ADK_INVOCATION_ID)};
		struct reader *r = reader_new(files, nfiles, &how);
		reader_select(r, &reads);
		struct reader_item item;
		enum reader_result res;
		for (long n = 0; n < IDS_EVENTS_MAX && ids->count < IDS_MAX &&
		                 (res = reader_next(r, &item)) != READ_END;
		     n++)
			if (res == READ_ITEM)
				ids_add(ids, event_invocation_id(item.value));
		reader_free(r);
	}
	free(files);
}

/*
 * Finds the operands among words, the words typed after "adkev" (the
 * command's name first, after adkev's own options), by the command's
 * options: the words that are no option and no option's value.  Writes
 * them to operands (as many as words) and returns how many there are.
 */
static int typed_operands(const struct completion_source *src, char *const words[], int nwords,
                          char **operands)
{
	int i = 0, n = 0;
	while (i < nwords && words[i][0] == '-')
		i++;
	const struct command *cmd = NULL;
	for (size_t c = 0; i < nwords && c < src->ncommands; c++)
		if (strcmp(src->commands[c]->name, words[i]) == 0)
			cmd = src->commands[c];
	if (!cmd)
		return 0;
	struct option_list list;
	option_list_init(&list, cmd->options);
	for (i++; i < nwords; i++) {
		const char *w = words[i];
		const struct option_entry *e = NULL;
		if (strcmp(w, "--") == 0) {
			while (++i < nwords)
				operands[n++] = words[i];
		} else if (w[0] != '-' || !w[1]) {
			operands[n++] = words[i];
		} else if (w[1] == '-') {
			e = strchr(w, '=') ? NULL : option_list_find(&list, w + 2);
		} else {
			/* A cluster (-cj 4): the first letter that takes a value takes the rest. */
			for (const char *p = w + 1; *p; p++) {
				const struct option_entry *l = option_list_letter(&list, *p);
				if (l && l->row->kind == OPTION_VALUE) {
					e = p[1] ? NULL : l;
					break;
				}
			}
		}
		if (e && e->row->kind == OPTION_VALUE)
			i++;
	}
	option_list_release(&list);
	return n;
}

int completion_ids(const char *what, char *const words[], int nwords,
                   const struct completion_source *src)
{
	/* Nothing on standard error: it would land in the middle of the command line. */
	int null = open("/dev/null", O_WRONLY);
	if (null >= 0) {
		dup2(null, STDERR_FILENO);
		close(null);
	}
	struct ids ids = {json_object(), 0};
	char **operands = xcalloc((size_t)nwords + 1, sizeof *operands);
	int count = typed_operands(src, words, nwords, operands);
	ids_add(&ids, "last");
	if (strcmp(what, "session") == 0)
		session_ids(&ids, operands, count);
	else if (strcmp(what, "invocation") == 0)
		invocation_ids(&ids, operands, count);
	free(operands);
	json_decref(ids.seen);
	return 0;
}
