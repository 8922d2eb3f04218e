/*
 * fuzz_to_a2a.c - adkev to-a2a over arbitrary input, both A2A versions, and
 * the way back: whatever to-a2a writes, from-a2a must read without error.
 */
#include "fuzz.h"

#include "util.h"

static const char *const v03[] = {"--skip-invalid", NULL};
static const char *const v10[] = {"--skip-invalid", "--a2a-version", "1.0", "--ids-from-metadata",
				  NULL};
static const char *const ids[] = {"-p", "--task-id", "t", "--context-id", "c", NULL};
static const char *const back[] = {"--deterministic", "--aggregate", NULL};

/* Converts, then converts the output back; to-a2a's output is always valid A2A. */
static void round_trip(const char *operand, const char *const *options)
{
	fuzz_capture_begin();
	int status = fuzz_run(&command_to_a2a, options, &operand, 1);
	size_t len;
	const char *out = fuzz_capture_end(&len);
	if (status != EXIT_OK && status != EXIT_DATAERR)
		return;
	const char *a2a = fuzz_file(1, (const uint8_t *)out, len);
	FUZZ_CHECK(fuzz_run(&command_from_a2a, back, &a2a, 1) == EXIT_OK);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *operand = fuzz_file(0, data, size);
	round_trip(operand, v03);
	round_trip(operand, v10);
	fuzz_run(&command_to_a2a, ids, &operand, 1);
	return 0;
}
