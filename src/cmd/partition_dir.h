/*
 * partition_dir.h - the files of partition --split, written into one
 * directory.
 *
 * It sits next to partition, not in src/write/, because it is that
 * command's policy and nobody else's: names from agents, --force, files
 * that get their names only when the whole run succeeded.  It writes no
 * JSON itself (partition hands it lines its writer made) and never
 * touches standard output.
 */
#ifndef ADKEV_PARTITION_DIR_H
#define ADKEV_PARTITION_DIR_H

#include <stdbool.h>
#include <stddef.h>

/*
 * Files written into one directory (partition --split), the only place
 * adkev writes besides standard output.  Each file is written under a hidden temporary name
 * (".adkev-PID-N.tmp") in the directory and gets its real name only from
 * partition_dir_commit(), so a failed run leaves no half-written file under a
 * real name.  Writes go through one shared buffer and at most
 * PARTITION_DIR_MAX_OPEN descriptors, closed and reopened for appending as
 * needed, so any number of files fits in constant memory and under the
 * descriptor limit.  Every failure is reported here, once, naming the file;
 * the int functions return 0, EXIT_CANTCREAT or EXIT_IOERR.
 */
#define PARTITION_DIR_MAX_OPEN 64

struct partition_dir;

/*
 * Opens the directory path, creating it and any missing parents.  Without
 * force, partition_dir_add() refuses names that exist already.  NULL after
 * reporting why, with *status set to EXIT_CANTCREAT.
 */
struct partition_dir *partition_dir_open(const char *path, bool force, int *status);
/* What a file name is called in messages and results: the directory as given, '/', name. */
const char *partition_dir_path(struct partition_dir *d, size_t index);
/*
 * Starts the file name (one path component) and sets *index for
 * partition_dir_write().  EXIT_CANTCREAT when name exists and force is off,
 * when it exists and is a directory, or when the temporary file cannot be
 * created.
 */
int partition_dir_add(struct partition_dir *d, const char *name, size_t *index);
/* Appends data[0..len) to file index; EXIT_IOERR once any write has failed. */
int partition_dir_write(struct partition_dir *d, size_t index, const char *data, size_t len);
/* Where a piece of a buffer lies: len bytes from offset at. */
struct dir_piece {
	size_t at, len;
};
/*
 * Appends the pieces[0..count) of base (none empty), in order, to file
 * index, as partition_dir_write() would one by one; many bytes of them go
 * out in a few writev() calls, never copied.  EXIT_IOERR once any write
 * has failed.
 */
int partition_dir_write_pieces(struct partition_dir *d, size_t index, const char *base,
                               const struct dir_piece *pieces, size_t count);
/*
 * Writes out and closes every file and checks that each may still get its
 * name (none appeared meanwhile, without force): what can fail before a
 * name is given, so the caller may still give up with nothing renamed.
 */
int partition_dir_prepare(struct partition_dir *d);
/*
 * partition_dir_prepare(), then renames each file to its name, in the
 * order they were added (over an existing file only with force); all or
 * nothing: a failed rename undoes the ones before it.
 */
int partition_dir_commit(struct partition_dir *d);
/* Removes the temporary files that were not committed, closes and frees d. */
void partition_dir_free(struct partition_dir *d);

#endif
