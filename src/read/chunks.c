/*
 * chunks.c - reading regular files in chunks, folded in parallel and
 * merged in order (chunks.h).
 */
#include "read/chunks.h"
#include "read/diag.h"
#include "read/framer.h"
#include "read/input.h"
#include "read/sessiondb.h"
#include "read/source.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
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

size_t chunk_cut_indented(const char *p, size_t n, size_t from, const char *indent, size_t len)
{
	for (size_t i = from; i < n; i++) {
		const char *nl = memchr(p + i - 1, '\n', n - i + 1);
		if (!nl)
			return 0;
		i = (size_t)(nl - p) + 1;
		if (i + len >= n)
			return 0;
		if (memcmp(p + i, indent, len) == 0 && p[i + len] == '{')
			return i;
	}
	return 0;
}

/*
 * One operand to read in chunks: a regular file of plain text, whose chunks
 * workers read with pread(2), or a stream (standard input, gzip or zstd
 * data), which the reading thread reads into the chunks' own bytes.
 */
struct chunk_file {
	const char *name; /* the operand */
	int fd;           /* a file's, or -1 */
	unsigned long long size;
	struct input *in; /* a stream's, read by the reading thread alone */
	/*
	 * A stream decompressed: damage may lie past bad text.  Set once, with
	 * the first bytes, before a chunk of them is made (and so before another
	 * thread looks), as standard input may hold gzip data.
	 */
	bool hides_damage;
	/* A file of plain text that starts with '[': its chunks after the first start inside it. */
	bool array;
	/* The white space before its first element's '{' on its line: "" where none or no '{'. */
	char indent[16];
	size_t indent_len;
	bool kind_known; /* the reading thread's: hides_damage is set */
	/* How the stream ended, known once its last chunk is made. */
	ssize_t end; /* 0, SOURCE_ERROR or SOURCE_DAMAGED */
	int err;     /* errno of SOURCE_ERROR */
};

/* A report of bad input a chunk's reader kept, its line counted from the chunk's first. */
struct kept_report {
	struct reader_pos pos;
	bool warning;
	char *what;
};

/*
 * One chunk: bytes [start, limit) of an operand, and what reading them
 * gave.  A stream's chunk holds its bytes, from the reading thread, until
 * the merge or a read after it (follow_on()) has passed them.
 */
struct chunk {
	const struct chunk_file *file;
	unsigned long long start, limit;
	bool first, last; /* the operand's first and last chunk */
	char *bytes;      /* a stream's bytes [start, limit), freed when refs is 0 */
	unsigned refs;    /* one for the ring while ring_held, one per reader of them */
	bool ring_held;
	bool cut_start; /* a stream's chunk starts at a cut (chunk_cut()): a worker may read it */
	/* It is read as starting inside a top-level array (reader_options' in_array). */
	bool in_array;
	/* Filled in by its read. */
	void *partial;
	unsigned long items;
	enum reader_result res;
	int status;
	unsigned long skipped;
	struct kept_report *reports;
	size_t report_count;
	bool stopped;               /* the read ended at the limit */
	bool stopped_in_array;      /* there, inside a top-level array (reader_stopped_in_array()) */
	unsigned long long left_at; /* there, from the file's start */
	unsigned long lines;        /* the lines before that point, from the chunk's start */
	bool read;                  /* a worker read it (a stream's may be passed over) */
	bool ran_off;               /* a stream's read needed bytes past the chunk's */
	bool done;
};

/* Prints c's reports at their lines in the file, and forgets them. */
static void say_kept(struct chunk *c, unsigned long first_line)
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

struct chunk_files {
	struct chunk_file *list;
	int count;
	unsigned long long total;
	bool streams; /* one of them is a stream: the total is not known */
};

size_t chunk_bytes(bool *set)
{
	const char *env = getenv("ADKEV_CHUNK_BYTES");
	char *end;
	unsigned long long n = env ? strtoull(env, &end, 10) : 0;
	bool given = env && *env && !*end && n > 0;
	if (set)
		*set = given;
	return given ? (size_t)n : CHUNK_BYTES_DEFAULT;
}

/*
 * Whether the plain text of fd starts with "[" (after white space and a
 * byte-order mark): one JSON array, as a recorded run often is.  Its
 * elements span every chunk, so the chunks after the first are read as
 * starting inside it, after an element's ',' (reader_options' in_array).
 * The guess is checked at the merge: a chunk stands only where the read
 * of the chunk before stopped inside the array at its very start.  A file
 * of lines that are arrays is taken for one too; its chunks are read again
 * from where the merge is, as they would be with no guess.
 */
static bool starts_one_array(struct chunk_file *f)
{
	char head[4096];
	ssize_t n = pread(f->fd, head, sizeof head, 0);
	ssize_t i = n >= 3 && memcmp(head, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
	i += (ssize_t)framer_skip_space(head + i, 0, (size_t)(n > i ? n - i : 0));
	if (i >= n || head[i] != '[')
		return false;
	/* The first element's indent: what lies between its line's start and its '{'. */
	ssize_t element = i + 1 + (ssize_t)framer_skip_space(head + i + 1, 0, (size_t)(n - i - 1));
	ssize_t line = element;
	while (line > i + 1 && head[line - 1] != '\n')
		line--;
	size_t len = (size_t)(element - line);
	bool indented = element < n && head[element] == '{' && head[line - 1] == '\n' &&
	                len < sizeof f->indent;
	f->indent_len = indented ? len : 0;
	memcpy(f->indent, head + line, f->indent_len);
	return true;
}

/*
 * Opens operand to be read in chunks: a regular file that no other kind of
 * input claims (a file of plain text, or a stream of gzip or zstd data this
 * adkev decodes), or standard input.  Not a FIFO, which the open would wait
 * on, nor a directory.
 */
static bool open_operand(const char *operand, struct chunk_file *f)
{
	struct stat st;
	*f = (struct chunk_file){.name = operand, .fd = -1};
	if (strcmp(operand, "-") == 0) {
		if (fstat(0, &st) != 0 || S_ISDIR(st.st_mode))
			return false;
		/*
		 * A pipe of 64 KiB wakes the reading thread and the writer every
		 * 64 KiB: a larger one (where the system allows it) lets each read
		 * take more at a time.  Nothing else changes if it cannot be had.
		 */
		if (S_ISFIFO(st.st_mode))
			(void)fcntl(0, F_SETPIPE_SZ, 1 << 20);
		int status = 0;
		f->in = input_kind_of(operand, NULL)->open(operand, &(struct input_how){0}, &status);
		return f->in != NULL;
	}
	/* Asked before the open, which would wait for a FIFO's writer. */
	if (stat(operand, &st) != 0 || !S_ISREG(st.st_mode) || sessiondb_claims(operand))
		return false;
	int fd = open(operand, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return false;
	enum source_kind kind = SOURCE_PLAIN;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) ||
	    ((kind = source_sniff_fd(fd)) != SOURCE_PLAIN && !source_can_read(kind))) {
		close(fd);
		return false;
	}
	if (kind == SOURCE_PLAIN) {
		f->fd = fd;
		f->array = starts_one_array(f);
		f->size = (unsigned long long)st.st_size;
	} else {
		f->in = input_of_fd(fd, operand, operand, false, false);
		f->size = (unsigned long long)st.st_size;
	}
	return true;
}

struct chunk_files *chunk_files_open(char *const *operands, int count, bool streams)
{
	static char *const stdin_operand[] = {"-"};
	if (count == 0) {
		operands = stdin_operand;
		count = 1;
	}
	struct chunk_files *f = xcalloc(1, sizeof *f);
	f->list = xcalloc((size_t)count, sizeof *f->list);
	for (; f->count < count; f->count++) {
		struct chunk_file *file = &f->list[f->count];
		if (!open_operand(operands[f->count], file) || (file->in && !streams)) {
			if (file->in)
				f->count++;
			chunk_files_free(f);
			return NULL;
		}
		f->total += file->size;
		f->streams |= file->in != NULL;
	}
	bool set;
	chunk_bytes(&set);
	if (!set && !f->streams && f->total < CHUNK_MIN_INPUT) {
		chunk_files_free(f);
		return NULL;
	}
	return f;
}

void chunk_files_free(struct chunk_files *f)
{
	if (!f)
		return;
	for (int i = 0; i < f->count; i++) {
		if (f->list[i].fd >= 0)
			close(f->list[i].fd);
		input_close(f->list[i].in);
	}
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
		size_t cut = file->indent_len ? chunk_cut_indented(buf, (size_t)n, from, file->indent,
		                                                   file->indent_len)
		                              : chunk_cut(buf, (size_t)n, from);
		if (cut)
			return at + cut;
		at += (unsigned long long)n - 3;
		from = 3;
	}
}

/* How a fill of a stream's bytes ended. */
enum filled { FILLED, FILL_ENDED, FILL_WOKEN };

/* Where the making of chunks is: the operand, and a stream's bytes read past the last chunk. */
struct making {
	int file;       /* the operand */
	char *buf;      /* buf[0..len) read, of cap */
	size_t len, cap;
	unsigned long long start; /* where buf[0] is in the stream */
	bool cut_start;           /* it is at a cut (chunk_cut()) */
	enum filled how;          /* how the last fill ended */
};

/* What a run in chunks shares between its threads. */
struct chunks {
	struct chunk_files *files;
	struct chunk **list; /* every chunk made so far, in input order */
	size_t count, cap;
	bool all_made;     /* the reading thread has made every chunk */
	size_t bytes;      /* the chunk size */
	size_t live;       /* streams' chunks the ring holds */
	size_t depth;      /* the most it holds */
	const struct reader_options *how;
	const struct adk_reads *reads;
	const struct chunk_work *work;
	pthread_mutex_t lock;
	pthread_cond_t changed;
	size_t next;   /* the next chunk no thread has taken */
	size_t merged; /* chunks before it are merged: a thread takes none far ahead */
	size_t window; /* how far ahead */
	bool stop;     /* bad input ended the run: no more chunks are taken */
	struct making making; /* the reading thread's, or the calling one's before it starts */
	int wake[2];  /* a byte here ends the reading thread's wait on a stream */
	bool starved; /* the merge waits for a chunk not made yet */
	unsigned jobs;
	pthread_t *threads;
	unsigned started; /* workers started, once a second chunk is made */
};

/*
 * Chunk i, made: the reading thread may grow (move) the list meanwhile, so
 * a thread that does not hold the lock looks it up under it.
 */
static struct chunk *chunk_of(struct chunks *cs, size_t i)
{
	pthread_mutex_lock(&cs->lock);
	struct chunk *c = cs->list[i];
	pthread_mutex_unlock(&cs->lock);
	return c;
}

/* Lets go of a reader's hold on c's bytes, under the lock. */
static void unref(struct chunk *c)
{
	if (c->bytes && --c->refs == 0) {
		free(c->bytes);
		c->bytes = NULL;
	}
}

/* The ring lets go of c's bytes (merged, or passed), under the lock. */
static void drop_from_ring(struct chunks *cs, struct chunk *c)
{
	if (!c->ring_held)
		return;
	c->ring_held = false;
	cs->live--;
	unref(c);
	pthread_cond_broadcast(&cs->changed);
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

/* Empties the wake-up pipe, so that a past wake-up does not cut the next read short. */
static void drain_wake(struct chunks *cs)
{
	char bytes[16];
	while (read(cs->wake[0], bytes, sizeof bytes) > 0)
		continue;
}

/* Wakes the reading thread from a wait on a stream (the run's end, or a starved merge). */
static void wake_reading(struct chunks *cs)
{
	if (write(cs->wake[1], "", 1) < 0) {
		/* A full pipe already holds a wake-up: that one does. */
	}
}

/* Waits for chunk i to be made, under the lock, flushing the output first. */
static void wait_made(struct chunks *cs, size_t i)
{
	if (i >= cs->count && !cs->all_made) {
		if (cs->how->wait_hook)
			cs->how->wait_hook();
		/* The reading thread may wait on a silent pipe with lines read. */
		cs->starved = true;
		wake_reading(cs);
	}
	while (i >= cs->count && !cs->all_made)
		pthread_cond_wait(&cs->changed, &cs->lock);
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
			say_kept(ci->kept, ci->base_line);
		errno = file->err;
		return file->end;
	}
	if (!ci->goes_on) {
		c->ran_off = true;
		return 0;
	}
	struct chunks *cs = ci->cs;
	pthread_mutex_lock(&cs->lock);
	drop_from_ring(cs, c);
	unref(c);
	wait_made(cs, ++ci->index);
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
		unref(ci->c);
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

/*
 * What a thread's reader is about to open: an input kind's open() has
 * nothing but the operand to go by, and each thread reads one chunk at a
 * time.
 */
struct opening {
	struct chunks *cs;
	struct chunk *c;
	size_t index;
	unsigned long long at;
	bool goes_on; /* a read after the merge, on into the next chunks */
	struct chunk *kept;
	unsigned long base_line;
	/* The reader's list of operands, of one: the reader reads it as it goes. */
	char *operand;
};
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

/*
 * A reader of the operand c belongs to, from at on (opening), its reports
 * kept in *keep; o must outlive the reader, which holds its operand list.
 */
static struct reader *chunk_reader(const struct chunks *cs, struct opening *o,
                                   unsigned long long stop_at, bool in_array, struct chunk *keep)
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

/* Reads the items of r into a fold of the work's; returns its partial result. */
static void *fold_items(const struct chunks *cs, struct reader *r, const struct opening *o,
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

/* Reads chunk c with a reader of its own, from its start, folding its items. */
static void read_chunk(struct chunks *cs, struct chunk *c)
{
	struct opening o = {cs, c, 0, c->start, false, NULL, 0, NULL};
	struct reader *r = chunk_reader(cs, &o, c->limit - c->start, c->in_array, c);
	c->partial = fold_items(cs, r, &o, c);
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

/* Forgets what reading c gave, so that it can be read again or let go. */
static void chunk_clear(const struct chunks *cs, struct chunk *c)
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
	read_chunk(cs, c);
	pthread_mutex_lock(&cs->lock);
	c->done = true;
	pthread_cond_broadcast(&cs->changed);
}

static void *worker(void *arg)
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

/* Waits for chunk i to be read (or passed over), reading chunks meanwhile as a worker does. */
static void wait_for(struct chunks *cs, size_t i)
{
	size_t j;
	pthread_mutex_lock(&cs->lock);
	wait_made(cs, i);
	while (!cs->list[i]->done) {
		if (take(cs, &j))
			read_taken(cs, j);
		else if (!cs->list[i]->done) /* take() may have passed it over */
			pthread_cond_wait(&cs->changed, &cs->lock);
	}
	pthread_mutex_unlock(&cs->lock);
}

/* Adds chunk c, made, to the list, under the lock; workers start with the second. */
static void add_chunk(struct chunks *cs, struct chunk *c)
{
	if (cs->count == cs->cap)
		cs->list = xrealloc(cs->list, (cs->cap = cs->cap ? 2 * cs->cap : 16) * sizeof *cs->list);
	cs->list[cs->count++] = c;
	if (c->bytes)
		cs->live++;
	pthread_cond_broadcast(&cs->changed);
	while (cs->count == 2 && cs->started < cs->jobs - 1 &&
	       pthread_create(&cs->threads[cs->started], NULL, worker, cs) == 0)
		cs->started++;
}

/* A new chunk of file [start, limit). */
static struct chunk *new_chunk(const struct chunk_file *file, unsigned long long start,
                               unsigned long long limit)
{
	struct chunk *c = xcalloc(1, sizeof *c);
	*c = (struct chunk){.file = file, .start = start, .limit = limit, .first = start == 0};
	return c;
}

/* A file's chunks, all planned at once: their bytes are read by whoever reads each. */
static void make_file_chunks(struct chunks *cs, const struct chunk_file *file)
{
	unsigned long long start = 0;
	do {
		unsigned long long limit =
		    file->size - start > cs->bytes ? find_cut(file, start + cs->bytes) : file->size;
		struct chunk *c = new_chunk(file, start, limit);
		c->last = limit == file->size;
		c->in_array = file->array && start > 0;
		pthread_mutex_lock(&cs->lock);
		add_chunk(cs, c);
		pthread_mutex_unlock(&cs->lock);
		start = limit;
	} while (start < file->size);
}

/*
 * Where the stream's bytes in buf[0..len) end a chunk: the first cut in
 * their second half; with no cut there, the first anywhere, once the buffer
 * is full (full); 0 for none yet.
 */
static size_t stream_cut(const char *buf, size_t len, bool full)
{
	size_t cut = len > 6 ? chunk_cut(buf, len, len / 2) : 0;
	if (!cut && full && len > 3)
		cut = chunk_cut(buf, len, 3);
	return cut;
}

/* Whether the merge waits for a chunk not made yet. */
static bool starved(struct chunks *cs)
{
	pthread_mutex_lock(&cs->lock);
	bool is = cs->starved;
	pthread_mutex_unlock(&cs->lock);
	return is;
}


/*
 * Reads the stream's bytes into buf after the len it holds, until it holds
 * want of them (up to cap); *len grows.
 */
static enum filled fill(struct chunks *cs, struct chunk_file *file, char *buf, size_t *len,
                        size_t cap, size_t want)
{
	while (*len < want) {
		/* The merge waits for what was read, and the writer is silent: it goes now. */
		if (*len && file->in->may_block && starved(cs) && input_would_wait(file->in))
			return FILL_WOKEN;
		ssize_t n = file->in->ops->read(file->in, buf + *len, cap - *len);
		if (n == SOURCE_WOKEN)
			return FILL_WOKEN;
		if (n <= 0) {
			file->end = n;
			file->err = errno;
			return FILL_ENDED;
		}
		*len += (size_t)n;
		if (!file->kind_known)
			file->hides_damage = file->in->ops->may_hide_damage &&
			                     file->in->ops->may_hide_damage(file->in);
		file->kind_known = true;
	}
	return FILLED;
}

/*
 * Woken while the stream is silent: the lines read so far end a chunk when
 * the merge is starved for them (a slow writer), as -j 1 would have read
 * them by now; 0 otherwise.
 */
static size_t woken_cut(struct chunks *cs, const char *buf, size_t len)
{
	drain_wake(cs);
	if (!starved(cs))
		return 0;
	/* The last cut, so that workers go on reading; else the last line end. */
	size_t cut = 0;
	for (size_t next = len > 3 ? chunk_cut(buf, len, 3) : 0; next;
	     next = chunk_cut(buf, len, next + 1))
		cut = next;
	const char *nl = len ? memrchr(buf, '\n', len) : NULL;
	if (!cut && nl)
		cut = (size_t)(nl - buf) + 1;
	if (cut) {
		pthread_mutex_lock(&cs->lock);
		cs->starved = false;
		pthread_mutex_unlock(&cs->lock);
	}
	return cut;
}

/*
 * Reads the stream on into buf[*len..cap) and says where the next chunk
 * ends: at a cut past half the chunk size, else at one anywhere in twice
 * that, else where the bytes do (the next chunk starts at no cut), at the
 * stream's end, or where woken_cut() says; 0 for nowhere yet.
 */
static size_t next_cut(struct chunks *cs, struct chunk_file *file, char *buf, size_t *len,
                       size_t cap, enum filled *how)
{
	size_t cut = 0;
	*how = fill(cs, file, buf, len, cap, cs->bytes);
	if (*how == FILLED)
		cut = stream_cut(buf, *len, false);
	if (!cut && *how == FILLED) {
		*how = fill(cs, file, buf, len, cap, cap);
		if (*how == FILLED)
			cut = stream_cut(buf, *len, true);
		if (!cut && *how == FILLED)
			cut = *len;
	}
	if (*how == FILL_ENDED)
		cut = *len;
	if (*how == FILL_WOKEN)
		cut = woken_cut(cs, buf, *len);
	return cut;
}

/* Adds a chunk of the stream's bytes buf[0..len) at start, held by the ring. */
static void add_stream_chunk(struct chunks *cs, const struct chunk_file *file,
                             unsigned long long start, const char *buf, size_t len,
                             bool cut_start, bool last)
{
	struct chunk *c = new_chunk(file, start, start + len);
	c->bytes = xmalloc(len ? len : 1);
	memcpy(c->bytes, buf, len);
	c->refs = 1;
	c->ring_held = true;
	c->cut_start = cut_start;
	c->last = last;
	pthread_mutex_lock(&cs->lock);
	add_chunk(cs, c);
	pthread_mutex_unlock(&cs->lock);
}

/* Waits for room in the ring; false when the run has ended. */
static bool room(struct chunks *cs)
{
	pthread_mutex_lock(&cs->lock);
	while (cs->live >= cs->depth && !cs->stop)
		pthread_cond_wait(&cs->changed, &cs->lock);
	bool goes_on = !cs->stop;
	pthread_mutex_unlock(&cs->lock);
	return goes_on;
}

/*
 * One step of making the chunks: a file's chunks all planned, or a
 * stream's next chunk made as it is read (next_cut()), at most cs->depth of
 * them held at once, its last (maybe empty) carrying its end.  False once
 * every chunk is made, or the run has ended.
 */
static bool make_step(struct chunks *cs)
{
	struct making *m = &cs->making;
	if (m->file == cs->files->count || !room(cs))
		return false;
	struct chunk_file *file = &cs->files->list[m->file];
	if (!file->in) {
		make_file_chunks(cs, file);
		m->file++;
		return true;
	}
	if (!m->buf) {
		m->cap = 2 * cs->bytes + 4;
		m->buf = xmalloc(m->cap);
		m->cut_start = true;
	}
	size_t cut = next_cut(cs, file, m->buf, &m->len, m->cap, &m->how);
	if (!cut && m->how == FILL_WOKEN)
		return true;
	add_stream_chunk(cs, file, m->start, m->buf, cut, m->cut_start, m->how == FILL_ENDED);
	if (m->how == FILL_ENDED) {
		free(m->buf);
		*m = (struct making){.file = m->file + 1, .how = FILL_ENDED};
		return true;
	}
	/* Only a cut chunk_cut() found is a place a worker may start. */
	m->cut_start = m->how == FILLED ? cut < m->len
	                                : chunk_cut(m->buf, m->len, cut > 3 ? cut : 3) == cut;
	memmove(m->buf, m->buf + cut, m->len - cut);
	m->len -= cut;
	m->start += cut;
	return true;
}

/* Every chunk is made (or the run has ended): whoever waits for one is told. */
static void all_made(struct chunks *cs)
{
	free(cs->making.buf);
	cs->making.buf = NULL;
	pthread_mutex_lock(&cs->lock);
	cs->all_made = true;
	pthread_cond_broadcast(&cs->changed);
	pthread_mutex_unlock(&cs->lock);
}

/* The reading thread: the rest of the chunks, in order. */
static void *make_chunks(void *arg)
{
	struct chunks *cs = arg;
	while (make_step(cs))
		continue;
	all_made(cs);
	return NULL;
}

/*
 * The first chunks are made on the calling thread, until there are two
 * (or one that a silent writer ended): an input of one chunk is read with
 * no thread started, as -j 1 reads it.  True when the reading thread is
 * needed for the rest, and started.
 */
static bool start_making(struct chunks *cs, pthread_t *reading)
{
	/* Whatever this thread reads now, it waits for. */
	cs->starved = true;
	bool more = true;
	while (cs->count < 2 && more && !(cs->count && cs->making.how == FILL_WOKEN))
		more = make_step(cs);
	cs->starved = false;
	if (!more) {
		all_made(cs);
		return false;
	}
	if (pthread_create(reading, NULL, make_chunks, cs) == 0)
		return true;
	make_chunks(cs);
	return false;
}

/* Where the merge is in the file being merged. */
struct merge_point {
	const struct chunk_file *file;
	unsigned long long at; /* where one reader would be: the next chunk must start here */
	unsigned long line;    /* and the line it would be on */
	bool in_array;         /* and it would be inside a top-level array (reader_stopped_in_array()) */
	bool file_read;        /* a read after the merge read the stream to its end */
};

/*
 * What c's read gave, merged at p; false when it ends the run (bad input,
 * a merge that failed).
 */
static bool take_result(struct chunks *cs, struct chunk *c, unsigned long first_line,
                        struct chunks_end *end)
{
	say_kept(c, first_line);
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
	return true;
}

/* Whether a worker's read of a stream's chunk c stands, the merge being at p. */
static bool stream_read_stands(const struct chunks *cs, const struct chunk *c,
                               const struct merge_point *p)
{
	bool bad = c->res == READ_INVALID || c->report_count;
	return c->read && p->at == c->start && p->in_array == c->in_array && !c->ran_off &&
	       !(c->last && c->file->end) &&
	       !(bad && c->file->hides_damage && !(cs->how->flags & READER_SKIP_INVALID));
}

/* The index of the chunk of p's stream that holds offset at (or its last), from i on. */
static size_t chunk_at(struct chunks *cs, size_t i, unsigned long long at)
{
	pthread_mutex_lock(&cs->lock);
	for (;;) {
		wait_made(cs, i);
		struct chunk *c = cs->list[i];
		if (c->last || at < c->limit)
			break;
		i++;
	}
	pthread_mutex_unlock(&cs->lock);
	return i;
}

/* The chunks before i are merged or passed: threads may take chunks up to i's window. */
static void pass_to(struct chunks *cs, size_t i)
{
	pthread_mutex_lock(&cs->lock);
	if (cs->merged < i)
		cs->merged = i;
	pthread_cond_broadcast(&cs->changed);
	pthread_mutex_unlock(&cs->lock);
}

/*
 * Chunk i of a stream cannot be merged as a worker read it (a value ran
 * past it, it was not read, damage may lie ahead): one reader on this
 * thread reads the stream from p on, as the one reader of -j 1 would,
 * merging what it read at each chunk's end, until it stops at the start of
 * a chunk a worker read and that stands, or reads the stream to its end.
 * False when it ends the run.
 */
static bool follow_on(struct chunks *cs, size_t i, struct merge_point *p,
                      struct chunks_end *end)
{
	struct chunk kept = {0};
	pthread_mutex_lock(&cs->lock);
	struct chunk *c = cs->list[i];
	c->refs++;
	pthread_mutex_unlock(&cs->lock);
	unsigned long long base = p->at;
	unsigned long base_line = p->line;
	struct opening o = {cs, c, i, base, true, &kept, base_line, NULL};
	struct reader *r = chunk_reader(cs, &o, c->last ? 0 : c->limit - base, p->in_array, &kept);
	bool goes_on = true;
	for (;;) {
		kept.partial = fold_items(cs, r, &o, &kept);
		kept.status = reader_status(r);
		goes_on = take_result(cs, &kept, base_line, end);
		chunk_clear(cs, &kept);
		unsigned long long at;
		unsigned long line;
		bool stopped = reader_stop_point(r, &at, &line);
		p->at = base + at;
		p->line = base_line + line - 1;
		p->in_array = reader_stopped_in_array(r);
		if (!goes_on || !stopped) {
			p->file_read = goes_on;
			break;
		}
		i = chunk_at(cs, i, p->at);
		c = chunk_of(cs, i);
		pass_to(cs, i);
		if (p->at == c->start && !c->first) {
			wait_for(cs, i);
			if (stream_read_stands(cs, c, p))
				break;
		}
		reader_resume(r, c->last ? 0 : c->limit - base);
	}
	end->skipped += reader_skipped(r);
	reader_free(r);
	return goes_on;
}

/*
 * Merges chunk i, read, at point p: read again from p first when the
 * chunk before it ended elsewhere than at its start.  False when bad input
 * ends the run there.
 */
static bool merge_chunk(struct chunks *cs, size_t i, struct merge_point *p,
                        struct chunks_end *end)
{
	struct chunk *c = chunk_of(cs, i);
	if (c->first)
		*p = (struct merge_point){c->file, 0, 1, false, false};
	bool stream = c->file->in != NULL;
	if (p->file_read || (p->at >= c->limit && !(stream && c->last && c->file->end))) {
		/* A value read with the chunks before it took all of this one. */
		chunk_clear(cs, c);
		return true;
	}
	if (stream && !stream_read_stands(cs, c, p)) {
		chunk_clear(cs, c);
		end->reread++;
		return follow_on(cs, i, p, end);
	}
	if (p->at != c->start || p->in_array != c->in_array) {
		/* The chunk's read began where one reader would not be, or not as it would be. */
		chunk_clear(cs, c);
		c->start = p->at;
		c->in_array = p->in_array;
		read_chunk(cs, c);
		end->reread++;
	}
	if (!take_result(cs, c, p->line, end))
		return false;
	/*
	 * A read that did not stop at the limit read on to the file's end, or
	 * gave the rest up.  It may have passed the limit on its way: lines it
	 * gives up (--skip-invalid, --max-line) are passed over with no look at
	 * the limit, so the chunks after it hold nothing more to read.
	 */
	p->at = c->stopped || c->left_at > c->limit ? c->left_at : c->limit;
	p->in_array = c->stopped_in_array;
	p->line += c->lines;
	return true;
}

/* Lets go of chunk i once merged: its results, its bytes. */
static void let_go(struct chunks *cs, size_t i)
{
	struct chunk *c = chunk_of(cs, i);
	chunk_clear(cs, c);
	pthread_mutex_lock(&cs->lock);
	drop_from_ring(cs, c);
	pthread_mutex_unlock(&cs->lock);
}

/* The ring's depth for streams: each worker's chunk and one ahead, and the merge's. */
static size_t ring_depth(unsigned jobs)
{
	return (size_t)jobs + 2;
}

void chunks_run(struct chunk_files *f, const struct reader_options *how,
                const struct adk_reads *reads, unsigned jobs, const struct chunk_work *w,
                struct chunks_end *end)
{
	bool set;
	struct chunks cs = {.files = f,
	                    .how = how,
	                    .reads = reads,
	                    .work = w,
	                    .window = 4 * (size_t)jobs,
	                    .jobs = jobs,
	                    .depth = ring_depth(jobs)};
	cs.bytes = chunk_bytes(&set);
	if (!set && f->streams)
		cs.bytes = CHUNK_STREAM_BYTES;
	/*
	 * One malloc arena, as preparse.c has it: glibc's one per thread each
	 * reserve 64 MiB of address space and keep slack, and a stream's
	 * reading thread and workers must fit where -j 1 fits (ulimit -v).
	 */
	if (f->streams)
		mallopt(M_ARENA_MAX, 1);
	if (pipe2(cs.wake, O_CLOEXEC | O_NONBLOCK) != 0)
		util_out_of_memory(0);
	for (int i = 0; i < f->count; i++)
		if (f->list[i].in && f->list[i].in->may_block && f->list[i].in->ops->set_wake)
			f->list[i].in->ops->set_wake(f->list[i].in, cs.wake[0]);
	pthread_mutex_init(&cs.lock, NULL);
	pthread_cond_init(&cs.changed, NULL);
	cs.threads = xcalloc(jobs, sizeof *cs.threads);
	pthread_t reading;
	bool reading_started = start_making(&cs, &reading);
	*end = (struct chunks_end){READ_END, 0, 0, 0, 0};
	struct merge_point p = {0};
	for (size_t i = 0;; i++) {
		pthread_mutex_lock(&cs.lock);
		wait_made(&cs, i);
		bool more = i < cs.count;
		pthread_mutex_unlock(&cs.lock);
		if (!more)
			break;
		wait_for(&cs, i);
		bool goes_on = merge_chunk(&cs, i, &p, end);
		let_go(&cs, i);
		pass_to(&cs, i + 1);
		pthread_mutex_lock(&cs.lock);
		cs.stop = !goes_on;
		pthread_cond_broadcast(&cs.changed);
		pthread_mutex_unlock(&cs.lock);
		if (!goes_on)
			break;
	}
	/* Bad input may end the run while a pipe is silent: the reading thread stops. */
	wake_reading(&cs);
	if (reading_started)
		pthread_join(reading, NULL);
	pthread_mutex_lock(&cs.lock);
	cs.all_made = true;
	pthread_cond_broadcast(&cs.changed);
	pthread_mutex_unlock(&cs.lock);
	for (unsigned t = 0; t < cs.started; t++)
		pthread_join(cs.threads[t], NULL);
	for (size_t i = 0; i < cs.count; i++) {
		chunk_clear(&cs, cs.list[i]);
		drop_from_ring(&cs, cs.list[i]);
		free(cs.list[i]->bytes);
		free(cs.list[i]);
	}
	close(cs.wake[0]);
	close(cs.wake[1]);
	free(cs.threads);
	free(cs.list);
	pthread_cond_destroy(&cs.changed);
	pthread_mutex_destroy(&cs.lock);
}
