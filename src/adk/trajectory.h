/*
 * trajectory.h - what an agent did: its tool calls with their results, its
 * state deltas, its token usage, its answer and its error (events.md 3.3,
 * gepa's extract_trajectory).  Shared by `adkev trajectory` and
 * `adkev partition --trajectories`; the token-usage rule is shared with
 * `adkev stats`.
 */
#ifndef ADKEV_TRAJECTORY_H
#define ADKEV_TRAJECTORY_H

#include <getopt.h>
#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "cmd/extract.h"
#include "read/reader.h"
#include "adk/redact.h"
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

/* Option values of the trajectory options, above any subcommand's own ones. */
enum {
	OPT_TRAJECTORY_NO_REDACT = OPT_COMMAND + 20,
	OPT_TRAJECTORY_REDACT_KEY,
	OPT_TRAJECTORY_REDACT_EXACT,
	OPT_TRAJECTORY_MAX_STRING,
	OPT_TRAJECTORY_NO_TRUNCATE,
	OPT_TRAJECTORY_NO_TOOL_CALLS,
	OPT_TRAJECTORY_NO_STATE_DELTAS,
	OPT_TRAJECTORY_NO_TOKEN_USAGE,
};

/*
 * Takes one trajectory option getopt_long() returned (--no-redact,
 * --redact-key WORD, --redact-exact, --max-string N, --no-truncate,
 * --no-tool-calls, --no-state-deltas, --no-token-usage); returns false if
 * opt is not one of them.  *bad is set when the value is invalid (a
 * --max-string that is not a whole number >= 0, a --redact-key word that is
 * empty once '_', '-' and '.' are removed); the caller reports it.  arg is
 * kept, not copied.
 */
bool trajectory_option(struct trajectory_config *c, int opt, const char *arg, bool *bad);

/*
 * A trajectory being built; c must outlive it.  It is held in memory, by
 * reference to the events' pieces, for trajectory_json(), unless
 * trajectory_spool() is called before the first event.
 */
struct trajectory *trajectory_new(const struct trajectory_config *c);
/*
 * Makes t a spooled trajectory, written once by trajectory_write() in the
 * style pretty (-p) or compact.  Each tool call's arguments and result and
 * each state delta is redacted, cut and printed as soon as it is known, and
 * the text goes to unlinked temporary files in $TMPDIR (else /tmp), made at
 * the first such piece, with where each call's text and latest result are.
 * The tables of tool call ids and of token usage per author and
 * invocation are kept in memory up to 4096 entries, then in files too, so
 * memory stays the same however many and however large the values are.
 * Called after trajectory_new() and before the first trajectory_add().
 */
void trajectory_spool(struct trajectory *t, bool pretty);
/*
 * Takes in one event, or a server stream error (item->kind VALUE_STREAM_ERROR).
 * A spooled trajectory uses what trajectory_prepare() made of the event
 * (item->mapped) instead of making it again.
 */
void trajectory_add(struct trajectory *t, const struct reader_item *item);

/*
 * With -j: what a spooled trajectory writes for each value an event brings
 * (its state delta, each tool call's arguments, each tool result),
 * redacted, cut and printed by the worker thread that parsed the event
 * (reader_set_map), so the reader's thread only copies the text.  A prep
 * holds what that takes: the configuration, the style and the redactor,
 * read by every worker at once and never changed while reading.
 */
struct trajectory_prep {
	const struct trajectory_config *config;
	bool pretty;
	struct redactor redactor;
	const struct redactor *rp; /* &redactor, or NULL without redaction */
};
void trajectory_prep_init(struct trajectory_prep *p, const struct trajectory_config *c,
                          bool pretty);
void trajectory_prep_release(struct trajectory_prep *p);
/* The map function: an event's prepared texts (NULL when it brings none), for trajectory_add(). */
void *trajectory_prepare(const json_t *value, struct trajectory_prep *p);
void trajectory_prepared_free(void *prepared);
/*
 * The trajectory so far, owned by the caller:
 * {"tool_calls","state_deltas","token_usage","final_output","error"}.
 * A spooled trajectory is read back from its text to make it (and is then
 * held whole); NULL when its temporary file failed (reported).
 */
json_t *trajectory_json(struct trajectory *t);
/*
 * Writes a spooled trajectory as one value with w, whose flags must have
 * the pretty of trajectory_spool(): the bytes jw_value() writes for the
 * value trajectory_json() would return.  Writing stops when w's sink
 * fails.  Returns 0, or, having reported it, EXIT_OSERR when a temporary
 * file could not be made or EXIT_IOERR when writing to one failed (then
 * nothing is written), or reading one back did (then the output stops
 * there, the value unfinished).
 */
int trajectory_write(struct trajectory *t, struct json_writer *w);
void trajectory_free(struct trajectory *t);

/*
 * For the unit tests: with on, every tool call id hashes alike, so each
 * lookup goes through the comparison of ids read back from the file.
 */
void trajectory_test_equal_hashes(bool on);

/*
 * Token usage summed once per model call.  Partial events are skipped, and
 * so is an event whose usage object equals that of the previous non-partial
 * usage-bearing event of the same author and invocation (streaming repeats
 * a call's cumulative usage on several events).  A missing count adds 0.
 */
struct usage_seen;

struct usage_total {
	long long input, output, total, thoughts, cached;
	bool any, has_thoughts, has_cached;
	/*
	 * Open addressing: the hash of each author and invocation, with the
	 * hash of the last usage object seen for it (see trajectory.c).
	 */
	struct usage_seen *last;
	size_t nlast, cap;
	struct strbuf scratch;
	/* Past spill_after entries (0: never) the table moves to a temporary file. */
	size_t spill_after;
	int fd;        /* the table's file, or -1 */
	size_t fd_cap; /* its slots */
	int *status;   /* where a failure of the file is recorded */
};

void usage_total_init(struct usage_total *u);
/*
 * Keeps at most after authors and invocations in memory: past that the
 * table lives in an unlinked temporary file in $TMPDIR (else /tmp), read
 * and written 16 bytes at a time.  A failure of the file is reported once
 * and recorded in *status (EXIT_OSERR or EXIT_IOERR) unless *status is set
 * already; the counts are then no longer right.
 */
void usage_total_spill(struct usage_total *u, size_t after, int *status);
/* Takes in one event (borrowed; nothing of it is kept). */
void usage_total_add(struct usage_total *u, const json_t *event);
/*
 * {"input_tokens","output_tokens","total_tokens"[,"thoughts_tokens"][,"cached_tokens"]},
 * or JSON null when no counted event had usage; owned by the caller.
 */
json_t *usage_total_json(const struct usage_total *u);
void usage_total_release(struct usage_total *u);

#endif
