/*
 * store.h - bytes kept in memory up to a limit and in an unlinked temporary
 * file past it, and a hash table of 16-byte slots kept in such a store.
 *
 * adkev trajectory prints its one result only at the end, and on a 1 GB
 * stream that result is hundreds of megabytes of tool values: held as
 * jansson values it took 3.2 GB (adkev-trajectory(1)).  A store lets the
 * same code keep a small run's values in memory and a large run's in
 * $TMPDIR, so memory stays constant and no temporary file is made for the
 * runs that do not need one.
 */
#ifndef ADKEV_STORE_H
#define ADKEV_STORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util.h"

/* A store that never moves to a file. */
#define STORE_IN_MEMORY SIZE_MAX

struct store {
	const char *who;  /* what messages name: "trajectory" */
	size_t limit;     /* bytes held in memory before the file is made */
	int *status;      /* the first failure of a file, shared by related stores */
	int fd;           /* -1 while every byte is in buf */
	uint64_t size;    /* the bytes stored */
	uint64_t flushed; /* the bytes in the file; buf holds the ones after */
	struct strbuf buf;
	/*
	 * The file's bytes [window_at, window_at + window_len), read ahead: a
	 * small read from the file fills it with read_ahead bytes, so reading
	 * records one after another, or a slot and then its neighbours, costs
	 * one pread() for many.  A rewrite inside it stays here, between
	 * dirty_from and dirty_to, until the window moves.
	 */
	char *window;
	uint64_t window_at, dirty_from, dirty_to;
	size_t window_len, read_ahead;
};

/*
 * An empty store; nothing is allocated and no file is made until bytes
 * come.  The first failure of its file is reported once, as "adkev: WHO:
 * cannot ... a temporary file in 'DIR'", and recorded in *status
 * (EXIT_OSERR when the file cannot be made, EXIT_IOERR when reading or
 * writing it fails) unless *status is set already; from then on the store
 * does nothing and its contents are not to be trusted.
 */
void store_init(struct store *s, const char *who, size_t limit, int *status);
/*
 * Whether a temporary file can be made in $TMPDIR now (one is made and
 * closed), without a message: for a run that may keep bytes in memory
 * instead, so that a directory it cannot use fails it no more than one
 * run that needed no file (a run in chunks, cmd/run.h).
 */
bool store_file_possible(void);
/* Appends p[0..len) and returns where it starts. */
uint64_t store_append(struct store *s, const void *p, size_t len);
/* Appends len zero bytes and returns where they start. */
uint64_t store_append_zeros(struct store *s, uint64_t len);
/* Reads len bytes at offset at into dst; false after a failure. */
bool store_read(struct store *s, uint64_t at, void *dst, size_t len);
/* Rewrites len bytes at offset at, inside what is stored. */
void store_write(struct store *s, uint64_t at, const void *src, size_t len);
/*
 * Hands the len bytes at offset at to emit in pieces (straight from memory,
 * or read from the file through a buffer of its own); stops when emit
 * returns false or the file fails.  Returns whether every piece was handed.
 */
bool store_emit(struct store *s, uint64_t at, uint64_t len,
                bool (*emit)(void *ctx, const char *p, size_t n), void *ctx);
void store_release(struct store *s);

/*
 * A 64-bit hash of p[0..len) under a seed drawn once per run: input
 * decides what is hashed, and with a fixed function a crafted stream could
 * aim at collisions.  Never 0 (a free table slot).
 */
uint64_t store_hash(const void *p, size_t len);
/*
 * The same function under a seed the caller chooses, for what must come
 * out alike in every run (to-otlp's trace and span ids), never for a
 * table's keys.
 */
uint64_t store_hash_fixed(uint64_t seed, const void *p, size_t len);

/*
 * Open addressing over a store: a slot is a key (a hash, 0 for a free
 * slot) and a value.  Filled up to three quarters, then doubled.  Keys
 * may repeat: a lookup may be given a match function that confirms a slot
 * by its value (the table of tool call ids reads the id back).
 */
struct store_slot {
	uint64_t key;
	uint64_t value;
};

struct store_table {
	struct store slots;
	size_t cap, count;
};

void store_table_init(struct store_table *t, const char *who, size_t limit, int *status);
/*
 * Finds key, confirmed by match(ctx, value) when match is not NULL: true
 * with *at its slot, or false with *at the free slot it would take.  Call
 * store_table_reserve() first when the slot may be filled.  After a failure of
 * the file it returns false and *at is 0 (check the status).
 */
bool store_table_find(struct store_table *t, uint64_t key, bool (*match)(void *ctx, uint64_t value),
                      void *ctx, size_t *at);
/* Makes room for one more key, so a slot store_table_find() returns stays valid. */
void store_table_reserve(struct store_table *t);
/* The slot at (from store_table_find()). */
struct store_slot store_table_get(struct store_table *t, size_t at);
/* Fills the slot at (from store_table_find() after store_table_reserve()). */
void store_table_put(struct store_table *t, size_t at, struct store_slot slot);
void store_table_release(struct store_table *t);

#endif
