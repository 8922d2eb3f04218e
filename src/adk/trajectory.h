/*
 * trajectory.h - what an agent did: its tool calls with their results, its
 * state deltas, its token usage, its answer and its error (events.md 3.3,
 * gepa's extract_trajectory).  Shared by `adkev trajectory` and
 * `adkev partition --trajectories`; token usage is usage.h's.
 */
#ifndef ADKEV_TRAJECTORY_H
#define ADKEV_TRAJECTORY_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "adk/redact.h"
#include "item.h"
#include "util.h"
#include "write/json.h"

struct trajectory_config {
	bool tool_calls, state_deltas, token_usage; /* gepa's include_* switches */
	bool redact;
	bool redact_exact;
	const char **redact_words; /* --redact-key words, borrowed from argv */
	size_t nredact_words;
	long max_string; /* -1: no truncation */
};

/* gepa's defaults: everything included, redaction on, strings cut at 10000. */
void trajectory_config_init(struct trajectory_config *c);
void trajectory_config_release(struct trajectory_config *c);

/*
 * Adds a --redact-key word (kept, not copied); false when nothing is left
 * of it once '_', '-' and '.' are removed, as it would hide every key.
 */
bool trajectory_config_add_redact_word(struct trajectory_config *c, const char *word);

/*
 * How a trajectory's tool values and state deltas are turned into text:
 * the configuration, the style (pretty or compact) and the redactor.  The
 * -j workers read one prep at once and never change it.
 */
struct trajectory_prep {
	const struct trajectory_config *config;
	bool pretty;
	int level; /* the nesting level the result stands at in the output (0: alone) */
	struct redactor redactor;
	const struct redactor *rp; /* &redactor, or NULL without redaction */
};
void trajectory_prep_init(struct trajectory_prep *p, const struct trajectory_config *c,
                          bool pretty);
void trajectory_prep_release(struct trajectory_prep *p);

/*
 * What one event brings to a trajectory, found by the one walk over its
 * parts and actions: its tool calls, tool responses and state delta, in
 * order, each value already redacted, cut and printed.  Made by
 * trajectory_prepare(), on the -j worker that parsed the event or by
 * trajectory_add() itself, and consumed by trajectory_add().
 */
struct trajectory_event;
/*
 * The map function of the -j workers: value's prepared pieces under p,
 * owned by the caller (free with trajectory_prepared_free()), or NULL when
 * it brings none.  Only reads value and p.
 */
void *trajectory_prepare(const json_t *value, struct trajectory_prep *p);
void trajectory_prepared_free(void *prepared);
/*
 * What trajectory_add() reads of an event trajectory_prepare() has made a
 * result of: the final output's members, the error, the token usage and
 * who made it when.  A -j worker hands over no more of it (struct item_map's
 * keeps, cmd/run.h).
 */
extern const struct adk_reads trajectory_keeps;

/*
 * A trajectory being built; c must outlive it.  Its values are kept as
 * compact text, in memory, unless trajectory_layout() and
 * trajectory_spill() say otherwise before the first event.
 */
struct trajectory *trajectory_new(const struct trajectory_config *c);
/*
 * Lays the values' text out for trajectory_write(), which splices it in as
 * it is: pretty (else compact) for a result standing at nesting level level
 * of what is written (0 alone, 1 in a --per-invocation line).
 */
void trajectory_layout(struct trajectory *t, bool pretty, int level);
/*
 * For the one result of adkev trajectory: past in_memory bytes each of its
 * stores (the tool calls with their results, the state deltas, the tables
 * of tool call ids and of token usage) moves to an unlinked temporary file
 * in $TMPDIR (else /tmp), so memory stays the same however many and
 * however large the values are.
 */
void trajectory_spill(struct trajectory *t, size_t in_memory);
/* The in_memory adkev trajectory gives trajectory_spill(); adkev-trajectory(1) says why. */
#define TRAJECTORY_IN_MEMORY (64 * 1024)
/*
 * Takes in one event, or a server stream error (item->kind VALUE_STREAM_ERROR),
 * using item->mapped (from trajectory_prepare() under the same prep) when a
 * worker made it.
 */
void trajectory_add(struct trajectory *t, const struct reader_item *item);
/*
 * Takes in only the token usage of an event a rewind undid: its model call
 * was made and its tokens spent, as adkev stats and to-otlp count them.
 */
void trajectory_add_spent(struct trajectory *t, const struct reader_item *item);
/*
 * The trajectory so far as a value, owned by the caller:
 * {"tool_calls","state_deltas","token_usage","final_output","error"},
 * read back from the text trajectory_write() writes; NULL when a temporary
 * file failed (reported).  The commands write with trajectory_write(),
 * which parses nothing back; this is for the unit tests, which look into
 * the value.
 */
json_t *trajectory_json(struct trajectory *t);
/*
 * Writes the trajectory as one value with w, which must be in the
 * trajectory's layout: the bytes jw_value() writes for the value
 * trajectory_json() returns (the caller ends the line).  Writing stops
 * once w has failed.  Returns 0, or, having
 * reported it, EXIT_OSERR when a temporary file could not be made or
 * EXIT_IOERR when writing to one failed (then nothing is written), or
 * reading one back did (then the output stops there, the value unfinished).
 */
int trajectory_write(struct trajectory *t, struct json_writer *w);
void trajectory_free(struct trajectory *t);

/*
 * Partial results (--partial, --merge; cmd/merge.h).  trajectory_journal(),
 * before the first event, makes t a piece's: the pieces its events bring
 * are journaled unpaired, laid out compact, for trajectory_records(), and
 * its usage keeps what a merge needs; such a t is not written.
 */
void trajectory_journal(struct trajectory *t);
/*
 * {"token_usage": usage_total_partial(), "final_output": string or null,
 * "error": string or null}: what stays small, owned by the caller.
 */
json_t *trajectory_fold(struct trajectory *t);
/*
 * Folds in fold, a trajectory_fold() of the events after t's, as if t had
 * read them; false when fold is not of that shape.
 */
bool trajectory_absorb(struct trajectory *t, const json_t *fold);
/*
 * Hands take() each journaled piece as a record, in order, until it
 * returns false: {"call": {"id", "name", "author", "timestamp"[,
 * "arguments"]}}, {"response": {"id", "name"[, "result"]}} or {"delta":
 * object}, borrowed for the call.  Returns 0, or as trajectory_write()
 * does when a temporary file failed (reported).
 */
int trajectory_records(struct trajectory *t, bool (*take)(void *ctx, const json_t *record),
                       void *ctx);
/*
 * Folds in one record of the events after t's: a call is kept, a response
 * pairs with the calls before it as one run pairs them, a delta is kept;
 * the values are written as they are.  False when record is not a record.
 */
bool trajectory_absorb_record(struct trajectory *t, const json_t *record);

/*
 * A run in chunks in one process (cmd/extract.h): trajectory_journal_laid_out(),
 * before the first event, makes t a chunk's, which journals its pieces
 * as trajectory_journal() does, but laid out already for a result written
 * with trajectory_layout(pretty, level), and kept as they are, not as
 * JSON (its usage too: usage_total_keep_firsts()).  trajectory_replay()
 * folds in from, such a chunk's trajectory of the events after t's, in t's
 * layout, as if t had read them: its fold, and
 * its pieces paired as one run pairs them, never parsed again.  It returns
 * t's status, which takes from's failure of a temporary file (reported).
 */
void trajectory_journal_laid_out(struct trajectory *t, bool pretty, int level);
int trajectory_replay(struct trajectory *t, struct trajectory *from);

/*
 * For the unit tests: with on, every tool call id hashes alike, so each
 * lookup goes through the comparison of ids read back from the store.
 */
void trajectory_test_equal_hashes(bool on);

#endif
