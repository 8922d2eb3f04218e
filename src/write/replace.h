/*
 * replace.h - a file written whole or not at all: eval --junit's report and
 * evalset -o's set.
 *
 * What is written goes to a temporary file beside the path (the same
 * directory, so that rename(2) can move it over), which is synced and
 * renamed over the path only when every byte was written.  A run that fails
 * half way, or `adkev evalset --append set.json ... > set.json` done with
 * -o instead, never leaves the old file emptied or half a new one.  A file
 * replaced keeps its permission bits.
 */
#ifndef ADKEV_REPLACE_H
#define ADKEV_REPLACE_H

#include <stdbool.h>
#include <stddef.h>

struct replacement {
	char *path; /* the file replaced, owned */
	char *tmp;  /* the temporary file beside it, owned; NULL once renamed */
	int fd;     /* open on tmp, or -1 */
	int error;  /* the errno of the first write that failed, or 0 */
};

/* Creates the temporary file for path; false with errno when it cannot be made. */
bool replacement_open(struct replacement *r, const char *path);
/* Writes p[0..n) to the temporary file; a failure is kept for replacement_commit(). */
void replacement_write(struct replacement *r, const char *p, size_t n);
/*
 * Syncs and closes the temporary file and renames it over the path: 0, or
 * the errno of the first step that failed (the temporary file is then left
 * for replacement_release() to remove).
 */
int replacement_commit(struct replacement *r);
/* Closes and removes the temporary file if it is still there, and frees r's strings. */
void replacement_release(struct replacement *r);

#endif
