/*
 * ending.h - how the events of a result end, for final's warning: in a
 * server stream error (the {"error": ...} line ADK's /run_sse writes when
 * a run fails after the headers), in an event that carries an error
 * (errorCode, errorMessage: a quota error, a safety block), or inside a
 * streamed response (a partial event with no event after it: a capture
 * a client disconnect cut off).  Only the last item counts: an error an
 * invocation went on from, or a later one answered, is not the end.
 */
#ifndef ADKEV_ENDING_H
#define ADKEV_ENDING_H

#include <jansson.h>
#include <stdbool.h>

#include "item.h"

struct ending {
	/* The warning, its place first ("FILE: warning: ..."); NULL: none. */
	char *warning;
	bool seen; /* an item was taken */
	/*
	 * The items come from the last one backwards (final's read from the
	 * end of a file): only the first one taken counts.
	 */
	bool backward;
};

void ending_init(struct ending *e);
/* Takes in one event or server stream error, after those taken before (or, backward, before them).
 */
void ending_take(struct ending *e, const struct reader_item *item);
/*
 * The ending as the fold of a piece of a stream (a run in chunks,
 * --partial): null when no item was taken, false when the items end well,
 * else the warning.  Owned by the caller.
 */
json_t *ending_fold(const struct ending *e);
/* Takes in the fold of the items after e's; false when fold is not ending_fold()'s shape. */
bool ending_absorb(struct ending *e, const json_t *fold);
/* The warning (borrowed), or NULL when the items end well. */
const char *ending_warning(const struct ending *e);
void ending_release(struct ending *e);

#endif
