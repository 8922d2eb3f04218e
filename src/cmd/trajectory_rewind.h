/*
 * trajectory_rewind.h - which events of trajectory's input a rewind undid
 * (adk/rewind.h), found by a first read of the input.
 *
 * trajectory pairs each call with its result and keeps them on disk as it
 * reads, so a later rewind could not take them back; where the input is
 * regular files (or a pipe, copied to one) it is read twice instead:
 * first only the invocation ids and rewinds, walked as ADK walks them,
 * which gives the positions of the undone events; then the events
 * themselves, those undone passed over, so -j chunks and --partial pieces
 * need nothing more.
 */
#ifndef ADKEV_TRAJECTORY_REWIND_H
#define ADKEV_TRAJECTORY_REWIND_H

#include "cmd/run.h"
#include "item.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * The events rewinds undid, each known by a hash of its bytes as read (an
 * event's bytes hold its own id, so two events alike are one event read
 * twice), sorted.
 */
struct rewound {
	uint64_t *hashes;
	size_t count, cap;
};

/*
 * Reads argv[0..argc) once with o's reader settings and fills rw (bad
 * input ends this read where it ends the second, which says so, once).
 * Standard input that is a pipe is first copied to a temporary file, which
 * stands in its place from then on.  rw stays empty where no first read is
 * possible: -f, an operand that is neither a regular file nor a session
 * database, or standard input that cannot be read again.  Returns 0, or
 * EXIT_IOERR when standard input could not be copied (reported; the run
 * must stop, as bytes are gone).
 */
int rewound_find(struct rewound *rw, const struct run_options *o, int argc, char *argv[]);

/* Whether item is an event a rewind undid. */
bool rewound_has(const struct rewound *rw, const struct reader_item *item);

void rewound_release(struct rewound *rw);

#endif
