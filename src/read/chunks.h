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

/* What a run in chunks does with the items of each chunk. */
struct chunk_work {
	/* On a worker thread: a fresh fold.  Every hook gets ctx, which workers only read. */
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
 * The operands as files to read in chunks, or NULL when they cannot be:
 * one that is not a regular file of plain text (standard input, a pipe, a
 * directory, gzip or zstd data, a session database, a file that cannot
 * be opened) or a total under CHUNK_MIN_INPUT (unless ADKEV_CHUNK_BYTES is
 * set); the files stay open until chunk_files_free().
 */
struct chunk_files *chunk_files_open(char *const *operands, int count);
void chunk_files_free(struct chunk_files *f);

/* How a run in chunks ended, as one reader's read would have. */
struct chunks_end {
	enum reader_result res; /* READ_END, or READ_INVALID at bad input */
	int status;             /* reader_status() */
	unsigned long skipped;  /* reader_skipped() */
	int merged;             /* 0, or the status of the merge that ended the run */
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
