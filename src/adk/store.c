/*
 * store.c - bytes in memory up to a limit, then in an unlinked temporary
 * file, and the hash table kept in such a store (store.h).
 *
 * While a store is in memory its buffer holds every byte.  Once an append
 * would pass the limit, the file is made, the buffer written to it and
 * freed, and from then on the buffer only gathers the last appends (16 KiB)
 * before they are written, so a store in a file costs the same small
 * memory however much it holds.
 */
#include "adk/store.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

/* What a store in a file gathers before writing, and what a small read reads ahead. */
#define STORE_BUFFER (16 * 1024)

void store_init(struct store *s, const char *who, size_t limit, int *status)
{
	*s = (struct store){
	    .who = who, .limit = limit, .status = status, .fd = -1, .read_ahead = STORE_BUFFER};
}

/* Reports the first failure of a store's file; later ones follow from it. */
static void store_fail(struct store *s, int code, int errnum, const char *what)
{
	if (*s->status)
		return;
	*s->status = code;
	warn_errno(errnum, "%s: %s a temporary file in '%s'", s->who, what, temp_dir());
}

/* pread() or pwrite() of all len bytes at offset at; false (reported) on failure. */
static bool store_io(struct store *s, bool writing, void *p, size_t len, uint64_t at)
{
	char *b = p;
	while (len) {
		ssize_t n =
		    writing ? pwrite(s->fd, b, len, (off_t)at) : pread(s->fd, b, len, (off_t)at);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			store_fail(s, EXIT_IOERR, n < 0 ? errno : EIO,
			           writing ? "cannot write to" : "cannot read");
			return false;
		}
		b += n;
		at += (uint64_t)n;
		len -= (size_t)n;
	}
	return true;
}

static bool store_open(struct store *s)
{
	s->fd = temp_file_open();
	if (s->fd < 0)
		store_fail(s, EXIT_OSERR, errno, "cannot create");
	return s->fd >= 0;
}

bool store_file_possible(void)
{
	int fd = temp_file_open();
	if (fd >= 0)
		close(fd);
	return fd >= 0;
}

/* Writes the buffer to the file, making the file first; a buffer that held everything is freed. */
static bool store_flush(struct store *s)
{
	bool was_in_memory = s->fd < 0;
	if (*s->status || (was_in_memory && !store_open(s)))
		return false;
	if (s->buf.len && !store_io(s, true, s->buf.buf, s->buf.len, s->flushed))
		return false;
	s->flushed += s->buf.len;
	if (was_in_memory)
		strbuf_release(&s->buf);
	else
		strbuf_reset(&s->buf);
	return true;
}

uint64_t store_append(struct store *s, const void *p, size_t len)
{
	uint64_t at = s->size;
	size_t room = s->fd < 0 ? s->limit : STORE_BUFFER;
	if (*s->status || len == 0)
		return at;
	if (len > room - (s->buf.len < room ? s->buf.len : room)) {
		if (!store_flush(s))
			return at;
		if (len > STORE_BUFFER / 2) {
			/* A large piece goes straight to the file, not through the buffer. */
			if (store_io(s, true, (void *)p, len, s->flushed))
				s->flushed += len;
			s->size = s->flushed;
			return at;
		}
	}
	strbuf_add(&s->buf, p, len);
	s->size += len;
	return at;
}

uint64_t store_append_zeros(struct store *s, uint64_t len)
{
	uint64_t at = s->size;
	if (*s->status)
		return at;
	if (s->fd < 0 && len <= s->limit - (s->buf.len < s->limit ? s->buf.len : s->limit)) {
		strbuf_grow(&s->buf, (size_t)len);
		memset(s->buf.buf + s->buf.len, 0, (size_t)len);
		s->buf.len += (size_t)len;
		s->buf.buf[s->buf.len] = '\0';
		s->size += len;
		return at;
	}
	/* In the file the zeros are a hole, made by growing it. */
	if (!store_flush(s))
		return at;
	if (ftruncate(s->fd, (off_t)(s->flushed + len)) != 0) {
		store_fail(s, EXIT_IOERR, errno, "cannot write to");
		return at;
	}
	s->flushed += len;
	s->size = s->flushed;
	return at;
}

/* Whether the window holds the file's n bytes at offset at. */
static bool in_window(const struct store *s, uint64_t at, size_t n)
{
	return at >= s->window_at && at + n <= s->window_at + s->window_len;
}

/* Writes the bytes rewritten in the window to the file, before the file is read or the window
 * moves. */
static bool write_back(struct store *s)
{
	if (s->dirty_to <= s->dirty_from)
		return true;
	size_t n = (size_t)(s->dirty_to - s->dirty_from);
	bool ok = store_io(s, true, s->window + (s->dirty_from - s->window_at), n, s->dirty_from);
	s->dirty_from = s->dirty_to = 0;
	return ok;
}

/*
 * Reads n bytes of the file at offset at (all before s->flushed) into d:
 * from the window when it holds them, else through it.  A read longer
 * than half the window goes straight to d, as reading it ahead would only
 * copy it twice.
 */
static bool read_file(struct store *s, uint64_t at, char *d, size_t n)
{
	if (in_window(s, at, n)) {
		memcpy(d, s->window + (at - s->window_at), n);
		return true;
	}
	if (!write_back(s))
		return false;
	if (n > s->read_ahead / 2)
		return store_io(s, false, d, n, at);
	size_t fill = s->flushed - at < s->read_ahead ? (size_t)(s->flushed - at) : s->read_ahead;
	if (!s->window)
		s->window = xmalloc(s->read_ahead);
	s->window_len = 0;
	if (!store_io(s, false, s->window, fill, at))
		return false;
	s->window_at = at;
	s->window_len = fill;
	memcpy(d, s->window, n);
	return true;
}

/*
 * Rewrites n bytes of the file at offset at (all before s->flushed): in
 * the window when it holds them, to be written when it moves (a slot put
 * where its probe just read); else in the file, and in the part of the
 * window they cover.
 */
static void write_file(struct store *s, uint64_t at, const char *p, size_t n)
{
	if (in_window(s, at, n)) {
		memcpy(s->window + (at - s->window_at), p, n);
		if (s->dirty_to <= s->dirty_from) {
			s->dirty_from = at;
			s->dirty_to = at + n;
		} else {
			s->dirty_from = at < s->dirty_from ? at : s->dirty_from;
			s->dirty_to = at + n > s->dirty_to ? at + n : s->dirty_to;
		}
		return;
	}
	if (!write_back(s) || !store_io(s, true, (void *)p, n, at))
		return;
	uint64_t from = at > s->window_at ? at : s->window_at;
	uint64_t to = at + n < s->window_at + s->window_len ? at + n : s->window_at + s->window_len;
	if (from < to)
		memcpy(s->window + (from - s->window_at), p + (from - at), (size_t)(to - from));
}

bool store_read(struct store *s, uint64_t at, void *dst, size_t len)
{
	char *d = dst;
	if (*s->status)
		return false;
	if (at < s->flushed) {
		size_t n = s->flushed - at < len ? (size_t)(s->flushed - at) : len;
		if (!read_file(s, at, d, n))
			return false;
		d += n;
		at += n;
		len -= n;
	}
	if (len)
		memcpy(d, s->buf.buf + (at - s->flushed), len);
	return true;
}

void store_write(struct store *s, uint64_t at, const void *src, size_t len)
{
	const char *p = src;
	if (*s->status)
		return;
	if (at < s->flushed) {
		size_t n = s->flushed - at < len ? (size_t)(s->flushed - at) : len;
		write_file(s, at, p, n);
		if (*s->status)
			return;
		p += n;
		at += n;
		len -= n;
	}
	if (len)
		memcpy(s->buf.buf + (at - s->flushed), p, len);
}

bool store_emit(struct store *s, uint64_t at, uint64_t len,
                bool (*emit)(void *ctx, const char *p, size_t n), void *ctx)
{
	char *chunk = NULL;
	bool ok = true;
	while (ok && len && !*s->status) {
		size_t n = len < STORE_BUFFER ? (size_t)len : STORE_BUFFER;
		if (at >= s->flushed) {
			/* The bytes in memory go out as they are, whole. */
			ok = emit(ctx, s->buf.buf + (at - s->flushed), (size_t)len);
			break;
		}
		if (s->flushed - at < n)
			n = (size_t)(s->flushed - at);
		if (!chunk)
			chunk = xmalloc(STORE_BUFFER);
		ok = store_read(s, at, chunk, n) && emit(ctx, chunk, n);
		at += n;
		len -= n;
	}
	free(chunk);
	return ok && !*s->status;
}

void store_release(struct store *s)
{
	if (s->fd >= 0)
		close(s->fd);
	s->fd = -1;
	strbuf_release(&s->buf);
	s->size = s->flushed = 0;
	free(s->window);
	s->window = NULL;
	s->window_at = s->dirty_from = s->dirty_to = 0;
	s->window_len = 0;
}

static uint64_t process_seed;

static void draw_seed(void)
{
	if (getrandom(&process_seed, sizeof process_seed, GRND_NONBLOCK) !=
	    (ssize_t)sizeof process_seed)
		process_seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32) ^
		               (uint64_t)(uintptr_t)&process_seed;
}

/*
 * One seed for the process, drawn once: -j's workers hash keys that the
 * merge compares with its own (stats' invocation ids, usage), so a seed
 * drawn twice by two threads at once would tell equal keys apart.
 */
static uint64_t hash_seed(void)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;
	pthread_once(&once, draw_seed);
	return process_seed;
}

uint64_t store_hash(const void *data, size_t len)
{
	return store_hash_fixed(hash_seed(), data, len);
}

uint64_t store_hash_fixed(uint64_t seed, const void *data, size_t len)
{
	const unsigned char *p = data;
	uint64_t h = seed ^ mix64(len + 0x9e3779b97f4a7c15u);
	uint64_t w;
	for (; len >= 8; p += 8, len -= 8) {
		memcpy(&w, p, 8);
		h = mix64(h ^ w) + 0x9e3779b97f4a7c15u;
	}
	w = 0;
	memcpy(&w, p, len);
	h = mix64(h ^ w ^ ((uint64_t)len << 56));
	return h ? h : 1;
}

/* The table.  Slots are read in blocks, so a probe in a file mostly costs one read. */
#define STORE_TABLE_BLOCK 16

/* For store_table_find(): a slot it returns is free. */
static bool no_match(void *ctx, uint64_t value)
{
	(void)ctx;
	(void)value;
	return false;
}

/*
 * A table's store reads two blocks ahead: a probe's block, which then
 * answers store_table_get() and store_table_put() of the slot it found, and
 * the block after it, where a probe goes on.
 */
static void table_store_init(struct store *s, const char *who, size_t limit, int *status)
{
	store_init(s, who, limit, status);
	s->read_ahead = 2 * STORE_TABLE_BLOCK * sizeof(struct store_slot);
}

void store_table_init(struct store_table *t, const char *who, size_t limit, int *status)
{
	*t = (struct store_table){.cap = 0};
	table_store_init(&t->slots, who, limit, status);
}

static size_t store_table_home(uint64_t key, size_t cap)
{
	return (size_t)(((key >> 32) * cap) >> 32);
}

bool store_table_find(struct store_table *t, uint64_t key, bool (*match)(void *ctx, uint64_t value),
                      void *ctx, size_t *at)
{
	struct store_slot block[STORE_TABLE_BLOCK];
	*at = 0;
	if (!t->cap)
		return false;
	for (size_t i = store_table_home(key, t->cap);;) {
		size_t n = t->cap - i < STORE_TABLE_BLOCK ? t->cap - i : STORE_TABLE_BLOCK;
		if (!store_read(&t->slots, i * sizeof *block, block, n * sizeof *block))
			return false;
		for (size_t j = 0; j < n; j++) {
			bool found = block[j].key == key && (!match || match(ctx, block[j].value));
			if (*t->slots.status)
				return false;
			if (found || !block[j].key) {
				*at = i + j;
				return found;
			}
		}
		i = i + n == t->cap ? 0 : i + n;
	}
}

struct store_slot store_table_get(struct store_table *t, size_t at)
{
	struct store_slot slot = {0, 0};
	store_read(&t->slots, at * sizeof slot, &slot, sizeof slot);
	return slot;
}

void store_table_put(struct store_table *t, size_t at, struct store_slot slot)
{
	if (!store_table_get(t, at).key)
		t->count++;
	store_write(&t->slots, at * sizeof slot, &slot, sizeof slot);
}

void store_table_reserve(struct store_table *t)
{
	if (4 * (t->count + 1) <= 3 * t->cap)
		return;
	struct store_table grown = {.cap = t->cap ? 2 * t->cap : 64};
	struct store_slot block[256];
	size_t at;
	table_store_init(&grown.slots, t->slots.who, t->slots.limit, t->slots.status);
	store_append_zeros(&grown.slots, grown.cap * sizeof *block);
	for (size_t i = 0; i < t->cap && !*t->slots.status; i += 256) {
		size_t n = t->cap - i < 256 ? t->cap - i : 256;
		if (!store_read(&t->slots, i * sizeof *block, block, n * sizeof *block))
			break;
		/* Every key goes to its first free slot: the old table told equal keys apart. */
		for (size_t j = 0; j < n; j++)
			if (block[j].key) {
				store_table_find(&grown, block[j].key, no_match, NULL, &at);
				store_table_put(&grown, at, block[j]);
			}
	}
	store_table_release(t);
	*t = grown;
}

void store_table_release(struct store_table *t)
{
	store_release(&t->slots);
	t->cap = t->count = 0;
}
