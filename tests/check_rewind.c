/*
 * check_rewind.c - ADK Python's rewind walk (adk/rewind.h): which spans of
 * events a session's rewinds undo.
 */
#include "testutil.h"

#include "adk/rewind.h"

/*
 * The live flags of events_json's spans as a string: one letter per span,
 * its invocation id's first letter when live, '-' when undone, 'r' for a
 * rewind, 'x' for one a later rewind undid; reversed says to take the events from the last one backwards.
 */
static char *walk_of(const char *events_json, bool reversed)
{
	json_t *events = json_loads(events_json, 0, NULL);
	ck_assert_ptr_nonnull(events);
	struct rewind_spans s;
	rewind_spans_init(&s);
	size_t n = json_array_size(events);
	for (size_t k = 0; k < n; k++) {
		bool fresh;
		rewind_spans_add(&s, json_array_get(events, reversed ? n - 1 - k : k), &fresh);
	}
	if (reversed)
		rewind_spans_reverse(&s);
	rewind_spans_walk(&s);
	char *out = calloc(s.count + 1, 1);
	for (size_t i = 0; i < s.count; i++) {
		const char *id = s.list[i].id ? json_string_value(s.list[i].id) : "?";
		/* A rewind a later one undid: 'x'. */
		out[i] = s.list[i].target ? (s.list[i].undone ? 'x' : 'r') : s.list[i].live ? id[0] : '-';
	}
	rewind_spans_release(&s, NULL);
	json_decref(events);
	return out;
}

#define EV(id) "{\"invocationId\":\"" id "\",\"author\":\"a\"}"
#define RW(target)                                                                                 \
	"{\"invocation_id\":\"e-1\",\"author\":\"user\",\"actions\":{\"rewind_before_invocation_id\":\"" target "\"}}"

static void check_walk(const char *events_json, const char *want)
{
	char *got = walk_of(events_json, false);
	ck_assert_str_eq(got, want);
	free(got);
	got = walk_of(events_json, true);
	ck_assert_str_eq(got, want);
	free(got);
}

START_TEST(test_no_rewind)
{
	check_walk("[" EV("a") "," EV("a") "," EV("b") "]", "ab");
}
END_TEST

/* The target and every invocation after it up to the rewind are undone. */
START_TEST(test_one_rewind)
{
	check_walk("[" EV("a") "," EV("b") "," EV("b") "," EV("c") "," RW("b") "," EV("d") "]",
	           "a--rd");
}
END_TEST

/* A target not found before the rewind undoes nothing but the rewind. */
START_TEST(test_target_missing)
{
	check_walk("[" EV("a") "," RW("z") "," EV("b") "]", "arb");
	check_walk("[" RW("b") "," EV("b") "]", "rb");
}
END_TEST

/* A later rewind to an earlier invocation takes the earlier rewind with it. */
START_TEST(test_later_wins)
{
	check_walk("[" EV("a") "," EV("b") "," RW("b") "," EV("c") "," RW("a") "," EV("d") "]",
	           "--x-rd");
}
END_TEST

/*
 * A later rewind inside a rewound range: the walk jumps over the first
 * rewind, so what it alone undid before the second's target counts again.
 */
START_TEST(test_rewind_inside_range)
{
	check_walk("[" EV("a") "," EV("b") "," EV("c") "," RW("b") "," RW("c") "," EV("d") "]",
	           "ab-xrd");
}
END_TEST

/* The target's first event counts: a later run of the same id is no target. */
START_TEST(test_first_span)
{
	check_walk("[" EV("a") "," EV("b") "," EV("a") "," RW("a") "," EV("c") "]", "---rc");
}
END_TEST

/* The counts stats shows. */
START_TEST(test_count)
{
	json_t *events = json_loads("[" EV("a") "," EV("b") "," EV("b") "," EV("c") "," RW("b") "]",
	                            0, NULL);
	struct rewind_spans s;
	rewind_spans_init(&s);
	size_t i;
	json_t *ev;
	json_array_foreach(events, i, ev)
	{
		bool fresh;
		rewind_spans_add(&s, ev, &fresh);
	}
	rewind_spans_walk(&s);
	struct rewind_count c;
	rewind_spans_count(&s, &c);
	ck_assert_uint_eq(c.rewinds, 1);
	ck_assert_uint_eq(c.invocations, 2);
	ck_assert_uint_eq(c.events, 3);
	rewind_spans_release(&s, NULL);
	json_decref(events);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("rewind");
	TCase *tc = tcase_create("walk");
	tcase_add_test(tc, test_no_rewind);
	tcase_add_test(tc, test_one_rewind);
	tcase_add_test(tc, test_target_missing);
	tcase_add_test(tc, test_later_wins);
	tcase_add_test(tc, test_rewind_inside_range);
	tcase_add_test(tc, test_first_span);
	tcase_add_test(tc, test_count);
	suite_add_tcase(s, tc);
	return run_suite(s) ? EXIT_FAILURE : EXIT_SUCCESS;
}
