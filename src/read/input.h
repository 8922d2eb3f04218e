/*
 * input.h - the operands, each opened as an input: the seam where every
 * kind of input plugs into the reader.
 *
 * An operand is a string: a file name, or "-" for standard input.  A kind
 * of input (struct input_kind) says which operands it reads (claims) and
 * opens them (open); the reader asks the kinds in order and the first that
 * claims an operand opens it.  An opened input (struct input) gives what
 * it holds in one of two shapes, through its ops:
 *
 * - bytes (ops->read): the reader cuts them into lines by the framer's
 *   rules (framer.h), gathers a value over several lines, hands out arrays
 *   and sessions element by element, and with -j has the lines parsed
 *   ahead on worker threads (preparse.h).  Files and standard input are
 *   inputs of bytes, read through source.h: plain, gzip, zstd, followed.
 * - records (ops->next_record): each record is one JSON text, parsed
 *   alone, never joined to the next; its place in the input ("session s-1,
 *   event e-7") stands in messages where a line and column would.
 *
 * Either way each value goes through the same parser (scan.h), the same
 * hand-out of events, arrays and sessions (elements.h) and the same
 * diagnostics (diag.h), so the commands never know which kind it was.
 *
 * A session database (sources.md: SQLite files known by their first 16
 * bytes, "sqlite://" and "postgresql://" URLs) is one more kind of input
 * of records: a row of input_kinds[] before the file kind, whose claims()
 * knows its operands and whose open() returns an input whose next_record()
 * hands out one row's event JSON at a time, in order, in constant memory,
 * with where = "session ID, event ID"; nothing else in the reader changes.
 * (A directory of runs is not a kind: it stands for the operands found in
 * it, which operands_open_next() would walk.)
 */
#ifndef ADKEV_INPUT_H
#define ADKEV_INPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

struct input;

/* One record of an input of records. */
struct input_record {
	const char *text; /* one JSON text, text[0..len); valid until the next call */
	size_t len;
	const char *where; /* its place in the input, for messages; valid as long */
	/*
	 * The record is no event but a session without its events, whose state
	 * is the one its store holds (input_how's session_states): the reader
	 * hands it out whole as an item of kind VALUE_SESSION.
	 */
	bool session;
};

/*
 * What an input of records returns besides what source_read() does: a
 * read that failed for a reason error() gives (a server gone, a lock held
 * too long), exit status EXIT_IOERR.
 */
enum { INPUT_FAILED = -4 };

/*
 * What an opened input does.  An input of bytes has read() and no
 * next_record(); an input of records the other way round.  Both return
 * what source_read() does besides a count: 0 at the end, SOURCE_ERROR with
 * errno set after a read error, SOURCE_DAMAGED when what was read cannot
 * be read as this kind (error() says why; the operand's read ends there,
 * as bad input).
 */
struct input_ops {
	/*
	 * Bytes: up to cap of the next ones into buf, as read(2).  With -j
	 * the workers' reading thread calls it, else the reader's thread;
	 * never both at once.
	 */
	ssize_t (*read)(struct input *in, char *buf, size_t cap);
	/* Records: the next one into *rec; 1 for a record. */
	int (*next_record)(struct input *in, struct input_record *rec);
	/*
	 * Optional (NULL: always): whether the next read() or next_record()
	 * returns without waiting for another process.  Asked only of an
	 * input that may_block, before the reader waits.
	 */
	bool (*ready)(struct input *in);
	/*
	 * Optional, for bytes that may block: every wait of read() also
	 * watches fd and returns SOURCE_WOKEN once fd is readable (how the
	 * -j reading thread is stopped while a pipe is silent).
	 */
	void (*set_wake)(struct input *in, int fd);
	/*
	 * Optional (NULL: never): whether damage may hide in the bytes read so
	 * far: they were decompressed (gzip, zstd), and damaged data can
	 * decode to text before the decoder finds the damage (at the next
	 * block, or at the checksum).  The reader then reads on to the end
	 * before it blames the text (lines_damaged_ahead); never for a followed
	 * file, which has no end.
	 */
	bool (*may_hide_damage)(const struct input *in);
	/* Why the last read returned SOURCE_DAMAGED: one line, without the name. */
	const char *(*error)(const struct input *in);
	/* Closes the input and frees it, the struct input with it. */
	void (*close)(struct input *in);
};

/* An opened operand: the first member of each kind's own struct. */
struct input {
	const struct input_ops *ops;
	const char *name; /* for messages: the operand, or STDIN_NAME; lives as long as in */
	/*
	 * A read may wait for another process to write (a pipe, a terminal,
	 * a followed file, a database server): the reader calls its wait
	 * hook first (reader_options), so output reaches the next process.
	 */
	bool may_block;
	/*
	 * The bytes go on from a place inside a file read before (a chunk's
	 * reader, read/chunks.c): a byte-order mark there is a byte of a line,
	 * as it is to the reader of the whole file, not the file's own.
	 */
	bool mid_file;
};

/*
 * Which sessions of a session database are read (--session, --app,
 * --user); all zero: every session, oldest update first.
 */
struct session_choice {
	const char *session; /* --session ID; NULL: every session (or last) */
	bool last;           /* --session last: the most recently updated one */
	const char *app;     /* --app NAME */
	const char *user;    /* --user ID */
};

/* What opening an operand needs besides its name. */
struct input_how {
	bool follow; /* --follow, and this is the last operand: a regular file is followed */
	const struct session_choice *sessions; /* NULL: every session */
	void (*wait_hook)(void); /* optional: called before waiting for a file to appear */
	/*
	 * -j: the threads an input may read with (0 or 1: the calling thread
	 * alone); an SQLite session database fetches its pages ahead on them.
	 */
	unsigned jobs;
	/*
	 * READER_SESSION_STATES: an input whose events do not carry their
	 * state deltas gives each session's stored state as a record of its
	 * own (input_record's session), after the session's events.
	 */
	bool session_states;
};

/* A kind of input: the operands it reads, and how it opens them. */
struct input_kind {
	const char *name; /* what it reads, for people: "file", "standard input" */
	/* Whether operand is this kind's to open: by its spelling, or by what it names. */
	bool (*claims)(const char *operand);
	/*
	 * Opens operand; NULL after saying why ("adkev: NAME: what"), with
	 * *status raised to the exit status that asks for (EXIT_NOINPUT).
	 */
	struct input *(*open)(const char *operand, const struct input_how *how, int *status);
	/*
	 * Optional: how many bytes the reader will be given, known before
	 * reading (a regular file of plain text), for --progress's total;
	 * false when that is not known.
	 */
	bool (*size)(const char *operand, unsigned long long *size);
};

/* The kinds adkev reads, tried in order: standard input ("-"), then files (anything). */
extern const struct input_kind *const input_kinds[];

/*
 * The kind that opens operand: the first of extra (NULL-ended; NULL for
 * none) that claims it, else the first of input_kinds.
 */
const struct input_kind *input_kind_of(const char *operand, const struct input_kind *const *extra);

/*
 * An input of the bytes of fd, which it owns from now on (closed unless 0),
 * read through source.h (plain, gzip, zstd; followed with follow, path
 * being the name it is reopened by).  The strings are borrowed.  What the
 * file and standard input kinds open; tests make one too.
 */
struct input *input_of_fd(int fd, const char *name, const char *path, bool follow, bool may_block);

/*
 * Reports a failed read of in (got: SOURCE_ERROR with errno, or
 * SOURCE_DAMAGED) and returns the exit status it asks for: EXIT_IOERR, or
 * for damaged data EXIT_DATAERR, which ends the operand's read as bad input.
 */
int input_failed(const struct input *in, ssize_t got);
/* Whether a read of in would now wait for another process. */
bool input_would_wait(struct input *in);
/* in->ops->close(in); NULL is fine. */
void input_close(struct input *in);

struct dirwalk;

/* A reader's operands, opened one after another. */
struct operands {
	char *const *list; /* borrowed */
	int count;
	int next;                              /* the next one to open */
	unsigned opened;                       /* how many were opened */
	const struct input_kind *const *extra; /* kinds tried first (reader_options) */
	const struct session_choice *sessions; /* handed to each open (input_how) */
	struct dirwalk *walk;                  /* the last directory walked, or NULL */
	bool walk_done;                        /* whether it has been walked to its end */
	void (*wait_hook)(void);               /* reader_options': before a wait */
	unsigned jobs;                         /* reader_options': handed to each open */
	bool session_states;                   /* READER_SESSION_STATES: handed to each open */
};

/*
 * Opens the next operand that can be opened, reporting those that cannot
 * (*status raised); NULL when none is left.  follow: --follow.  A
 * directory stands for the files in it (dirwalk.h), opened in path order.
 */
struct input *operands_open_next(struct operands *o, bool follow, int *status);
/* Frees what walking directories kept; the names of inputs opened from them go with it. */
void operands_release(struct operands *o);
/* The sum of every operand's size (input_kind's size()); false when one is unknown. */
bool operands_total(const struct operands *o, unsigned long long *total);

#endif
