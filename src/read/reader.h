/*
 * reader.h - the only module that reads input.
 *
 * A reader walks the operands in order ("-" is standard input) and yields
 * one ADK event at a time, whatever form the input takes: JSONL, SSE "data:"
 * lines, arrays of events, session objects with an "events" array, values
 * pretty-printed over many lines, several values on one line, and (through
 * read/input.h) records that hold one value each.  Bad input is
 * reported here, as "adkev: FILE:LINE:COLUMN: what", and never echoes the
 * input itself.
 */
#ifndef ADKEV_READER_H
#define ADKEV_READER_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "adk/event.h"
#include "item.h"

struct input_kind;
struct session_choice;

enum reader_flags {
	READER_SKIP_INVALID = 1 << 0, /* warn about bad values and go on */
	/*
	 * Hand out every JSON value, not only ADK events (from-a2a reads A2A
	 * objects): top-level arrays are still handed out element by element,
	 * and item->kind says what value_kind() made of each value.
	 */
	READER_ANY_VALUE = 1 << 1,
	/*
	 * With READER_ANY_VALUE: an object with an eval_cases array (an ADK
	 * eval set) is handed out case by case, as a session's events are, each
	 * item's session being the set without its cases; the cases are parsed
	 * one at a time, so the set is never held whole (adk_reads).
	 */
	READER_EVAL_SET = 1 << 2,
	/* With READER_ANY_VALUE: a top-level array is handed out whole too (a file of settings). */
	READER_WHOLE_VALUE = 1 << 3,
	/*
	 * An input whose events do not carry their state deltas (a session
	 * database of ADK Python's schema 0, whose actions are pickles) hands
	 * out after each session's events one item of kind VALUE_SESSION: the
	 * session without its events, with the state its store holds
	 * (session_stored_new() in adk/event.h), built whole.  For adkev state.
	 */
	READER_SESSION_STATES = 1 << 4,
};

enum reader_result {
	READ_ITEM,    /* *item holds the next event */
	READ_END,     /* every operand has been read */
	READ_INVALID, /* bad input was reported; without READER_SKIP_INVALID the caller stops */
};

/*
 * How a reader reads: a value the caller fills, zero for every default.
 * The run fills one from the command line (-j, --max-line, -f,
 * --skip-invalid) and hands it to reader_new(); nothing here is global.
 */
struct reader_options {
	unsigned flags; /* enum reader_flags */
	/*
	 * How many threads parse input (-j): 0, one per online CPU; 1, the
	 * calling thread alone.  With more than one, preparse.c parses lines
	 * ahead on worker threads, and the items, diagnostics and exit status
	 * stay exactly the same (also when the threads cannot be started:
	 * then the calling thread parses alone).
	 */
	unsigned jobs;
	/*
	 * The longest line gathered (--max-line); 0, FRAMER_MAX_LINE_DEFAULT
	 * (read/framer.h).  A longer one ends the read of its operand with
	 * exit 65 instead of growing without bound (a file with no line end,
	 * /dev/zero).
	 */
	size_t max_line;
	/*
	 * --follow: the last operand, when it is a regular file, is read as
	 * another process appends to it, until SIGINT or SIGTERM ends the run
	 * as the end of the input would (see source.h).  Operands before it,
	 * and pipes, are read to their end.
	 */
	bool follow;
	/*
	 * Called whenever the reader is about to wait for input that another
	 * process has not written yet (a pipe, FIFO, socket or terminal with
	 * nothing to read); the run hands it the flush of standard output, so
	 * results reach the next process before adkev waits.  NULL: never.
	 */
	void (*wait_hook)(void);
	/*
	 * Kinds of input asked before adkev's own whether they read an
	 * operand (read/input.h), NULL-ended; NULL: adkev's own only.  The
	 * seam a new kind of input plugs into; the tests feed readers so.
	 */
	const struct input_kind *const *kinds;
	/* Which sessions of a session database are read (--session, --app, --user); NULL: all. */
	const struct session_choice *sessions;
	/*
	 * A chunk's reader (read/chunks.h): no line that starts at or past
	 * this offset of an operand of bytes is begun, so the read ends at the
	 * first line start there (a value begun before it is read whole,
	 * past it); 0: no limit.  reader_stop_point() says where it ended.
	 */
	unsigned long long stop_at;
	/*
	 * A chunk's reader of a top-level array (read/chunks.h): the operand of
	 * bytes starts inside the array, at the first line after one that ended
	 * with the ',' after an element, and is read on as the reader of the
	 * whole file reads on from there (reader_stopped_in_array()).
	 */
	bool in_array;
	/*
	 * Optional: where the reports of bad input go (what diag_say() would
	 * print), for a chunk's reader, whose reports wait for the chunks
	 * before it; NULL: to stderr as they come.
	 */
	void (*report)(void *ctx, const struct reader_pos *pos, bool warning, const char *what);
	void *report_ctx;
};

/*
 * operands[0..count) are file names ("-" standard input) or what another
 * kind of input claims (options->kinds); none means standard input.  The
 * strings are borrowed; *options is copied, and NULL means every default.
 */
struct reader *reader_new(char *const *operands, int count, const struct reader_options *options);
enum reader_result reader_next(struct reader *r, struct reader_item *item);
/*
 * The status the input side asks for: 0, EXIT_NOINPUT when an operand could
 * not be opened, EXIT_IOERR after a read error, EXIT_DATAERR when an
 * operand's container was damaged (gzip or zstd data, a database page) and
 * the run went on past it, or the damage showed as the operand opened.
 */
int reader_status(const struct reader *r);
/* Whether every operand has been tried and none could be opened. */
bool reader_opened_none(const struct reader *r);
/* How many bad values were skipped under READER_SKIP_INVALID. */
unsigned long reader_skipped(const struct reader *r);
/* Prints "adkev: N invalid values skipped" when any were. */
void reader_report_skipped(const struct reader *r);
/* The same for count values skipped by several readers (adkev final --per-file). */
void reader_report_skipped_count(unsigned long count);
void reader_free(struct reader *r);
/*
 * Where the last operand of bytes was left: the offset of the first byte
 * not read into a value and the line it is on.  True when the read ended
 * there at stop_at (reader_options), false when it ended otherwise (the
 * operand's end, bad input, a line given up).
 */
bool reader_stop_point(const struct reader *r, unsigned long long *offset, unsigned long *line);
/*
 * Whether the read that ended at stop_at ended inside a top-level array it
 * was handing out, at a line after one that ended with the ',' after an
 * element, where a reader with in_array (reader_options) reads on as this
 * one would.  The stream of elements stops there only where that holds:
 * the line starts with '{', nothing is pending (no element refused, no
 * bad byte), and it is not a session's events.
 */
bool reader_stopped_in_array(const struct reader *r);
/*
 * After a read that ended at stop_at: reads on from there, up to the new
 * stop_at (0: to the operand's end), as if the limit had been that one.
 */
void reader_resume(struct reader *r, unsigned long long stop_at);
/*
 * Has worker threads (-j) apply fn to every value they parse, so a command
 * that turns each event whole into output does that work beside the
 * parsing; its result comes with the item (item->mapped) when a worker
 * parsed the item's value, and release frees it.  fn runs on worker
 * threads: it must only read the value and ctx, and must give the result
 * the command itself would compute.  With keep, an event a worker mapped
 * comes with only what *keep names built (preparse_set_map), and the
 * command must read no more of it.  Without workers nothing happens.
 * Called before the first reader_next().
 */
void reader_set_map(struct reader *r, void *(*fn)(const json_t *value, void *ctx),
                    void (*release)(void *result), void *ctx, const struct adk_reads *keep);

/*
 * Has r build only what the command reads of each event (*reads, copied),
 * as scan_load() does (read/scan.h).  Without this call every value is
 * built whole.  Called before the first reader_next().
 */
void reader_select(struct reader *r, const struct adk_reads *reads);

/*
 * How far the reader has got, for --progress: bytes read from the operands
 * (a record's bytes are its text's), their total size when every operand's
 * is known (regular files of plain text; total_known false otherwise), and
 * events handed out.
 */
struct reader_progress {
	unsigned long long bytes;
	unsigned long long total;
	bool total_known;
	unsigned long long items;
};
const struct reader_progress *reader_get_progress(const struct reader *r);
/* fn(ctx) is called after every block or record the reader reads (NULL: never). */
void reader_set_progress_hook(struct reader *r, void (*fn)(void *ctx), void *ctx);

/*
 * Rejects an item the reader handed out but the command cannot use (an A2A
 * object that does not convert, say) the way the reader rejects bad input:
 * reports it at pos and returns true when the run goes on (with
 * READER_SKIP_INVALID, counted among the skipped), false when the command
 * must stop with EXIT_DATAERR.
 */
bool reader_reject(struct reader *r, const struct reader_pos *pos, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif
