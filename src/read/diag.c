/*
 * diag.c - positions and diagnostics of the reader (diag.h).
 */
#include "read/diag.h"
#include "read/framer.h"
#include "read/reader.h"
#include "util.h"

#include <stdio.h>
#include <string.h>

/*
 * With --skip-invalid the value is passed over and the read goes on, so the
 * line is a warning, and says so: a log reader tells it from the error
 * that ended a read.
 */
static void vwarn_at(const struct diag *d, const struct reader_pos *pos, const char *fmt,
                     va_list ap)
{
	char what[4096];
	vsnprintf(what, sizeof what, fmt, ap);
	if (d->report)
		d->report(d->report_ctx, pos, d->skip_invalid, what);
	else
		diag_say(pos, d->skip_invalid, what);
}

void diag_say(const struct reader_pos *pos, bool warning, const char *what)
{
	const char *kind = warning ? "warning: " : "";
	if (pos->record)
		warnx_msg("%s%s: %s: %s", kind, pos->file, pos->record, what);
	else
		warnx_msg("%s%s:%lu:%lu: %s", kind, pos->file, pos->line, pos->column, what);
}

void diag_report(const struct diag *d, const struct reader_pos *pos, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vwarn_at(d, pos, fmt, ap);
	va_end(ap);
}

void reader_report_skipped_count(unsigned long count)
{
	if (count)
		warnx_msg("%lu invalid value%s skipped", count, count == 1 ? "" : "s");
}

enum step diag_invalid(struct diag *d)
{
	if (d->skip_invalid) {
		d->skipped++;
		return STEP_NONE;
	}
	return STEP_INVALID;
}

bool diag_damaged_ahead(struct diag *d)
{
	return !d->skip_invalid && d->damaged_ahead && d->damaged_ahead(d->damaged_ctx);
}

void diag_status(struct diag *d, int status)
{
	if (status > d->status)
		d->status = status;
}

bool diag_reject(struct diag *d, const struct reader_pos *pos, const char *fmt, va_list ap)
{
	vwarn_at(d, pos, fmt, ap);
	return diag_invalid(d) != STEP_INVALID;
}

void origins_reset(struct origins *o)
{
	o->count = 0;
}

void origins_add(struct origins *o, unsigned long line, unsigned long column)
{
	if (o->count == o->cap) {
		o->cap = o->cap ? o->cap * 2 : 16;
		o->list = xrealloc(o->list, o->cap * sizeof *o->list);
	}
	o->list[o->count].line = line;
	o->list[o->count].column = column;
	o->count++;
}

void origins_begin(struct origins *o, const char *src)
{
	o->src = src;
	o->off = 0;
	o->at = 0;
	o->column = o->list[0].column;
}

void origins_drop(struct origins *o, const char *src, size_t n)
{
	if (o->record)
		return;
	origins_begin(o, src);
	origins_pos(o, n);
	size_t at = o->at;
	memmove(o->list, o->list + at, (o->count - at) * sizeof *o->list);
	o->count -= at;
	o->list[0].column = o->column;
}

struct reader_pos origins_pos(struct origins *o, size_t off)
{
	if (o->record)
		return (struct reader_pos){o->file, 0, 0, o->record};
	/*
	 * A run of bytes up to the next line end at a time, its columns counted
	 * in one loop the compiler widens: a streamed array's elements are
	 * walked so as each is let go, and a byte at a time cost a sixth of
	 * reading it.  A line end past the last origin is one more column.
	 */
	while (o->off < off) {
		const char *p = o->src + o->off;
		const char *nl = o->at + 1 < o->count ? memchr(p, '\n', off - o->off) : NULL;
		size_t run = nl ? (size_t)(nl - p) : off - o->off;
		o->column += framer_columns(p, run);
		o->off += run;
		if (nl) {
			o->at++;
			o->column = o->list[o->at].column;
			o->off++;
		}
	}
	return (struct reader_pos){o->file, o->list[o->at].line, o->column + 1, NULL};
}

/*
 * jansson's messages end in " near '<token>'", which would echo input into
 * a log, or " near end of file", which means the end of the buffer it was
 * given (a line); only the description before it is kept.
 */
void origins_report_json_error(const struct origins *o, const struct diag *d, const json_error_t *e)
{
	origins_report_json_error_after(o, d, e, 0);
}

void origins_json_fault(const struct origins *o, const json_error_t *e,
                        unsigned long prefix_columns, struct json_fault *f)
{
	size_t origin = e->line >= 1 && (size_t)e->line <= o->count ? (size_t)e->line - 1 : 0;
	unsigned long column = e->column > 0 ? (unsigned long)e->column : 0;
	/* The prefix's columns are not the input's; jansson's error is always past them. */
	if (origin == 0 && column > prefix_columns)
		column -= prefix_columns;
	/* jansson counts only the characters it decoded: a bad byte is one column on. */
	if (json_error_code(e) == json_error_invalid_utf8)
		column++;
	f->pos = (struct reader_pos){o->file, o->list[origin].line,
	                             o->list[origin].column + (column ? column : 1), o->record};
	if (o->record)
		f->pos.line = f->pos.column = 0;
	/* jansson's own words for this read as its bug; the limit is its design. */
	if (json_error_code(e) == json_error_null_byte_in_key) {
		snprintf(f->what, sizeof f->what,
		         "object key holds a NUL (\\u0000), which adkev cannot represent");
		return;
	}
	const char *near = strstr(e->text, " near ");
	int len = near ? (int)(near - e->text) : (int)strlen(e->text);
	snprintf(f->what, sizeof f->what, "invalid JSON: %.*s", len, e->text);
}

void origins_report_json_error_after(const struct origins *o, const struct diag *d,
                                     const json_error_t *e, unsigned long prefix_columns)
{
	struct json_fault f;
	origins_json_fault(o, e, prefix_columns, &f);
	diag_report(d, &f.pos, "%s", f.what);
}

void origins_release(struct origins *o)
{
	free(o->list);
	o->list = NULL;
	o->count = o->cap = 0;
}
