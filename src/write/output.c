/*
 * output.c - results to standard output, written by one JSON writer (json.h),
 * and the write-error policy.
 */
#include "write/output.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

static struct output_style style;
static struct json_writer out;
static bool out_ready;
static bool failed;
static int failed_errno;

unsigned output_flags(struct output_style s)
{
	return (s.raw ? JW_RAW : 0) | (s.pretty ? JW_PRETTY : 0);
}

static void note_failure(void)
{
	if (!failed) {
		failed = true;
		failed_errno = errno ? errno : EIO;
	}
}

/* The writer's sink: everything standard output gets goes through here. */
static bool stdout_sink(void *ctx, const char *data, size_t len)
{
	(void)ctx;
	if (failed)
		return false;
	if (len && fwrite(data, 1, len, stdout) != len)
		note_failure();
	return !failed;
}

struct json_writer *output_writer(void)
{
	if (!out_ready) {
		jw_init_sink(&out, output_flags(style), stdout_sink, NULL);
		out_ready = true;
	}
	return &out;
}

void output_set_style(struct output_style s)
{
	style = s;
	/* Text gathered in the old style goes out first; the next result uses the new one. */
	if (out_ready) {
		jw_flush(&out);
		jw_release(&out);
		out_ready = false;
	}
}

bool output_failed(void)
{
	return failed;
}

bool output_bytes(const char *data, size_t len)
{
	/* What the writer gathered stands before these bytes. */
	if (out_ready)
		jw_flush(&out);
	return stdout_sink(NULL, data, len);
}

bool output_json(const json_t *value)
{
	struct json_writer *w = output_writer();
	jw_value(w, value);
	jw_line_end(w);
	return !failed;
}

int output_finish(void)
{
	if (out_ready) {
		jw_flush(&out);
		jw_release(&out);
		out_ready = false;
	}
	if (!failed && (fflush(stdout) != 0 || ferror(stdout)))
		note_failure();
	if (failed) {
		fprintf(stderr, "adkev: write error: %s\n", strerror(failed_errno));
		return EXIT_IOERR;
	}
	return 0;
}
