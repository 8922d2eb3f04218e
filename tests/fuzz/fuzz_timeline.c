/*
 * fuzz_timeline.c - adkev timeline over arbitrary input: the page with its
 * values redacted and cut, shown whole, and past bad input.
 */
#include "fuzz.h"

static const char *const plain[] = {NULL};
static const char *const whole[] = {"--no-redact", "--no-truncate", "--skip-invalid", NULL};
static const char *const cut[] = {"--max-string", "3", "--redact-key", "x", "--skip-invalid",
				  "--title", "t", NULL};
static const char *const *const variants[] = {plain, whole, cut};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_run_variants(&command_timeline, variants, (int)(sizeof variants / sizeof variants[0]),
			  data, size);
	return 0;
}
