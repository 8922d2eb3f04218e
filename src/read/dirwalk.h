/*
 * dirwalk.h - a directory operand as the files it stands for (sources.md
 * section 1): recursively, in path order (each folder's entries sorted by
 * their bytes), event files (.jsonl, .ndjson, .json, .sse, each also .gz
 * or .zst) and SQLite files whatever their names; eval sets
 * (*.evalset.json, *.test.json, test_config.json) left out; hidden files
 * and folders skipped, except ADK's .adk; symbolic links to folders not
 * followed, so a walk always ends.
 */
#ifndef ADKEV_DIRWALK_H
#define ADKEV_DIRWALK_H

#include <stdbool.h>

struct dirwalk;

/* A walk of dir (borrowed), to follow older's (NULL-able; freed with it). */
struct dirwalk *dirwalk_new(const char *dir, struct dirwalk *older);
/*
 * The next file's path, or NULL at the end; a folder that cannot be read
 * is reported (*status raised to EXIT_NOINPUT), and so is a walk that
 * found no file.  The path lives until dirwalk_free().
 */
const char *dirwalk_next(struct dirwalk *w, int *status);
/* Frees w and the walks before it. */
void dirwalk_free(struct dirwalk *w);
/* Whether path is a folder (not "-", which is standard input). */
bool dirwalk_is_dir(const char *path);

#endif
