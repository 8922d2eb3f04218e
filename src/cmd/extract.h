/*
 * extract.h - the run of the subcommands that extract a result from a
 * stream (events.md section 4): --per-invocation and --per-file results,
 * --invocation last, the backward read, printing each result and -e.  It
 * runs on the run layer (cmd/run.h), which knows nothing of it.
 *
 * A subcommand supplies an extractor, of one of two kinds, so that the
 * hooks that go together are one type:
 * - a result extractor (start, add, finish, release): a state fed one
 *   event at a time, asked for its result as a value at the end;
 * - a streaming extractor (begin, add, end, release): a state that writes
 *   its result itself, as the events are read or from what it kept at
 *   end().
 */
#ifndef ADKEV_EXTRACT_H
#define ADKEV_EXTRACT_H

#include <jansson.h>
#include <stdbool.h>

#include "cmd/merge.h"
#include "cmd/run.h"

/*
 * Whose result print() is given: file is the operand's name with --per-file
 * and --per-session, session the session read with --per-session, id the
 * invocation id with --per-invocation; each is NULL without its option.
 * All are borrowed for the call.
 */
struct result_tag {
	const char *file;
	const struct session_info *session;
	const json_t *id;
};

struct result_extractor {
	const char *name; /* the result's key in --per-invocation and --per-file lines */
	/* What add() reads of each event (struct run_plan's reads); NULL: all of it. */
	const struct adk_reads *reads;
	/*
	 * Reader flags for the items add() takes besides events (reader.h):
	 * READER_SESSION_STATES, a session's stored state as a VALUE_SESSION item.
	 */
	unsigned reader_flags;
	/*
	 * A fresh state for the whole stream or one invocation; config is the
	 * command's own, file the operand's name with --per-file (NULL without),
	 * for a message that has no event to point at.
	 */
	void *(*start)(const void *config, const char *file);
	/* One event, or a server stream error (item->kind VALUE_STREAM_ERROR). */
	void (*add)(void *state, const struct reader_item *item);
	/*
	 * The result, owned by the caller, or NULL after reporting why there is
	 * none; may raise *status (0 on entry) to EXIT_FALSE or EXIT_DATAERR.
	 */
	json_t *(*finish)(void *state, int *status);
	void (*release)(void *state);
	/*
	 * Optional (NULL: results are JSON): writes a result itself, as text,
	 * and returns true, or returns false to have it written as JSON.  tag
	 * says whose result it is (struct result_tag).
	 */
	bool (*print)(const void *config, const struct result_tag *tag, const json_t *result);
	/*
	 * Optional (NULL: every event counts): for a result that only the last
	 * events decide, like final's answer.  Then on regular JSONL or SSE
	 * files add() may be fed the events from the last one backwards, and
	 * the files are read no further once this says the events fed so far
	 * decide the result, whatever came before them.  add() must leave the
	 * state as it found it for every event before that point, so a
	 * backward read that reaches the start gives the forward result.
	 */
	bool (*settled)(const void *state);
	/*
	 * Optional, with settled: called on a fresh state before add() is fed
	 * events from the last one backwards, for a state that keeps something
	 * of the last item (final's warning of a run that ended in an error).
	 */
	void (*backward)(void *state);
	/* Optional: what makes and merges partial results (--partial, --merge; merge.h). */
	const struct fold_hooks *partial;
	/*
	 * Optional: a run in chunks (cmd/run.h) in one process, with no fold
	 * built as JSON.  A chunk's state is start()'s while the run reads in
	 * chunks (run_in_chunks()), fed by add(); join() folds one into the
	 * run's state, whose events came before the chunk's, as if it had read
	 * them, and leaves it for release().
	 */
	void (*join)(void *state, void *chunk);
};

struct streaming_extractor {
	const char *name; /* as a result extractor's */
	const struct adk_reads *reads;
	/*
	 * A fresh state whose result goes to out, the writer of standard output
	 * in the output style (-r, -p): add() may write its leading bytes
	 * (final --concat, reasoning: each text piece as its event is read).
	 */
	void *(*begin)(const void *config, struct json_writer *out);
	void (*add)(void *state, const struct reader_item *item);
	/*
	 * Ends the result as one value, with out (begin()'s), also after bad input ended the read,
	 * and returns whether it counts as empty for -e (result_is_empty()).
	 * The run puts it in its --per-invocation line and ends the line, unless
	 * end() set *status to the failure (reported) that left the value
	 * unfinished.  After a write error (output_failed()) writes are dropped
	 * and the run goes on.
	 */
	bool (*end)(void *state, struct json_writer *out, int *status);
	void (*release)(void *state);
	/* Optional: the -j workers' work on each event, with the command's config. */
	const struct item_map *map;
	/*
	 * Optional, with whole's fold(): folds in a fold() of whole's of the
	 * events after the state's, writing what it adds as add() would have,
	 * so that a run in chunks (cmd/run.h) writes each chunk's output as it
	 * merges it.  False when fold is not of that shape.
	 */
	bool (*absorb)(void *state, const json_t *fold);
	/*
	 * The same results built whole, for a run whose results cannot be
	 * written as they are read: several of them (--per-invocation,
	 * --per-file, --invocation last), or one under a --progress line on the
	 * terminal the result goes to.  NULL: add() writes nothing, end() all,
	 * so this extractor serves every run (trajectory).
	 */
	const struct result_extractor *whole;
	/* Optional, as a result extractor's; a merged state's result is what end() writes. */
	const struct fold_hooks *partial;
	/*
	 * Optional, both or neither, for an extractor without whole, which
	 * writes nothing before end() (trajectory): a run in chunks (cmd/run.h)
	 * in one process.  chunk_begin() makes a chunk's state, which add() feeds
	 * and release() frees; join() folds one into the run's state, whose
	 * events came before the chunk's, as if it had read them.  A failure
	 * join() meets is the state's, for end() to return.
	 */
	void *(*chunk_begin)(const void *config);
	void (*join)(void *state, void *chunk);
};

/* Runs x over the operands argv[0..argc) with the options o; returns the exit status. */
int extract_results(const struct result_extractor *x, const void *config,
                    const struct run_options *o, int argc, char *argv[]);
/* The same with a streaming extractor. */
int extract_stream(const struct streaming_extractor *x, const void *config,
                   const struct run_options *o, int argc, char *argv[]);

/* Whether a result counts as empty for -e: null, false, "", [] or {}. */
bool result_is_empty(const json_t *result);

#endif
