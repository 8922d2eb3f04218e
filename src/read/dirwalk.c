/*
 * dirwalk.c - a directory operand walked in path order (dirwalk.h).
 */
#include "read/dirwalk.h"
#include "read/sessiondb.h"
#include "util.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* One folder being read: its entries, sorted, and the next one. */
struct level {
	char *path;
	struct dirent **entries;
	int count, next;
};

struct dirwalk {
	const char *dir;  /* the operand */
	const char *root; /* the operand until the walk has begun */
	bool ended;
	struct level *levels;
	size_t depth, cap;
	char **found; /* every path handed out, freed with the walk */
	size_t nfound, found_cap;
	struct dirwalk *older;
};

static int by_bytes(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

/* Enters folder path (owned from now on); false after reporting why it cannot be read. */
static bool push(struct dirwalk *w, char *path, int *status)
{
	struct dirent **entries;
	int n = scandir(path, &entries, NULL, by_bytes);
	if (n < 0) {
		warn_errno(errno, "%s", path);
		*status = EXIT_NOINPUT;
		free(path);
		return false;
	}
	if (w->depth == w->cap) {
		w->cap = w->cap ? 2 * w->cap : 8;
		w->levels = xrealloc(w->levels, w->cap * sizeof *w->levels);
	}
	w->levels[w->depth++] = (struct level){path, entries, n, 0};
	return true;
}

static void pop(struct dirwalk *w)
{
	struct level *l = &w->levels[--w->depth];
	for (int i = 0; i < l->count; i++)
		free(l->entries[i]);
	free(l->entries);
	free(l->path);
}

struct dirwalk *dirwalk_new(const char *dir, struct dirwalk *older)
{
	struct dirwalk *w = xcalloc(1, sizeof *w);
	w->dir = w->root = dir;
	w->older = older;
	return w;
}

static bool ends_with(const char *s, size_t n, const char *suffix)
{
	size_t k = strlen(suffix);
	return n >= k && memcmp(s + n - k, suffix, k) == 0;
}

/* Whether a file's name is an event file's and not an eval set's. */
static bool event_file_name(const char *name)
{
	size_t n = strlen(name);
	if (ends_with(name, n, ".gz"))
		n -= 3;
	else if (ends_with(name, n, ".zst"))
		n -= 4;
	if (ends_with(name, n, ".evalset.json") || ends_with(name, n, ".test.json") ||
	    (n == strlen("test_config.json") && memcmp(name, "test_config.json", n) == 0))
		return false;
	return ends_with(name, n, ".jsonl") || ends_with(name, n, ".ndjson") ||
	       ends_with(name, n, ".json") || ends_with(name, n, ".sse");
}

static char *join(const char *dir, const char *name)
{
	size_t n = strlen(dir);
	char *p = xmalloc(n + strlen(name) + 2);
	strcpy(p, dir);
	if (n && dir[n - 1] != '/')
		p[n++] = '/';
	strcpy(p + n, name);
	return p;
}

/* Keeps path as one handed out and returns it. */
static const char *hand_out(struct dirwalk *w, char *path)
{
	if (w->nfound == w->found_cap) {
		w->found_cap = w->found_cap ? 2 * w->found_cap : 16;
		w->found = xrealloc(w->found, w->found_cap * sizeof *w->found);
	}
	return w->found[w->nfound++] = path;
}

/* What to do with an entry: a file to hand out (1), a folder entered (2), or nothing (0). */
static int visit(struct dirwalk *w, const char *name, char *path, int *status)
{
	struct stat st;
	bool hidden = name[0] == '.';
	if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
		if (!hidden || strcmp(name, ".adk") == 0)
			return push(w, path, status) ? 2 : 0;
	} else if (!hidden && stat(path, &st) == 0 && S_ISREG(st.st_mode) &&
	           (event_file_name(name) || sessiondb_claims(path))) {
		return 1;
	}
	free(path);
	return 0;
}

const char *dirwalk_next(struct dirwalk *w, int *status)
{
	if (w->root) {
		const char *root = w->root;
		w->root = NULL;
		if (!push(w, xstrdup(root), status))
			return NULL;
	}
	while (w->depth) {
		struct level *l = &w->levels[w->depth - 1];
		if (l->next == l->count) {
			pop(w);
			continue;
		}
		const char *name = l->entries[l->next++]->d_name;
		if (strcmp(name, ".") == 0 || strcmp(name, "..") == 0)
			continue;
		char *path = join(l->path, name);
		if (visit(w, name, path, status) == 1)
			return hand_out(w, path);
	}
	if (!w->ended && !w->nfound && !*status) {
		warnx_msg("%s: no event files or session databases in it", w->dir);
		*status = EXIT_NOINPUT;
	}
	w->ended = true;
	return NULL;
}

void dirwalk_free(struct dirwalk *w)
{
	while (w) {
		struct dirwalk *older = w->older;
		while (w->depth)
			pop(w);
		free(w->levels);
		for (size_t i = 0; i < w->nfound; i++)
			free(w->found[i]);
		free(w->found);
		free(w);
		w = older;
	}
}

bool dirwalk_is_dir(const char *path)
{
	struct stat st;
	return strcmp(path, "-") != 0 && stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}
