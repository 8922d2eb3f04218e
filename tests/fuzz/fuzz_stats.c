/*
 * fuzz_stats.c - adkev stats over arbitrary input, as JSON and as a table,
 * for the whole stream and per invocation.
 */
#include "fuzz.h"

static const char *const plain[] = {NULL};
static const char *const table[] = {"--table", "--skip-invalid", NULL};
static const char *const grouped[] = {"--per-invocation", "--skip-invalid", "-p", NULL};
static const char *const grouped_table[] = {"--per-invocation", "--table", "--skip-invalid", NULL};
static const char *const *const variants[] = {plain, table, grouped, grouped_table};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_run_variants(&command_stats, variants, (int)(sizeof variants / sizeof variants[0]), data,
			  size);
	return 0;
}
