/*
 * drive.c - the one reader loop every subcommand runs (drive.h).
 */
#include "cmd/drive.h"
#include "write/output.h"
#include "write/progress.h"

/* What a command reads of each event, and what --author and --invocation read. */
static struct adk_reads with_filters(const struct adk_reads *reads)
{
	struct adk_reads r = *reads;
	r.event |= ADK_MEMBER(ADK_AUTHOR) | ADK_MEMBER(ADK_INVOCATION_ID);
	return r;
}

int drive(const struct drive *d, const struct extract_options *o, int argc, char *argv[])
{
	unsigned flags = d->reader_flags | (o->skip_invalid ? READER_SKIP_INVALID : 0);
	struct reader *r = reader_new(argv, argc, flags);
	if (d->reads) {
		struct adk_reads reads = with_filters(d->reads);
		reader_select(r, &reads);
	}
	if (d->map) {
		struct adk_reads keep = d->map_keeps ? with_filters(d->map_keeps) : adk_reads_all;
		reader_set_map(r, d->map, d->map_release, d->map_ctx, d->map_keeps ? &keep : NULL);
	}
	struct progress *progress = NULL;
	if (o->progress)
		progress = d->streams ? progress_start_streaming(r) : progress_start(r);
	struct reader_item item;
	enum reader_result res = READ_END;
	int status = 0;

	while (!status && !(d->streams && output_failed()) &&
	       (res = reader_next(r, &item)) == READ_ITEM) {
		if (d->own_filters || extract_passes_filters(o, &item))
			status = d->item(d->ctx, r, &item);
	}
	/* Bad input ends the read; what was read before it still gives its output. */
	if (res == READ_INVALID)
		status = EXIT_DATAERR;
	if (d->done && d->streams)
		status = exit_status_worst(status, d->done(d->ctx, r));
	progress_finish(progress);
	if (d->done && !d->streams)
		status = exit_status_worst(status, d->done(d->ctx, r));
	if (d->end) {
		d->end->stopped = d->end->stopped || res == READ_INVALID;
		d->end->skipped += reader_skipped(r);
	} else {
		reader_report_skipped(r);
	}
	status = exit_status_worst(status, reader_status(r));
	reader_free(r);
	return status;
}
