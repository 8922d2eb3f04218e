/*
 * check_partial.c - the merges of partial results (adk/partial.h) and of
 * token usage (usage_total_partial(), usage_total_merge()): for every
 * corpus stream cut at every event, the usage of the two pieces merged,
 * through the JSON text a partial result is written as, equals the usage
 * of the whole stream; counts, sets and state merge in input order; a
 * trajectory's pieces, merged in memory by cmd/merge.h's merge_piece()
 * through their folds and records, give the trajectory of the whole, with
 * groups by invocation and without; and folds of the wrong shape are
 * refused.
 */
#include "testutil.h"

#include <glob.h>

#include "adk/partial.h"
#include "adk/trajectory.h"
#include "cmd/merge.h"
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
	/* A merge's total is finished: it keeps 16-byte hashes, no usage object. */
	ck_assert_ptr_null(u.edges);
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

/* Trajectories as merge.h's hooks see them. */
static struct trajectory_config traj_config;

static void *trajectory_start(const void *journal)
{
	struct trajectory *t = trajectory_new(&traj_config);
	if (journal)
		trajectory_journal(t);
	return t;
}

static void trajectory_release(void *t)
{
	trajectory_free(t);
}

static json_t *hook_fold(void *t)
{
	return trajectory_fold(t);
}

static bool hook_absorb(void *t, const json_t *fold)
{
	return trajectory_absorb(t, fold);
}

static json_t *hook_options(const void *config)
{
	(void)config;
	return json_object();
}

static int hook_records(void *t, bool (*take)(void *ctx, const json_t *record), void *ctx)
{
	return trajectory_records(t, take, ctx);
}

static bool hook_absorb_record(void *t, const json_t *record)
{
	return trajectory_absorb_record(t, record);
}

static const struct fold_hooks trajectory_hooks = {hook_fold, hook_absorb, hook_options,
                                                   hook_records, hook_absorb_record};

/* Events [from, to) read into groups of trajectories, journaled for a piece. */
static void read_into(struct invocation_groups *g, bool by_invocation, bool journal,
                      const json_t *events, size_t from, size_t to)
{
	static const char yes = 1;
	invocation_groups_init(g, by_invocation, trajectory_start, journal ? &yes : NULL);
	for (size_t i = from; i < to; i++) {
		json_t *event = json_array_get(events, i);
		struct reader_item item = {.value = event, .kind = value_kind(event)};
		trajectory_add(invocation_groups_state(g, &item), &item);
	}
}

/* The groups' ids and trajectories, and where they ended (by invocation only), as text. */
static char *groups_text(struct invocation_groups *g)
{
	bool by_invocation = g->per_invocation;
	json_t *all =
	    json_pack("{s:I,s:I,s:[]}", "last_id", (json_int_t)(by_invocation ? g->last_id : -1),
	              "in_progress", (json_int_t)(by_invocation ? g->in_progress : -1), "groups");
	for (size_t i = 0; i < g->count; i++)
		json_array_append_new(
		    json_object_get(all, "groups"),
		    json_pack("[O,o]", g->list[i].id, trajectory_json(g->list[i].state)));
	char *text = dump(all);
	json_decref(all);
	return text;
}

/* The events cut at cuts[0..ncuts), each piece journaled, merged in memory; as text. */
static char *trajectory_merged(const json_t *events, bool by_invocation, const size_t *cuts,
                               size_t ncuts)
{
	struct invocation_groups into, piece;
	struct merge m;
	invocation_groups_init(&into, by_invocation, trajectory_start, NULL);
	merge_init(&m, &trajectory_hooks, &into);
	size_t from = 0;
	for (size_t c = 0; c <= ncuts; c++) {
		size_t to = c < ncuts ? cuts[c] : json_array_size(events);
		read_into(&piece, by_invocation, true, events, from, to);
		struct partial_piece p = {&piece, NULL, false};
		ck_assert(merge_piece(&m, &p));
		invocation_groups_release(&piece, trajectory_release);
		from = to;
	}
	merge_release(&m);
	char *text = groups_text(&into);
	invocation_groups_release(&into, trajectory_release);
	return text;
}

/* Every cut into two pieces and three of events gives the trajectories of the whole. */
static size_t check_trajectory_cuts(const json_t *events, bool by_invocation, const char *where)
{
	struct invocation_groups whole_groups;
	size_t n = json_array_size(events), checks = 0;
	read_into(&whole_groups, by_invocation, false, events, 0, n);
	char *whole = groups_text(&whole_groups);
	invocation_groups_release(&whole_groups, trajectory_release);
	for (size_t k = 0; k <= n; k++) {
		size_t cuts[] = {k, k + (n - k) / 2};
		for (size_t ncuts = 1; ncuts <= 2; ncuts++, checks++) {
			char *merged = trajectory_merged(events, by_invocation, cuts, ncuts);
			ck_assert_msg(strcmp(whole, merged) == 0,
			              "%s cut at %zu (%zu cuts): %s, not %s", where, k, ncuts,
			              merged, whole);
			free(merged);
		}
	}
	free(whole);
	return checks;
}

START_TEST(trajectory_pieces_merged_in_memory_are_the_whole_over_the_corpus)
{
	glob_t g;
	ck_assert_int_eq(glob("tests/corpus/*/*.jsonl", 0, NULL, &g), 0);
	trajectory_config_init(&traj_config);
	traj_config.max_string = 40;
	size_t checks = 0;
	for (size_t i = 0; i < g.gl_pathc; i++) {
		json_t *events = events_of(g.gl_pathv[i]);
		checks += check_trajectory_cuts(events, false, g.gl_pathv[i]);
		checks += check_trajectory_cuts(events, true, g.gl_pathv[i]);
		json_decref(events);
	}
	globfree(&g);
	trajectory_config_release(&traj_config);
	ck_assert_uint_ge(checks, 600);
}
END_TEST

/* A journaled piece's record, handed on by take(). */
static bool keep_record(void *ctx, const json_t *record)
{
	json_array_append((json_t *)ctx, (json_t *)record);
	return true;
}

START_TEST(trajectory_folds_and_records_of_the_wrong_shape_are_refused)
{
	trajectory_config_init(&traj_config);
	json_t *events = events_of("tests/corpus/adkjs/b_tool_call.jsonl");
	struct invocation_groups piece;
	read_into(&piece, false, true, events, 0, json_array_size(events));
	json_t *records = json_array();
	ck_assert_int_eq(trajectory_records(piece.list[0].state, keep_record, records), 0);
	ck_assert_uint_eq(json_array_size(records), 2);
	struct trajectory *t = trajectory_new(&traj_config);
	const char *bad_records[] = {
	    "{}",
	    "[]",
	    "{\"call\":{}}",
	    "{\"call\":{\"id\":1,\"name\":null,\"author\":null,\"timestamp\":null}}",
	    "{\"call\":{\"id\":null,\"name\":null,\"author\":null,\"timestamp\":null,\"arguments\":"
	    "[]}}",
	    "{\"response\":{\"id\":null}}",
	    "{\"response\":{\"id\":null,\"name\":null,\"x\":1,\"y\":2}}",
	    "{\"delta\":{}}",
	    "{\"delta\":[1]}",
	    "{\"call\":{},\"delta\":{\"a\":1}}"};
	for (size_t i = 0; i < sizeof bad_records / sizeof *bad_records; i++) {
		json_t *r = parse(bad_records[i]);
		ck_assert_msg(!trajectory_absorb_record(t, r), "%s taken", bad_records[i]);
		json_decref(r);
	}
	const char *bad_folds[] = {
	    "{}", "null", "{\"token_usage\":{},\"final_output\":null,\"error\":null}",
	    "{\"token_usage\":{\"edges\":{},\"rest\":{\"input\":0,\"output\":0,"
	    "\"total\":0,\"thoughts\":0,\"cached\":0,\"any\":false,"
	    "\"has_thoughts\":false,\"has_cached\":false}},"
	    "\"final_output\":\"\",\"error\":null}"};
	for (size_t i = 0; i < sizeof bad_folds / sizeof *bad_folds; i++) {
		json_t *f = parse(bad_folds[i]);
		ck_assert_msg(!trajectory_absorb(t, f), "%s taken", bad_folds[i]);
		json_decref(f);
	}
	/* Nothing refused changed t: the good records still give the piece's calls. */
	for (size_t i = 0; i < json_array_size(records); i++)
		ck_assert(trajectory_absorb_record(t, json_array_get(records, i)));
	json_t *got = trajectory_json(t);
	ck_assert_uint_eq(json_array_size(json_object_get(got, "tool_calls")), 1);
	ck_assert(json_is_object(
	    json_object_get(json_array_get(json_object_get(got, "tool_calls"), 0), "result")));
	json_decref(got);
	trajectory_free(t);
	json_decref(records);
	invocation_groups_release(&piece, trajectory_release);
	json_decref(events);
	trajectory_config_release(&traj_config);
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
	tcase_add_test(tc, trajectory_pieces_merged_in_memory_are_the_whole_over_the_corpus);
	tcase_add_test(tc, trajectory_folds_and_records_of_the_wrong_shape_are_refused);
	suite_add_tcase(s, tc);
	return run_suite(s) ? EXIT_FAILURE : EXIT_SUCCESS;
}
