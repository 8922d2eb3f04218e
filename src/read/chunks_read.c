/*
 * chunks_read.c - one chunk read with a reader of its own (chunks.h): the
 * input kind that hands the reader the chunk's bytes (pread(2) for a file,
 * the ring's copy for a stream, on into the next chunks for a read after
 * the merge), the reports it keeps for the chunk's turn, the fold of its
 * items, and the worker threads that take chunks to read in order.
 */
#include "read/chunks_int.h"
#include "read/diag.h"
#include "read/source.h"
#include "util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void chunk_say_kept(struct chunk *c, unsigned long first_line)
{
	for (size_t i = 0; i < c->report_count; i++) {
		struct reader_pos pos = c->reports[i].pos;
		if (!pos.record)
			pos.line += first_line - 1;
		diag_say(&pos, c->reports[i].warning, c->reports[i].what);
		free(c->reports[i].what);
	}
	free(c->reports);
	c->reports = NULL;
	c->report_count = 0;
}

/* A chunk's input: the operand's bytes from the chunk's start on. */
struct chunk_input {
	struct input base;
	struct chunks *cs;     /* the run */
	bool goes_on;          /* a read after the merge (follow_on()): on into the next chunks */
	struct chunk *c;       /* the chunk read; held (refs) while a stream's */
	size_t index;          /* its place in cs->list */
	unsigned long long at; /* the next byte, from the operand's start */
	struct chunk *kept;    /* a read after the merge: its reports so far */
	unsigned long base_line; /* and the line they are counted from */
};

static ssize_t file_read(struct chunk_input *ci, char *buf, size_t cap)
{
	ssize_t n;
	do
		n = pread(ci->c->file->fd, buf, cap, (off_t)ci->at);
	while (n < 0 && errno == EINTR);
	if (n < 0)
		return SOURCE_ERROR;
	ci->at += (unsigned long long)n;
	return n;
}

/*
 * The end of ci's chunk's bytes: the stream's end at its last chunk; for a
 * worker's read, an end that says it ran off (the merge reads the chunk
 * again); for a read after the merge, the next chunk's bytes, this one
 * passed.  Returns 1 when there are more bytes to read.
 */
static ssize_t past_chunk(struct chunk_input *ci)
{
	struct chunk *c = ci->c;
	const struct chunk_file *file = c->file;
	if (c->last && (file->end == 0 || ci->goes_on)) {
		/* The reader says the error at once: what it kept before the error goes first. */
		if (file->end)
			chunk_say_kept(ci->kept, ci->base_line);
		errno = file->err;
		return file->end;
	}
	if (!ci->goes_on) {
		c->ran_off = true;
		return 0;
	}
	struct chunks *cs = ci->cs;
	pthread_mutex_lock(&cs->lock);
	chunks_drop_from_ring(cs, c);
	chunk_unref(c);
	chunks_wait_made(cs, ++ci->index);
	ci->c = cs->list[ci->index];
	ci->c->refs++;
	pthread_mutex_unlock(&cs->lock);
	return 1;
}

static ssize_t chunk_input_read(struct input *in, char *buf, size_t cap)
{
	struct chunk_input *ci = (struct chunk_input *)in;
	if (!ci->c->file->in)
		return file_read(ci, buf, cap);
	for (;;) {
		struct chunk *c = ci->c;
		if (ci->at < c->limit) {
			size_t n = (size_t)(c->limit - ci->at) < cap ? (size_t)(c->limit - ci->at) : cap;
			memcpy(buf, c->bytes + (ci->at - c->start), n);
			ci->at += n;
			return (ssize_t)n;
		}
		ssize_t more = past_chunk(ci);
		if (more <= 0)
			return more;
	}
}

static bool chunk_input_may_hide_damage(const struct input *in)
{
	const struct chunk_input *ci = (const struct chunk_input *)in;
	return ci->goes_on && ci->c->file->hides_damage;
}

static const char *chunk_input_error(const struct input *in)
{
	const struct chunk_file *file = ((const struct chunk_input *)in)->c->file;
	return file->in->ops->error(file->in);
}

static void chunk_input_close(struct input *in)
{
	struct chunk_input *ci = (struct chunk_input *)in;
	if (ci->c->file->in) {
		pthread_mutex_lock(&ci->cs->lock);
		chunk_unref(ci->c);
		pthread_mutex_unlock(&ci->cs->lock);
	}
	free(in);
}

static const struct input_ops chunk_input_ops = {
    .read = chunk_input_read,
    .may_hide_damage = chunk_input_may_hide_damage,
    .error = chunk_input_error,
    .close = chunk_input_close,
};

/* What this thread's reader opens next: set while chunk_fold_items() reads. */
static _Thread_local const struct opening *opening;

static bool claims_chunk(const char *operand)
{
	(void)operand;
	return opening != NULL;
}

static struct input *open_chunk(const char *operand, const struct input_how *how, int *status)
{
	(void)how;
	(void)status;
	struct chunk_input *ci = xcalloc(1, sizeof *ci);
	const struct chunk_file *file = opening->c->file;
	ci->base = (struct input){.ops = &chunk_input_ops,
	                          .name = file->in ? file->in->name : operand,
	                          .mid_file = opening->at > 0};
	ci->cs = opening->cs;
	ci->goes_on = opening->goes_on;
	ci->kept = opening->kept;
	ci->base_line = opening->base_line;
	ci->c = opening->c;
	ci->index = opening->index;
	ci->at = opening->at;
	return &ci->base;
}

static const struct input_kind chunk_kind = {
    .name = "chunk",
    .claims = claims_chunk,
    .open = open_chunk,
};
static const struct input_kind *const chunk_kinds[] = {&chunk_kind, NULL};

/* The reader's report hook: keeps the report for the chunk's turn. */
static void keep_report(void *ctx, const struct reader_pos *pos, bool warning, const char *what)
{
	struct chunk *c = ctx;
	c->reports = xrealloc(c->reports, (c->report_count + 1) * sizeof *c->reports);
	c->reports[c->report_count++] = (struct kept_report){*pos, warning, xstrdup(what)};
}

struct reader *chunk_reader(const struct chunks *cs, struct opening *o, unsigned long long stop_at,
                            bool in_array, struct chunk *keep)
{
	struct reader_options opt = *cs->how;
	opt.jobs = 1;
	opt.in_array = in_array;
	opt.kinds = chunk_kinds;
	opt.stop_at = stop_at;
	opt.report = keep_report;
	opt.report_ctx = keep;
	opt.wait_hook = NULL;
	o->operand = (char *)o->c->file->name;
	struct reader *r = reader_new(&o->operand, 1, &opt);
	if (cs->reads)
		reader_select(r, cs->reads);
	return r;
}

void *chunk_fold_items(const struct chunks *cs, struct reader *r, const struct opening *o,
                       struct chunk *c)
{
	void *fold = cs->work->begin(cs->work->ctx);
	struct reader_item item;
	opening = o;
	while ((c->res = reader_next(r, &item)) == READ_ITEM) {
		c->items++;
		if (!cs->work->take) {
			cs->work->add(cs->work->ctx, fold, &item);
		} else if (cs->work->take(cs->work->ctx, fold, r, &item)) {
			/* The item was refused: the read ends there, as at bad input. */
			c->res = READ_INVALID;
			break;
		}
	}
	opening = NULL;
	return cs->work->end(cs->work->ctx, fold);
}

void chunk_read(struct chunks *cs, struct chunk *c)
{
	struct opening o = {cs, c, 0, c->start, false, NULL, 0, NULL};
	struct reader *r = chunk_reader(cs, &o, c->limit - c->start, c->in_array, c);
	c->partial = chunk_fold_items(cs, r, &o, c);
	c->status = reader_status(r);
	c->skipped = reader_skipped(r);
	unsigned long line;
	c->stopped = reader_stop_point(r, &c->left_at, &line);
	c->stopped_in_array = reader_stopped_in_array(r);
	c->left_at += c->start;
	c->lines = line - 1;
	c->read = true;
	reader_free(r);
}

void chunk_clear(const struct chunks *cs, struct chunk *c)
{
	if (c->partial)
		cs->work->release(cs->work->ctx, c->partial);
	for (size_t i = 0; i < c->report_count; i++)
		free(c->reports[i].what);
	free(c->reports);
	c->partial = NULL;
	c->reports = NULL;
	c->report_count = 0;
	c->items = 0;
	c->skipped = 0;
	c->status = 0;
	c->res = READ_END;
}

/*
 * Takes the next chunk to read, under the lock; false when there is none
 * to take now.  A stream's chunk that does not start at a cut, or whose
 * bytes were passed already, is not read: the merge reads it.
 */
static bool take(struct chunks *cs, size_t *i)
{
	while (!cs->stop && cs->next < cs->count && cs->next < cs->merged + cs->window) {
		struct chunk *c = cs->list[cs->next++];
		if (!c->file->in || (c->cut_start && c->bytes)) {
			if (c->bytes)
				c->refs++;
			*i = cs->next - 1;
			return true;
		}
		c->done = true;
		pthread_cond_broadcast(&cs->changed);
	}
	return false;
}

/* Reads chunk i, then says so, under the lock (which it lets go meanwhile). */
static void read_taken(struct chunks *cs, size_t i)
{
	struct chunk *c = cs->list[i];
	pthread_mutex_unlock(&cs->lock);
	chunk_read(cs, c);
	pthread_mutex_lock(&cs->lock);
	c->done = true;
	pthread_cond_broadcast(&cs->changed);
}

void *chunks_worker(void *arg)
{
	struct chunks *cs = arg;
	size_t i;
	pthread_mutex_lock(&cs->lock);
	while (!cs->stop && (cs->next < cs->count || !cs->all_made)) {
		if (take(cs, &i))
			read_taken(cs, i);
		else
			pthread_cond_wait(&cs->changed, &cs->lock);
	}
	pthread_mutex_unlock(&cs->lock);
	return NULL;
}

void chunks_wait_read(struct chunks *cs, size_t i)
{
	size_t j;
	pthread_mutex_lock(&cs->lock);
	chunks_wait_made(cs, i);
	while (!cs->list[i]->done) {
		if (take(cs, &j))
			read_taken(cs, j);
		else if (!cs->list[i]->done) /* take() may have passed it over */
			pthread_cond_wait(&cs->changed, &cs->lock);
	}
	pthread_mutex_unlock(&cs->lock);
}
