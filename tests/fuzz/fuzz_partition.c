/*
 * fuzz_partition.c - adkev partition over arbitrary input: events by agent,
 * trajectories by agent, and --split into a scratch directory, after which
 * nothing may exist beside that directory (author names cannot escape it)
 * and every file in it must be a regular file.
 */
#include "fuzz.h"

#include "util.h"

#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *const plain[] = {NULL};
static const char *const trajectories[] = {"--trajectories", "--skip-invalid", "-p", NULL};
static const char *const grouped[] = {"--per-invocation", "--skip-invalid", NULL};
static const char *const *const variants[] = {plain, trajectories, grouped};


/* Checks what dir holds: only "out", or only regular files, which it removes. */
static void check_dir(const char *dir, bool expect_only_out)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	FUZZ_CHECK(d != NULL);
	while ((e = readdir(d))) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		if (expect_only_out) {
			FUZZ_CHECK(strcmp(e->d_name, "out") == 0);
			continue;
		}
		char path[4200];
		struct stat st;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		FUZZ_CHECK(lstat(path, &st) == 0 && S_ISREG(st.st_mode));
		FUZZ_CHECK(unlink(path) == 0);
	}
	closedir(d);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *top;
	const char *out = fuzz_split_dir(&top);
	fuzz_run_variants(&command_partition, variants, (int)(sizeof variants / sizeof variants[0]),
			  data, size);

	const char *operand = fuzz_file(0, data, size);
	const char *split[] = {"--split", out, "--skip-invalid", NULL};
	int status = fuzz_run(&command_partition, split, &operand, 1);
	/*
	 * --skip-invalid steps over values, not over a damaged container: a
	 * broken gzip member or database page still ends the run with 65.
	 */
	FUZZ_CHECK(status == EXIT_OK || status == EXIT_DATAERR);
	check_dir(top, true);
	check_dir(out, false);
	return 0;
}
