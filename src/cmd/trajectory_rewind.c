/*
 * trajectory_rewind.c - the first read of trajectory's input: which events
 * rewinds undid (trajectory_rewind.h).
 *
 * Only each event's invocation id and rewind target are built.  Each span
 * of events (adk/rewind.h) keeps its events' hashes; the walk at the end
 * says which spans count, and the others' hashes are the events the second
 * read passes over, wherever it meets them (in a -j chunk, whose lines
 * are numbered only once it is merged, or in a --partial piece).  The first read says nothing of
 * bad input (its stderr goes nowhere): the second read says it, once.
 */
#include "cmd/trajectory_rewind.h"
#include "cmd/rewind_search.h"
#include "adk/event.h"
#include "adk/rewind.h"
#include "adk/store.h"
#include "read/sessiondb.h"
#include "read/source.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const struct adk_reads rewind_reads = {
    .event = ADK_MEMBER(ADK_INVOCATION_ID) | ADK_MEMBER(ADK_ACTIONS),
    .actions = ADK_MEMBER(ADK_REWIND_BEFORE_INVOCATION_ID),
};

static uint64_t item_hash(const struct reader_item *item)
{
	return store_hash(item->raw, item->raw_len);
}

static int hash_cmp(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

bool rewound_has(const struct rewound *rw, const struct reader_item *item)
{
	if (rw->count == 0 || item->kind != VALUE_EVENT || !item->raw)
		return false;
	uint64_t h = item_hash(item);
	return bsearch(&h, rw->hashes, rw->count, sizeof h, hash_cmp) != NULL;
}

/* A span's events' hashes. */
struct span_hashes {
	uint64_t *list;
	size_t count, cap;
};

static void hashes_add(uint64_t **list, size_t *count, size_t *cap, uint64_t h)
{
	if (*count == *cap) {
		*cap = *cap ? 2 * *cap : 8;
		*list = xrealloc(*list, *cap * sizeof **list);
	}
	(*list)[(*count)++] = h;
}

struct find {
	struct rewound *rw;
	struct rewind_spans spans;
	bool unknown; /* an event came without its bytes: it cannot be known again */
};

static int find_item(void *ctx, struct reader *r, const struct reader_item *item)
{
	struct find *f = ctx;
	(void)r;
	if (item->kind != VALUE_EVENT)
		return 0;
	f->unknown |= !item->raw;
	bool fresh;
	size_t at = rewind_spans_add(&f->spans, item->value, &fresh);
	struct span_hashes *span = f->spans.list[at].data;
	if (fresh)
		f->spans.list[at].data = span = xcalloc(1, sizeof *span);
	hashes_add(&span->list, &span->count, &span->cap, item_hash(item));
	return 0;
}

/* The hashes of the spans the walk leaves out, sorted. */
static void find_hashes(struct find *f)
{
	struct rewound *rw = f->rw;
	rewind_spans_walk(&f->spans);
	for (size_t i = 0; i < f->spans.count; i++) {
		const struct span_hashes *span = f->spans.list[i].data;
		if (f->spans.list[i].live)
			continue;
		for (size_t j = 0; j < span->count; j++)
			hashes_add(&rw->hashes, &rw->count, &rw->cap, span->list[j]);
	}
	qsort(rw->hashes, rw->count, sizeof *rw->hashes, hash_cmp);
}

/* Whether an operand reads standard input: there are none, or one is "-". */
static bool reads_stdin(int argc, char *argv[])
{
	bool in = argc == 0;
	for (int i = 0; i < argc; i++)
		in |= strcmp(argv[i], "-") == 0;
	return in;
}

/*
 * Whether each operand can be read twice: a session database (a file or a
 * URL), or a regular file (standard input for none or "-").
 */
static bool all_rereadable(int argc, char *argv[])
{
	struct stat st;
	for (int i = 0; i < argc; i++)
		if (strcmp(argv[i], "-") != 0 && !sessiondb_claims(argv[i]) &&
		    (stat(argv[i], &st) != 0 || !S_ISREG(st.st_mode)))
			return false;
	return !reads_stdin(argc, argv) || (fstat(STDIN_FILENO, &st) == 0 && S_ISREG(st.st_mode));
}

/*
 * Standard input, read by an operand and neither a regular file nor a
 * terminal, is copied to a temporary file, which then stands in its place:
 * trajectory writes nothing before the end, so a pipe loses no time by
 * being read to its end first, and a rewind in it is followed as in a
 * file.  Without a temporary file, or when it cannot be read at all, it is
 * read once, as with -f (that read says why).  Returns 0, or EXIT_IOERR
 * when the copy failed (reported).
 */
static int spool_stdin(int argc, char *argv[])
{
	struct stat st;
	if (!reads_stdin(argc, argv) || fstat(STDIN_FILENO, &st) != 0 || S_ISREG(st.st_mode) ||
	    isatty(STDIN_FILENO))
		return 0;
	int status = source_spool(STDIN_FILENO, STDIN_NAME);
	return status < 0 ? 0 : status;
}

/* Whether an operand (standard input, from start, for none or "-") may hold a rewind. */
static bool operands_may_rewind(int argc, char *argv[], off_t start)
{
	if (argc == 0)
		return rewind_bytes_may_hold(STDIN_FILENO, start);
	for (int i = 0; i < argc; i++)
		if (strcmp(argv[i], "-") == 0 ? rewind_bytes_may_hold(STDIN_FILENO, start)
		                              : rewind_operand_may_hold(argv[i]))
			return true;
	return false;
}

/* Runs the first read with its messages muted (the second says them); its exit status. */
static int find_read(struct find *f, const struct run_options *o, int argc, char *argv[])
{
	struct run_options quiet = *o;
	quiet.progress = false;
	struct run_end end = {0};
	struct run_plan plan = {.reads = &rewind_reads, .own_filters = true, .item = find_item,
	                        .ctx = f, .end = &end};
	messages_mute(true);
	int status = run_read(&plan, &quiet, argc, argv);
	run_end_report(&quiet, &end);
	messages_mute(false);
	return status;
}

static void free_span(void *data)
{
	struct span_hashes *span = data;
	free(span->list);
	free(span);
}

int rewound_find(struct rewound *rw, const struct run_options *o, int argc, char *argv[])
{
	memset(rw, 0, sizeof *rw);
	if (o->follow)
		return 0;
	int status = spool_stdin(argc, argv);
	if (status || !all_rereadable(argc, argv))
		return status;
	bool in = reads_stdin(argc, argv);
	off_t start = in ? lseek(STDIN_FILENO, 0, SEEK_CUR) : 0;
	if (start < 0 || !operands_may_rewind(argc, argv, start))
		return 0;
	struct find f = {.rw = rw};
	rewind_spans_init(&f.spans);
	status = find_read(&f, o, argc, argv);
	/* Bad input ends the second read where it ended this one: what came before counts. */
	if (status >= 0 && !f.unknown && f.spans.rewinds > 0)
		find_hashes(&f);
	rewind_spans_release(&f.spans, free_span);
	if ((in && lseek(STDIN_FILENO, start, SEEK_SET) != start) || status < 0)
		rewound_release(rw);
	return 0;
}

void rewound_release(struct rewound *rw)
{
	free(rw->hashes);
	memset(rw, 0, sizeof *rw);
}
