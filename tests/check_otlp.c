/*
 * check_otlp.c - a run as OpenTelemetry traces (adk/otlp): the corpus runs
 * against trajectory's tool calls and tokens, ids stable across exports, and
 * the span tree for transfers, branches, streaming, errors and interleaved
 * invocations.
 */
#include "testutil.h"

#include <glob.h>
#include <string.h>

#include "adk/event.h"
#include "adk/otlp.h"
#include "adk/trajectory.h"
#include "read/reader.h"
#include "util.h"

static json_t *parse(const char *text)
{
	json_error_t e;
	json_t *v = json_loads(text, JSON_DECODE_ANY, &e);
	ck_assert_msg(v != NULL, "bad test JSON: %s", e.text);
	return v;
}

/* The lines otlp writes for items, each parsed: an array the caller owns. */
static json_t *lines_of(const struct strbuf *out)
{
	json_t *lines = json_array();
	for (const char *p = out->buf, *end; p < out->buf + out->len; p = end + 1) {
		end = memchr(p, '\n', (size_t)(out->buf + out->len - p));
		ck_assert_ptr_nonnull(end);
		json_error_t e;
		json_t *v = json_loadb(p, (size_t)(end - p), 0, &e);
		ck_assert_msg(v != NULL, "not JSON: %s", e.text);
		json_array_append_new(lines, v);
	}
	return lines;
}

/* The spans of a TracesData line, borrowed. */
static json_t *spans_of(const json_t *line)
{
	json_t *rs = json_array_get(json_object_get(line, "resourceSpans"), 0);
	return json_object_get(json_array_get(json_object_get(rs, "scopeSpans"), 0), "spans");
}

/* The traces of events (JSON texts), without content: the lines, parsed; caller owns them. */
static json_t *traces_of(const char *const *events, size_t n)
{
	struct otlp_config c = {.max_string = -1};
	struct otlp *o = otlp_new(&c);
	struct strbuf out = STRBUF_INIT;
	for (size_t i = 0; i < n; i++) {
		struct reader_item item = {.value = parse(events[i])};
		item.kind = value_kind(item.value);
		otlp_add(o, &item, &out);
		json_decref(item.value);
	}
	otlp_finish(o, &out);
	otlp_free(o);
	json_t *lines = lines_of(&out);
	strbuf_release(&out);
	return lines;
}

static const char *str(const json_t *obj, const char *key)
{
	return json_string_value(json_object_get(obj, key));
}

/* The value of a span's attribute key (its "stringValue" or "intValue"), or NULL. */
static const char *attr(const json_t *span, const char *key)
{
	json_t *attrs = json_object_get(span, "attributes");
	for (size_t i = 0; i < json_array_size(attrs); i++) {
		json_t *a = json_array_get(attrs, i), *v = json_object_get(a, "value");
		if (strcmp(str(a, "key"), key) == 0)
			return str(v, "stringValue") ? str(v, "stringValue") : str(v, "intValue");
	}
	return NULL;
}

/* The integer attribute key of span, 0 when it has none. */
static long long count(const json_t *span, const char *key)
{
	const char *v = attr(span, key);
	return v ? atoll(v) : 0;
}

/* Reads path whole through the reader into the converter and the trajectory. */
static void read_run(const char *path, struct otlp *o, struct strbuf *out, struct trajectory *t)
{
	char *operands[] = {(char *)path};
	struct reader *r = reader_new(operands, 1, NULL);
	struct reader_item item;
	while (reader_next(r, &item) == READ_ITEM) {
		otlp_add(o, &item, out);
		if (t)
			trajectory_add(t, &item);
	}
	ck_assert_int_eq(reader_status(r), 0);
	reader_free(r);
	otlp_finish(o, out);
}

/* Over every corpus run: the execute_tool spans and the tokens are trajectory's. */
static void check_corpus_run(const char *path)
{
	struct trajectory_config tc;
	trajectory_config_init(&tc);
	struct trajectory *t = trajectory_new(&tc);
	struct otlp_config c = {.content = true, .max_string = -1};
	struct otlp *o = otlp_new(&c);
	struct strbuf out = STRBUF_INIT, again = STRBUF_INIT;
	read_run(path, o, &out, t);
	otlp_free(o);
	o = otlp_new(&c);
	read_run(path, o, &again, NULL);
	otlp_free(o);
	ck_assert_msg(out.len == again.len && (!out.len || memcmp(out.buf, again.buf, out.len) == 0),
	              "%s: two exports differ", path);
	json_t *lines = lines_of(&out), *traj = trajectory_json(t);
	long long tools = 0, input = 0, output = 0;
	for (size_t i = 0; i < json_array_size(lines); i++) {
		json_t *spans = spans_of(json_array_get(lines, i));
		for (size_t j = 0; j < json_array_size(spans); j++) {
			json_t *span = json_array_get(spans, j);
			tools += strncmp(str(span, "name"), "execute_tool", 12) == 0;
			input += count(span, "gen_ai.usage.input_tokens");
			output += count(span, "gen_ai.usage.output_tokens");
		}
	}
	json_t *usage = json_object_get(traj, "token_usage");
	ck_assert_int_eq(tools, (long long)json_array_size(json_object_get(traj, "tool_calls")));
	ck_assert_int_eq(input, json_integer_value(json_object_get(usage, "input_tokens")));
	ck_assert_int_eq(output, json_integer_value(json_object_get(usage, "output_tokens")));
	json_decref(traj);
	json_decref(lines);
	strbuf_release(&out);
	strbuf_release(&again);
	trajectory_free(t);
	trajectory_config_release(&tc);
}

START_TEST(corpus_runs_agree_with_trajectory)
{
	glob_t g;
	ck_assert_int_eq(glob("tests/corpus/adk*/*.json*", 0, NULL, &g), 0);
	ck_assert_uint_ge(g.gl_pathc, 40);
	for (size_t i = 0; i < g.gl_pathc; i++) {
		/* What ADK itself computed of a run, and a database's readback, are no runs. */
		const char *path = g.gl_pathv[i];
		size_t n = strlen(path);
		if (!(n > 14 && strcmp(path + n - 14, ".expected.json") == 0) &&
		    !(n > 14 && strcmp(path + n - 14, ".readback.json") == 0))
			check_corpus_run(path);
	}
	globfree(&g);
}
END_TEST

START_TEST(streamed_usage_is_one_model_call)
{
	static const char *const events[] = {
	    "{\"invocationId\":\"i\",\"author\":\"a\",\"timestamp\":1,\"partial\":true,"
	    "\"content\":{\"role\":\"model\",\"parts\":[{\"text\":\"x\"}]}}",
	    "{\"invocationId\":\"i\",\"author\":\"a\",\"timestamp\":2,\"content\":{\"role\":"
	    "\"model\",\"parts\":[{\"text\":\"xy\"}]},\"usageMetadata\":{\"promptTokenCount\":5,"
	    "\"candidatesTokenCount\":2,\"thoughtsTokenCount\":1}}",
	    "{\"invocationId\":\"i\",\"author\":\"a\",\"timestamp\":3,\"turnComplete\":true,"
	    "\"usageMetadata\":{\"candidatesTokenCount\":2,\"thoughtsTokenCount\":1,"
	    "\"promptTokenCount\":5}}",
	};
	json_t *lines = traces_of(events, 3);
	ck_assert_uint_eq(json_array_size(lines), 1);
	json_t *spans = spans_of(json_array_get(lines, 0));
	/* The agent's part and one model call, which lasts until the repeat at 3 s. */
	ck_assert_uint_eq(json_array_size(spans), 2);
	json_t *call = json_array_get(spans, 1);
	ck_assert_str_eq(str(call, "name"), "generate_content");
	ck_assert_str_eq(str(call, "startTimeUnixNano"), "2000000000");
	ck_assert_str_eq(str(call, "endTimeUnixNano"), "3000000000");
	ck_assert_str_eq(attr(call, "gen_ai.usage.input_tokens"), "5");
	ck_assert_str_eq(attr(call, "gen_ai.usage.reasoning.output_tokens"), "1");
	ck_assert_str_eq(str(call, "parentSpanId"), str(json_array_get(spans, 0), "spanId"));
	json_decref(lines);
}
END_TEST

START_TEST(transfers_nest_and_tool_errors_fail)
{
	static const char *const events[] = {
	    "{\"invocationId\":\"i\",\"author\":\"user\",\"timestamp\":0.5,\"content\":{"
	    "\"role\":\"user\",\"parts\":[{\"text\":\"hi\"}]}}",
	    "{\"invocationId\":\"i\",\"author\":\"router\",\"timestamp\":1,\"content\":{\"role\":"
	    "\"model\",\"parts\":[{\"functionCall\":{\"id\":\"c\",\"name\":\"f\",\"args\":{}}}]}}",
	    "{\"invocationId\":\"i\",\"author\":\"router\",\"timestamp\":2,\"content\":{\"role\":"
	    "\"user\",\"parts\":[{\"functionResponse\":{\"id\":\"c\",\"name\":\"f\",\"response\":"
	    "{\"error\":\"boom\"}}}]},\"actions\":{\"transferToAgent\":\"billing\"}}",
	    "{\"invocationId\":\"i\",\"author\":\"billing\",\"timestamp\":3,\"content\":{\"role\":"
	    "\"model\",\"parts\":[{\"text\":\"ok\"}]}}",
	};
	json_t *lines = traces_of(events, 4);
	json_t *spans = spans_of(json_array_get(lines, 0));
	ck_assert_uint_eq(json_array_size(spans), 5);
	json_t *router = json_array_get(spans, 0), *tool = json_array_get(spans, 2);
	json_t *billing = json_array_get(spans, 3);
	/* The router's part starts when the user's message was written. */
	ck_assert_str_eq(str(router, "startTimeUnixNano"), "500000000");
	ck_assert_ptr_null(json_object_get(router, "parentSpanId"));
	ck_assert_str_eq(str(tool, "name"), "execute_tool f");
	ck_assert_str_eq(str(tool, "endTimeUnixNano"), "2000000000");
	ck_assert_int_eq(
	    json_integer_value(json_object_get(json_object_get(tool, "status"), "code")), 2);
	ck_assert_str_eq(str(billing, "name"), "invoke_agent billing");
	ck_assert_str_eq(str(billing, "parentSpanId"), str(router, "spanId"));
	/* The parent lasts as long as its child. */
	ck_assert_str_eq(str(router, "endTimeUnixNano"), "3000000000");
	json_decref(lines);
}
END_TEST

START_TEST(an_invocation_that_comes_back_is_a_second_part)
{
	static const char *const events[] = {
	    "{\"id\":\"1\",\"invocationId\":\"i1\",\"author\":\"a\",\"timestamp\":1,"
	    "\"content\":{\"role\":\"model\",\"parts\":[{\"text\":\"x\"}]}}",
	    "{\"id\":\"2\",\"invocationId\":\"i2\",\"author\":\"a\",\"timestamp\":2,"
	    "\"content\":{\"role\":\"model\",\"parts\":[{\"text\":\"y\"}]}}",
	    "{\"id\":\"1\",\"invocationId\":\"i1\",\"author\":\"a\",\"timestamp\":3,"
	    "\"content\":{\"role\":\"model\",\"parts\":[{\"text\":\"z\"}]}}",
	};
	json_t *lines = traces_of(events, 3);
	ck_assert_uint_eq(json_array_size(lines), 3);
	json_t *first = json_array_get(spans_of(json_array_get(lines, 0)), 0);
	json_t *second = json_array_get(spans_of(json_array_get(lines, 1)), 0);
	json_t *again = json_array_get(spans_of(json_array_get(lines, 2)), 0);
	ck_assert_str_eq(str(first, "traceId"), str(again, "traceId"));
	ck_assert_str_ne(str(first, "traceId"), str(second, "traceId"));
	/* The same event id, the same place: another part, so another span id. */
	ck_assert_str_ne(str(first, "spanId"), str(again, "spanId"));
	json_decref(lines);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("otlp");
	TCase *tc = tcase_create("otlp");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, corpus_runs_agree_with_trajectory);
	tcase_add_test(tc, streamed_usage_is_one_model_call);
	tcase_add_test(tc, transfers_nest_and_tool_errors_fail);
	tcase_add_test(tc, an_invocation_that_comes_back_is_a_second_part);
	suite_add_tcase(s, tc);
	return run_suite(s) ? EXIT_FAILURE : EXIT_SUCCESS;
}
