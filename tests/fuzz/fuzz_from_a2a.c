/*
 * fuzz_from_a2a.c - adkev from-a2a over arbitrary input, with --deterministic ids (a run must be repeatable) and each of its switches.
 */
#include "fuzz.h"

static const char *const plain[] = {"--deterministic", NULL};
static const char *const aggregate[] = {"--deterministic", "--skip-invalid", "--aggregate", NULL};
static const char *const quiet[] = {"--deterministic", "--no-peer-actions", "--skip-invalid",
				    "--set-author", "peer", "--branch", "b", "-p", NULL};
static const char *const *const variants[] = {plain, aggregate, quiet};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_run_variants(&command_from_a2a, variants, (int)(sizeof variants / sizeof variants[0]), data, size);
	return 0;
}
