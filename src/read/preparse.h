/*
 * preparse.h - parsing ahead on worker threads, for the reader (-j N).
 *
 * Parsing JSON is nearly all the work adkev does, so with -j N the reader
 * does not read a file itself.  A reading thread cuts the file into chunks
 * of whole lines, N worker threads parse the JSON value at the start of
 * each line (after an SSE "data:" prefix) into jansson values, and the
 * reader takes the chunks' bytes in order, as it would take them from
 * read(2).  When the reader is about to parse a value it first asks for the
 * value a worker found at the same file offset over the same bytes; when
 * there is none (a value over several lines, bad input, a second value on a
 * line, a chunk dropped early) it parses the bytes itself.  So everything the
 * reader decides - items, their order, diagnostics, positions, exit status -
 * is what a single-threaded read decides, by construction: a worker only
 * ever saves the reader a json_loadb() call it would have made on the same
 * bytes with the same flags.
 *
 * Memory stays bounded: at most a few chunks (and their parsed values) are
 * in flight; a chunk grows only to hold a single line longer than a chunk.
 * Values are created on a worker and handed to the reader's thread through
 * the chunk's mutex, so jansson's non-atomic parts never see two threads;
 * the reader gives a value it is done with back with pool_give_back(), and
 * the worker that parsed it releases it before it parses its next line.
 */
#ifndef ADKEV_PREPARSE_H
#define ADKEV_PREPARSE_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "adk/event.h"

struct input;
struct preparse;

/*
 * Starts jobs worker threads (jobs >= 1) and the reading thread; values are
 * parsed with scan_load(), whole until preparse_select() says otherwise.
 * NULL, with nothing said, when the threads or their wake-up pipe cannot be
 * made (a process short of threads or descriptors): the caller then parses
 * on its own thread, which gives the same items, diagnostics and status, as
 * -j 1 does, only slower.
 */
struct preparse *preparse_new(unsigned jobs, size_t max_line);
/* Stops and joins every thread and frees what is left; NULL is allowed. */
void preparse_free(struct preparse *p);

/*
 * Starts on a new file, an input of bytes read with in->ops->read (the
 * caller keeps in and closes it after preparse_leave() or
 * preparse_free()); its waits are given the reading thread's wake-up
 * (set_wake).  Values left over from the previous file are dropped.
 */
void preparse_start(struct preparse *p, struct input *in);
/*
 * The reader is done with the current file, perhaps before its end (it
 * gave up a line): the reading thread stops reading it, and returns once
 * it has, so the caller may close the input.  Chunks of it still queued are
 * dropped by the next preparse_start() or by preparse_free().
 */
void preparse_leave(struct preparse *p);
/*
 * Like source_read() on the file: up to cap of its next bytes, 0 at its
 * end, SOURCE_ERROR with errno set after a read error or SOURCE_DAMAGED
 * (once every byte before it was given).
 */
ssize_t preparse_read(struct preparse *p, char *buf, size_t cap);
/* Whether preparse_read() would return at once: a chunk is parsed or the file has ended. */
bool preparse_has_data(struct preparse *p);
/*
 * The value a worker parsed from the len bytes at file offset off (a line's
 * value, without the line end), or NULL: then the caller parses the bytes
 * itself.  On success *end is json_error_t.position of that parse: where the
 * value ended, and *mapped what the map function (preparse_set_map) made of
 * the value, or NULL.  The caller owns the value and *mapped.  Offsets must
 * be asked for in increasing order; values before off are dropped.
 */
json_t *preparse_take(struct preparse *p, uint64_t off, size_t len, size_t *end, void **mapped);

/*
 * Work a command can have done on the workers too: fn(value, ctx), called
 * on a worker thread right after it parsed a value, returns what the
 * command will want of it (its output, say) or NULL; preparse_take() hands
 * that out with the value, and release(result) frees a result nobody took.
 * So a value that a command turns whole into something else never has to
 * cross to the reader's thread to be read.  fn must only read value and
 * ctx.  When keep is not NULL, an event fn made a result of is cut down to
 * what *keep (copied) names, as scan_select() cuts it, and the rest is
 * released on the worker: the reader's thread then reads only that of it.
 * Called before the first preparse_start().
 */
void preparse_set_map(struct preparse *p, void *(*fn)(const json_t *value, void *ctx),
                      void (*release)(void *result), void *ctx, const struct adk_reads *keep);

/*
 * Has the workers build only what *reads (copied) names of each event, as
 * scan_load() does.  Called before the first preparse_start().
 */
void preparse_select(struct preparse *p, const struct adk_reads *reads);

/* The number of online CPUs, at least 1: the default of -j. */
unsigned preparse_default_jobs(void);

#endif
