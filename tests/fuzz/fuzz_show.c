/*
 * fuzz_show.c - adkev show over arbitrary input: colours, cut and whole
 * values, narrow and wide lines, and the Mermaid diagram.
 */
#include "fuzz.h"

static const char *const plain[] = {"--color=never", NULL};
static const char *const colour[] = {"--color=always", "--width", "7", "--skip-invalid", NULL};
static const char *const full[] = {"--full", "--color=always", "--width", "200", "--skip-invalid",
				   "--author", "a", NULL};
static const char *const mermaid[] = {"--format=mermaid", "--skip-invalid", NULL};
static const char *const *const variants[] = {plain, colour, full, mermaid};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_run_variants(&command_show, variants, (int)(sizeof variants / sizeof variants[0]), data,
			  size);
	return 0;
}
