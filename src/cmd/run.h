/*
 * run.h - what every subcommand's run shares: the options every command
 * reads its input with, the --author and --invocation filters, the exit
 * status, and the one reader loop.
 *
 * A command says what it does with each item (struct run_plan), and
 * run_read() does the rest the same way for all of them: it opens the
 * operands with the reader settings of the options, lets the -j workers do
 * the command's per-value work, draws the --progress line, passes each item
 * through the filters, stops at bad input (exit 65, the output so far
 * kept), and ends with the summary of skipped values and the worst exit
 * status.  Extraction (cmd/extract.h) and every streaming command build on
 * this; nothing here knows of them.
 */
#ifndef ADKEV_RUN_H
#define ADKEV_RUN_H

#include <jansson.h>
#include <stdbool.h>

#include "command.h"
#include "read/chunks.h"
#include "read/input.h"
#include "read/reader.h"
#include "write/output.h"

/* The options a command reads its input and writes its output with. */
struct run_options {
	struct output_style style; /* -r, -p */
	bool unbuffered;           /* --unbuffered: flush after every result */
	bool exit_status;          /* -e */
	bool skip_invalid;         /* --skip-invalid */
	bool per_invocation;       /* one result per invocation */
	bool per_file;    /* one result (or --per-invocation's lines) per operand, tagged */
	bool per_session; /* one result per session of a session database, tagged */
	struct session_choice sessions; /* --session, --app, --user */
	bool progress;                  /* --progress */
	bool follow;                    /* -f: the last file is read as it grows */
	size_t max_line;                /* --max-line, 0 for the reader's default */
	unsigned jobs;                  /* -j: threads reading input, 0 for the default (run_read()) */
	const char *author;             /* --author NAME */
	const char *invocation;         /* --invocation ID (or a prefix of it), unless "last" */
	bool invocation_last;           /* --invocation last: the last invocation's events only */
	bool streams;   /* set by a command that writes as it reads: refuses "last" */
	bool full_scan; /* read forward even where a backward read would do (final) */
	bool partial;   /* --partial: write the mergeable partial result (cmd/extract.h) */
	bool merge;     /* --merge: read partial results and write the final one */
};

/* Why a command that writes as it reads refuses --invocation last. */
extern const char run_last_refused[];

/*
 * The shared options, in groups so that a command that takes only some of
 * them includes those, with their values in its struct run_options:
 * OPTION_INCLUDE_ROW(run_option_table, RUN_PRETTY | RUN_JOBS, struct x, run).
 * -h, --help comes with every group.
 */
enum run_option_group {
	RUN_RESULT = 1 << 0,   /* -r, -e, --per-invocation, --per-file, --per-session */
	RUN_PRETTY = 1 << 1,   /* -p */
	RUN_FILTERS = 1 << 2,  /* --author NAME, --invocation ID */
	RUN_INPUT = 1 << 3,    /* --skip-invalid, --progress, --unbuffered, --max-line */
	RUN_JOBS = 1 << 4,     /* -j N */
	RUN_FOLLOW = 1 << 5,   /* -f, --follow */
	RUN_SESSIONS = 1 << 6, /* --session ID|last, --app NAME, --user ID */
	RUN_COMPACT = 1 << 7,  /* -c, --compact-output */
	RUN_ALL = (1 << 8) - 1,
	/* --partial, --merge: for an extractor with partial results (cmd/extract.h) */
	RUN_MERGE = 1 << 9,
};
extern const struct option_row run_option_table[];

/*
 * --color[=WHEN] and its alias --colour, for a command that colours its
 * output: WHEN (auto, always or never; always when no value is given) as a
 * const char * at the member the include names:
 * OPTION_INCLUDE_ROW(run_color_table, 0, struct x, color_when).
 */
extern const struct option_row run_color_table[];
/* Whether WHEN colours standard output: always, or auto on a terminal that wants colour. */
bool run_color_on(const char *when);

/*
 * Work the -j workers do on each value they parse (reader_set_map): fn
 * with the plan's map_ctx, its result freed by release; the command's
 * item() finds it in item->mapped.  keeps: what item() still reads of an
 * event a worker mapped, beside the author and invocation id the filters
 * read; only that crosses to the reader's thread (NULL: the whole event).
 */
struct item_map {
	void *(*fn)(const json_t *value, void *ctx);
	void (*release)(void *result);
	const struct adk_reads *keeps;
};

/*
 * What --author and --invocation matched, over every run of a command (all
 * the files of --per-file), for the messages at its end.  --invocation ID
 * takes an id equal to ID, or else the one id that begins with ID, as git
 * takes a unique prefix of an object name: the first such id read is
 * taken, and a second one makes ID ambiguous.
 */
struct run_match {
	unsigned long author;     /* events written by --author */
	unsigned long invocation; /* events of --invocation */
	char *taken;              /* the id --invocation ID was taken for, owned */
	bool exact;               /* an id equal to ID was read: it is the one */
	bool ambiguous;           /* two ids begin with ID: no event passes from then on */
	char *candidates[8];      /* the first ids that begin with ID, as read, owned */
	json_t *seen;             /* every id that begins with ID, once, as keys; owned */
};

/* How a run of run_read() ended, for a caller that runs it once per operand (--per-file). */
struct run_end {
	unsigned long stopped; /* runs bad input ended (without --skip-invalid), added to */
	unsigned long skipped; /* bad values skipped (--skip-invalid), added to */
	struct run_match match;
};

/*
 * After the last run: reports the skipped values, a filter that matched no
 * event and an ambiguous --invocation prefix (with the ids it could be), and
 * releases end.  Returns EXIT_USAGE for an ambiguous prefix, else 0.
 */
int run_end_report(const struct run_options *o, struct run_end *end);

/* What a command does with the items of its input. */
struct run_plan {
	/* Reader flags beside READER_SKIP_INVALID, which --skip-invalid sets (READER_ANY_VALUE). */
	unsigned reader_flags;
	/*
	 * What item() reads of each event; only that is built (reader_select),
	 * with the author and invocation id the filters read.  NULL: every
	 * value whole, for a command that writes events out whole.
	 */
	const struct adk_reads *reads;
	/*
	 * Whether the command writes its output while it reads (to-a2a, show):
	 * then the read stops once the output has failed, all of the output,
	 * done()'s too, comes before the final --progress line, and on a
	 * terminal that shows the output too only that final line is drawn.
	 * Otherwise the line is drawn as the input is read, and done() writes
	 * the results after it.
	 */
	bool streams;
	/*
	 * Whether item() applies --author and --invocation itself, and so gets
	 * every item (extraction: --invocation last counts the invocations of
	 * events the filters drop).
	 */
	bool own_filters;
	/*
	 * Each item that passes the filters (every item with own_filters).
	 * Returns 0 to go on, or an exit status that ends the read (a value the
	 * command must reject, a file it cannot write) and counts in the run's.
	 */
	int (*item)(void *ctx, struct reader *r, const struct reader_item *item);
	/*
	 * Optional: called once after the read, before the summary of skipped
	 * values; writes what the run owes at its end.  Returns an exit status
	 * that counts in the run's.
	 */
	int (*done)(void *ctx, struct reader *r);
	void *ctx;
	const struct item_map *map; /* optional: the -j workers' per-value work */
	void *map_ctx;
	/*
	 * Optional: item()'s work as folds of chunks merged in order, for
	 * -j N over regular files (read/chunks.h): when the input and the
	 * options allow it (run_read()), no item reaches item(), each chunk
	 * is folded by these hooks and merged, and done() writes the result.
	 */
	const struct chunk_work *chunks;
	/*
	 * Optional: where the run says how it ended, zeroed before the first
	 * run; the caller then reports the skipped values and what the filters
	 * matched itself, once for all its runs (run_end_report()), and
	 * run_read() does not.
	 */
	struct run_end *end;
};

/*
 * Reads the operands argv[0..argc) with the options o as plan says, the
 * output in o's style; returns the exit status: the worst of bad input,
 * item()'s and done()'s statuses and the reader's own.  With plan->chunks
 * the run is one in chunks when o's -j (its default: one per online CPU)
 * is more than 1, every operand is a regular file of plain text, together
 * of CHUNK_MIN_INPUT bytes at least, and neither --follow, --progress,
 * --author nor --invocation is given; else the one reader loop, whose
 * default -j is 1.
 */
int run_read(const struct run_plan *plan, const struct run_options *o, int argc, char *argv[]);

/*
 * The one JSON value of a file of settings (eval --config, evalset
 * --append), read through the reader as any input is, compressed or not,
 * with positions in its messages; the caller owns it.  NULL, once the
 * reason is reported, with *status 66 (it cannot be opened) or 65 (bad
 * JSON, no value, more than one).
 */
json_t *run_read_value(const char *path, int *status);

/* Whether a run in chunks is under way (run_read()): its states are all started while it is. */
bool run_in_chunks(void);

/*
 * Sets up what o says of standard output, for a command that reads
 * otherwise than through run_read() (extraction's backward read).  What it
 * says of the reader goes with each reader run_read() makes.
 */
void run_settings_apply(const struct run_options *o);

/*
 * Whether an item passes --author and --invocation (a stream error passes
 * only when neither is given), counted in m; an --invocation prefix is
 * taken for the first id that begins with it (struct run_match).
 */
bool run_passes_filters(const struct run_options *o, struct run_match *m,
                        const struct reader_item *item);
/* Its two halves: --author (a stream error fails it), and --invocation ID on an id. */
bool run_passes_author(const struct run_options *o, struct run_match *m,
                       const struct reader_item *item);
bool run_passes_invocation(const struct run_options *o, struct run_match *m, const json_t *id);
/* Whether id is a JSON string that begins with want: one --invocation want may name. */
bool run_invocation_begins(const char *want, const json_t *id);

/*
 * The sessions of a session database operand that --session, --app and
 * --user choose, in update order, each to be read alone (--per-session,
 * eval's runs): their app names, user ids and ids are owned copies.
 */
struct session_info;
struct run_sessions {
	struct session_info *list;
	size_t count, cap;
};
/* Lists operand's sessions into l; the exit status of the listing. */
int run_sessions_list(const char *operand, const struct session_choice *choice,
                      struct run_sessions *l);
void run_sessions_release(struct run_sessions *l);
/*
 * Reads each session of the session database operand that o's --session,
 * --app and --user choose, alone and in update order: read(ctx, one,
 * session), where one is o narrowed to that session and session its names
 * (both borrowed for the call), until the output fails.  Returns the worst
 * of the listing's and the reads' exit statuses.
 */
/* Whether --author or --invocation may leave a session with no event. */
bool run_filters_events(const struct run_options *o);
/*
 * The times a session heading gives: its first and last events', when it
 * has a timed event.
 */
struct run_span {
	bool timed;
	double first, last;
};
/* Widens span to the time of item, when it is an event with a timestamp. */
void run_span_add(struct run_span *span, const struct reader_item *item);
/*
 * Appends a session's heading to sb, as show, stats --table and the
 * timeline page write it: "session ID, app APP, user USER" ("events
 * outside a session" for names NULL), then with times ", FIRST to LAST" in
 * local time, or ", no timed events".  A secret in a name is hidden when
 * redactor is given.  The text is the names' as written: the caller escapes
 * it for where it goes.
 */
struct redactor;
void run_session_heading(struct strbuf *sb, const struct session_info *names,
                         const struct redactor *redactor, const struct run_span *times);
typedef int run_session_reader(void *ctx, const struct run_options *one,
                               const struct session_info *session);
int run_each_session(const char *operand, const struct run_options *o, run_session_reader *read,
                     void *ctx);

/*
 * Combines two exit statuses: a write error outranks a usage error, which
 * outranks bad input, then an unopenable file, then a false assertion.
 */
int exit_status_worst(int a, int b);

#endif
