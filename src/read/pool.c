/*
 * pool.c - per-thread pools of size-classed free lists.
 *
 * Every block starts with an 8-byte header naming the pool that made it and
 * its size class, so pool_free() needs nothing else.  A pool belongs to one
 * thread at a time.  Its owner pops and pushes its free lists without
 * atomics; other threads gather the blocks they free for it in small
 * batches and push each batch onto the pool's "returned" list with one
 * compare-and-swap; the owner takes a whole returned list with one exchange
 * when its own list of that class is empty.  Taking the whole list at once
 * means a pushed block is never popped alone, so the push needs no ABA
 * guard.
 *
 * Whole jansson values go back the same way (pool_give_back): a thread done
 * with a value another thread's pool made gathers it in a batch for that
 * pool and pushes the batch onto the pool's list of returned values; the
 * owner releases them (pool_collect) on its own thread, so the value's
 * blocks are freed where they belong, one by one, without crossing threads.
 * This is what lets -j's workers, not the reader, pay for releasing the
 * values they parsed.
 *
 * Blocks come from 64 KiB pages that are never given back: the free lists
 * keep what the peak of live values needed, which for a streaming command
 * is a few events' worth.  A pool whose thread ended (a -j worker) is
 * adopted by the next thread that needs one, so its pages are used again.
 */
#include "read/pool.h"
#include "util.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#if defined(__has_include)
#if __has_include(<valgrind/valgrind.h>)
#include <valgrind/valgrind.h>
#define POOL_HAVE_VALGRIND 1
#endif
#endif

#if defined(__SANITIZE_ADDRESS__)
#define POOL_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define POOL_ASAN 1
#endif
#endif
#ifdef POOL_ASAN
#include <sanitizer/asan_interface.h>
#define POISON(p, n)   ASAN_POISON_MEMORY_REGION((p), (n))
#define UNPOISON(p, n) ASAN_UNPOISON_MEMORY_REGION((p), (n))
#else
#define POISON(p, n)   ((void)(p), (void)(n))
#define UNPOISON(p, n) ((void)(p), (void)(n))
#endif

#define HEADER     8
#define PAGE_BYTES (64 * 1024)
/* The pool id of a block that came from malloc (too large, or no pool). */
#define FROM_MALLOC 0xFFFF
/* Blocks a thread gathers for another pool before it hands them over. */
#define BATCH 64
/* Pools whose returned blocks are batched; blocks of later pools go over one at a time. */
#define BATCHED_POOLS 8

/* Block sizes, header included: every jansson node, key and short string fits one. */
static const uint16_t class_bytes[] = {16,  24,  32,  48,  64,  80,  96,  128, 160,
                                       192, 256, 320, 384, 512, 640, 768, 1024};
#define NCLASS     (sizeof class_bytes / sizeof class_bytes[0])
#define MAX_SMALL  1024
#define CLASS_STEP 8
/* class_of[(total + 7) / 8]: the smallest class that holds total bytes. */
static uint8_t class_of[MAX_SMALL / CLASS_STEP + 1];

struct header {
	uint16_t pool;
	uint16_t cls;
	uint32_t unused;
};

struct free_block {
	struct free_block *next;
};

/* Values given back to a pool, in the order they came. */
#define VALUE_BATCH 8
struct value_batch {
	struct value_batch *next;
	unsigned count;
	json_t *values[VALUE_BATCH];
};

struct pool {
	uint16_t id;
	/* Its thread ended; written under pools_lock, read by threads giving values back. */
	atomic_bool orphan;
	struct free_block *free[NCLASS];
	char *bump, *bump_end; /* the unused rest of the newest page */
	/* Written by other threads: on cache lines of their own, away from the owner's. */
	_Alignas(64) _Atomic(struct free_block *) returned[NCLASS];
	_Atomic(struct value_batch *) returned_values;
	_Alignas(64) char end[1];
};

struct batch {
	struct free_block *head, *tail;
	unsigned count;
};

static struct pool *pools[POOL_MAX];
static unsigned npools;
static pthread_mutex_t pools_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t pool_once = PTHREAD_ONCE_INIT;
static pthread_key_t thread_end_key;
static bool enabled;
static bool serving_jansson; /* set once, before there are threads */

static _Thread_local struct pool *own_pool;
static _Thread_local bool no_pool; /* every pool is taken: this thread uses malloc */
static _Thread_local struct batch batches[BATCHED_POOLS][NCLASS];
/* Values are gathered for every pool: a worker of any number releases its own. */
static _Thread_local struct value_batch *value_batches[POOL_MAX];

static void push_returned(struct pool *to, unsigned cls, struct free_block *head,
                          struct free_block *tail)
{
	struct free_block *old = atomic_load_explicit(&to->returned[cls], memory_order_relaxed);
	do
		tail->next = old;
	while (!atomic_compare_exchange_weak_explicit(&to->returned[cls], &old, head,
	                                              memory_order_release, memory_order_relaxed));
}

static void release_values(struct value_batch *b)
{
	while (b) {
		struct value_batch *next = b->next;
		for (unsigned i = 0; i < b->count; i++)
			json_decref(b->values[i]);
		free(b);
		b = next;
	}
}

/*
 * Hands a batch of values to pool to; one whose thread has ended releases
 * them here instead, as nobody would collect them.
 */
static void push_values(struct pool *to, struct value_batch *b)
{
	if (atomic_load_explicit(&to->orphan, memory_order_acquire)) {
		release_values(b);
		return;
	}
	struct value_batch *old = atomic_load_explicit(&to->returned_values, memory_order_relaxed);
	do
		b->next = old;
	while (!atomic_compare_exchange_weak_explicit(&to->returned_values, &old, b,
	                                              memory_order_release, memory_order_relaxed));
}

void pool_flush(void)
{
	for (unsigned p = 0; p < BATCHED_POOLS; p++)
		for (unsigned c = 0; c < NCLASS; c++) {
			struct batch *b = &batches[p][c];
			if (b->count) {
				push_returned(pools[p], c, b->head, b->tail);
				*b = (struct batch){NULL, NULL, 0};
			}
		}
	for (unsigned p = 0; p < POOL_MAX; p++)
		if (value_batches[p]) {
			push_values(pools[p], value_batches[p]);
			value_batches[p] = NULL;
		}
}

/* Releases the values given back to pool, on the calling thread. */
static void collect(struct pool *pool)
{
	if (atomic_load_explicit(&pool->returned_values, memory_order_relaxed))
		release_values(
		    atomic_exchange_explicit(&pool->returned_values, NULL, memory_order_acquire));
}

void pool_collect(void)
{
	if (own_pool)
		collect(own_pool);
}

/* At a thread's end its pool waits for the next thread that needs one. */
static void thread_ended(void *arg)
{
	struct pool *pool = arg;
	pool_flush();
	collect(pool);
	pthread_mutex_lock(&pools_lock);
	atomic_store_explicit(&pool->orphan, true, memory_order_release);
	pthread_mutex_unlock(&pools_lock);
}

static void pool_init_once(void)
{
	enabled = true;
#ifdef POOL_HAVE_VALGRIND
	if (RUNNING_ON_VALGRIND)
		enabled = false;
#endif
	for (unsigned i = 0, c = 0; i <= MAX_SMALL / CLASS_STEP; i++) {
		while (class_bytes[c] < i * CLASS_STEP)
			c++;
		class_of[i] = (uint8_t)c;
	}
	if (pthread_key_create(&thread_end_key, thread_ended) != 0)
		enabled = false;
}

bool pool_enabled(void)
{
	pthread_once(&pool_once, pool_init_once);
	return enabled;
}

/* This thread's pool: adopted from an ended thread, or new; NULL when there are too many. */
static struct pool *take_pool(void)
{
	struct pool *pool = NULL;
	pthread_mutex_lock(&pools_lock);
	for (unsigned i = 0; i < npools && !pool; i++)
		if (atomic_load_explicit(&pools[i]->orphan, memory_order_relaxed)) {
			pool = pools[i];
			atomic_store_explicit(&pool->orphan, false, memory_order_relaxed);
		}
	if (!pool && npools < POOL_MAX) {
		pool = aligned_alloc(64, sizeof *pool);
		if (!pool) {
			pthread_mutex_unlock(&pools_lock);
			return NULL;
		}
		memset(pool, 0, sizeof *pool);
		atomic_init(&pool->orphan, false);
		atomic_init(&pool->returned_values, NULL);
		pool->id = (uint16_t)npools;
		pools[npools++] = pool;
	}
	pthread_mutex_unlock(&pools_lock);
	if (pool)
		pthread_setspecific(thread_end_key, pool);
	else
		no_pool = true;
	return pool;
}

static void *from_malloc(size_t size)
{
	struct header *h = xmalloc(HEADER + size);
	h->pool = FROM_MALLOC;
	h->cls = 0;
	return (char *)h + HEADER;
}

void *pool_alloc(size_t size)
{
	/* A thread with a pool knows the pool is in use: no pthread_once() per block. */
	struct pool *pool = own_pool;
	if (__builtin_expect(!pool, 0)) {
		if (!pool_enabled())
			return xmalloc(size);
		if (!no_pool)
			pool = own_pool = take_pool();
	}
	util_alloc_check(size);
	if (!pool || size > MAX_SMALL - HEADER)
		return from_malloc(size);
	unsigned cls = class_of[(size + HEADER + CLASS_STEP - 1) / CLASS_STEP];
	struct free_block *b = pool->free[cls];
	if (!b && atomic_load_explicit(&pool->returned[cls], memory_order_relaxed))
		b = atomic_exchange_explicit(&pool->returned[cls], NULL, memory_order_acquire);
	if (b) {
		pool->free[cls] = b->next;
		UNPOISON(b, class_bytes[cls] - HEADER);
		return b;
	}
	size_t total = class_bytes[cls];
	if ((size_t)(pool->bump_end - pool->bump) < total) {
		/* The rest of the old page is too small for this class; it stays unused. */
		pool->bump = xmalloc(PAGE_BYTES);
		pool->bump_end = pool->bump + PAGE_BYTES;
	}
	struct header *h = (struct header *)pool->bump;
	pool->bump += total;
	h->pool = pool->id;
	h->cls = (uint16_t)cls;
	return (char *)h + HEADER;
}

void pool_free(void *p)
{
	if (!p)
		return;
	if (!enabled) {
		free(p);
		return;
	}
	struct header *h = (struct header *)((char *)p - HEADER);
	if (h->pool == FROM_MALLOC) {
		free(h);
		return;
	}
	struct free_block *b = p;
	unsigned cls = h->cls;
	POISON((char *)p + sizeof *b, class_bytes[cls] - HEADER - sizeof *b);
	struct pool *pool = own_pool;
	if (pool && h->pool == pool->id) {
		b->next = pool->free[cls];
		pool->free[cls] = b;
		return;
	}
	/*
	 * A thread that frees before it ever allocated takes its pool now, so
	 * that its end hands its batches over (thread_ended).
	 */
	if (!pool && !no_pool)
		own_pool = take_pool();
	struct pool *owner = pools[h->pool];
	if (h->pool >= BATCHED_POOLS) {
		push_returned(owner, cls, b, b);
		return;
	}
	struct batch *batch = &batches[h->pool][cls];
	b->next = batch->head;
	batch->head = b;
	if (!batch->tail)
		batch->tail = b;
	if (++batch->count == BATCH) {
		push_returned(owner, cls, batch->head, batch->tail);
		*batch = (struct batch){NULL, NULL, 0};
	}
}

void pool_serve_jansson(void)
{
	json_set_alloc_funcs(pool_alloc, pool_free);
	serving_jansson = true;
}

int pool_owner(const json_t *value)
{
	if (!enabled || !serving_jansson || !value)
		return POOL_NONE;
	const struct header *h = (const struct header *)((const char *)value - HEADER);
	return h->pool == FROM_MALLOC ? POOL_NONE : h->pool;
}

int pool_self(void)
{
	if (!pool_enabled())
		return POOL_NONE;
	if (!own_pool && !no_pool)
		own_pool = take_pool();
	return own_pool ? own_pool->id : POOL_NONE;
}

void pool_give_back(json_t *value)
{
	int owner = pool_owner(value);
	struct pool *own = own_pool;
	if (owner == POOL_NONE || (own && owner == own->id) ||
	    atomic_load_explicit(&pools[owner]->orphan, memory_order_acquire)) {
		json_decref(value);
		return;
	}
	if (!own && !no_pool)
		own_pool = take_pool(); /* so that this thread's end hands its batches over */
	struct value_batch *b = value_batches[owner];
	if (!b) {
		b = value_batches[owner] = xmalloc(sizeof *b);
		b->next = NULL;
		b->count = 0;
	}
	b->values[b->count++] = value;
	if (b->count == VALUE_BATCH) {
		push_values(pools[owner], b);
		value_batches[owner] = NULL;
	}
}
