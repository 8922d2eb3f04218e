/*
 * reader.h - the only module that reads input.
 *
 * A reader walks the operands in order ("-" is standard input) and yields
 * one ADK event at a time, whatever form the input takes: JSONL, SSE "data:"
 * lines, arrays of events, session objects with an "events" array, values
 * pretty-printed over many lines, several values on one line.  Bad input is
 * reported here, as "adkev: FILE:LINE:COLUMN: what", and never echoes the
 * input itself.
 */
#ifndef ADKEV_READER_H
#define ADKEV_READER_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "adk/event.h"

/* A place in the input, for diagnostics. Lines and columns count from 1; columns in code points. */
struct reader_pos {
	const char *file;
	unsigned long line;
	unsigned long column;
};

/* One event (or server stream error) read from the input. */
struct reader_item {
	json_t *value;        /* borrowed; valid until the next reader_next() */
	enum value_kind kind; /* VALUE_EVENT or VALUE_STREAM_ERROR (any, with READER_ANY_VALUE) */
	const char *raw;      /* the value's original bytes, valid as long as value */
	size_t raw_len;
	struct reader_pos pos; /* where the value starts */
	/*
	 * What the map function (reader_set_map) made of this value on a
	 * worker thread, or NULL: then the caller does that work itself.
	 * Borrowed, valid as long as value.
	 */
	void *mapped;
};

enum reader_flags {
	READER_SKIP_INVALID = 1 << 0, /* warn about bad values and go on */
	/*
	 * Hand out every JSON value, not only ADK events (from-a2a reads A2A
	 * objects): top-level arrays are still handed out element by element,
	 * and item->kind says what value_kind() made of each value.
	 */
	READER_ANY_VALUE = 1 << 1,
};

enum reader_result {
	READ_ITEM,    /* *item holds the next event */
	READ_END,     /* every operand has been read */
	READ_INVALID, /* bad input was reported; without READER_SKIP_INVALID the caller stops */
};

/* operands[0..count) are file names; none means standard input.  The strings are borrowed. */
struct reader *reader_new(char *const *operands, int count, unsigned flags);
enum reader_result reader_next(struct reader *r, struct reader_item *item);
/*
 * The status the input side asks for: 0, EXIT_NOINPUT when an operand could
 * not be opened, EXIT_IOERR after a read error.
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
 * How many threads parse input for the readers made after this call (-j):
 * 1 parses on the calling thread alone; 0, the default, one per online CPU.
 * With more than one, preparse.c parses lines ahead on worker threads and
 * the reader's items, diagnostics and exit status stay exactly the same.
 */
void reader_set_jobs(unsigned jobs);
/*
 * The longest line every reader made from now on gathers (--max-line); a
 * longer one ends the read of its operand with exit 65 instead of growing
 * without bound (a file with no line end, /dev/zero).
 */
void reader_set_max_line(size_t bytes);
size_t reader_get_max_line(void);
/*
 * fn() is called whenever a reader is about to wait for input that another
 * process has not written yet (a pipe, FIFO, socket or terminal with
 * nothing to read); main() hands it the flush of standard output, so
 * results reach the next process before adkev waits.  NULL: never.
 */
void reader_set_wait_hook(void (*fn)(void));
/*
 * --follow, for the readers made after this call: the last operand, when
 * it is a regular file, is read as another process appends to it, until
 * SIGINT or SIGTERM ends the run as the end of the input would (see
 * source.h).  Operands before it, and pipes, are read to their end.
 */
void reader_set_follow(bool on);
bool reader_get_follow(void);

/*
 * How far the reader has got, for --progress: bytes read from the operands,
 * their total size when every operand is a regular file (known false
 * otherwise), and events handed out.
 */
struct reader_progress {
	unsigned long long bytes;
	unsigned long long total;
	bool total_known;
	unsigned long long items;
};
const struct reader_progress *reader_get_progress(const struct reader *r);
/* fn(ctx) is called after every block the reader reads (NULL: never). */
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

/* Reports a problem with an item at its position: "adkev: FILE:LINE:COLUMN: what". */
void reader_warn_at(const struct reader_pos *pos, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

#endif
