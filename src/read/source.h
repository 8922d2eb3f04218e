/*
 * source.h - the bytes of one operand, as the reader and the -j reading
 * thread take them.
 *
 * The one place that knows how input bytes are got: read(2) on a file or
 * standard input; decompressed when the first bytes are those of gzip
 * (1f 8b, through zlib) or zstd (28 b5 2f fd, through libzstd), whatever
 * the name, concatenated members and frames read whole as gzip -dc reads
 * them; and, with --follow, a regular file followed as another process
 * appends to it (as tail -F does: a truncated file is read again from its
 * start, a file replaced under its name is reopened).  Everything above
 * sees plain text: offsets, lines and columns are those of the
 * decompressed bytes.
 */
#ifndef ADKEV_SOURCE_H
#define ADKEV_SOURCE_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

struct source;

/* What the first bytes of an input say it is. */
enum source_kind {
	SOURCE_PLAIN,
	SOURCE_GZIP,
	SOURCE_ZSTD,
};

/* What source_read() returns instead of a count of bytes (0 is the end). */
enum {
	SOURCE_ERROR = -1,   /* a read error; errno says which */
	SOURCE_DAMAGED = -2, /* the compressed data is damaged or cut short: see source_error() */
	SOURCE_WOKEN = -3,   /* the descriptor of source_set_wake() became readable */
};

/*
 * A source reading fd, which it owns from now on (source_free() closes it,
 * unless it is 0).  name is for messages; path, when not NULL, is the name
 * the file is reopened by when it is replaced while followed.  follow: fd
 * is a regular file to follow (see source_follow_start()).  The strings are
 * borrowed.
 */
struct source *source_new(int fd, const char *name, const char *path, bool follow);
/*
 * Like read(2): up to cap of the next (decompressed) bytes, 0 at the end,
 * or one of the negative values above.  A followed file has no end until
 * the run is interrupted.
 */
ssize_t source_read(struct source *s, char *buf, size_t cap);
/* Whether source_read() would return without waiting for another process. */
bool source_ready(struct source *s);
/*
 * Has every wait of source_read() also watch fd: once fd is readable it
 * returns SOURCE_WOKEN (the -j reading thread is told to stop so).
 */
void source_set_wake(struct source *s, int fd);
/* Why source_read() returned SOURCE_DAMAGED, as one line without the file name. */
const char *source_error(const struct source *s);
/* Whether the source turned out to be compressed (known after its first read). */
bool source_compressed(const struct source *s);
/* Decompressed and not followed: see input_ops' may_hide_damage. */
bool source_may_hide_damage(const struct source *s);
void source_free(struct source *s);

/* What p[0..n), the first bytes of an input, say it is. */
enum source_kind source_sniff(const void *p, size_t n);
/* What the first bytes of the regular file open at fd say it is (read with pread). */
enum source_kind source_sniff_fd(int fd);
/*
 * Whether the bytes of fd from start may hold one of words[0..n): one is
 * among them, or they cannot be searched as text (compressed data, an
 * SQLite database, a read error).  Read with pread(2), in blocks that
 * overlap by a word's length, so fd's offset stays; a word spelled with
 * \u escapes is missed, as no JSON writer spells a key so.  A search costs a
 * fraction of a read as JSON, so input without the words is read once.
 */
bool source_may_hold(int fd, off_t start, const char *const words[], size_t n);
/*
 * Copies what is left of fd (a pipe, say) to a temporary file (temp_dir(),
 * unlinked) and puts the copy in fd's place, at its start, so that it can
 * be read twice.  Returns 0; -1, with nothing read and nothing said, when
 * no temporary file can be made or fd cannot be read at all (a read of fd
 * then says why); or EXIT_IOERR, reported with name, when reading fd or
 * writing the copy failed later (what was read is lost to fd).
 */
int source_spool(int fd, const char *name);
/* Whether this adkev can decompress kind. */
bool source_can_read(enum source_kind kind);

/*
 * --follow: from now on SIGINT and SIGTERM end the run as the end of the
 * input would (the first one; a second one has its default effect), and
 * waits for input look for that every FOLLOW_POLL_MS.  Called before the
 * first read; the calls after the first do nothing.
 */
void source_follow_start(void);
/* Whether a signal asked the run to end (after source_follow_start()). */
bool source_interrupted(void);
/* How often a followed file is looked at for more bytes, in milliseconds. */
#define FOLLOW_POLL_MS 200

#endif
