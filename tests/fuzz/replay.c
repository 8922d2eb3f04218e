/*
 * replay.c - runs a fuzz target over files instead of under libFuzzer, so
 * make check can replay every kept crash input (and the seeds) with any
 * compiler and under valgrind.  Operands are files or folders of files.
 */
#include "fuzz.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static FILE *err;
static unsigned long replayed;

static void replay_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		fprintf(err, "replay: cannot open %s\n", path);
		exit(2);
	}
	size_t cap = 4096, len = 0;
	unsigned char *buf = malloc(cap);
	size_t n;
	while (buf && (n = fread(buf + len, 1, cap - len, f)) > 0) {
		len += n;
		if (len == cap)
			buf = realloc(buf, cap *= 2);
	}
	fclose(f);
	if (!buf) {
		fprintf(err, "replay: out of memory for %s\n", path);
		exit(2);
	}
	LLVMFuzzerTestOneInput(buf, len);
	free(buf);
	replayed++;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void replay_path(const char *path)
{
	struct stat st;
	if (stat(path, &st) != 0) {
		fprintf(err, "replay: cannot stat %s\n", path);
		exit(2);
	}
	if (!S_ISDIR(st.st_mode)) {
		replay_file(path);
		return;
	}
	DIR *d = opendir(path);
	if (!d)
		return;
	char **names = NULL;
	size_t count = 0;
	struct dirent *e;
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		names = realloc(names, (count + 1) * sizeof *names);
		names[count] = malloc(strlen(path) + strlen(e->d_name) + 2);
		sprintf(names[count], "%s/%s", path, e->d_name);
		count++;
	}
	closedir(d);
	qsort(names, count, sizeof *names, by_name);
	for (size_t i = 0; i < count; i++) {
		replay_path(names[i]);
		free(names[i]);
	}
	free(names);
}

int main(int argc, char *argv[])
{
	err = stderr;
	LLVMFuzzerInitialize(&argc, &argv);
	for (int i = 1; i < argc; i++)
		replay_path(argv[i]);
	fprintf(err, "%s: %lu inputs replayed\n", argv[0], replayed);
	return 0;
}
