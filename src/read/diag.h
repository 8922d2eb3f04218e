/*
 * diag.h - the reader's positions and diagnostics: where each line of the
 * value being read starts, the position of any of its bytes, jansson's
 * errors said at the right place without echoing input, and the account of
 * bad input (skipped with --skip-invalid, or the end of the read) and of
 * the exit status the input asks for.
 *
 * Internal to the reader (reader.c and the modules it ties); the commands
 * see only reader_reject() (reader.h).
 */
#ifndef ADKEV_DIAG_H
#define ADKEV_DIAG_H

#include <jansson.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

#include "item.h"

/* What one step of the reader produced, before it becomes a reader_result. */
enum step {
	STEP_ITEM,    /* an item was filled in */
	STEP_INVALID, /* bad input was reported and the read stops */
	STEP_NONE,    /* nothing yet: take the next step */
};

/* The account of bad input and failed reads, for the whole reader. */
struct diag {
	bool skip_invalid;     /* READER_SKIP_INVALID: bad values are counted and passed over */
	unsigned long skipped; /* how many were */
	int status;            /* 0, EXIT_NOINPUT or EXIT_IOERR: the worst the input asked for */
	/* The reader's: whether the input is damaged further on (diag_damaged_ahead). */
	bool (*damaged_ahead)(void *ctx);
	void *damaged_ctx;
	/* The reader's (reader_options' report): where reports go instead of stderr, or NULL. */
	void (*report)(void *ctx, const struct reader_pos *pos, bool warning, const char *what);
	void *report_ctx;
};

/*
 * Says what at pos on stderr: "adkev: FILE:LINE:COLUMN: what", or "adkev:
 * FILE: RECORD: what", prefixed "warning: " with warning.  The one spelling
 * of a report, also for reports a chunk's reader kept (read/chunks.h).
 */
void diag_say(const struct reader_pos *pos, bool warning, const char *what);

/*
 * Called where bad input is about to be reported, without --skip-invalid
 * (the read ends there anyway): true when the input turned out to be
 * damaged compressed data further on, already reported as such, its read
 * ended; then the bad text was the damage's, and is not reported itself.
 */
bool diag_damaged_ahead(struct diag *d);

/*
 * Bad input was just reported: with --skip-invalid it is counted and the
 * read goes on (STEP_NONE), else the read stops (STEP_INVALID).
 */
enum step diag_invalid(struct diag *d);
/* Raises the exit status to status: a read error outranks a file that could not be opened. */
void diag_status(struct diag *d, int status);
/* Reports what at pos and counts it as diag_invalid() does; true when the read goes on. */
bool diag_reject(struct diag *d, const struct reader_pos *pos, const char *fmt, va_list ap)
    __attribute__((format(printf, 3, 0)));

/*
 * Reports bad input at pos: "adkev: FILE:LINE:COLUMN: what", or "adkev:
 * FILE: RECORD: what" for a value read from a record; prefixed "warning: "
 * when d skips bad values, as the read then goes on.
 */
void diag_report(const struct diag *d, const struct reader_pos *pos, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Where one line of the value being read starts in the input. */
struct line_origin {
	unsigned long line;
	unsigned long column; /* code points before the line's first byte */
};

/*
 * The positions of the value being read: one origin per input line it was
 * gathered from (one for a value on one line), and a cursor over its bytes
 * so that the positions of the elements of one huge line cost linear time.
 * A value from an input of records has no lines: record names its place.
 */
struct origins {
	const char *file;   /* the operand's name, for messages */
	const char *record; /* the record being read, or NULL for lines */
	struct line_origin *list;
	size_t count, cap;
	const char *src;      /* the value's bytes, from origins_begin() */
	size_t off, at;       /* the cursor: src[off] is on the line of list[at] */
	unsigned long column; /* and in this column, less one */
};

/* Starts the origins of a new value (the operand and record stay). */
void origins_reset(struct origins *o);
/* The value's next line starts at this line and column of the input. */
void origins_add(struct origins *o, unsigned long line, unsigned long column);
/* Puts the cursor at src[0], the first byte of the value, whose lines are all added. */
void origins_begin(struct origins *o, const char *src);
/* The position of src[off]; offsets must be asked for in increasing order. */
struct reader_pos origins_pos(struct origins *o, size_t off);
/*
 * Lets go of the origins of src[0..n), the value's bytes, as the value's
 * first n bytes are let go: src[n] is its first byte from now on.
 */
void origins_drop(struct origins *o, const char *src, size_t n);
/*
 * Reports a parse error of the value's bytes at its place, with jansson's
 * description but not its " near '<token>'", which would echo input (a
 * secret, say) into a log.
 */
void origins_report_json_error(const struct origins *o, const struct diag *d,
                               const json_error_t *e);
/*
 * The same for an error jansson found in prefix + the value's bytes: the
 * prefix, prefix_columns code points on its first line, stands in for
 * bytes already let go (a streamed array's elements handed out).
 */
void origins_report_json_error_after(const struct origins *o, const struct diag *d,
                                     const json_error_t *e, unsigned long prefix_columns);
/* A parse error said as origins_report_json_error_after() says it, kept to be reported later. */
struct json_fault {
	struct reader_pos pos;
	char what[JSON_ERROR_TEXT_LENGTH + 32];
};
void origins_json_fault(const struct origins *o, const json_error_t *e,
                        unsigned long prefix_columns, struct json_fault *f);
void origins_release(struct origins *o);

#endif
