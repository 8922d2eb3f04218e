/*
 * chunks.c - reading regular files in chunks, folded in parallel and
 * merged in order (chunks.h).
 */
#include "read/chunks.h"
#include "read/diag.h"
#include "read/input.h"
#include "read/sessiondb.h"
#include "read/source.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

size_t chunk_cut(const char *p, size_t n, size_t from)
{
	for (size_t i = from; i < n; i++) {
		const char *nl = memchr(p + i - 1, '\n', n - i);
		if (!nl)
			return 0;
		i = (size_t)(nl - p) + 1;
		if (i >= n)
			return 0;
		unsigned char next = (unsigned char)p[i];
		bool blank_before = p[i - 2] == '\n' || (p[i - 2] == '\r' && p[i - 3] == '\n');
		if (next != 0xEF && (next == '{' || next == '[' || blank_before))
			return i;
	}
	return 0;
}

/* One file to read in chunks. */
struct chunk_file {
	const char *name; /* the operand, for messages */
	int fd;
	unsigned long long size;
};

/* A report of bad input a chunk's reader kept, its line counted from the chunk's first. */
struct kept_report {
	struct reader_pos pos;
	bool warning;
	char *what;
};

/* One chunk: bytes [start, limit) of a file, and what reading them gave. */
struct chunk {
	const struct chunk_file *file;
	unsigned long long start, limit;
	bool first, last; /* the file's first and last chunk */
	/* Filled in by its read. */
	void *partial;
	unsigned long items;
	enum reader_result res;
	int status;
	unsigned long skipped;
	struct kept_report *reports;
	size_t report_count;
	bool stopped;               /* the read ended at the limit */
	unsigned long long left_at; /* there, from the file's start */
	unsigned long lines;        /* the lines before that point, from the chunk's start */
	bool done;
};

struct chunk_files {
	struct chunk_file *list;
	int count;
	unsigned long long total;
};

static size_t chunk_bytes(bool *set)
{
	const char *env = getenv("ADKEV_CHUNK_BYTES");
	char *end;
	unsigned long long n = env ? strtoull(env, &end, 10) : 0;
	*set = env && *env && !*end && n > 0;
	return *set ? (size_t)n : CHUNK_BYTES_DEFAULT;
}

/* Opens operand if it is a regular file of plain text that no other kind of input claims. */
static bool open_plain(const char *operand, struct chunk_file *f)
{
	struct stat st;
	/* Asked before the open, which would wait for a FIFO's writer. */
	if (strcmp(operand, "-") == 0 || stat(operand, &st) != 0 || !S_ISREG(st.st_mode) ||
	    sessiondb_claims(operand))
		return false;
	int fd = open(operand, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return false;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || source_sniff_fd(fd) != SOURCE_PLAIN) {
		close(fd);
		return false;
	}
	*f = (struct chunk_file){operand, fd, (unsigned long long)st.st_size};
	return true;
}

struct chunk_files *chunk_files_open(char *const *operands, int count)
{
	if (count == 0)
		return NULL;
	struct chunk_files *f = xcalloc(1, sizeof *f);
	f->list = xcalloc((size_t)count, sizeof *f->list);
	for (; f->count < count; f->count++) {
		if (!open_plain(operands[f->count], &f->list[f->count])) {
			chunk_files_free(f);
			return NULL;
		}
		f->total += f->list[f->count].size;
	}
	bool set;
	chunk_bytes(&set);
	if (!set && f->total < CHUNK_MIN_INPUT) {
		chunk_files_free(f);
		return NULL;
	}
	return f;
}

void chunk_files_free(struct chunk_files *f)
{
	if (!f)
		return;
	for (int i = 0; i < f->count; i++)
		close(f->list[i].fd);
	free(f->list);
	free(f);
}

/* The first cut of file at or after target, or its size when there is none. */
static unsigned long long find_cut(const struct chunk_file *file, unsigned long long target)
{
	char buf[1 << 16];
	unsigned long long at = target < 3 ? 0 : target - 3;
	size_t from = (size_t)(target < 3 ? 3 : target - at);
	for (;;) {
		ssize_t n = pread(file->fd, buf, sizeof buf, (off_t)at);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= (ssize_t)from)
			return file->size;
		size_t cut = chunk_cut(buf, (size_t)n, from);
		if (cut)
			return at + cut;
		at += (unsigned long long)n - 3;
		from = 3;
	}
}

/* Every file's chunks, in order, into *list; returns how many. */
static size_t plan_chunks(const struct chunk_files *f, size_t bytes, struct chunk **list)
{
	size_t count = 0, cap = 16;
	*list = xmalloc(cap * sizeof **list);
	for (int i = 0; i < f->count; i++) {
		const struct chunk_file *file = &f->list[i];
		unsigned long long start = 0;
		do {
			unsigned long long limit =
			    file->size - start > bytes ? find_cut(file, start + bytes) : file->size;
			if (count == cap)
				*list = xrealloc(*list, (cap *= 2) * sizeof **list);
			(*list)[count++] = (struct chunk){.file = file,
			                                  .start = start,
			                                  .limit = limit,
			                                  .first = start == 0,
			                                  .last = limit == file->size};
			start = limit;
		} while (start < file->size);
	}
	return count;
}

/* A chunk's input: the file's bytes from the chunk's start on, to the file's end. */
struct chunk_input {
	struct input base;
	int fd;
	unsigned long long at;
};

static ssize_t chunk_input_read(struct input *in, char *buf, size_t cap)
{
	struct chunk_input *c = (struct chunk_input *)in;
	ssize_t n;
	do
		n = pread(c->fd, buf, cap, (off_t)c->at);
	while (n < 0 && errno == EINTR);
	if (n < 0)
		return SOURCE_ERROR;
	c->at += (unsigned long long)n;
	return n;
}

static void chunk_input_close(struct input *in)
{
	free(in);
}

static const struct input_ops chunk_input_ops = {
    .read = chunk_input_read,
    .close = chunk_input_close,
};

/*
 * The chunk a thread's reader is about to open: an input kind's open()
 * has nothing but the operand to go by, and each thread reads one chunk
 * at a time.
 */
static _Thread_local const struct chunk *opening;

static bool claims_chunk(const char *operand)
{
	(void)operand;
	return opening != NULL;
}

static struct input *open_chunk(const char *operand, const struct input_how *how, int *status)
{
	(void)how;
	(void)status;
	struct chunk_input *c = xcalloc(1, sizeof *c);
	c->base = (struct input){&chunk_input_ops, operand, false};
	c->fd = opening->file->fd;
	c->at = opening->start;
	return &c->base;
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

/* What a run in chunks shares between its threads. */
struct chunks {
	struct chunk *list;
	size_t count;
	const struct reader_options *how;
	const struct adk_reads *reads;
	const struct chunk_work *work;
	pthread_mutex_t lock;
	pthread_cond_t changed;
	size_t next;   /* the next chunk no thread has taken */
	size_t merged; /* chunks before it are merged: a thread takes none far ahead */
	size_t window; /* how far ahead */
	bool stop;     /* bad input ended the run: no more chunks are taken */
};

/* Reads chunk c with a reader of its own, from its start, folding its items. */
static void read_chunk(const struct chunks *cs, struct chunk *c)
{
	struct reader_options opt = *cs->how;
	opt.jobs = 1;
	opt.kinds = chunk_kinds;
	opt.stop_at = c->limit - c->start;
	opt.report = keep_report;
	opt.report_ctx = c;
	char *operand = (char *)c->file->name;
	struct reader *r = reader_new(&operand, 1, &opt);
	if (cs->reads)
		reader_select(r, cs->reads);
	void *fold = cs->work->begin(cs->work->ctx);
	struct reader_item item;
	opening = c;
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
	c->status = reader_status(r);
	c->skipped = reader_skipped(r);
	unsigned long line;
	c->stopped = reader_stop_point(r, &c->left_at, &line);
	c->left_at += c->start;
	c->lines = line - 1;
	c->partial = cs->work->end(cs->work->ctx, fold);
	reader_free(r);
}

/* Forgets what reading c gave, so that it can be read again or let go. */
static void chunk_clear(const struct chunks *cs, struct chunk *c)
{
	if (c->partial)
		cs->work->release(cs->work->ctx, c->partial);
	for (size_t i = 0; i < c->report_count; i++)
		free(c->reports[i].what);
	free(c->reports);
	struct chunk keep = *c;
	*c = (struct chunk){.file = keep.file,
	                    .start = keep.start,
	                    .limit = keep.limit,
	                    .first = keep.first,
	                    .last = keep.last};
}

/* Takes the next chunk to read, under the lock; false when there is none to take now. */
static bool take(struct chunks *cs, size_t *i)
{
	if (cs->stop || cs->next >= cs->count || cs->next >= cs->merged + cs->window)
		return false;
	*i = cs->next++;
	return true;
}

/* Reads chunk i, then says so, under the lock (which it lets go meanwhile). */
static void read_taken(struct chunks *cs, size_t i)
{
	pthread_mutex_unlock(&cs->lock);
	read_chunk(cs, &cs->list[i]);
	pthread_mutex_lock(&cs->lock);
	cs->list[i].done = true;
	pthread_cond_broadcast(&cs->changed);
}

static void *worker(void *arg)
{
	struct chunks *cs = arg;
	size_t i;
	pthread_mutex_lock(&cs->lock);
	while (!cs->stop && cs->next < cs->count) {
		if (take(cs, &i))
			read_taken(cs, i);
		else
			pthread_cond_wait(&cs->changed, &cs->lock);
	}
	pthread_mutex_unlock(&cs->lock);
	return NULL;
}

/* Waits for chunk i, reading chunks meanwhile as a worker does. */
static void wait_for(struct chunks *cs, size_t i)
{
	size_t j;
	pthread_mutex_lock(&cs->lock);
	while (!cs->list[i].done) {
		if (take(cs, &j))
			read_taken(cs, j);
		else
			pthread_cond_wait(&cs->changed, &cs->lock);
	}
	pthread_mutex_unlock(&cs->lock);
}

/* Where the merge is in the file being merged. */
struct merge_point {
	const struct chunk_file *file;
	unsigned long long at; /* where one reader would be: the next chunk must start here */
	unsigned long line;    /* and the line it would be on */
};

/* Prints c's reports at their lines in the file. */
static void say_reports(const struct chunk *c, unsigned long first_line)
{
	for (size_t i = 0; i < c->report_count; i++) {
		struct reader_pos pos = c->reports[i].pos;
		if (!pos.record)
			pos.line += first_line - 1;
		diag_say(&pos, c->reports[i].warning, c->reports[i].what);
	}
}

/*
 * Merges chunk c, read, at point p: read again from p first when the
 * chunk before it ended elsewhere than at c's start.  False when bad input
 * ends the run there.
 */
static bool merge_chunk(struct chunks *cs, struct chunk *c, struct merge_point *p,
                        struct chunks_end *end)
{
	if (c->first)
		*p = (struct merge_point){c->file, 0, 1};
	if (p->at >= c->limit) {
		/* A value read with the chunks before it took all of this one. */
		chunk_clear(cs, c);
		return true;
	}
	if (p->at != c->start) {
		chunk_clear(cs, c);
		c->start = p->at;
		read_chunk(cs, c);
	}
	say_reports(c, p->line);
	end->skipped += c->skipped;
	/* As diag_status() raises it: a read error outranks a file that could not be opened. */
	if (c->status > end->status)
		end->status = c->status;
	if (c->items)
		end->merged = cs->work->merge(cs->work->ctx, c->partial);
	else
		cs->work->release(cs->work->ctx, c->partial);
	c->partial = NULL;
	if (end->merged)
		return false;
	if (c->res == READ_INVALID) {
		end->res = READ_INVALID;
		return false;
	}
	/* A read that ended before the limit ended at the file's end, or gave the rest up. */
	p->at = c->stopped ? c->left_at : c->file->size;
	p->line += c->lines;
	return true;
}

/* Starts up to n worker threads; returns how many started. */
static unsigned start_workers(struct chunks *cs, pthread_t *threads, unsigned n)
{
	unsigned started = 0;
	while (started < n && pthread_create(&threads[started], NULL, worker, cs) == 0)
		started++;
	return started;
}

void chunks_run(struct chunk_files *f, const struct reader_options *how,
                const struct adk_reads *reads, unsigned jobs, const struct chunk_work *w,
                struct chunks_end *end)
{
	bool set;
	struct chunks cs = {.how = how, .reads = reads, .work = w, .window = 4 * (size_t)jobs};
	cs.count = plan_chunks(f, chunk_bytes(&set), &cs.list);
	pthread_mutex_init(&cs.lock, NULL);
	pthread_cond_init(&cs.changed, NULL);
	pthread_t *threads = xcalloc(jobs, sizeof *threads);
	unsigned started = start_workers(&cs, threads, jobs - 1);
	*end = (struct chunks_end){READ_END, 0, 0, 0};
	struct merge_point p = {0};
	for (size_t i = 0; i < cs.count; i++) {
		wait_for(&cs, i);
		bool goes_on = merge_chunk(&cs, &cs.list[i], &p, end);
		pthread_mutex_lock(&cs.lock);
		cs.merged = i + 1;
		cs.stop = !goes_on;
		pthread_cond_broadcast(&cs.changed);
		pthread_mutex_unlock(&cs.lock);
		if (!goes_on)
			break;
	}
	for (unsigned t = 0; t < started; t++)
		pthread_join(threads[t], NULL);
	for (size_t i = 0; i < cs.count; i++)
		chunk_clear(&cs, &cs.list[i]);
	free(threads);
	free(cs.list);
	pthread_cond_destroy(&cs.changed);
	pthread_mutex_destroy(&cs.lock);
}
