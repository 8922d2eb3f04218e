/*
 * fuzz_reasoning.c - adkev reasoning over arbitrary input, with its default and --per-invocation, -p.
 */
#include "fuzz.h"

static const char *const plain[] = {NULL};
static const char *const grouped[] = {"--per-invocation", "--skip-invalid", "-p", "-e", NULL};
static const char *const *const variants[] = {plain, grouped};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_run_variants(&command_reasoning, variants, (int)(sizeof variants / sizeof variants[0]), data, size);
	return 0;
}
