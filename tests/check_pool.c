/*
 * check_pool.c - the allocator behind jansson's values: blocks of every
 * size are usable and aligned, freed blocks are used again (by their own
 * thread at once, by the thread that made them when another thread freed
 * them), and the pool of a thread that ended goes to the next thread.
 *
 * Under valgrind the pool stands aside and only the first test applies.
 */
#include "testutil.h"

#include "read/pool.h"
#include "util.h"

#include <pthread.h>
#include <stdint.h>

START_TEST(blocks_of_every_size_are_usable_and_aligned)
{
	for (size_t size = 0; size <= 5000; size += size < 64 ? 1 : size < 1100 ? 7 : 97) {
		unsigned char *a = pool_alloc(size);
		unsigned char *b = pool_alloc(size);
		ck_assert_ptr_nonnull(a);
		ck_assert_ptr_ne(a, b);
		ck_assert_uint_eq((uintptr_t)a % 8, 0);
		memset(a, 0xAB, size);
		memset(b, 0xCD, size);
		for (size_t i = 0; i < size; i++)
			ck_assert_uint_eq(a[i], 0xAB);
		pool_free(b);
		pool_free(a);
	}
	pool_free(NULL);
}
END_TEST

START_TEST(small_blocks_come_from_this_threads_pool_large_ones_from_malloc)
{
	if (!pool_enabled())
		return;
	int self = pool_self();
	ck_assert_int_ge(self, 0);
	void *small = pool_alloc(40);
	void *large = pool_alloc(100000);
	ck_assert_int_eq(pool_owner(small), self);
	ck_assert_int_eq(pool_owner(large), POOL_NONE);
	pool_free(small);
	pool_free(large);
}
END_TEST

START_TEST(a_freed_block_is_the_next_of_its_size)
{
	if (!pool_enabled())
		return;
	void *a = pool_alloc(24);
	pool_free(a);
	/* 20 and 24 bytes share a class: the block comes straight back. */
	void *b = pool_alloc(20);
	ck_assert_ptr_eq(a, b);
	/* Another class does not take it. */
	void *c = pool_alloc(200);
	ck_assert_ptr_ne(c, a);
	pool_free(b);
	pool_free(c);
}
END_TEST

#define MANY 1000

struct round {
	void *blocks[MANY];
	int pool;
};

static void *allocate_round(void *arg)
{
	struct round *r = arg;
	r->pool = pool_self();
	for (int i = 0; i < MANY; i++)
		r->blocks[i] = pool_alloc(48);
	return NULL;
}

static bool among(void *p, void *const *blocks)
{
	for (int i = 0; i < MANY; i++)
		if (blocks[i] == p)
			return true;
	return false;
}

/* A helper thread that allocates a round, hands it over, and waits to allocate the next. */
struct maker {
	pthread_mutex_t lock;
	pthread_cond_t cond;
	int step; /* 0: first round wanted, 1: made, 2: second round wanted, 3: made */
	struct round first, second;
};

static void *make_two_rounds(void *arg)
{
	struct maker *m = arg;
	allocate_round(&m->first);
	pthread_mutex_lock(&m->lock);
	m->step = 1;
	pthread_cond_broadcast(&m->cond);
	while (m->step != 2)
		pthread_cond_wait(&m->cond, &m->lock);
	pthread_mutex_unlock(&m->lock);
	allocate_round(&m->second);
	pthread_mutex_lock(&m->lock);
	m->step = 3;
	pthread_cond_broadcast(&m->cond);
	pthread_mutex_unlock(&m->lock);
	return NULL;
}

static void wait_step(struct maker *m, int step)
{
	pthread_mutex_lock(&m->lock);
	while (m->step != step)
		pthread_cond_wait(&m->cond, &m->lock);
	pthread_mutex_unlock(&m->lock);
}

START_TEST(blocks_freed_by_another_thread_go_back_to_their_maker)
{
	if (!pool_enabled())
		return;
	struct maker m = {
	    PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0, {{0}, 0}, {{0}, 0}};
	pthread_t t;
	ck_assert_int_eq(pthread_create(&t, NULL, make_two_rounds, &m), 0);
	wait_step(&m, 1);
	ck_assert_int_ne(m.first.pool, pool_self());
	for (int i = 0; i < MANY; i++) {
		ck_assert_int_eq(pool_owner(m.first.blocks[i]), m.first.pool);
		pool_free(m.first.blocks[i]);
	}
	/* Batches still gathering here are handed over too. */
	pool_flush();
	pthread_mutex_lock(&m.lock);
	m.step = 2;
	pthread_cond_broadcast(&m.cond);
	pthread_mutex_unlock(&m.lock);
	wait_step(&m, 3);
	pthread_join(t, NULL);
	/* The maker used its own blocks again rather than new memory. */
	for (int i = 0; i < MANY; i++)
		ck_assert(among(m.second.blocks[i], m.first.blocks));
	for (int i = 0; i < MANY; i++)
		pool_free(m.second.blocks[i]);
	pool_flush();
}
END_TEST

START_TEST(a_pool_outlives_its_thread_and_goes_to_the_next)
{
	if (!pool_enabled())
		return;
	struct round first, second;
	pthread_t t;
	ck_assert_int_eq(pthread_create(&t, NULL, allocate_round, &first), 0);
	pthread_join(t, NULL);
	/* Its blocks stay valid after the thread ended, and can be freed from here. */
	for (int i = 0; i < MANY; i++) {
		memset(first.blocks[i], 0x5A, 48);
		pool_free(first.blocks[i]);
	}
	pool_flush();
	ck_assert_int_eq(pthread_create(&t, NULL, allocate_round, &second), 0);
	pthread_join(t, NULL);
	ck_assert_int_eq(second.pool, first.pool);
	for (int i = 0; i < MANY; i++) {
		ck_assert(among(second.blocks[i], first.blocks));
		pool_free(second.blocks[i]);
	}
	pool_flush();
}
END_TEST

START_TEST(jansson_allocates_from_the_pool)
{
	json_error_t e;
	json_t *v = json_loads("{\"a\": [1, 2.5, \"three\", {\"b\": null}], \"c\": \"d\"}", 0, &e);
	ck_assert_ptr_nonnull(v);
	if (pool_enabled())
		ck_assert_int_eq(pool_owner(v), pool_self());
	ck_assert_str_eq(json_string_value(json_object_get(v, "c")), "d");
	json_decref(v);
}
END_TEST

/* A thread that parses a value, keeps a reference to it, and releases what is given back. */
struct parser {
	pthread_mutex_t lock;
	pthread_cond_t cond;
	int step; /* 0: start, 1: value made, 2: collect wanted, 3: collected */
	json_t *value;
	size_t refs_before_collect;
	size_t refs_after_collect;
};

static void parser_wait(struct parser *p, int step)
{
	pthread_mutex_lock(&p->lock);
	while (p->step != step)
		pthread_cond_wait(&p->cond, &p->lock);
	pthread_mutex_unlock(&p->lock);
}

static void parser_step(struct parser *p, int step)
{
	pthread_mutex_lock(&p->lock);
	p->step = step;
	pthread_cond_broadcast(&p->cond);
	pthread_mutex_unlock(&p->lock);
}

static void *parse_and_collect(void *arg)
{
	struct parser *p = arg;
	p->value = json_loads("{\"author\":\"a\",\"parts\":[1,2,3]}", 0, NULL);
	json_incref(p->value); /* the thread's own reference, to watch the count */
	parser_step(p, 1);
	parser_wait(p, 2);
	p->refs_before_collect = p->value->refcount;
	pool_collect();
	p->refs_after_collect = p->value->refcount;
	json_decref(p->value);
	parser_step(p, 3);
	return NULL;
}

START_TEST(a_value_given_back_is_released_by_the_thread_that_made_it)
{
	if (!pool_enabled())
		return;
	struct parser p = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0, NULL, 0, 0};
	pthread_t t;
	ck_assert_int_eq(pthread_create(&t, NULL, parse_and_collect, &p), 0);
	parser_wait(&p, 1);
	ck_assert_int_ne(pool_owner(p.value), pool_self());
	/* Gathered in a batch here, handed over by the flush, released by its maker. */
	pool_give_back(p.value);
	ck_assert_uint_eq(p.value->refcount, 2);
	pool_flush();
	ck_assert_uint_eq(p.value->refcount, 2);
	parser_step(&p, 2);
	parser_wait(&p, 3);
	pthread_join(t, NULL);
	ck_assert_uint_eq(p.refs_before_collect, 2);
	ck_assert_uint_eq(p.refs_after_collect, 1);
}
END_TEST

START_TEST(a_value_of_this_thread_or_of_an_ended_one_is_released_at_once)
{
	json_t *mine = json_loads("[1, {\"a\": \"b\"}]", 0, NULL);
	json_incref(mine);
	pool_give_back(mine);
	ck_assert_uint_eq(mine->refcount, 1);
	json_decref(mine);
	pool_give_back(NULL);
	if (!pool_enabled())
		return;
	struct parser p = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0, NULL, 0, 0};
	pthread_t t;
	ck_assert_int_eq(pthread_create(&t, NULL, parse_and_collect, &p), 0);
	parser_wait(&p, 1);
	json_t *kept = json_incref(p.value); /* outlives the thread */
	parser_step(&p, 2);
	pthread_join(t, NULL);
	ck_assert_uint_eq(kept->refcount, 2);
	/* Nobody would collect for a thread that has ended. */
	pool_give_back(kept);
	ck_assert_uint_eq(kept->refcount, 1);
	json_decref(kept);
	pool_flush();
}
END_TEST

int main(void)
{
	pool_serve_jansson();
	Suite *s = suite_create("pool");
	TCase *tc = tcase_create("pool");
	tcase_add_test(tc, blocks_of_every_size_are_usable_and_aligned);
	tcase_add_test(tc, small_blocks_come_from_this_threads_pool_large_ones_from_malloc);
	tcase_add_test(tc, a_freed_block_is_the_next_of_its_size);
	tcase_add_test(tc, blocks_freed_by_another_thread_go_back_to_their_maker);
	tcase_add_test(tc, a_pool_outlives_its_thread_and_goes_to_the_next);
	tcase_add_test(tc, jansson_allocates_from_the_pool);
	tcase_add_test(tc, a_value_given_back_is_released_by_the_thread_that_made_it);
	tcase_add_test(tc, a_value_of_this_thread_or_of_an_ended_one_is_released_at_once);
	suite_add_tcase(s, tc);
	return run_suite(s) ? EXIT_FAILURE : EXIT_SUCCESS;
}
