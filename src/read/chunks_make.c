/*
 * chunks_make.c - the chunks of a run made (chunks.h): a regular file's
 * planned all at once at cuts found with pread(2), a stream's cut from its
 * bytes as one reading thread reads and decodes them, into a ring of at
 * most jobs + 2 chunks; the list of chunks and the ring, which the other
 * threads look at under the run's lock; workers started with the second
 * chunk.
 */
#include "read/chunks_int.h"
#include "read/source.h"
#include "util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct chunk *chunk_of(struct chunks *cs, size_t i)
{
	pthread_mutex_lock(&cs->lock);
	struct chunk *c = cs->list[i];
	pthread_mutex_unlock(&cs->lock);
	return c;
}

void chunk_unref(struct chunk *c)
{
	if (c->bytes && --c->refs == 0) {
		free(c->bytes);
		c->bytes = NULL;
	}
}

void chunks_drop_from_ring(struct chunks *cs, struct chunk *c)
{
	if (!c->ring_held)
		return;
	c->ring_held = false;
	cs->live--;
	chunk_unref(c);
	pthread_cond_broadcast(&cs->changed);
}

/* Empties the wake-up pipe, so that a past wake-up does not cut the next read short. */
static void drain_wake(struct chunks *cs)
{
	char bytes[16];
	while (read(cs->wake[0], bytes, sizeof bytes) > 0)
		continue;
}

void chunks_wake_reading(struct chunks *cs)
{
	if (write(cs->wake[1], "", 1) < 0) {
		/* A full pipe already holds a wake-up: that one does. */
	}
}

void chunks_wait_made(struct chunks *cs, size_t i)
{
	if (i >= cs->count && !cs->all_made) {
		if (cs->how->wait_hook)
			cs->how->wait_hook();
		/* The reading thread may wait on a silent pipe with lines read. */
		cs->starved = true;
		chunks_wake_reading(cs);
	}
	while (i >= cs->count && !cs->all_made)
		pthread_cond_wait(&cs->changed, &cs->lock);
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
	       pthread_create(&cs->threads[cs->started], NULL, chunks_worker, cs) == 0)
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

bool chunks_start_making(struct chunks *cs, pthread_t *reading)
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
