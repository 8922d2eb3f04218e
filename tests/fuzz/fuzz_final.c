/*
 * fuzz_final.c - adkev final over arbitrary input, with its default and --concat, -r, -e, --author and --per-invocation.
 */
#include "fuzz.h"

static const char *const plain[] = {NULL};
static const char *const concat[] = {"--concat", "--per-invocation", "--skip-invalid", NULL};
static const char *const raw[] = {"-r", "-e", "--author", "agent", "--skip-invalid", NULL};
static const char *const *const variants[] = {plain, concat, raw};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_run_variants(&command_final, variants, (int)(sizeof variants / sizeof variants[0]), data, size);
	return 0;
}
