/*
 * fuzz_to_otlp.c - adkev to-otlp over arbitrary input, plain and with
 * --content: whatever it writes is whole lines of JSON, each a TracesData
 * whose every parentSpanId names a span of the same line.
 */
#include "fuzz.h"

#include <jansson.h>
#include <string.h>

#include "util.h"

static const char *const plain[] = {"--skip-invalid", NULL};
static const char *const content[] = {"--content", "--max-string", "3", "--redact-key", "x",
				      "--model", "gpt-x", NULL};
static const char *const stops[] = {"--content", "--no-redact", "--conversation-id", "c", NULL};

/* Every parentSpanId of a TracesData names a span of it. */
static void check_parents(const json_t *spans)
{
	size_t i, j;
	json_t *span, *other;
	json_array_foreach(spans, i, span)
	{
		const char *parent = json_string_value(json_object_get(span, "parentSpanId"));
		bool found = !parent;
		json_array_foreach(spans, j, other)
		{
			const char *id = json_string_value(json_object_get(other, "spanId"));
			found = found || (id && parent && strcmp(id, parent) == 0);
		}
		FUZZ_CHECK(found);
		FUZZ_CHECK(strlen(json_string_value(json_object_get(span, "traceId"))) == 32);
	}
}

/* Runs to-otlp with options; each line it wrote is a whole TracesData. */
static void convert(const char *operand, const char *const *options)
{
	fuzz_capture_begin();
	int status = fuzz_run(&command_to_otlp, options, &operand, 1);
	size_t len;
	const char *out = fuzz_capture_end(&len);
	FUZZ_CHECK(status == EXIT_OK || status == EXIT_DATAERR);
	FUZZ_CHECK(len == 0 || out[len - 1] == '\n');
	for (const char *line = out, *end; line < out + len; line = end + 1) {
		end = memchr(line, '\n', (size_t)(out + len - line));
		json_t *v = json_loadb(line, (size_t)(end - line), JSON_ALLOW_NUL, NULL);
		FUZZ_CHECK(v != NULL);
		json_t *spans = json_object_get(
		    json_array_get(json_object_get(json_array_get(json_object_get(v, "resourceSpans"), 0),
						   "scopeSpans"),
				   0),
		    "spans");
		FUZZ_CHECK(json_array_size(spans) > 0);
		check_parents(spans);
		json_decref(v);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *operand = fuzz_file(0, data, size);
	convert(operand, plain);
	convert(operand, content);
	convert(operand, stops);
	return 0;
}
