/*
 * fuzz_trajectory.c - adkev trajectory over arbitrary input, with redaction, truncation and grouping switched on and off.
 */
#include "fuzz.h"

static const char *const plain[] = {NULL};
static const char *const grouped[] = {"--skip-invalid", "--per-invocation", "--max-string", "3", NULL};
static const char *const exact[] = {"--redact-exact", "--redact-key", "k", "-p", "--skip-invalid",
				    "--no-truncate", NULL};
static const char *const bare[] = {"--no-redact", "--no-tool-calls", "--no-state-deltas",
				   "--no-token-usage", "--skip-invalid", NULL};
static const char *const *const variants[] = {plain, grouped, exact, bare};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_run_variants(&command_trajectory, variants, (int)(sizeof variants / sizeof variants[0]), data, size);
	return 0;
}
