/*
 * partial.c - the merges of partial results (partial.h).
 */
#include "adk/partial.h"

#include <stdint.h>

/* Whether v is a count: a whole number from 0. */
static bool is_count(const json_t *v)
{
	return json_is_integer(v) && json_integer_value(v) >= 0;
}

/* Whether later holds counts of depth (partial_counts_merge()) and nothing else. */
static bool counts_valid(const json_t *later, int depth)
{
	const char *key;
	size_t len;
	json_t *v;
	if (!json_is_object(later))
		return false;
	json_object_keylen_foreach((json_t *)later, key, len, v)
	{
		(void)len;
		if (depth > 1 ? !counts_valid(v, depth - 1) : !is_count(v))
			return false;
	}
	return true;
}

/* n + m, as far as a count goes: a sum past the largest stays there, as usage's do. */
static json_int_t count_sum(json_int_t n, json_int_t m)
{
	json_int_t r;
	return __builtin_add_overflow(n, m, &r) ? INT64_MAX : r;
}

/* Adds later's counts into earlier's, both checked. */
static void counts_add(json_t *earlier, const json_t *later, int depth)
{
	const char *key;
	size_t len;
	json_t *v;
	json_object_keylen_foreach((json_t *)later, key, len, v)
	{
		json_t *mine = json_object_getn(earlier, key, len);
		if (depth > 1 && !mine) {
			json_object_setn_new_nocheck(earlier, key, len, json_deep_copy(v));
		} else if (depth > 1) {
			counts_add(mine, v, depth - 1);
		} else {
			json_int_t n = mine ? json_integer_value(mine) : 0;
			json_object_setn_new_nocheck(
			    earlier, key, len, json_integer(count_sum(n, json_integer_value(v))));
		}
	}
}

bool partial_counts_merge(json_t *earlier, const json_t *later, int depth)
{
	if (!counts_valid(later, depth))
		return false;
	counts_add(earlier, later, depth);
	return true;
}

bool partial_set_valid(const json_t *later)
{
	const char *key;
	size_t len;
	json_t *v;
	if (!json_is_object(later))
		return false;
	json_object_keylen_foreach((json_t *)later, key, len, v)
	{
		(void)len;
		if (!json_is_true(v))
			return false;
	}
	return true;
}

bool partial_set_merge(json_t *earlier, const json_t *later)
{
	/* A set is an object of trues: joined as a state is, key by key. */
	return partial_set_valid(later) && partial_state_merge(earlier, later);
}

bool partial_state_merge(json_t *earlier, const json_t *later)
{
	const char *key;
	size_t len;
	json_t *v;
	if (!json_is_object(later))
		return false;
	json_object_keylen_foreach((json_t *)later, key, len, v)
	{
		json_object_setn_nocheck(earlier, key, len, v);
	}
	return true;
}
