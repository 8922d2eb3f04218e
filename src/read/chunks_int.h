/*
 * chunks_int.h - what the pieces of a run in chunks share (chunks.h): the
 * operands, the chunks, the run's state between its threads, and the
 * functions one piece calls in another.  Only read/chunk*.c include it.
 *
 * chunk_files.c opens the operands and says where they may be cut;
 * chunks_make.c makes the chunks (a file's planned, a stream's read into a
 * bounded ring); chunks_read.c reads a chunk with a reader of its own, on
 * a worker thread or the merge's; chunks.c merges them in input order.
 */
#ifndef ADKEV_CHUNKS_INT_H
#define ADKEV_CHUNKS_INT_H

#include "read/chunks.h"
#include "read/input.h"

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/*
 * One operand to read in chunks: a regular file of plain text, whose chunks
 * workers read with pread(2), or a stream (standard input, gzip or zstd
 * data), which the reading thread reads into the chunks' own bytes.
 */
struct chunk_file {
	const char *name; /* the operand */
	int fd;           /* a file's, or -1 */
	unsigned long long size;
	struct input *in; /* a stream's, read by the reading thread alone */
	/*
	 * A stream decompressed: damage may lie past bad text.  Set once, with
	 * the first bytes, before a chunk of them is made (and so before another
	 * thread looks), as standard input may hold gzip data.
	 */
	bool hides_damage;
	/* A file of plain text that starts with '[': its chunks after the first start inside it. */
	bool array;
	/* The white space before its first element's '{' on its line: "" where none or no '{'. */
	char indent[16];
	size_t indent_len;
	bool kind_known; /* the reading thread's: hides_damage is set */
	/* How the stream ended, known once its last chunk is made. */
	ssize_t end; /* 0, SOURCE_ERROR or SOURCE_DAMAGED */
	int err;     /* errno of SOURCE_ERROR */
};

/* A report of bad input a chunk's reader kept, its line counted from the chunk's first. */
struct kept_report {
	struct reader_pos pos;
	bool warning;
	char *what;
};

/*
 * One chunk: bytes [start, limit) of an operand, and what reading them
 * gave.  A stream's chunk holds its bytes, from the reading thread, until
 * the merge or a read after it (follow_on()) has passed them.
 */
struct chunk {
	const struct chunk_file *file;
	unsigned long long start, limit;
	bool first, last; /* the operand's first and last chunk */
	char *bytes;      /* a stream's bytes [start, limit), freed when refs is 0 */
	unsigned refs;    /* one for the ring while ring_held, one per reader of them */
	bool ring_held;
	bool cut_start; /* a stream's chunk starts at a cut (chunk_cut()): a worker may read it */
	/* It is read as starting inside a top-level array (reader_options' in_array). */
	bool in_array;
	/* Filled in by its read. */
	void *partial;
	unsigned long items;
	enum reader_result res;
	int status;
	unsigned long skipped;
	struct kept_report *reports;
	size_t report_count;
	bool stopped;               /* the read ended at the limit */
	bool stopped_in_array;      /* there, inside a top-level array (reader_stopped_in_array()) */
	unsigned long long left_at; /* there, from the file's start */
	unsigned long lines;        /* the lines before that point, from the chunk's start */
	bool read;                  /* a worker read it (a stream's may be passed over) */
	bool ran_off;               /* a stream's read needed bytes past the chunk's */
	bool done;
};

struct chunk_files {
	struct chunk_file *list;
	int count;
	unsigned long long total;
	bool streams; /* one of them is a stream: the total is not known */
};

/* How a fill of a stream's bytes ended. */
enum filled { FILLED, FILL_ENDED, FILL_WOKEN };

/* Where the making of chunks is: the operand, and a stream's bytes read past the last chunk. */
struct making {
	int file;       /* the operand */
	char *buf;      /* buf[0..len) read, of cap */
	size_t len, cap;
	unsigned long long start; /* where buf[0] is in the stream */
	bool cut_start;           /* it is at a cut (chunk_cut()) */
	enum filled how;          /* how the last fill ended */
};

/* What a run in chunks shares between its threads. */
struct chunks {
	struct chunk_files *files;
	struct chunk **list; /* every chunk made so far, in input order */
	size_t count, cap;
	bool all_made;     /* the reading thread has made every chunk */
	size_t bytes;      /* the chunk size */
	size_t live;       /* streams' chunks the ring holds */
	size_t depth;      /* the most it holds */
	const struct reader_options *how;
	const struct adk_reads *reads;
	const struct chunk_work *work;
	pthread_mutex_t lock;
	pthread_cond_t changed;
	size_t next;   /* the next chunk no thread has taken */
	size_t merged; /* chunks before it are merged: a thread takes none far ahead */
	size_t window; /* how far ahead */
	bool stop;     /* bad input ended the run: no more chunks are taken */
	struct making making; /* the reading thread's, or the calling one's before it starts */
	int wake[2];  /* a byte here ends the reading thread's wait on a stream */
	bool starved; /* the merge waits for a chunk not made yet */
	unsigned jobs;
	pthread_t *threads;
	unsigned started; /* workers started, once a second chunk is made */
};

/*
 * What a thread's reader is about to open: an input kind's open() has
 * nothing but the operand to go by, and each thread reads one chunk at a
 * time.
 */
struct opening {
	struct chunks *cs;
	struct chunk *c;
	size_t index;
	unsigned long long at;
	bool goes_on; /* a read after the merge, on into the next chunks */
	struct chunk *kept;
	unsigned long base_line;
	/* The reader's list of operands, of one: the reader reads it as it goes. */
	char *operand;
};

/* chunks_make.c: the chunks made, and the ring that holds a stream's. */

/*
 * Chunk i, made: the reading thread may grow (move) the list meanwhile, so
 * a thread that does not hold the lock looks it up under it.
 */
struct chunk *chunk_of(struct chunks *cs, size_t i);

/* Lets go of a reader's hold on c's bytes, under the lock. */
void chunk_unref(struct chunk *c);

/* The ring lets go of c's bytes (merged, or passed), under the lock. */
void chunks_drop_from_ring(struct chunks *cs, struct chunk *c);

/* Wakes the reading thread from a wait on a stream (the run's end, or a starved merge). */
void chunks_wake_reading(struct chunks *cs);

/* Waits for chunk i to be made, under the lock, flushing the output first. */
void chunks_wait_made(struct chunks *cs, size_t i);

/*
 * The first chunks are made on the calling thread, until there are two
 * (or one that a silent writer ended): an input of one chunk is read with
 * no thread started, as -j 1 reads it.  True when the reading thread is
 * needed for the rest, and started.
 */
bool chunks_start_making(struct chunks *cs, pthread_t *reading);

/* chunks_read.c: a chunk read, by a worker or by the merge. */

/* Prints c's reports at their lines in the file, and forgets them. */
void chunk_say_kept(struct chunk *c, unsigned long first_line);

/*
 * A reader of the operand c belongs to, from at on (opening), its reports
 * kept in *keep; o must outlive the reader, which holds its operand list.
 */
struct reader *chunk_reader(const struct chunks *cs, struct opening *o, unsigned long long stop_at,
                            bool in_array, struct chunk *keep);

/* Reads the items of r into a fold of the work's; returns its partial result. */
void *chunk_fold_items(const struct chunks *cs, struct reader *r, const struct opening *o,
                       struct chunk *c);

/* Reads chunk c with a reader of its own, from its start, folding its items. */
void chunk_read(struct chunks *cs, struct chunk *c);

/* Forgets what reading c gave, so that it can be read again or let go. */
void chunk_clear(const struct chunks *cs, struct chunk *c);

/* A worker thread of the run arg: reads the chunks it takes, in order, until none is left. */
void *chunks_worker(void *arg);

/* Waits for chunk i to be read (or passed over), reading chunks meanwhile as a worker does. */
void chunks_wait_read(struct chunks *cs, size_t i);

#endif
