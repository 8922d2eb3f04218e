/*
 * extract.h - the run every extracting subcommand shares (events.md section 4):
 * the common options, --author and --invocation filters, --per-invocation
 * grouping, printing the result and the exit status; the reader loop under
 * it is drive.h's.
 *
 * A subcommand supplies an extractor: a state it builds fresh for the whole
 * stream (or for each invocation), fed one event at a time, and asked for
 * its result at the end.
 */
#ifndef ADKEV_EXTRACT_H
#define ADKEV_EXTRACT_H

#include <getopt.h>
#include <jansson.h>
#include <stdbool.h>

#include "command.h"
#include "write/output.h"
#include "read/reader.h"

struct extract_options {
	struct output_style style;
	bool exit_status;
	bool skip_invalid;
	bool per_invocation;
	bool per_file; /* one result (or --per-invocation's lines) per operand, tagged */
	bool progress;
	const char *author;
	const char *invocation;
	bool invocation_last; /* --invocation last: the last invocation's events only */
	bool streams;         /* set by a command that writes as it reads: refuses the above */
	unsigned jobs;        /* -j: threads parsing input, 0 for one per online CPU */
	bool full_scan;       /* read forward even where a backward read would do (final) */
	/* With --per-file, the name of the operand being read: set by extract_run(). */
	const char *file;
};

/*
 * The ids of the shared long-only options (the others are their short
 * letters).  A subcommand's own long-only options start at OPT_COMMAND;
 * the trajectory options (adk/trajectory.h) at OPT_COMMAND + 20.
 */
enum {
	OPT_SKIP_INVALID = OPTION_ID_FIRST,
	OPT_AUTHOR,
	OPT_INVOCATION,
	OPT_PER_INVOCATION,
	OPT_PROGRESS,
	OPT_UNBUFFERED,
	OPT_MAX_LINE,
	OPT_PER_FILE,
	OPT_FOLLOW,
	OPT_COMMAND = 300
};

/*
 * The options every extracting subcommand takes, in groups so that a
 * command that takes only some of them includes those:
 * OPTION_INCLUDE_ROW(extract_option_table, EXTRACT_PRETTY | EXTRACT_JOBS).
 * -h, --help comes with every group.
 */
enum extract_option_group {
	EXTRACT_RESULT = 1 << 0,  /* -r, -e, --per-invocation, --per-file */
	EXTRACT_PRETTY = 1 << 1,  /* -p */
	EXTRACT_FILTERS = 1 << 2, /* --author NAME, --invocation ID */
	EXTRACT_INPUT = 1 << 3,   /* --skip-invalid, --progress, --unbuffered */
	EXTRACT_JOBS = 1 << 4,    /* -j N */
	EXTRACT_FOLLOW = 1 << 5,  /* -f, --follow */
	EXTRACT_ALL = (1 << 6) - 1
};
extern const struct option_row extract_option_table[];

/* Parses the value of -j/--jobs, a whole number from 1 to EXTRACT_MAX_JOBS. */
bool extract_parse_jobs(const char *arg, unsigned *jobs);
#define EXTRACT_MAX_JOBS 1024
#define EXTRACT_LAST_ERROR                                                                         \
	"--invocation last needs the whole run, and this command writes as it reads; "             \
	"final, reasoning, trajectory, state, critic and stats take it"
#define EXTRACT_MAX_LINE_ERROR                                                                     \
	"invalid value for --max-line: a size in bytes is needed, with K, M or G after it for "    \
	"KiB, MiB or GiB"
/* Reads --max-line's value (1 or more bytes, K/M/G for KiB, MiB, GiB) into *bytes. */
bool extract_parse_size(const char *arg, size_t *bytes);
#define EXTRACT_JOBS_ERROR "invalid value for --jobs: a whole number from 1 to 1024 is needed"

/*
 * Takes one option of extract_option_table into *o and returns true, or
 * returns false when id is not one of them.  *why is set (else left alone)
 * when the value is wrong: a usage error, as an option_take_fn says it.
 */
bool extract_option(struct extract_options *o, int id, const char *arg, const char **why);

struct extractor {
	const char *name; /* the result's key in --per-invocation and --per-file lines */
	/* What add() reads of each event (struct drive's reads); NULL: all of it. */
	const struct adk_reads *reads;
	/* A fresh state for the whole stream or one invocation; config is the command's own. */
	void *(*start)(const void *config);
	/* One event, or a server stream error (item->kind VALUE_STREAM_ERROR). */
	void (*add)(void *state, const struct reader_item *item);
	void (*release)(void *state);
	/*
	 * The result, as one of these two (finish() where both are given,
	 * unless begin() was called).  finish() returns it as a value, owned by
	 * the caller, or NULL after reporting why there is none; it may raise
	 * *status (0 on entry) to EXIT_FALSE or EXIT_DATAERR.  write() writes
	 * it itself as one value with out, so that a result that grows with
	 * the input is never held whole, and returns whether it counts as
	 * empty for -e (what result_is_empty() says of it); the driver puts it
	 * in its --per-invocation line and ends the line, unless write() set
	 * *status to the failure (reported) that left the value unfinished.
	 * After a write error (output_failed()) writes are dropped and the run
	 * goes on.
	 */
	json_t *(*finish)(void *state, int *status);
	bool (*write)(void *state, struct json_writer *out, int *status);
	/*
	 * Optional, with write(): for one result (no --per-invocation, not a
	 * --progress line drawn on the terminal that is standard output too),
	 * called once after start() and before the first add() with the writer
	 * of standard output in the output style (-r, -p); from then on add()
	 * may write the result's leading bytes to it (final --concat,
	 * reasoning: each text piece as its event is read), and write() ends
	 * the result, also after bad input ended the read.  Without begin(),
	 * add() writes nothing.
	 */
	void (*begin)(void *state, struct json_writer *out);
	/*
	 * Optional (NULL: results are JSON): writes a result itself, as text,
	 * and returns true, or returns false to have it written as JSON.  file
	 * is the operand's name with --per-file, id the invocation id with
	 * --per-invocation; each is NULL without its option.
	 */
	bool (*print)(const void *config, const char *file, const json_t *id, const json_t *result);
	/*
	 * Optional (NULL: every event counts): for a result that only the last
	 * events decide, like final's answer.  Then on regular JSONL or SSE
	 * files add() may be fed the events from the last one backwards, and
	 * the files are read no further once this says the events fed so far
	 * decide the result, whatever came before them.  add() must leave the
	 * state as it found it for every event before that point, so a
	 * backward read that reaches the start gives the forward result.  Not
	 * used for an extractor with begin().
	 */
	bool (*settled)(const void *state);
	/*
	 * Optional: work the -j workers do on each value they parse (struct
	 * drive's map), with the command's config as ctx; add() finds the
	 * result in item->mapped, or NULL where it must do the work itself.
	 * Used for one result (no --per-invocation), read forward.
	 */
	void *(*map)(const json_t *value, void *config);
	void (*map_release)(void *result);
	/* What add() still reads of an event whose map result it has (struct drive's map_keeps). */
	const struct adk_reads *map_keeps;
};

/*
 * Parses a subcommand's options with its table (cmd->options): the shared
 * ones into *o, the others through own_option (called only with the ids of
 * the command's own rows; it returns false for an id it does not know).
 * Returns -1 when the run should go on with the operands at argv[optind..],
 * else the exit status to return at once (0 after --help, EXIT_USAGE).
 */
int extract_parse_options(const struct command *cmd, int argc, char *argv[],
                          struct extract_options *o,
                          bool (*own_option)(void *config, int c, const char *arg), void *config);

/*
 * Whether an item passes --author and --invocation (a stream error passes
 * only when neither is given).  drive() asks it of every item; the backward
 * read asks it too.
 */
bool extract_passes_filters(const struct extract_options *o, const struct reader_item *item);

/*
 * The groups --per-invocation splits a stream into: one state per invocation
 * id, in order of first appearance; events without an id share one group
 * whose id is JSON null; a stream error joins the invocation in progress.
 * Without --per-invocation there is one group, made at once.  Shared by
 * extract_run() and partition, which writes its groups itself.
 */
struct invocation_group {
	json_t *id; /* the invocation id as a JSON string, or JSON null; owned */
	void *state;
};

struct invocation_groups {
	struct invocation_group *list;
	size_t count, cap;
	json_t *index;    /* invocation id -> position in list */
	long without_id;  /* the group of events without an id, or -1 */
	long in_progress; /* the group of the last item, or -1 */
	long last_id;     /* the group of the last event with an invocation id, or -1 */
	bool per_invocation;
	void *(*start)(const void *config);
	const void *config;
};

void invocation_groups_init(struct invocation_groups *g, bool per_invocation,
                            void *(*start)(const void *config), const void *config);
/* The state item belongs to, started when its group is new; borrowed. */
void *invocation_groups_state(struct invocation_groups *g, const struct reader_item *item);
/* Releases every state with release, and the groups themselves. */
void invocation_groups_release(struct invocation_groups *g, void (*release)(void *state));

/*
 * Runs x over the operands argv[0..argc) and returns the exit status.  With
 * --per-file each operand is read alone, as if it were the only one, and
 * its results are tagged with its name.
 */
int extract_run(const struct extractor *x, const void *config, const struct extract_options *o,
                int argc, char *argv[]);

/*
 * Combines two exit statuses: a write error outranks bad input, which
 * outranks an unopenable file, which outranks a false assertion.
 */
int exit_status_worst(int a, int b);

/* Whether a result counts as empty for -e: null, false, "", [] or {}. */
bool result_is_empty(const json_t *result);

#endif
