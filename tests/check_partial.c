/*
 * check_partial.c - the merges of partial results (adk/partial.h) and of
 * token usage (usage_total_partial(), usage_total_merge()): for every
 * corpus stream cut at every event, the usage of the two pieces merged,
 * through the JSON text a partial result is written as, equals the usage
 * of the whole stream; counts, sets and state merge in input order; and
 * folds of the wrong shape are refused.
 */
#include "testutil.h"

#include <glob.h>

#include "adk/partial.h"
#include "adk/usage.h"
#include "read/pool.h"
#include "read/reader.h"
#include "write/json.h"
#include "util.h"

static json_t *parse(const char *text)
{
	json_error_t err;
	json_t *v = json_loads(text, JSON_DECODE_ANY | JSON_ALLOW_NUL, &err);
	ck_assert_msg(v != NULL, "bad test JSON: %s", err.text);
	return v;
}

static char *dump(const json_t *v)
{
	struct strbuf sb = STRBUF_INIT;
	struct json_writer w;
	jw_init_buf(&w, &sb, 0);
	jw_value(&w, v);
	jw_release(&w);
	return sb.buf;
}

/* The events of a stream, in order, owned by the caller. */
static json_t *events_of(const char *path)
{
	char *operands[] = {(char *)path};
	struct reader *r = reader_new(operands, 1, NULL);
	struct reader_item item;
	json_t *events = json_array();
	while (reader_next(r, &item) == READ_ITEM)
		json_array_append(events, item.value);
	ck_assert_int_eq(reader_status(r), 0);
	reader_free(r);
	return events;
}

/* The usage of events [from, to) as a partial result, read back from its text. */
static json_t *usage_partial_of(const json_t *events, size_t from, size_t to)
{
	struct usage_total u;
	usage_total_init(&u);
	usage_total_keep_edges(&u);
	for (size_t i = from; i < to; i++)
		usage_total_add(&u, json_array_get(events, i));
	json_t *p = usage_total_partial(&u);
	usage_total_release(&u);
	char *text = dump(p);
	json_decref(p);
	json_t *back = parse(text);
	free(text);
	return back;
}

/* The usage total of events cut at the given places, merged; its JSON text. */
static char *usage_merged(const json_t *events, const size_t *cuts, size_t ncuts)
{
	struct usage_total u;
	usage_total_init(&u);
	size_t from = 0;
	for (size_t c = 0; c <= ncuts; c++) {
		size_t to = c < ncuts ? cuts[c] : json_array_size(events);
		json_t *p = usage_partial_of(events, from, to);
		ck_assert(usage_total_merge(&u, p));
		json_decref(p);
		from = to;
	}
	json_t *total = usage_total_json(&u);
	char *text = dump(total);
	json_decref(total);
	usage_total_release(&u);
	return text;
}

static char *usage_whole(const json_t *events)
{
	struct usage_total u;
	usage_total_init(&u);
	for (size_t i = 0; i < json_array_size(events); i++)
		usage_total_add(&u, json_array_get(events, i));
	json_t *total = usage_total_json(&u);
	char *text = dump(total);
	json_decref(total);
	usage_total_release(&u);
	return text;
}

/* Every cut into two pieces, and into three, of events gives the usage of the whole. */
static size_t check_usage_cuts(const json_t *events, const char *where)
{
	size_t n = json_array_size(events), checks = 0;
	char *whole = usage_whole(events);
	for (size_t k = 0; k <= n; k++) {
		size_t two[] = {k}, three[] = {k, k + (n - k) / 2};
		char *merged = usage_merged(events, two, 1);
		ck_assert_msg(strcmp(whole, merged) == 0, "%s cut at %zu: %s, not %s", where, k,
		              merged, whole);
		free(merged);
		merged = usage_merged(events, three, 2);
		ck_assert_msg(strcmp(whole, merged) == 0, "%s cut at %zu and %zu: %s, not %s",
		              where, k, three[1], merged, whole);
		free(merged);
		checks += 2;
	}
	free(whole);
	return checks;
}

START_TEST(usage_of_pieces_merged_is_the_usage_of_the_whole_over_the_corpus)
{
	glob_t g;
	ck_assert_int_eq(glob("tests/corpus/*/*.jsonl", 0, NULL, &g), 0);
	ck_assert_uint_ge(g.gl_pathc, 12);
	size_t checks = 0;
	for (size_t i = 0; i < g.gl_pathc; i++) {
		json_t *events = events_of(g.gl_pathv[i]);
		checks += check_usage_cuts(events, g.gl_pathv[i]);
		json_decref(events);
	}
	globfree(&g);
	ck_assert_uint_ge(checks, 300);
}
END_TEST

/*
 * Streaming repeats a model call's usage on the events after it: cut
 * between two of them, the second piece's first usage repeats the first
 * piece's last, and the call counts once, as in the whole stream; a third
 * event with other usage counts again.
 */
START_TEST(a_usage_repeated_across_a_cut_counts_once)
{
	json_t *events = events_of("tests/corpus/adkjs/b_tool_call.jsonl");
	json_t *with_usage = NULL, *other = NULL;
	for (size_t i = 0; i < json_array_size(events); i++) {
		json_t *ev = json_array_get(events, i);
		if (!json_object_get(ev, "usageMetadata"))
			continue;
		if (!with_usage)
			with_usage = ev;
		else if (!json_equal(json_object_get(ev, "usageMetadata"),
		                     json_object_get(with_usage, "usageMetadata")))
			other = ev;
	}
	ck_assert_ptr_nonnull(with_usage);
	ck_assert_ptr_nonnull(other);
	json_t *stream = json_pack("[OOOO]", with_usage, with_usage, other, with_usage);
	char *whole = usage_whole(stream);
	for (size_t k = 0; k <= 4; k++) {
		size_t cut[] = {k};
		char *merged = usage_merged(stream, cut, 1);
		ck_assert_str_eq(merged, whole);
		free(merged);
	}
	/* The repeat counted once: twice the first call's tokens and the other's, not three. */
	json_t *once = parse(whole);
	json_t *single = json_pack("[OO]", with_usage, other);
	char *two_calls = usage_whole(single);
	json_t *both = parse(two_calls);
	ck_assert_int_eq(json_integer_value(json_object_get(once, "total_tokens")),
	                 json_integer_value(json_object_get(both, "total_tokens")) +
	                     json_integer_value(json_object_get(
	                         json_object_get(with_usage, "usageMetadata"), "totalTokenCount")));
	json_decref(once);
	json_decref(both);
	json_decref(single);
	free(two_calls);
	free(whole);
	json_decref(stream);
	json_decref(events);
}
END_TEST

START_TEST(usage_partials_of_the_wrong_shape_are_refused)
{
	const char *bad[] = {
	    "null",
	    "{}",
	    "{'edges':{},'rest':{}}",
	    "{'edges':[],'rest':{'input':0,'output':0,'total':0,'thoughts':0,'cached':0,"
	    "'any':false,'has_thoughts':false,'has_cached':false}}",
	    "{'edges':{'k':[{}]},'rest':{'input':0,'output':0,'total':0,'thoughts':0,"
	    "'cached':0,'any':false,'has_thoughts':false,'has_cached':false}}",
	    "{'edges':{},'rest':{'input':-1,'output':0,'total':0,'thoughts':0,'cached':0,"
	    "'any':false,'has_thoughts':false,'has_cached':false}}",
	    "{'edges':{},'rest':{'input':'sk-1','output':0,'total':0,'thoughts':0,'cached':0,"
	    "'any':false,'has_thoughts':false,'has_cached':false}}",
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		char *text = xstrdup(bad[i]);
		for (char *c = text; *c; c++)
			if (*c == '\'')
				*c = '"';
		json_t *p = parse(text);
		struct usage_total u;
		usage_total_init(&u);
		ck_assert_msg(!usage_total_merge(&u, p), "accepted %s", text);
		json_t *total = usage_total_json(&u);
		ck_assert(json_is_null(total));
		json_decref(total);
		usage_total_release(&u);
		json_decref(p);
		free(text);
	}
}
END_TEST

START_TEST(counts_add_up_in_the_order_names_were_first_met)
{
	json_t *earlier = parse("{\"b\":2,\"a\":1}");
	json_t *later = parse("{\"c\":5,\"a\":3}");
	ck_assert(partial_counts_merge(earlier, later, 1));
	char *text = dump(earlier);
	ck_assert_str_eq(text, "{\"b\":2,\"a\":4,\"c\":5}");
	free(text);
	json_t *tools = parse("{\"f\":{\"calls\":1,\"errors\":0}}");
	json_t *more = parse("{\"g\":{\"calls\":2,\"errors\":1},\"f\":{\"calls\":1,\"errors\":1}}");
	ck_assert(partial_counts_merge(tools, more, 2));
	text = dump(tools);
	ck_assert_str_eq(text,
	                 "{\"f\":{\"calls\":2,\"errors\":1},\"g\":{\"calls\":2,\"errors\":1}}");
	free(text);
	json_decref(tools);
	json_decref(more);
	json_decref(earlier);
	json_decref(later);
}
END_TEST

START_TEST(counts_of_the_wrong_shape_are_refused)
{
	const char *bad1[] = {"[]", "{\"a\":-1}", "{\"a\":1.5}", "{\"a\":\"1\"}", "{\"a\":{}}"};
	json_t *earlier = json_object();
	for (size_t i = 0; i < sizeof bad1 / sizeof bad1[0]; i++) {
		json_t *p = parse(bad1[i]);
		ck_assert_msg(!partial_counts_merge(earlier, p, 1), "accepted %s", bad1[i]);
		json_decref(p);
	}
	json_t *flat = parse("{\"f\":1}");
	ck_assert(!partial_counts_merge(earlier, flat, 2));
	ck_assert_uint_eq(json_object_size(earlier), 0);
	json_t *set = parse("{\"i\":1}");
	ck_assert(!partial_set_merge(earlier, set));
	json_decref(set);
	json_decref(flat);
	json_decref(earlier);
}
END_TEST

START_TEST(state_takes_the_later_writes_and_keeps_first_places)
{
	json_t *earlier = parse("{\"a\":1,\"b\":{\"x\":1},\"c\":null}");
	json_t *later = parse("{\"d\":4,\"b\":2,\"c\":3}");
	ck_assert(partial_state_merge(earlier, later));
	char *text = dump(earlier);
	ck_assert_str_eq(text, "{\"a\":1,\"b\":2,\"c\":3,\"d\":4}");
	free(text);
	json_t *not_object = parse("[1]");
	ck_assert(!partial_state_merge(earlier, not_object));
	json_decref(not_object);
	json_decref(earlier);
	json_decref(later);
}
END_TEST

int main(void)
{
	pool_serve_jansson();
	Suite *s = suite_create("partial");
	TCase *tc = tcase_create("partial");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, usage_of_pieces_merged_is_the_usage_of_the_whole_over_the_corpus);
	tcase_add_test(tc, a_usage_repeated_across_a_cut_counts_once);
	tcase_add_test(tc, usage_partials_of_the_wrong_shape_are_refused);
	tcase_add_test(tc, counts_add_up_in_the_order_names_were_first_met);
	tcase_add_test(tc, counts_of_the_wrong_shape_are_refused);
	tcase_add_test(tc, state_takes_the_later_writes_and_keeps_first_places);
	suite_add_tcase(s, tc);
	return run_suite(s) ? EXIT_FAILURE : EXIT_SUCCESS;
}
