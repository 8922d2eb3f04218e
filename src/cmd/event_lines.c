/*
 * event_lines.c - one line per item, in input order at any -j
 * (event_lines.h).
 */
#include "adk/store.h"
#include "cmd/event_lines.h"

#include <stdlib.h>

#define EVENT_LINES_SPOOL_IN_MEMORY (1024 * 1024)

/* What run_read() hands the item hook: the command's line maker and a buffer for its line. */
struct lines_run {
	const struct event_lines *how;
	struct strbuf line;
};

static int write_item(void *ctx, struct reader *r, const struct reader_item *item)
{
	struct lines_run *run = ctx;
	strbuf_reset(&run->line);
	int status = run->how->line(run->how->ctx, r, item, &run->line);
	if (run->line.len)
		output_bytes(run->line.buf, run->line.len);
	return status;
}

struct lines_spool {
	struct store out;
	int status; /* the failure of the spool's file, reported */
	struct strbuf line;
};

static void *spool_begin(const void *ctx)
{
	const struct event_lines *how = ctx;
	struct lines_spool *s = xcalloc(1, sizeof *s);
	store_init(&s->out, how->name, EVENT_LINES_SPOOL_IN_MEMORY, &s->status);
	s->line = (struct strbuf)STRBUF_INIT;
	return s;
}

static int spool_take(const void *ctx, void *fold, struct reader *r, const struct reader_item *item)
{
	const struct event_lines *how = ctx;
	struct lines_spool *s = fold;
	strbuf_reset(&s->line);
	int status = how->line(how->ctx, r, item, &s->line);
	if (s->line.len)
		store_append(&s->out, s->line.buf, s->line.len);
	return status;
}

static void *spool_end(const void *ctx, void *fold)
{
	(void)ctx;
	struct lines_spool *s = fold;
	strbuf_release(&s->line);
	return s;
}

static void spool_release(const void *ctx, void *fold)
{
	(void)ctx;
	struct lines_spool *s = fold;
	store_release(&s->out);
	strbuf_release(&s->line);
	free(s);
}

/* store_emit()'s emit: a piece of the spool to standard output. */
static bool emit_output(void *ctx, const char *p, size_t n)
{
	(void)ctx;
	output_bytes(p, n);
	return !output_failed();
}

/* A chunk's lines to standard output; a failed output ends the read, as it does at -j 1. */
static int spool_merge(const void *ctx, void *fold)
{
	struct lines_spool *s = fold;
	store_emit(&s->out, 0, s->out.size, emit_output, NULL);
	int status = s->status ? s->status : output_failed() ? EXIT_IOERR : 0;
	spool_release(ctx, s);
	return status;
}

int event_lines_run(const struct event_lines *how, const struct run_options *o, int argc,
                    char *argv[])
{
	struct lines_run run = {how, STRBUF_INIT};
	struct run_plan plan = {
	    .streams = true,
	    .item = write_item,
	    .ctx = &run,
	    .map = how->map,
	    .map_ctx = (void *)how->ctx,
	    .reads = how->reads,
	};
	struct chunk_work chunks = {spool_begin,   NULL, spool_end, spool_merge,
	                            spool_release, how,  spool_take};
	/* Without a temporary file the chunks' spools could grow with -j: one reader, as -j 1. */
	if (store_file_possible() && !how->no_chunks)
		plan.chunks = &chunks;
	int status = run_read(&plan, o, argc, argv);
	strbuf_release(&run.line);
	return status;
}
