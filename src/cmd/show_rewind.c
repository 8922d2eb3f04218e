/*
 * show_rewind.c - show's first read, through the rewind walk, of an input
 * it can read twice (show_rewind.h).
 */
#include "cmd/show_rewind.h"
#include "cmd/rewind_search.h"

#include "adk/event.h"
#include "adk/rewind.h"
#include "read/reader.h"
#include "read/sessiondb.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

bool show_rewind_readable(const struct run_options *o, int argc, char *argv[])
{
	if (o->follow || argc == 0)
		return false;
	for (int i = 0; i < argc; i++) {
		struct stat st;
		if (strcmp(argv[i], "-") == 0)
			return false;
		if (!sessiondb_claims(argv[i]) && (stat(argv[i], &st) != 0 || !S_ISREG(st.st_mode)))
			return false;
	}
	return true;
}

/* The spans of the first read, with the places of each span's first and last items. */
struct scan {
	struct rewind_spans spans;
	unsigned long long *first, *last; /* owned, indexed as spans.list */
	size_t cap;
};

static void scan_event(struct scan *sc, const json_t *event, unsigned long long place)
{
	bool fresh;
	size_t at = rewind_spans_add(&sc->spans, event, &fresh);
	if (at >= sc->cap) {
		sc->cap = sc->cap ? 2 * sc->cap : 64;
		sc->first = xrealloc(sc->first, sc->cap * sizeof *sc->first);
		sc->last = xrealloc(sc->last, sc->cap * sizeof *sc->last);
	}
	if (fresh)
		sc->first[at] = place;
	sc->last[at] = place;
}

/* What the walk undid, as runs of places into rw. */
static void scan_settle(struct scan *sc, struct show_rewound *rw)
{
	rewind_spans_walk(&sc->spans);
	for (size_t i = 0; i < sc->spans.count; i++) {
		if (!sc->spans.list[i].undone)
			continue;
		/* Spans come in order of their places; each run is one span, or spans next to it.
		 */
		if (rw->count && rw->runs[2 * rw->count - 1] + 1 >= sc->first[i]) {
			rw->runs[2 * rw->count - 1] = sc->last[i];
			continue;
		}
		rw->runs = xrealloc(rw->runs, 2 * (rw->count + 1) * sizeof *rw->runs);
		rw->runs[2 * rw->count] = sc->first[i];
		rw->runs[2 * rw->count + 1] = sc->last[i];
		rw->count++;
	}
}

/* Reads the operands as run_read() would for show, every event into sc's spans. */
static void scan_read(struct scan *sc, const struct run_options *o, int argc, char *argv[])
{
	struct reader_options how = {
	    .flags = o->skip_invalid ? READER_SKIP_INVALID : 0,
	    .jobs = o->jobs ? o->jobs : 1,
	    .max_line = o->max_line,
	    .sessions = &o->sessions,
	};
	/* Only what the walk reads is built: the invocation id and the rewind's target. */
	static const struct adk_reads reads = {
	    .event = ADK_MEMBER(ADK_INVOCATION_ID) | ADK_MEMBER(ADK_ACTIONS),
	    .actions = ADK_MEMBER(ADK_REWIND_BEFORE_INVOCATION_ID),
	};
	struct reader *r = reader_new(argv, argc, &how);
	reader_select(r, &reads);
	struct reader_item item;
	unsigned long long place = 0;
	/* Bad input ends this read where it ends the one that writes; it skips what that skips. */
	while (reader_next(r, &item) == READ_ITEM) {
		if (item.kind == VALUE_EVENT)
			scan_event(sc, item.value, place);
		place++;
	}
	reader_free(r);
}

void show_rewind_scan(struct show_rewound *rw, const struct run_options *o, int argc, char *argv[])
{
	show_rewound_release(rw);
	bool may = false;
	for (int i = 0; i < argc && !may; i++)
		may = rewind_operand_may_hold(argv[i]);
	if (!may)
		return;
	struct scan sc = {0};
	rewind_spans_init(&sc.spans);
	messages_mute(true);
	scan_read(&sc, o, argc, argv);
	messages_mute(false);
	if (sc.spans.rewinds)
		scan_settle(&sc, rw);
	rewind_spans_release(&sc.spans, NULL);
	free(sc.first);
	free(sc.last);
}

bool show_rewound_at(struct show_rewound *rw, unsigned long long place)
{
	while (rw->next < rw->count && rw->runs[2 * rw->next + 1] < place)
		rw->next++;
	return rw->next < rw->count && rw->runs[2 * rw->next] <= place;
}

void show_rewound_release(struct show_rewound *rw)
{
	free(rw->runs);
	*rw = (struct show_rewound){0};
}
