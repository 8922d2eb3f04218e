/*
 * preparse.c - a reading thread, worker threads and a ring of chunks.
 *
 * A chunk moves FREE -> READING (the reading thread fills it with whole
 * lines) -> QUEUED -> PARSING (one worker) -> DONE -> FREE again once the
 * reader has copied all its bytes and asked for more.  Chunks are handed
 * out to the reader strictly in file order; workers may finish them in any
 * order.  One mutex guards the states; a chunk's bytes and values belong to
 * whichever thread its state names, so they are used without the lock.
 *
 * The reading thread reads through the operand's input (input.h); one that
 * may wait (source.c's, on a pipe or a followed file) waits in poll(2) on
 * the file and on a wake-up pipe, so preparse_free() can stop it even
 * while a pipe is silent or a followed file idle.
 */
#include "read/preparse.h"
#include "read/framer.h"
#include "read/input.h"
#include "read/pool.h"
#include "read/scan.h"
#include "read/source.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/*
 * Small enough that the chunks in flight and their parsed values (about six
 * times the bytes, more where long lines make a chunk grow) stay within a
 * couple of megabytes: each worker's pool keeps the most it ever held.
 * 32 KiB held about 2.2 MB per worker on the benchmark stream, 16 KiB 1.3 MB.
 */
#define CHUNK_SIZE (16 * 1024)

/*
 * A line longer than this goes to the reader in pieces of about this size,
 * as it is read, and the reader parses it itself: a chunk never holds a
 * long line whole, so the reader's copy of it (up to --max-line, as with
 * -j 1) is the only one.  Holding it here too cost 2 to 4 times the limit.
 */
#define PIECE_SIZE (1024 * 1024)

enum chunk_state { CHUNK_FREE, CHUNK_READING, CHUNK_QUEUED, CHUNK_PARSING, CHUNK_DONE };

struct entry {
	uint64_t off; /* where the value's bytes start in the file */
	size_t len;   /* how many bytes were given to json_loadb() */
	size_t end;   /* json_error_t.position after the parse */
	json_t *value;
	void *mapped; /* what the map function made of it */
};

struct chunk {
	enum chunk_state state;
	char *data; /* whole lines, but the last chunk of a file may end without '\n' */
	size_t len, cap;
	uint64_t off; /* the file offset of data[0] */
	struct entry *entries;
	size_t nentries, entries_cap;
	size_t next_entry; /* the first entry the reader has not passed */
	size_t copied;     /* bytes handed to the reader */
	bool in_line;      /* data[0] is inside a line an earlier chunk started */
	bool piece;        /* no line end: the line goes on in the next chunk */
};

struct preparse {
	struct adk_reads reads; /* see preparse_select() */
	size_t max_line;        /* the longest line a chunk grows to hold (--max-line) */
	void *(*map)(const json_t *value, void *ctx); /* see preparse_set_map() */
	void (*map_release)(void *result);
	void *map_ctx;
	bool map_keeps;        /* events mapped are cut down to keep */
	struct adk_reads keep; /* see preparse_set_map() */
	unsigned jobs;
	pthread_t *workers;
	unsigned started; /* workers[0..started) are running */
	pthread_t reading;
	bool reading_started;
	int wake[2]; /* a byte here ends the reading thread's poll() */

	pthread_mutex_t lock;
	/*
	 * One condition for each kind of waiter, so a change wakes only the
	 * thread that can act on it: a chunk queued wakes one worker, a chunk
	 * parsed (or the file's end) the reader, a chunk released the reading
	 * thread.
	 */
	pthread_cond_t work, parsed, space;
	bool stop;
	bool abandon; /* the reader left the file before its end: read no more of it */

	struct chunk *ring;
	size_t nring;
	uint64_t next_read;  /* the sequence number of the next chunk to read */
	uint64_t next_parse; /* the next chunk a worker takes */
	uint64_t next_copy;  /* the chunk the reader copies from */
	uint64_t oldest; /* the oldest chunk not yet FREE; written by the reader's thread only */
	uint64_t handed; /* chunks up to here have given the reader bytes; the reader's only */
	/* The file being read; only the reading thread uses these between starts. */
	struct input *in;
	bool file_open;      /* a file is being read */
	bool file_done;      /* the reading thread met its end (or a read error) */
	ssize_t read_end;    /* how it ended: 0, SOURCE_ERROR or SOURCE_DAMAGED */
	int read_errno;      /* the read error of SOURCE_ERROR */
	uint64_t file_off;   /* where the next chunk starts */
	struct strbuf carry; /* the start of a line whose end has not been read yet */
	bool in_line;        /* the next chunk starts inside a line (a piece came before) */
};

static struct chunk *slot(struct preparse *p, uint64_t seq)
{
	return &p->ring[seq % p->nring];
}

static void add_entry(struct chunk *c, uint64_t off, size_t len, size_t end, json_t *value,
                      void *mapped)
{
	if (c->nentries == c->entries_cap) {
		c->entries_cap = c->entries_cap ? c->entries_cap * 2 : 64;
		c->entries = xrealloc(c->entries, c->entries_cap * sizeof *c->entries);
	}
	c->entries[c->nentries++] = (struct entry){off, len, end, value, mapped};
}

/*
 * An entry nobody took: its value goes back to the worker that parsed it
 * (pool_give_back), its mapped result is freed.
 */
static void drop_entry(struct preparse *p, struct entry *e)
{
	pool_give_back(e->value);
	if (e->mapped)
		p->map_release(e->mapped);
}

/*
 * An event the map function has made its result of, cut down to what the
 * reader's thread still reads of it (preparse_set_map).  The rest is
 * released here, by the thread that built it while it is still in this
 * core's cache, rather than after a trip to the reader's thread and back.
 * Takes value's reference and returns the one to hand over.
 */
static json_t *keep_for_reader(struct preparse *p, json_t *value)
{
	if (!p->map_keeps || value_kind(value) != VALUE_EVENT)
		return value;
	json_t *kept = scan_select(value, &p->keep);
	json_decref(value);
	return kept;
}

/*
 * Parses the value at the start of each line, framed as the reader frames
 * it (framer.c): so the offset and the bytes of a value are those the
 * reader will ask for.  Only lines whose value starts with '{' or '[' are
 * tried: those are the events, arrays and sessions; anything else is rare
 * and left to the reader.  A chunk holds whole lines, so its end is a
 * line's end, but for a long line's pieces: a piece holds no line end and
 * nothing to parse, and the chunk after the last one starts with that
 * line's end, which is passed over.
 */
static void parse_chunk(struct preparse *p, struct chunk *c)
{
	size_t pos = 0;
	struct frame f;
	c->nentries = c->next_entry = 0;
	if (c->piece)
		return;
	if (c->in_line) {
		while (pos < c->len && c->data[pos] != '\n' && c->data[pos] != '\r')
			pos++;
		/* The file's end inside the line: nothing after it to parse. */
		if (pos == c->len)
			return;
		if (c->data[pos] == '\r' && pos + 1 < c->len && c->data[pos + 1] == '\n')
			pos++;
		pos++;
	}
	while (framer_cut(c->data + pos, c->len - pos, c->off + pos == 0, true, 0, &f) ==
	       FRAME_LINE) {
		/* What the reader gave back is released here, beside the parsing. */
		pool_collect();
		const char *line = c->data + pos + f.skip;
		if (f.text < f.len && (line[f.text] == '{' || line[f.text] == '[')) {
			json_error_t e;
			json_t *v = scan_load(line + f.text, f.len - f.text, &p->reads, &e);
			if (v) {
				void *mapped = p->map ? p->map(v, p->map_ctx) : NULL;
				if (mapped)
					v = keep_for_reader(p, v);
				add_entry(c, c->off + pos + f.skip + f.text, f.len - f.text,
				          (size_t)e.position, v, mapped);
			}
		}
		pos += f.total;
	}
}

static void *worker_main(void *arg)
{
	struct preparse *p = arg;
	pthread_mutex_lock(&p->lock);
	for (;;) {
		while (!p->stop && p->next_parse == p->next_read)
			pthread_cond_wait(&p->work, &p->lock);
		if (p->stop)
			break;
		struct chunk *c = slot(p, p->next_parse++);
		c->state = CHUNK_PARSING;
		pthread_mutex_unlock(&p->lock);
		parse_chunk(p, c);
		pthread_mutex_lock(&p->lock);
		c->state = CHUNK_DONE;
		pthread_cond_signal(&p->parsed);
	}
	pthread_mutex_unlock(&p->lock);
	return NULL;
}

/* Empties the wake-up pipe (non-blocking), so a past wake-up does not end the next file. */
static void drain_wake(struct preparse *p)
{
	char bytes[16];
	while (read(p->wake[0], bytes, sizeof bytes) > 0)
		continue;
}

enum read_outcome { READ_LINES, READ_FILE_END, READ_STOP };

/*
 * Whether c, a line not ended yet, will be given up by the reader: past
 * the limit, or starting with a control byte (/dev/zero).  It goes to the
 * reader unended then, without waiting for more bytes, and the reader says
 * why and stops.
 */
static bool line_given_up(const struct preparse *p, const struct chunk *c)
{
	/*
	 * A line the reader only skips (--skip-invalid) is handed over early
	 * all the same: the reader then asks for the rest of its bytes.
	 */
	unsigned long column;
	return framer_give_up(c->data, c->len, c->off == 0, true, p->max_line, &column) !=
	       FRAME_KEEP;
}

/*
 * Fills c with the carried-over start of a line and then whole lines from
 * the file: at least one line end, or the end of the file.  Runs without
 * the lock: the chunk, the carry and the file offset belong to the reading
 * thread while it reads; *end gets how the file ended (0, SOURCE_ERROR with
 * *err, SOURCE_DAMAGED).
 */
static enum read_outcome read_chunk(struct preparse *p, struct chunk *c, ssize_t *end, int *err)
{
	enum read_outcome outcome = READ_LINES;
	c->off = p->file_off;
	if (c->cap < CHUNK_SIZE + p->carry.len) {
		c->cap = CHUNK_SIZE + p->carry.len;
		c->data = xrealloc(c->data, c->cap);
	}
	if (p->carry.len)
		memcpy(c->data, p->carry.buf, p->carry.len);
	c->len = p->carry.len;
	strbuf_reset(&p->carry);
	c->in_line = p->in_line;
	c->piece = p->in_line = false;
	size_t searched = 0;
	/*
	 * c->data[0..len) holds no line end each time round.  A piece of a line
	 * begun before is no line start: the reader judges the line whole.
	 */
	while (c->in_line || !line_given_up(p, c)) {
		if (c->len == c->cap) {
			c->cap *= 2;
			c->data = xrealloc(c->data, c->cap);
		}
		ssize_t n = p->in->ops->read(p->in, c->data + c->len, c->cap - c->len);
		if (n == SOURCE_WOKEN)
			return READ_STOP;
		if (n <= 0) {
			*end = n;
			*err = n == SOURCE_ERROR ? errno : 0;
			outcome = READ_FILE_END;
			break;
		}
		c->len += (size_t)n;
		/* A chunk ends after its last line end; the rest starts the next one. */
		size_t last = framer_last_line_start(c->data + searched, c->len - searched);
		if (last) {
			size_t keep = searched + last;
			strbuf_add(&p->carry, c->data + keep, c->len - keep);
			c->len = keep;
			break;
		}
		searched = c->len;
		if (c->len >= PIECE_SIZE) {
			c->piece = p->in_line = true;
			break;
		}
	}
	p->file_off += c->len;
	return outcome;
}

/*
 * The reader left the file before its end (a line it gave up): the file
 * counts as ended here, and the wake-up that said so is emptied.  Called
 * by the reading thread with the lock held.
 */
static void end_abandoned(struct preparse *p)
{
	drain_wake(p);
	p->abandon = false;
	p->file_done = true;
	p->read_end = 0;
	pthread_cond_signal(&p->parsed);
}

static void *reading_main(void *arg)
{
	struct preparse *p = arg;
	pthread_mutex_lock(&p->lock);
	for (;;) {
		while (!p->stop && !p->abandon &&
		       (!p->file_open || p->file_done || p->next_read - p->oldest == p->nring))
			pthread_cond_wait(&p->space, &p->lock);
		if (p->stop)
			break;
		if (p->abandon) {
			end_abandoned(p);
			continue;
		}
		struct chunk *c = slot(p, p->next_read);
		c->state = CHUNK_READING;
		pthread_mutex_unlock(&p->lock);
		int err = 0;
		ssize_t end = 0;
		enum read_outcome outcome = read_chunk(p, c, &end, &err);
		pthread_mutex_lock(&p->lock);
		if (p->stop)
			break;
		if (outcome == READ_STOP || p->abandon) {
			c->state = CHUNK_FREE;
			c->len = 0;
			end_abandoned(p);
			continue;
		}
		if (outcome == READ_FILE_END) {
			p->file_done = true;
			p->read_end = end;
			p->read_errno = err;
		}
		if (c->len == 0) {
			c->state = CHUNK_FREE;
		} else {
			p->next_read++;
			c->state = CHUNK_QUEUED;
			pthread_cond_signal(&p->work);
		}
		if (p->file_done)
			pthread_cond_signal(&p->parsed);
	}
	pthread_mutex_unlock(&p->lock);
	return NULL;
}

unsigned preparse_default_jobs(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n > 0 ? (unsigned)n : 1;
}

/*
 * Starts the workers and the reading thread; false when one cannot be
 * started (the process is out of threads), with those that did left for
 * preparse_free() to stop.
 */
static bool start_threads(struct preparse *p)
{
	for (; p->started < p->jobs; p->started++)
		if (pthread_create(&p->workers[p->started], NULL, worker_main, p) != 0)
			return false;
	p->reading_started = pthread_create(&p->reading, NULL, reading_main, p) == 0;
	return p->reading_started;
}

struct preparse *preparse_new(unsigned jobs, size_t max_line)
{
	struct preparse *p = xcalloc(1, sizeof *p);
	if (pipe2(p->wake, O_CLOEXEC | O_NONBLOCK) != 0) {
		free(p);
		return NULL;
	}
	p->reads = adk_reads_all;
	p->max_line = max_line;
	p->jobs = jobs ? jobs : 1;
	/*
	 * One chunk for each worker and one for the reader is enough to keep
	 * every core busy (the reading thread only copies); more would only
	 * hold more parsed values in memory.
	 */
	p->nring = (size_t)p->jobs + 1 < 3 ? 3 : (size_t)p->jobs + 1;
	p->ring = xcalloc(p->nring, sizeof *p->ring);
	/* jansson seeds its hash function on first use; do it before there are threads. */
	json_object_seed(0);
	/*
	 * jansson's values come from the pools (pool.c), so malloc serves only
	 * chunks, pool pages and a few buffers: one arena does, where glibc
	 * would give each thread its own and keep half a megabyte of slack in
	 * each (trajectory at 1 GB: 8.4 MB peak RSS, 7.9 MB with one).
	 */
	mallopt(M_ARENA_MAX, 1);
	pthread_mutex_init(&p->lock, NULL);
	pthread_cond_init(&p->work, NULL);
	pthread_cond_init(&p->parsed, NULL);
	pthread_cond_init(&p->space, NULL);
	p->workers = xcalloc(p->jobs, sizeof *p->workers);
	if (!start_threads(p)) {
		preparse_free(p);
		return NULL;
	}
	return p;
}

/* Drops what is left of a chunk the reader has finished with. Called with the lock held. */
static void release(struct preparse *p, struct chunk *c)
{
	for (size_t i = c->next_entry; i < c->nentries; i++)
		drop_entry(p, &c->entries[i]);
	c->nentries = c->next_entry = 0;
	c->copied = 0;
	c->len = 0;
	c->state = CHUNK_FREE;
	p->oldest++;
	/* Nothing waits for a batch to fill: what was gathered goes now. */
	pool_flush();
}

void preparse_free(struct preparse *p)
{
	if (!p)
		return;
	pthread_mutex_lock(&p->lock);
	p->stop = true;
	pthread_cond_broadcast(&p->work);
	pthread_cond_broadcast(&p->parsed);
	pthread_cond_broadcast(&p->space);
	pthread_mutex_unlock(&p->lock);
	if (write(p->wake[1], "", 1) < 0) {
		/* The pipe is ours and empty: this cannot fail in a way worth reporting. */
	}
	for (unsigned i = 0; i < p->started; i++)
		pthread_join(p->workers[i], NULL);
	if (p->reading_started)
		pthread_join(p->reading, NULL);
	for (size_t i = 0; i < p->nring; i++) {
		struct chunk *c = &p->ring[i];
		if (c->state == CHUNK_DONE)
			for (size_t k = c->next_entry; k < c->nentries; k++)
				drop_entry(p, &c->entries[k]);
		free(c->data);
		free(c->entries);
	}
	/* The workers have ended: what is given back now is released here. */
	pool_flush();
	free(p->ring);
	free(p->workers);
	strbuf_release(&p->carry);
	close(p->wake[0]);
	close(p->wake[1]);
	pthread_cond_destroy(&p->work);
	pthread_cond_destroy(&p->parsed);
	pthread_cond_destroy(&p->space);
	pthread_mutex_destroy(&p->lock);
	free(p);
}

void preparse_leave(struct preparse *p)
{
	pthread_mutex_lock(&p->lock);
	if (p->file_open && !p->file_done) {
		p->abandon = true;
		/* Written under the lock, so the thread that sees abandon also drains this byte. */
		if (write(p->wake[1], "", 1) < 0) {
			/* A full pipe already holds a wake-up: that one does. */
		}
		pthread_cond_signal(&p->space);
		while (!p->file_done)
			pthread_cond_wait(&p->parsed, &p->lock);
	}
	p->file_open = false;
	pthread_mutex_unlock(&p->lock);
}

void preparse_start(struct preparse *p, struct input *in)
{
	pthread_mutex_lock(&p->lock);
	/* The last file has ended (or was left), so every chunk of it is queued or done. */
	while (p->oldest < p->next_read) {
		struct chunk *c = slot(p, p->oldest);
		while (c->state != CHUNK_DONE)
			pthread_cond_wait(&p->parsed, &p->lock);
		release(p, c);
	}
	p->next_copy = p->handed = p->oldest;
	p->in = in;
	if (in->ops->set_wake)
		in->ops->set_wake(in, p->wake[0]);
	p->file_open = true;
	p->file_done = false;
	p->read_end = 0;
	p->file_off = 0;
	p->in_line = false;
	strbuf_reset(&p->carry);
	pthread_cond_signal(&p->space);
	pthread_mutex_unlock(&p->lock);
}

bool preparse_has_data(struct preparse *p)
{
	pthread_mutex_lock(&p->lock);
	bool ready =
	    p->next_copy < p->next_read ? slot(p, p->next_copy)->state == CHUNK_DONE : p->file_done;
	pthread_mutex_unlock(&p->lock);
	return ready;
}

ssize_t preparse_read(struct preparse *p, char *buf, size_t cap)
{
	pthread_mutex_lock(&p->lock);
	/* Chunks copied whole end with a line end, so the reader is past all their lines. */
	if (p->oldest < p->next_copy) {
		while (p->oldest < p->next_copy)
			release(p, slot(p, p->oldest));
		pthread_cond_signal(&p->space);
	}
	struct chunk *c = NULL;
	for (;;) {
		if (p->next_copy < p->next_read) {
			c = slot(p, p->next_copy);
			if (c->state == CHUNK_DONE)
				break;
		} else if (p->file_done) {
			break;
		}
		pthread_cond_wait(&p->parsed, &p->lock);
	}
	if (p->next_copy == p->next_read && p->file_done) {
		ssize_t end = p->read_end;
		errno = p->read_errno;
		p->file_open = false;
		pthread_mutex_unlock(&p->lock);
		return end;
	}
	pthread_mutex_unlock(&p->lock);

	/* The chunk is DONE: it is the reader's until it is released. */
	size_t n = c->len - c->copied;
	if (n > cap)
		n = cap;
	memcpy(buf, c->data + c->copied, n);
	c->copied += n;
	p->handed = p->next_copy + 1;
	if (c->copied == c->len) {
		pthread_mutex_lock(&p->lock);
		p->next_copy++;
		pthread_mutex_unlock(&p->lock);
	}
	return (ssize_t)n;
}

json_t *preparse_take(struct preparse *p, uint64_t off, size_t len, size_t *end, void **mapped)
{
	*mapped = NULL;
	/* Chunks that gave the reader bytes are the reader's: no lock is needed. */
	for (uint64_t s = p->oldest; s < p->handed; s++) {
		struct chunk *c = slot(p, s);
		while (c->next_entry < c->nentries) {
			struct entry *e = &c->entries[c->next_entry];
			if (e->off > off)
				return NULL;
			c->next_entry++;
			if (e->off == off && e->len == len) {
				*end = e->end;
				*mapped = e->mapped;
				return e->value;
			}
			drop_entry(p, e);
		}
	}
	return NULL;
}

void preparse_select(struct preparse *p, const struct adk_reads *reads)
{
	pthread_mutex_lock(&p->lock);
	p->reads = *reads;
	pthread_mutex_unlock(&p->lock);
}

void preparse_set_map(struct preparse *p, void *(*fn)(const json_t *value, void *ctx),
                      void (*release_result)(void *result), void *ctx, const struct adk_reads *keep)
{
	/* Under the lock, so the workers see it before the first chunk. */
	pthread_mutex_lock(&p->lock);
	p->map = fn;
	p->map_release = release_result;
	p->map_ctx = ctx;
	p->map_keeps = keep != NULL;
	if (keep)
		p->keep = *keep;
	pthread_mutex_unlock(&p->lock);
}
