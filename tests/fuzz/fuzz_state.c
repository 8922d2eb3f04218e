/*
 * fuzz_state.c - adkev state over arbitrary input, with the whole state, --key and --per-invocation.
 */
#include "fuzz.h"

static const char *const plain[] = {NULL};
static const char *const grouped[] = {"--skip-invalid", "--per-invocation", NULL};
static const char *const key[] = {"--key", "k", "-r", "-e", "--skip-invalid", NULL};
static const char *const *const variants[] = {plain, grouped, key};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_run_variants(&command_state, variants, (int)(sizeof variants / sizeof variants[0]), data, size);
	return 0;
}
