/*
 * check_timeline.c - the run a timeline page draws (adk/timeline), the
 * JSON it is put in the page as (write/page), and the text of a Mermaid
 * diagram (write/mermaid).
 */
#include "testutil.h"

#include "adk/event.h"
#include "adk/timeline.h"
#include "read/pool.h"
#include "write/mermaid.h"
#include "write/page.h"
#include "util.h"

static json_t *parse(const char *text)
{
	json_error_t e;
	json_t *v = json_loads(text, JSON_DECODE_ANY, &e);
	ck_assert_msg(v != NULL, "bad test JSON: %s", e.text);
	return v;
}

/* The timeline of events, one JSON text each, with no redaction and no cut; caller owns it. */
static json_t *timeline_of(const char *const *events, size_t n, const struct redactor *r)
{
	struct timeline_config c = {.redactor = r, .max_string = -1};
	struct timeline *t = timeline_new(&c);
	for (size_t i = 0; i < n; i++) {
		struct reader_item item = {.value = parse(events[i])};
		item.kind = value_kind(item.value);
		timeline_add(t, &item);
		json_decref(item.value);
	}
	json_t *run = timeline_json(t);
	timeline_free(t);
	return run;
}

static json_t *item(const json_t *run, size_t i)
{
	return json_array_get(json_object_get(run, "items"), i);
}

static const char *kind(const json_t *run, size_t i)
{
	return json_string_value(json_object_get(item(run, i), "kind"));
}

static double number(const json_t *obj, const char *key)
{
	json_t *v = json_object_get(obj, key);
	ck_assert_msg(json_is_number(v), "%s is not a number", key);
	return json_number_value(v);
}

START_TEST(calls_pair_with_their_last_result)
{
	static const char *const events[] = {
	    "{\"author\":\"a\",\"timestamp\":10,\"longRunningToolIds\":[\"c1\"],"
	    "\"content\":{\"role\":\"model\",\"parts\":[{\"functionCall\":{\"id\":\"c1\","
	    "\"name\":\"wait\",\"args\":{}}}]}}",
	    "{\"author\":\"a\",\"timestamp\":11,\"content\":{\"role\":\"user\",\"parts\":"
	    "[{\"functionResponse\":{\"id\":\"c1\",\"name\":\"wait\",\"response\":{\"status\":"
	    "\"pending\"}}}]}}",
	    "{\"author\":\"a\",\"timestamp\":15.5,\"content\":{\"role\":\"user\",\"parts\":"
	    "[{\"functionResponse\":{\"id\":\"c1\",\"name\":\"wait\",\"response\":{\"status\":"
	    "\"error\"}}}]}}",
	};
	json_t *run = timeline_of(events, 3, NULL);
	/* The model call, then the call: the results add no items of their own. */
	ck_assert_uint_eq(json_array_size(json_object_get(run, "items")), 2);
	ck_assert_str_eq(kind(run, 0), "model");
	ck_assert_str_eq(kind(run, 1), "call");
	json_t *call = item(run, 1);
	ck_assert_int_eq(json_integer_value(json_object_get(call, "results")), 2);
	ck_assert(number(call, "t_end") == 5.5);
	ck_assert_int_eq(json_integer_value(json_object_get(call, "seq_end")), 2);
	ck_assert(json_is_true(json_object_get(call, "failed")));
	ck_assert(json_is_true(json_object_get(call, "long_running")));
	json_decref(run);
}
END_TEST

START_TEST(repeated_usage_is_one_model_call)
{
	static const char *const events[] = {
	    "{\"invocationId\":\"e\",\"author\":\"user\",\"timestamp\":1,\"content\":{\"role\":"
	    "\"user\",\"parts\":[{\"text\":\"hi\"}]}}",
	    "{\"invocationId\":\"e\",\"author\":\"m\",\"timestamp\":2,\"partial\":true,"
	    "\"content\":{\"role\":\"model\",\"parts\":[{\"text\":\"h\"}]}}",
	    "{\"invocationId\":\"e\",\"author\":\"m\",\"timestamp\":3,\"usageMetadata\":"
	    "{\"totalTokenCount\":7},\"content\":{\"role\":\"model\",\"parts\":[{\"text\":\"x\"}]}"
	    "}",
	    "{\"invocationId\":\"e\",\"author\":\"m\",\"timestamp\":4,\"usageMetadata\":"
	    "{\"totalTokenCount\":7},\"content\":{\"role\":\"model\",\"parts\":[{\"text\":\"y\"}]}"
	    "}",
	};
	json_t *run = timeline_of(events, 4, NULL);
	/* The user's input, then the model call its two events make. */
	ck_assert_str_eq(kind(run, 0), "input");
	ck_assert_str_eq(kind(run, 1), "model");
	json_t *model = item(run, 1);
	ck_assert(number(model, "t") == 0.0); /* after the user's event */
	ck_assert(number(model, "t_end") == 3.0);
	ck_assert_int_eq(json_integer_value(json_object_get(model, "chunks")), 1);
	ck_assert_int_eq(
	    json_integer_value(json_object_get(json_object_get(model, "tokens"), "total")), 7);
	size_t models = 0;
	for (size_t i = 0; i < json_array_size(json_object_get(run, "items")); i++)
		models += strcmp(kind(run, i), "model") == 0;
	ck_assert_uint_eq(models, 1);
	json_decref(run);
}
END_TEST

START_TEST(lanes_nest_by_branch_and_untimed_events_keep_order)
{
	static const char *const events[] = {
	    "{\"author\":\"leaf\",\"branch\":\"root.mid.leaf\",\"content\":{\"role\":\"model\","
	    "\"parts\":[{\"text\":\"first, untimed\"}]}}",
	    "{\"author\":\"root\",\"branch\":\"root\",\"timestamp\":1767254415002}",
	    "{\"author\":\"mid\",\"branch\":\"root.mid\",\"timestamp\":1767254416002}",
	    "{\"author\":\"mid\",\"branch\":\"root.mid\"}",
	};
	json_t *run = timeline_of(events, 4, NULL);
	json_t *lanes = json_object_get(run, "lanes");
	ck_assert_uint_eq(json_array_size(lanes), 3);
	/* root, then mid under it, then leaf under mid. */
	const char *names[] = {"root", "mid", "leaf"};
	for (size_t i = 0; i < 3; i++) {
		json_t *lane = json_array_get(lanes, i);
		ck_assert_str_eq(json_string_value(json_object_get(lane, "name")), names[i]);
		ck_assert_int_eq(json_integer_value(json_object_get(lane, "depth")), (json_int_t)i);
	}
	/* The first event came before any time: it takes the first timed event's. */
	ck_assert(number(item(run, 0), "t") == 0.0);
	ck_assert(json_is_true(json_object_get(item(run, 0), "untimed")));
	ck_assert_int_eq(json_integer_value(json_object_get(item(run, 0), "lane")), 2);
	ck_assert(number(run, "end") == 1.0);
	json_decref(run);
}
END_TEST

START_TEST(values_are_redacted)
{
	static const char *const events[] = {
	    "{\"author\":\"a\",\"actions\":{\"stateDelta\":{\"password\":\"p\",\"n\":1}}}",
	};
	struct redactor r;
	redactor_init(&r, false, NULL, 0);
	json_t *run = timeline_of(events, 1, &r);
	json_t *value = json_object_get(item(run, 0), "value");
	ck_assert_str_eq(json_string_value(json_object_get(value, "password")), REDACTED);
	ck_assert_int_eq(json_integer_value(json_object_get(value, "n")), 1);
	json_decref(run);
	redactor_release(&r);
}
END_TEST

START_TEST(script_json_cannot_end_its_element)
{
	json_t *v = json_pack("{s:s}", "t", "</script><!-- & \xE2\x80\xA8\xE2\x80\xA9");
	struct strbuf sb = STRBUF_INIT;
	page_append_script_json(&sb, v);
	ck_assert_str_eq(sb.buf,
	                 "{\"t\":\"\\u003c/script\\u003e\\u003c!-- \\u0026 \\u2028\\u2029\"}");
	strbuf_release(&sb);
	json_decref(v);
}
END_TEST

static void assert_mermaid_text(const char *in, const char *want)
{
	struct strbuf sb = STRBUF_INIT;
	mermaid_text(&sb, in, strlen(in));
	ck_assert_str_eq(sb.buf ? sb.buf : "", want);
	strbuf_release(&sb);
}

START_TEST(mermaid_text_is_one_safe_line)
{
	assert_mermaid_text("a;b #c <d> & \"e\" 50%",
	                    "a#59;b #35;c #60;d#62; #38; #34;e#34; 50#37;");
	assert_mermaid_text("  one\n\n  two\t", "one two");
	assert_mermaid_text("\x1b[31m\xE2\x80\xAE", "#27;[31m#8238;");
	assert_mermaid_text("caf\xC3\xA9 it's", "caf\xC3\xA9 it's");
	/* Cut at MERMAID_TEXT_MAX code points, an ellipsis after. */
	char long_text[100];
	memset(long_text, 'x', 99);
	long_text[99] = '\0';
	struct strbuf sb = STRBUF_INIT;
	mermaid_text(&sb, long_text, 99);
	ck_assert_uint_eq(sb.len, MERMAID_TEXT_MAX + 3);
	ck_assert_str_eq(sb.buf + MERMAID_TEXT_MAX, "\xE2\x80\xA6");
	strbuf_release(&sb);
}
END_TEST

int main(void)
{
	pool_serve_jansson();
	Suite *s = suite_create("timeline");
	TCase *tc = tcase_create("timeline");
	tcase_add_test(tc, calls_pair_with_their_last_result);
	tcase_add_test(tc, repeated_usage_is_one_model_call);
	tcase_add_test(tc, lanes_nest_by_branch_and_untimed_events_keep_order);
	tcase_add_test(tc, values_are_redacted);
	tcase_add_test(tc, script_json_cannot_end_its_element);
	tcase_add_test(tc, mermaid_text_is_one_safe_line);
	suite_add_tcase(s, tc);
	return run_suite(s) ? EXIT_FAILURE : EXIT_SUCCESS;
}
