/*
 * pool.h - the allocator behind jansson's values.
 *
 * Parsing builds many small blocks (a node, a key, a string each) that live
 * for one event.  malloc(3) serves them well on one thread, but with -j the
 * values are built on worker threads and freed on the reader's thread, and
 * glibc then returns each block to the worker's arena under its lock, which
 * made two threads cost half again the CPU of one.  This allocator keeps a
 * pool of size-classed free lists per thread; a block freed by another
 * thread, or a whole value given back by one, goes back to the pool that
 * made it, in batches, so blocks cycle between a worker and the reader
 * without a lock and memory stays what the live values need.  This is the
 * one way memory returns across threads.
 *
 * Under valgrind the pool stands aside (plain malloc and free), so memcheck
 * still sees every value's lifetime; under AddressSanitizer freed blocks are
 * poisoned until they are handed out again.
 */
#ifndef ADKEV_POOL_H
#define ADKEV_POOL_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

/* A block of at least size bytes, 8-byte aligned; never NULL (as xmalloc). */
void *pool_alloc(size_t size);
/* Frees a block of pool_alloc(), from any thread; NULL is allowed. */
void pool_free(void *p);
/* Whether the pool is in use (false under valgrind: then these are malloc and free). */
bool pool_enabled(void);
/*
 * Has jansson allocate its values here (json_set_alloc_funcs), before any
 * value exists; allocation then fails the way xmalloc does.  Text jansson
 * returns (json_dumps) is then freed with pool_free(), not free().  main()
 * calls it first thing, and so does every unit suite.
 */
void pool_serve_jansson(void);
/*
 * Which pool made a jansson value: a small number, or POOL_NONE for one
 * that came from malloc, or when pool_serve_jansson() did not run (then no
 * value is a pool's block).  pool_self() is the calling thread's own pool
 * (taking one if it has none yet), or POOL_NONE.
 */
#define POOL_NONE (-1)
/* Pools are numbered from 0 to POOL_MAX - 1; a thread beyond them uses malloc. */
#define POOL_MAX 64
int pool_owner(const json_t *value);
int pool_self(void);
/*
 * Takes the caller's reference to value (NULL allowed) and has the thread
 * whose pool made it release it, at that thread's next pool_collect(), so
 * its blocks are freed on the thread they belong to (with -j, a worker
 * releases what it parsed).  A value of the caller's own pool, of no pool,
 * or of a pool whose thread has ended is released at once.  Values given
 * back wait in batches until pool_flush().
 */
void pool_give_back(json_t *value);
/* Releases the values other threads gave back to this thread's pool. */
void pool_collect(void);
/* Hands the blocks and values this thread gathered for other pools to them now. */
void pool_flush(void);

#endif
