/*
 * chunks.h - reading regular files in chunks on several threads, each
 * chunk folded on its own and the folds merged in input order (-j N).
 *
 * The files are cut into chunks of about ADKEV_CHUNK_BYTES (default
 * CHUNK_BYTES_DEFAULT) at line ends (chunk_cut()).  Each chunk is read by a
 * reader of its own, on a worker thread or the calling one, which feeds
 * the items to a fold of the caller's (struct chunk_work) and keeps its
 * reports of bad input instead of printing them.  The calling thread then
 * takes the chunks in input order: it prints each chunk's reports with the
 * lines before the chunk added to their line numbers, and merges its
 * partial result.  No item crosses between threads.
 *
 * A chunk's reader starts at a line start and begins no line at or past
 * the chunk's end (reader_options' stop_at), but reads a value begun before
 * it to the value's end, past the chunk's: a value over several lines is
 * read as a read of the whole file reads it.  When that value runs into the
 * next chunk, the next chunk did not start where the whole read would be,
 * and it is read again from there by the calling thread before it is
 * merged.  So the items, reports, positions and exit status are those of
 * one reader over the files, by construction: every chunk is read from a
 * place where the one reader would be between lines with nothing pending.
 *
 * A file of plain text that starts with '[' (one array of events, an
 * element a line) is split at its elements: a reader stops inside the
 * array only after the ',' that ends an element's line, before a line that
 * opens the next, with nothing pending (reader_stopped_in_array()); the
 * chunks after the first are read by readers that start in that state
 * (reader_options' in_array), and stand where the merge found the chunk
 * before stopped so at their start.  Elsewhere they are read again from
 * where the merge is, in the state one reader would be in there.
 *
 * A stream (standard input, gzip or zstd data) has no second place to read
 * from: one reading thread reads (and decodes) it into chunks of bytes, cut
 * the same way, a bounded ring of them.  A worker's reader reads only its
 * chunk's bytes; when a value runs past them, or a chunk has no cut to
 * start at, or damage in compressed data may lie past bad text, the calling
 * thread reads the stream from where the merge is with one reader, as -j 1
 * does, merging at each chunk's end, until that reader stops at the start
 * of a chunk a worker read and that stands (follow_on()).
 */
#ifndef ADKEV_CHUNKS_H
#define ADKEV_CHUNKS_H

#include <stdbool.h>
#include <stddef.h>

#include "read/reader.h"

/*
 * The chunk size when ADKEV_CHUNK_BYTES does not say otherwise.  Up to
 * four chunks a thread are read ahead of the merge and held, each with a
 * partial result that can be as large as its bytes (partition --split's
 * lines): 1 MiB keeps that under 8 MiB a worker, where 4 MiB held 64 MB
 * on 1 GB at -j2 while the merge lagged.
 */
#define CHUNK_BYTES_DEFAULT ((size_t)1 << 20)
/*
 * The chunk size of streams (standard input, gzip and zstd data) when
 * ADKEV_CHUNK_BYTES does not say otherwise: the reading thread holds at
 * most jobs + 2 chunks of them, each up to twice this.
 */
#define CHUNK_STREAM_BYTES ((size_t)512 << 10)
/*
 * The chunk size ADKEV_CHUNK_BYTES sets (*set true; set may be NULL), else
 * CHUNK_BYTES_DEFAULT; -j's pages of a session database are sized by it too
 * (sessiondb.c).
 */
size_t chunk_bytes(bool *set);

/* The smallest input read in chunks unless ADKEV_CHUNK_BYTES is set: below it, one thread. */
#define CHUNK_MIN_INPUT ((unsigned long long)2 << 20)

/*
 * Where p[0..n) may be cut: the first i in [from, n) (from >= 3, as the
 * three bytes before i are looked at) just after a "\n" where the next
 * line starts a JSON object or array, or follows a blank line (the end of
 * an SSE event); never before a byte-order mark's first byte, which a
 * chunk's reader would take for the file's.  0 when there is none.
 */
size_t chunk_cut(const char *p, size_t n, size_t from);

/*
 * Where the text of a file that is one JSON array, its elements indented
 * by indent[0..len) (jq's output, Python's indent=2: "  {"), may be cut:
 * the first i in [from, n) (from >= 1) just after a "\n" that the indent
 * and a '{' follow, where one of its elements opens.  Elements nested
 * deeper are indented more, and are never cut before.  0 when there is
 * none.
 */
size_t chunk_cut_indented(const char *p, size_t n, size_t from, const char *indent, size_t len);

/* What a run in chunks does with the items of each chunk. */
struct chunk_work {
	/*
	 * On a worker thread: a fresh fold.  Every hook gets ctx, which workers
	 * only read, but for what the command guards with a lock of its own
	 * (a pool of spare buffers, say).
	 */
	void *(*begin)(const void *ctx);
	/* On a worker thread: one item of the chunk into the fold. */
	void (*add)(const void *ctx, void *fold, const struct reader_item *item);
	/* On a worker thread: the fold as its partial result, the fold freed. */
	void *(*end)(const void *ctx, void *fold);
	/*
	 * On the calling thread, in input order: a partial result of a chunk
	 * with items, taken.  Returns 0, or an exit status that ends the run
	 * there (a file that cannot be written), as a command's item() does.
	 */
	int (*merge)(const void *ctx, void *partial);
	/* A partial result not merged (a chunk read again, or after bad input). */
	void (*release)(const void *ctx, void *partial);
	const void *ctx;
	/*
	 * Optional, in place of add(), for a command that may refuse an item
	 * as its item() does (reader_reject()): one item into the fold, with
	 * the chunk's reader, whose reports wait for the chunk's turn.  A
	 * status other than 0 ends the chunk's read there, as bad input does.
	 */
	int (*take)(const void *ctx, void *fold, struct reader *r, const struct reader_item *item);
};

struct chunk_files;

/*
 * The operands (none: standard input) as input to read in chunks, or NULL
 * when they cannot be: one that is not a regular file or standard input (a
 * pipe given by name, a directory, a session database, a file that cannot
 * be opened, or compressed data this adkev does not decode), a stream
 * (standard input, gzip or zstd data) unless streams, or files of plain
 * text under CHUNK_MIN_INPUT together (unless ADKEV_CHUNK_BYTES is set).
 * Regular files of plain text are read where each chunk lies (pread);
 * streams by one reading thread into chunks of bytes held in memory.  The
 * operands stay open until chunk_files_free().
 */
struct chunk_files *chunk_files_open(char *const *operands, int count, bool streams);
void chunk_files_free(struct chunk_files *f);

/* How a run in chunks ended, as one reader's read would have. */
struct chunks_end {
	enum reader_result res; /* READ_END, or READ_INVALID at bad input */
	int status;             /* reader_status() */
	unsigned long skipped;  /* reader_skipped() */
	int merged;             /* 0, or the status of the merge that ended the run */
	/*
	 * Chunks read again on the calling thread, as their worker's read did
	 * not start where one reader would be (or how): what the tests hold
	 * ordinary input to, none of it.
	 */
	unsigned long reread;
};

/*
 * Reads the files with readers made with *how (flags, max_line) and
 * building what *reads names (NULL: every value whole), on jobs threads
 * (the calling one among them), w folding each chunk; fills *end.
 */
void chunks_run(struct chunk_files *f, const struct reader_options *how,
                const struct adk_reads *reads, unsigned jobs, const struct chunk_work *w,
                struct chunks_end *end);

#endif
