/*
 * show_rewind.h - which events adkev show marks as undone by a later
 * rewind (adk/rewind.h).
 *
 * show writes each event as it reads it, so at an event it cannot know
 * whether a rewind further on undoes it.  Where the input can be read
 * twice (every operand a regular file or a session database, no -f), show
 * first reads the same operands, as the same reader would, through ADK's
 * rewind walk, and keeps the places of the undone events among the items
 * read; the read that writes then asks at each item.  An input that cannot
 * hold a rewind is not read twice: a plain file is first searched for the
 * member's two spellings as bytes, which costs little beside reading it as
 * JSON.
 */
#ifndef ADKEV_SHOW_REWIND_H
#define ADKEV_SHOW_REWIND_H

#include <stdbool.h>
#include <stddef.h>

#include "cmd/run.h"

/* The undone events of one read, as runs of places among its items (0 the first item). */
struct show_rewound {
	unsigned long long *runs; /* owned: pairs first, last, ascending, not overlapping */
	size_t count;             /* pairs */
	size_t next;              /* the first pair show_rewound_at() has not passed */
};

/*
 * Whether the operands can be read twice: at least one, each a session
 * database or a regular file (not "-", a pipe or a directory), and no -f.
 */
bool show_rewind_readable(const struct run_options *o, int argc, char *argv[]);
/*
 * Fills rw (released first) with the events of argv[0..argc) that a later
 * rewind undoes, read with o's reader settings as run_read() reads them,
 * saying nothing: the read that writes says what is wrong with the input.
 * The walk is over every event read, whatever --author and --invocation
 * leave out, as ADK walks the session.
 */
void show_rewind_scan(struct show_rewound *rw, const struct run_options *o, int argc, char *argv[]);
/*
 * Whether the item at place (0 the first item of the read; asked in
 * ascending order) is an event a later rewind undid.
 */
bool show_rewound_at(struct show_rewound *rw, unsigned long long place);
void show_rewound_release(struct show_rewound *rw);

#endif
