/*
 * usage.c - token usage summed once per model call (usage.h).
 *
 * Each author and invocation keeps the 64-bit hash of its last usage
 * object under the 64-bit hash of "<author length>:<author><invocation>",
 * 16 bytes however long the ids and the object are.  A collision can only
 * make two different usages look alike (one model call not counted) or
 * two authors or invocations share an entry; with seeded 64-bit hashes and
 * n entries that happens with a chance near n * n / 2^65, 10^-9 for a
 * hundred thousand invocations, which counts of tokens can bear.
 */
#include "adk/usage.h"
#include "adk/event.h"
#include "write/json.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void usage_total_init(struct usage_total *u)
{
	*u = (struct usage_total){.edges = NULL};
	u->scratch = (struct strbuf)STRBUF_INIT;
	store_table_init(&u->last, "usage", STORE_IN_MEMORY, &u->status);
}

void usage_total_spill(struct usage_total *u, const char *who, size_t limit, int *status)
{
	store_table_release(&u->last);
	store_table_init(&u->last, who, limit, status);
}

static void add_count(long long *sum, const json_t *usage, enum adk_field field, bool *seen)
{
	json_t *v = adk_get(usage, field);
	long long n;
	/*
	 * No count is below 0: a negative one adds 0 rather than take tokens
	 * away.  A real is read as its integer part, and one past the 64-bit
	 * range as the largest count, so sums saturate, never wrap.
	 */
	if (json_is_integer(v))
		n = json_integer_value(v) > 0 ? (long long)json_integer_value(v) : 0;
	else if (json_is_real(v))
		n = !(json_real_value(v) > 0)                ? 0
		    : json_real_value(v) < (double)INT64_MAX ? (long long)json_real_value(v)
		                                             : INT64_MAX;
	else
		return; /* missing or not a number: adds 0 */
	if (seen)
		*seen = true;
	if (__builtin_add_overflow(*sum, n, sum))
		*sum = INT64_MAX;
}

/* Adds one usage object's counts to c. */
static void count_usage(struct usage_counts *c, const json_t *usage)
{
	c->any = true;
	add_count(&c->input, usage, ADK_PROMPT_TOKEN_COUNT, NULL);
	add_count(&c->output, usage, ADK_CANDIDATES_TOKEN_COUNT, NULL);
	add_count(&c->total, usage, ADK_TOTAL_TOKEN_COUNT, NULL);
	add_count(&c->thoughts, usage, ADK_THOUGHTS_TOKEN_COUNT, &c->has_thoughts);
	add_count(&c->cached, usage, ADK_CACHED_CONTENT_TOKEN_COUNT, &c->has_cached);
}

static long long saturated_sum(long long a, long long b)
{
	long long r;
	return __builtin_add_overflow(a, b, &r) ? INT64_MAX : r;
}

/* Adds from's counts to to's: sums saturate, as add_count()'s do, so the order is free. */
static void add_counts(struct usage_counts *to, const struct usage_counts *from)
{
	to->input = saturated_sum(to->input, from->input);
	to->output = saturated_sum(to->output, from->output);
	to->total = saturated_sum(to->total, from->total);
	to->thoughts = saturated_sum(to->thoughts, from->thoughts);
	to->cached = saturated_sum(to->cached, from->cached);
	to->any |= from->any;
	to->has_thoughts |= from->has_thoughts;
	to->has_cached |= from->has_cached;
}

/*
 * Records usage as the last one of the key in sb, and as its first when the
 * key is new; returns whether it was.
 */
static bool keep_edge(struct usage_total *u, const struct strbuf *key, json_t *usage)
{
	json_t *pair = json_object_getn(u->edges, key->buf, key->len);
	if (pair) {
		json_array_set(pair, 1, usage);
		return false;
	}
	json_object_setn_new_nocheck(u->edges, key->buf, key->len, json_pack("[OO]", usage, usage));
	return true;
}

/*
 * Records the usage hash of key; returns whether it equals the one recorded
 * before.  *known (NULL allowed) tells whether key had one.
 */
static bool usage_seen_again(struct usage_total *u, uint64_t key, uint64_t usage, bool *known)
{
	size_t at;
	store_table_reserve(&u->last);
	bool had = store_table_find(&u->last, key, NULL, NULL, &at);
	bool repeat = had && store_table_get(&u->last, at).value == usage;
	store_table_put(&u->last, at, (struct store_slot){key, usage});
	if (known)
		*known = had;
	return repeat;
}

/* Records the first usage of key, counted as counts, for usage_total_absorb(). */
static void keep_first(struct usage_total *u, uint64_t key, uint64_t usage,
                       const json_t *counted)
{
	if (u->first_count == u->first_cap) {
		u->first_cap = u->first_cap ? 2 * u->first_cap : 64;
		u->firsts = xrealloc(u->firsts, u->first_cap * sizeof *u->firsts);
	}
	struct usage_first *f = &u->firsts[u->first_count++];
	*f = (struct usage_first){key, usage, {0}};
	count_usage(&f->counts, counted);
}

/*
 * The hash of usage as usage_total_add() tells usage objects apart: equal
 * objects, members in any order, are written alike with sorted keys
 * (integers and reals apart, as their texts are).  Uses u's scratch buffer.
 */
static uint64_t usage_hash(struct usage_total *u, const json_t *usage)
{
	struct json_writer w;
	strbuf_reset(&u->scratch);
	jw_init_buf(&w, &u->scratch, JW_SORTED);
	jw_value(&w, usage);
	jw_release(&w);
	return store_hash(u->scratch.buf, u->scratch.len);
}

bool usage_total_add(struct usage_total *u, const json_t *event)
{
	json_t *usage = adk_get(event, ADK_USAGE_METADATA);
	if (!json_is_object(usage) || event_is_partial(event))
		return false;
	return usage_total_add_call(u, usage, event_author_string(event),
	                            event_invocation_id_string(event));
}

bool usage_total_add_call(struct usage_total *u, json_t *usage, const json_t *author,
                          const json_t *inv)
{
	/*
	 * The key "<author length>:<author><invocation>" cannot be confused across
	 * pairs; the names go in whole, by their JSON length ("a\u0000x" is not "a").
	 */
	size_t author_len = author ? json_string_length(author) : 0;
	struct strbuf *sb = &u->scratch;
	strbuf_reset(sb);
	strbuf_addf(sb, "%zu:", author_len);
	strbuf_add(sb, author ? json_string_value(author) : "", author_len);
	if (inv)
		strbuf_add(sb, json_string_value(inv), json_string_length(inv));
	uint64_t key = store_hash(sb->buf, sb->len);
	bool first = u->edges && keep_edge(u, sb, usage);
	uint64_t hash = usage_hash(u, usage);
	bool known;
	bool repeat = usage_seen_again(u, key, hash, &known);
	if (u->keeps_firsts && !known) {
		keep_first(u, key, hash, usage);
		first = true;
	}
	if (repeat)
		return false;
	count_usage(&u->sum, usage);
	/* A key's first usage is the edges' (or firsts') to count (usage_total_merge()). */
	if ((u->edges || u->keeps_firsts) && !first)
		count_usage(&u->rest, usage);
	return true;
}

/* A new object (or JSON null), owned by the caller. */
json_t *usage_total_json(const struct usage_total *u)
{
	const struct usage_counts *c = &u->sum;
	if (!c->any)
		return json_null();
	json_t *o = json_object();
	json_object_set_new(o, "input_tokens", json_integer(c->input));
	json_object_set_new(o, "output_tokens", json_integer(c->output));
	json_object_set_new(o, "total_tokens", json_integer(c->total));
	if (c->has_thoughts)
		json_object_set_new(o, "thoughts_tokens", json_integer(c->thoughts));
	if (c->has_cached)
		json_object_set_new(o, "cached_tokens", json_integer(c->cached));
	return o;
}

void usage_total_release(struct usage_total *u)
{
	store_table_release(&u->last);
	strbuf_release(&u->scratch);
	json_decref(u->edges);
	free(u->firsts);
}

void usage_total_keep_firsts(struct usage_total *u)
{
	u->keeps_firsts = true;
}

void usage_total_keep_edges(struct usage_total *u)
{
	if (!u->edges)
		u->edges = json_object();
}

/* {"input",...,"any",...}: counts as JSON, owned by the caller. */
static json_t *counts_json(const struct usage_counts *c)
{
	return json_pack("{s:I,s:I,s:I,s:I,s:I,s:b,s:b,s:b}", "input", (json_int_t)c->input,
	                 "output", (json_int_t)c->output, "total", (json_int_t)c->total, "thoughts",
	                 (json_int_t)c->thoughts, "cached", (json_int_t)c->cached, "any", c->any,
	                 "has_thoughts", c->has_thoughts, "has_cached", c->has_cached);
}

/* Reads counts_json()'s object back; false when it is not one. */
static bool counts_from_json(struct usage_counts *c, const json_t *o)
{
	json_int_t n[5];
	int any, thoughts, cached;
	if (json_unpack((json_t *)o, "{s:I,s:I,s:I,s:I,s:I,s:b,s:b,s:b!}", "input", &n[0], "output",
	                &n[1], "total", &n[2], "thoughts", &n[3], "cached", &n[4], "any", &any,
	                "has_thoughts", &thoughts, "has_cached", &cached) != 0)
		return false;
	for (int i = 0; i < 5; i++)
		if (n[i] < 0)
			return false;
	*c = (struct usage_counts){n[0], n[1], n[2], n[3], n[4], any, thoughts, cached};
	return true;
}

json_t *usage_total_partial(const struct usage_total *u)
{
	json_t *edges = u->edges ? json_deep_copy(u->edges) : json_object();
	return json_pack("{s:o,s:o}", "edges", edges, "rest", counts_json(&u->rest));
}

/* Whether p's edges are [first, last] pairs of usage objects. */
static bool edges_valid(const json_t *edges)
{
	const char *key;
	size_t len;
	json_t *pair;
	if (!json_is_object(edges))
		return false;
	json_object_keylen_foreach((json_t *)edges, key, len, pair)
	{
		if (json_array_size(pair) != 2 || !json_is_object(json_array_get(pair, 0)) ||
		    !json_is_object(json_array_get(pair, 1)))
			return false;
		(void)len;
	}
	return true;
}

/*
 * Folds in the usage of a later piece: its keys' [first, last] usage pairs
 * (edges) and the rest of its counts.  A key's first usage counts unless it
 * repeats the last one u read of the key, as usage_total_add() asks.
 */
static void absorb_edges(struct usage_total *u, json_t *edges, const struct usage_counts *rest)
{
	const char *key;
	size_t len;
	json_t *pair;
	json_object_keylen_foreach(edges, key, len, pair)
	{
		uint64_t hash = store_hash(key, len);
		if (!usage_seen_again(u, hash, usage_hash(u, json_array_get(pair, 0)), NULL))
			count_usage(&u->sum, json_array_get(pair, 0));
		usage_seen_again(u, hash, usage_hash(u, json_array_get(pair, 1)), NULL);
	}
	add_counts(&u->sum, rest);
}

bool usage_total_merge(struct usage_total *u, const json_t *p)
{
	struct usage_counts rest;
	json_t *edges = json_object_get(p, "edges");
	if (!json_is_object(p) || json_object_size(p) != 2 || !edges_valid(edges) ||
	    !counts_from_json(&rest, json_object_get(p, "rest")))
		return false;
	/* A merge's total is finished, never written as a partial result: no edges to keep. */
	json_decref(u->edges);
	u->edges = NULL;
	absorb_edges(u, edges, &rest);
	return true;
}

void usage_total_absorb(struct usage_total *u, struct usage_total *from)
{
	for (size_t i = 0; i < from->first_count; i++) {
		const struct usage_first *f = &from->firsts[i];
		size_t at;
		if (!usage_seen_again(u, f->key, f->usage, NULL))
			add_counts(&u->sum, &f->counts);
		if (store_table_find(&from->last, f->key, NULL, NULL, &at))
			usage_seen_again(u, f->key, store_table_get(&from->last, at).value, NULL);
	}
	add_counts(&u->sum, &from->rest);
}
