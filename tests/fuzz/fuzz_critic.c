/*
 * fuzz_critic.c - adkev critic over arbitrary input, with its default, --strict --min-score and --per-invocation.
 */
#include "fuzz.h"

static const char *const plain[] = {NULL};
static const char *const strict[] = {"--skip-invalid", "--strict", "--min-score", "0.5", NULL};
static const char *const grouped[] = {"--per-invocation", "--skip-invalid", "-p", NULL};
static const char *const *const variants[] = {plain, strict, grouped};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_run_variants(&command_critic, variants, (int)(sizeof variants / sizeof variants[0]), data, size);
	return 0;
}
