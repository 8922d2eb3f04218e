/*
 * reader.c - operands to events: the loop that ties the reader's parts.
 *
 * The operands are opened one after another as inputs (input.h).  From an
 * input of bytes the lines come one at a time (lines.h), and the fast path
 * parses each line's value once: a JSONL line or an SSE "data:" line is one
 * call to scan_load() (scan.h), or none when a -j worker parsed the same
 * bytes already (preparse.h).  Only a value that runs past its line's end
 * is gathered over the lines after it (gather.h).  From an input of records
 * each record is one value.  Every value is then handed out (elements.h):
 * an event as it is, an array or a session element by element; positions
 * and bad input go through diag.h.
 */
#include "read/reader.h"
#include "read/diag.h"
#include "read/elements.h"
#include "read/framer.h"
#include "read/gather.h"
#include "read/input.h"
#include "read/lines.h"
#include "read/preparse.h"
#include "read/scan.h"
#include "read/source.h"
#include "util.h"

#include <stdlib.h>

struct reader {
	struct reader_options opt; /* with the defaults filled in */
	struct adk_reads reads;    /* what is built of each event (reader_select) */
	struct operands operands;
	struct input *in;          /* the operand being read; NULL between operands */
	struct preparse *preparse; /* worker threads parsing lines ahead, with -j N > 1 */
	struct lines lines;        /* the lines of an input of bytes */
	struct gather gather;      /* a value over several of them */
	struct origins origins;    /* where the value being read is */
	struct elements elements;  /* the value being handed out */
	struct diag diag;
	struct reader_progress progress;
	void (*progress_fn)(void *ctx);
	void *progress_ctx;
	unsigned long long left_at; /* where the last operand of bytes was left */
	unsigned long left_line;    /* its line there */
	bool stopped;               /* the read ended at stop_at */
};

static char *const stdin_operand[] = {"-"};

/* The lines' hook after each block read: the bytes count for --progress. */
static void count_bytes(void *ctx, size_t n)
{
	struct reader *r = ctx;
	r->progress.bytes += (unsigned long long)n;
	if (r->progress_fn)
		r->progress_fn(r->progress_ctx);
}

/* The diag's hook: the input of bytes being read is damaged further on. */
static bool damaged_ahead(void *ctx)
{
	struct reader *r = ctx;
	return r->in && r->in->ops->read && lines_damaged_ahead(&r->lines);
}

/* *options with every zero that stands for a default replaced by it. */
static struct reader_options with_defaults(const struct reader_options *options)
{
	struct reader_options opt = options ? *options : (struct reader_options){0};
	if (!opt.max_line)
		opt.max_line = FRAMER_MAX_LINE_DEFAULT;
	if (!opt.jobs)
		opt.jobs = preparse_default_jobs();
	return opt;
}

struct reader *reader_new(char *const *operands, int count, const struct reader_options *options)
{
	struct reader *r = xcalloc(1, sizeof *r);
	if (count == 0) {
		operands = stdin_operand;
		count = 1;
	}
	r->opt = with_defaults(options);
	if (r->opt.follow)
		source_follow_start();
	r->operands = (struct operands){
	    operands, count, 0, 0, r->opt.kinds, r->opt.sessions, NULL, false, r->opt.wait_hook};
	r->reads = adk_reads_all;
	r->reads.split_eval_cases = r->opt.flags & READER_EVAL_SET;
	r->diag.skip_invalid = r->opt.flags & READER_SKIP_INVALID;
	r->diag.damaged_ahead = damaged_ahead;
	r->diag.damaged_ctx = r;
	r->diag.report = r->opt.report;
	r->diag.report_ctx = r->opt.report_ctx;
	/* The total is known only when every operand's size is. */
	r->progress.total_known = operands_total(&r->operands, &r->progress.total);
	if (r->opt.jobs > 1)
		r->preparse = preparse_new(r->opt.jobs, r->opt.max_line);
	if (r->preparse)
		preparse_select(r->preparse, &r->reads);
	lines_init(&r->lines, r->opt.max_line, r->opt.wait_hook, &r->diag, r->preparse);
	r->lines.on_read = count_bytes;
	r->lines.on_read_ctx = r;
	r->elements.any_value = r->opt.flags & READER_ANY_VALUE;
	r->elements.split_eval_cases = r->reads.split_eval_cases;
	r->elements.whole = r->opt.flags & READER_WHOLE_VALUE;
	r->elements.origins = &r->origins;
	r->elements.diag = &r->diag;
	return r;
}

const struct reader_progress *reader_get_progress(const struct reader *r)
{
	return &r->progress;
}

void reader_set_progress_hook(struct reader *r, void (*fn)(void *ctx), void *ctx)
{
	r->progress_fn = fn;
	r->progress_ctx = ctx;
}

void reader_free(struct reader *r)
{
	if (!r)
		return;
	/* First: the reading thread may be using the file. */
	preparse_free(r->preparse);
	input_close(r->in);
	elements_release(&r->elements);
	lines_release(&r->lines);
	gather_release(&r->gather);
	origins_release(&r->origins);
	operands_release(&r->operands);
	free(r);
}

int reader_status(const struct reader *r)
{
	return r->diag.status;
}

unsigned long reader_skipped(const struct reader *r)
{
	return r->diag.skipped;
}

void reader_report_skipped(const struct reader *r)
{
	reader_report_skipped_count(r->diag.skipped);
}

bool reader_opened_none(const struct reader *r)
{
	return r->operands.opened == 0 && r->operands.next == r->operands.count;
}

bool reader_stop_point(const struct reader *r, unsigned long long *offset, unsigned long *line)
{
	*offset = r->left_at;
	*line = r->left_line;
	return r->stopped;
}

bool reader_reject(struct reader *r, const struct reader_pos *pos, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	bool goes_on = diag_reject(&r->diag, pos, fmt, ap);
	va_end(ap);
	return goes_on;
}

static bool open_next(struct reader *r)
{
	int status = 0;
	r->in = operands_open_next(&r->operands, r->opt.follow, &status);
	diag_status(&r->diag, status);
	if (!r->in)
		return false;
	r->origins.file = r->in->name;
	r->origins.record = NULL;
	if (r->in->ops->read) {
		lines_start(&r->lines, r->in);
		if (r->preparse)
			preparse_start(r->preparse, r->in);
	}
	return true;
}

static void close_current(struct reader *r)
{
	/* The workers' reading thread may still be reading a file left before its end. */
	if (r->preparse && r->in->ops->read)
		preparse_leave(r->preparse);
	if (r->in->ops->read) {
		r->left_at = lines_offset(&r->lines);
		r->left_line = r->lines.line_no;
	}
	input_close(r->in);
	r->in = NULL;
	r->lines.have = false;
}

/*
 * The read of an operand ended at bad input it cannot go past (damaged
 * gzip or zstd data, a line given up whole), already reported: the run's
 * read ends there, or with --skip-invalid the next operand is read and the
 * status is 65 all the same, as the rest of this one was not read.
 */
static enum step operand_ended(struct reader *r)
{
	if (!r->diag.skip_invalid)
		return STEP_INVALID;
	diag_status(&r->diag, EXIT_DATAERR);
	return STEP_NONE;
}

/* Parses the value gathered over several lines from offset i of the current one. */
static enum step parse_gathered(struct reader *r, size_t i, struct reader_item *item)
{
	size_t len;
	switch (gather_value(&r->gather, &r->lines, &r->origins, i, &len)) {
	case GATHER_GAVE_UP:
		return operand_ended(r);
	case GATHER_INVALID:
		return diag_invalid(&r->diag);
	case GATHERED:
		break;
	}
	json_error_t e;
	json_t *v = scan_load(r->gather.text.buf, len, &r->reads, &e);
	if (!v) {
		if (!diag_damaged_ahead(&r->diag))
			origins_report_json_error(&r->origins, &r->diag, &e);
		return diag_invalid(&r->diag);
	}
	return elements_deliver(&r->elements, v, NULL, r->gather.text.buf, len, item);
}

/* Parses the value that starts at offset i of the current line. */
static enum step parse_at(struct reader *r, size_t i, struct reader_item *item)
{
	struct lines *l = &r->lines;
	const char *p = lines_text(l) + i;
	size_t n = l->len - i;

	origins_reset(&r->origins);
	origins_add(&r->origins, l->line_no, framer_columns(lines_text(l), i));
	if (r->preparse) {
		/* A worker may have parsed these very bytes already; else parse them here. */
		size_t end;
		void *mapped;
		json_t *v = preparse_take(r->preparse, lines_offset(l) + i, n, &end, &mapped);
		if (v) {
			l->cur = i + end;
			return elements_deliver(&r->elements, v, mapped, p, end, item);
		}
	}
	json_error_t e;
	json_t *v = scan_load(p, n, &r->reads, &e);
	if (v) {
		l->cur = i + (size_t)e.position;
		return elements_deliver(&r->elements, v, NULL, p, (size_t)e.position, item);
	}
	if (json_error_code(&e) == json_error_premature_end_of_input &&
	    (*p == '{' || *p == '[' || *p == '"'))
		return parse_gathered(r, i, item);
	if (!diag_damaged_ahead(&r->diag))
		origins_report_json_error(&r->origins, &r->diag, &e);
	l->cur = l->len;
	return diag_invalid(&r->diag);
}

/* The next step through an input of bytes: a line framed, passed over, or a value parsed. */
static enum step next_on_lines(struct reader *r, struct reader_item *item)
{
	struct lines *l = &r->lines;
	if (!l->have && r->opt.stop_at && lines_offset(l) >= r->opt.stop_at) {
		close_current(r);
		r->stopped = true;
		return STEP_NONE;
	}
	if (!l->have) {
		if (lines_peek(l))
			return STEP_NONE;
		close_current(r);
		return lines_gave_up(l) ? operand_ended(r) : STEP_NONE;
	}
	size_t i = framer_skip_space(lines_text(l), l->cur, l->len);
	if (i >= l->len) {
		lines_consume(l);
		return STEP_NONE;
	}
	return parse_at(r, i, item);
}

/* Parses a record's text, which must hold one value and nothing after it. */
static enum step parse_record(struct reader *r, const struct input_record *rec,
                              struct reader_item *item)
{
	origins_reset(&r->origins);
	origins_add(&r->origins, 0, 0);
	r->origins.record = rec->where;
	json_error_t e;
	json_t *v = scan_load(rec->text, rec->len, &r->reads, &e);
	if (!v) {
		origins_report_json_error(&r->origins, &r->diag, &e);
		return diag_invalid(&r->diag);
	}
	size_t end = (size_t)e.position;
	if (framer_skip_space(rec->text, end, rec->len) < rec->len) {
		json_decref(v);
		struct reader_pos pos = {r->in->name, 0, 0, rec->where};
		diag_report(&r->diag, &pos, "invalid JSON: end of file expected");
		return diag_invalid(&r->diag);
	}
	return elements_deliver(&r->elements, v, NULL, rec->text, end, item);
}

/* The next step through an input of records: one record parsed, or the input's end. */
static enum step next_record(struct reader *r, struct reader_item *item)
{
	if (r->opt.wait_hook && input_would_wait(r->in))
		r->opt.wait_hook();
	struct input_record rec;
	int got = r->in->ops->next_record(r->in, &rec);
	if (got > 0) {
		count_bytes(r, rec.len);
		return parse_record(r, &rec, item);
	}
	int status = got < 0 ? input_failed(r->in, got) : 0;
	close_current(r);
	/* Damaged data ends the operand's read as bad input, as for bytes. */
	if (status == EXIT_DATAERR)
		return operand_ended(r);
	diag_status(&r->diag, status);
	return STEP_NONE;
}

enum reader_result reader_next(struct reader *r, struct reader_item *item)
{
	if (!elements_pending(&r->elements))
		elements_drop(&r->elements);
	for (;;) {
		enum step step;
		if (elements_pending(&r->elements))
			step = elements_next(&r->elements, item);
		else if (!r->in && !open_next(r))
			return READ_END;
		else if (r->in->ops->next_record)
			step = next_record(r, item);
		else
			step = next_on_lines(r, item);
		if (step == STEP_ITEM) {
			r->progress.items++;
			return READ_ITEM;
		}
		if (step == STEP_INVALID)
			return READ_INVALID;
	}
}

void reader_select(struct reader *r, const struct adk_reads *reads)
{
	bool split = r->reads.split_eval_cases; /* the reader's flag, not the command's reads */
	r->reads = *reads;
	r->reads.split_eval_cases = split;
	if (r->preparse)
		preparse_select(r->preparse, &r->reads);
}

void reader_set_map(struct reader *r, void *(*fn)(const json_t *value, void *ctx),
                    void (*release)(void *result), void *ctx, const struct adk_reads *keep)
{
	r->elements.map_release = release;
	if (r->preparse)
		preparse_set_map(r->preparse, fn, release, ctx, keep);
}
