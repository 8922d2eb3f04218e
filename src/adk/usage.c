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
	*u = (struct usage_total){.any = false};
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

/* Records the usage hash of key; returns whether it equals the one recorded before. */
static bool usage_seen_again(struct usage_total *u, uint64_t key, uint64_t usage)
{
	size_t at;
	store_table_reserve(&u->last);
	bool known = store_table_find(&u->last, key, NULL, NULL, &at);
	bool repeat = known && store_table_get(&u->last, at).value == usage;
	store_table_put(&u->last, at, (struct store_slot){key, usage});
	return repeat;
}

bool usage_total_add(struct usage_total *u, const json_t *event)
{
	json_t *usage = adk_get(event, ADK_USAGE_METADATA);
	if (!json_is_object(usage) || event_is_partial(event))
		return false;
	/*
	 * The key "<author length>:<author><invocation>" cannot be confused across
	 * pairs; the names go in whole, by their JSON length ("a\u0000x" is not "a").
	 */
	const json_t *author = event_author_string(event), *inv = event_invocation_id_string(event);
	size_t author_len = author ? json_string_length(author) : 0;
	struct strbuf *sb = &u->scratch;
	strbuf_reset(sb);
	strbuf_addf(sb, "%zu:", author_len);
	strbuf_add(sb, author ? json_string_value(author) : "", author_len);
	if (inv)
		strbuf_add(sb, json_string_value(inv), json_string_length(inv));
	uint64_t key = store_hash(sb->buf, sb->len);
	/*
	 * Equal usage objects, members in any order, are written alike with
	 * sorted keys (integers and reals apart, as their texts are).
	 */
	struct json_writer w;
	strbuf_reset(sb);
	jw_init_buf(&w, sb, JW_SORTED);
	jw_value(&w, usage);
	jw_release(&w);
	if (usage_seen_again(u, key, store_hash(sb->buf, sb->len)))
		return false;
	u->any = true;
	add_count(&u->input, usage, ADK_PROMPT_TOKEN_COUNT, NULL);
	add_count(&u->output, usage, ADK_CANDIDATES_TOKEN_COUNT, NULL);
	add_count(&u->total, usage, ADK_TOTAL_TOKEN_COUNT, NULL);
	add_count(&u->thoughts, usage, ADK_THOUGHTS_TOKEN_COUNT, &u->has_thoughts);
	add_count(&u->cached, usage, ADK_CACHED_CONTENT_TOKEN_COUNT, &u->has_cached);
	return true;
}

/* A new object (or JSON null), owned by the caller. */
json_t *usage_total_json(const struct usage_total *u)
{
	if (!u->any)
		return json_null();
	json_t *o = json_object();
	json_object_set_new(o, "input_tokens", json_integer(u->input));
	json_object_set_new(o, "output_tokens", json_integer(u->output));
	json_object_set_new(o, "total_tokens", json_integer(u->total));
	if (u->has_thoughts)
		json_object_set_new(o, "thoughts_tokens", json_integer(u->thoughts));
	if (u->has_cached)
		json_object_set_new(o, "cached_tokens", json_integer(u->cached));
	return o;
}

void usage_total_release(struct usage_total *u)
{
	store_table_release(&u->last);
	strbuf_release(&u->scratch);
}
