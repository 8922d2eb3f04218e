/*
 * check_json.c - the JSON writer: framing, layout, escaping, numbers, sinks.
 */
#include "testutil.h"

#include <math.h>
#include <stdint.h>

#include "read/pool.h"

#include <errno.h>
#include <fcntl.h>

#include "read/pool.h"
#include "write/json.h"

/* What jw_value() writes for the JSON text in with flags; the caller frees it. */
static char *written(const char *in, unsigned flags, int level)
{
	json_t *v = json_loads(in, JSON_DECODE_ANY | JSON_ALLOW_NUL, NULL);
	ck_assert_msg(v != NULL, "bad test input %s", in);
	struct strbuf sb = STRBUF_INIT;
	struct json_writer w;
	jw_init_buf(&w, &sb, flags);
	jw_set_level(&w, level);
	jw_value(&w, v);
	jw_release(&w);
	json_decref(v);
	return sb.buf;
}

#define CHECK_WRITTEN(in, flags, expected)                                                         \
	do {                                                                                       \
		char *got = written(in, flags, 0);                                                 \
		ck_assert_str_eq(got, expected);                                                   \
		free(got);                                                                         \
	} while (0)

/* Compares sb with the len bytes of expected (which may hold NUL), and empties it. */
static void check_bytes(struct strbuf *sb, const char *expected, size_t len)
{
	ck_assert_uint_eq(sb->len, len);
	ck_assert(memcmp(sb->buf, expected, len) == 0);
	strbuf_reset(sb);
}

START_TEST(nesting_and_commas_are_the_writers)
{
	struct strbuf sb = STRBUF_INIT;
	struct json_writer w;
	jw_init_buf(&w, &sb, 0);
	jw_object_begin(&w);
	jw_key(&w, "a");
	jw_array_begin(&w);
	jw_int(&w, 1);
	jw_object_begin(&w);
	jw_object_end(&w);
	jw_array_begin(&w);
	jw_array_end(&w);
	jw_null(&w);
	jw_bool(&w, true);
	jw_bool(&w, false);
	jw_array_end(&w);
	jw_key(&w, "b");
	jw_string(&w, "x", 1);
	jw_key(&w, "c");
	jw_object_begin(&w);
	jw_keyn(&w, "d\0e", 3);
	jw_real(&w, 2.5);
	jw_object_end(&w);
	jw_object_end(&w);
	jw_line_end(&w);
	jw_int(&w, 7);
	jw_line_end(&w);
	ck_assert_str_eq(sb.buf,
	                 "{\"a\":[1,{},[],null,true,false],\"b\":\"x\",\"c\":{\"d\\u0000e\":2.5}}\n"
	                 "7\n");
	jw_release(&w);
	strbuf_release(&sb);
}
END_TEST

START_TEST(a_buffer_writer_appends)
{
	struct strbuf sb = STRBUF_INIT;
	strbuf_addstr(&sb, "before ");
	struct json_writer w;
	jw_init_buf(&w, &sb, 0);
	jw_array_begin(&w);
	jw_array_end(&w);
	jw_release(&w);
	ck_assert_str_eq(sb.buf, "before []");
	strbuf_release(&sb);
}
END_TEST

START_TEST(pretty_indents_by_two)
{
	CHECK_WRITTEN("{\"a\":[1,{\"b\":{}}],\"c\":[]}", JW_PRETTY,
	              "{\n  \"a\": [\n    1,\n    {\n      \"b\": {}\n    }\n  ],\n  \"c\": []\n}");
	CHECK_WRITTEN("[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]", JW_PRETTY,
	              "[\n  [\n    [\n      [\n        [\n          [\n            [\n"
	              "              [\n                [\n                  [\n"
	              "                    [\n                      [\n"
	              "                        [\n                          [\n"
	              "                            [\n                              [\n"
	              "                                [\n                                  [\n"
	              "                                    [\n"
	              "                                      1\n"
	              "                                    ]\n                                  ]\n"
	              "                                ]\n                              ]\n"
	              "                            ]\n                          ]\n"
	              "                        ]\n                      ]\n"
	              "                    ]\n                  ]\n                ]\n"
	              "              ]\n            ]\n          ]\n        ]\n      ]\n    ]\n"
	              "  ]\n]");
	CHECK_WRITTEN("{}", JW_PRETTY, "{}");
	CHECK_WRITTEN("\"s\"", JW_PRETTY, "\"s\"");
}
END_TEST

START_TEST(a_level_indents_a_piece_as_it_stands)
{
	char *got = written("{\"a\":[1]}", JW_PRETTY, 2);
	ck_assert_str_eq(got, "{\n      \"a\": [\n        1\n      ]\n    }");
	free(got);
	got = written("{\"a\":[1]}", 0, 2);
	ck_assert_str_eq(got, "{\"a\":[1]}");
	free(got);
}
END_TEST

START_TEST(members_keep_their_order_unless_sorted)
{
	CHECK_WRITTEN("{\"z\":1,\"a\":{\"y\":2,\"b\":3}}", 0, "{\"z\":1,\"a\":{\"y\":2,\"b\":3}}");
	CHECK_WRITTEN("{\"z\":1,\"a\":{\"y\":2,\"b\":3}}", JW_SORTED,
	              "{\"a\":{\"b\":3,\"y\":2},\"z\":1}");
	/* Bytewise: upper case before lower, a prefix first. */
	CHECK_WRITTEN("{\"b\":1,\"B\":2,\"ab\":3,\"a\":4,\"\\u00e9\":6}", JW_SORTED,
	              "{\"B\":2,\"a\":4,\"ab\":3,\"b\":1,\"\xc3\xa9\":6}");
	/* A key holding NUL (jansson's parser refuses one; a program may set it) is kept whole. */
	json_t *o = json_object();
	json_object_setn_new(o, "ab", 2, json_integer(1));
	json_object_setn_new(o, "a\0b", 3, json_integer(2));
	json_object_setn_new(o, "a", 1, json_integer(3));
	struct strbuf sb = STRBUF_INIT;
	struct json_writer w;
	jw_init_buf(&w, &sb, JW_SORTED);
	jw_value(&w, o);
	check_bytes(&sb, "{\"a\":3,\"a\\u0000b\":2,\"ab\":1}", 27);
	jw_init_buf(&w, &sb, 0);
	jw_value(&w, o);
	check_bytes(&sb, "{\"ab\":1,\"a\\u0000b\":2,\"a\":3}", 27);
	strbuf_release(&sb);
	json_decref(o);
	CHECK_WRITTEN("{\"b\":[{\"d\":1,\"c\":2}],\"a\":[]}", JW_SORTED | JW_PRETTY,
	              "{\n  \"a\": [],\n  \"b\": [\n    {\n      \"c\": 2,\n      \"d\": 1\n    }\n"
	              "  ]\n}");
}
END_TEST

START_TEST(integers_are_exact)
{
	CHECK_WRITTEN("[0,-1,9223372036854775807,-9223372036854775808,1000000,-42]", 0,
	              "[0,-1,9223372036854775807,-9223372036854775808,1000000,-42]");
	CHECK_WRITTEN("[9223372036854775807,-9223372036854775808]", JW_GO,
	              "[9223372036854775807,-9223372036854775808]");
}
END_TEST

START_TEST(reals_are_shortest_round_trip)
{
	CHECK_WRITTEN("[0.1,0.8,1767229215.002,1e300,3.0,1.0,-2.5e-7,123456789.123456789]", 0,
	              "[0.1,0.8,1767229215.002,1e+300,3.0,1.0,-2.5e-07,123456789.12345679]");
	CHECK_WRITTEN("[-0.0,5e-324,1.7976931348623157e308,2.2250738585072014e-308]", 0,
	              "[-0.0,4.94065645841247e-324,1.7976931348623157e+308,"
	              "2.2250738585072014e-308]");
	struct strbuf sb = STRBUF_INIT;
	struct json_writer w;
	jw_init_buf(&w, &sb, 0);
	jw_real(&w, 1.0 / 0.0);
	ck_assert_str_eq(sb.buf, "null");
	jw_release(&w);
	strbuf_release(&sb);
}
END_TEST

/* What adkev wrote for reals before the quick path: the shortest %.Ng, N from 15 to 17. */
static void shortest_by_snprintf(char *out, double v)
{
	for (int prec = 15; prec <= 17; prec++) {
		snprintf(out, 40, "%.*g", prec, v);
		if (strtod(out, NULL) == v)
			break;
	}
	if (!strpbrk(out, ".eEn"))
		strcat(out, ".0");
}

START_TEST(the_quick_path_for_reals_writes_what_snprintf_writes)
{
	unsigned seed = 99;
	for (int n = 0; n < 100000; n++) {
		double v;
		if (n % 2) {
			/* A decimal of up to 16 digits with the point anywhere, as events hold. */
			uint64_t m = ((uint64_t)rand_r(&seed) << 31 | (uint64_t)rand_r(&seed)) %
			             (n % 4 == 1 ? 10000000000000000u : 1000000u);
			static const double p10[] = {1,    1e1,  1e2,  1e3,  1e4,  1e5,
			                             1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
			                             1e12, 1e13, 1e14, 1e15, 1e16, 1e17};
			v = (double)m / p10[rand_r(&seed) % 18];
		} else {
			uint64_t bits = (uint64_t)rand_r(&seed) << 33 ^
			                (uint64_t)rand_r(&seed) << 2 ^ (uint64_t)rand_r(&seed);
			memcpy(&v, &bits, sizeof v);
			if (isnan(v) || isinf(v))
				continue;
		}
		if (rand_r(&seed) % 3 == 0)
			v = -v;
		char want[48];
		shortest_by_snprintf(want, v);
		struct strbuf sb = STRBUF_INIT;
		struct json_writer w;
		jw_init_buf(&w, &sb, 0);
		jw_real(&w, v);
		ck_assert_msg(strcmp(sb.buf, want) == 0, "%.17g: %s, not %s", v, sb.buf, want);
		jw_release(&w);
		strbuf_release(&sb);
	}
}
END_TEST

START_TEST(go_reals_are_written_as_go_writes_them)
{
	CHECK_WRITTEN("[0.1,1.0,1000.0,2.5,1e21,1e20,1e-7,1e-6,1.5e-10,-0.0,5e-324,1e300]", JW_GO,
	              "[0.1,1,1000,2.5,1e+21,100000000000000000000,1e-7,0.000001,1.5e-10,-0,"
	              "5e-324,1e+300]");
	CHECK_WRITTEN("[123456789.123456789,-2.5e-7,0.000123]", JW_GO,
	              "[123456789.12345679,-2.5e-7,0.000123]");
}
END_TEST

START_TEST(strings_escape_only_what_json_requires)
{
	CHECK_WRITTEN("\"q\\\" b\\\\ n\\n t\\t r\\r b\\b f\\f c\\u0001 u\\u001f nul\\u0000 "
	              "\\u00e9 \\ud83c\\udf0d / < > & \\u2028 \\u007f\"",
	              0,
	              "\"q\\\" b\\\\ n\\n t\\t r\\r b\\b f\\f c\\u0001 u\\u001f nul\\u0000 "
	              "\xc3\xa9 \xf0\x9f\x8c\x8d / < > & \xe2\x80\xa8 \x7f\"");
}
END_TEST

/* JSON's escape of one byte, as a reader of the standard would write it. */
static void escape_byte(struct strbuf *sb, unsigned char c)
{
	const char *named = c == '"'    ? "\\\""
	                    : c == '\\' ? "\\\\"
	                    : c == '\n' ? "\\n"
	                    : c == '\t' ? "\\t"
	                    : c == '\r' ? "\\r"
	                    : c == '\b' ? "\\b"
	                    : c == '\f' ? "\\f"
	                                : NULL;
	if (named)
		strbuf_addstr(sb, named);
	else if (c < 0x20)
		strbuf_addf(sb, "\\u%04x", c);
	else
		strbuf_addch(sb, (char)c);
}

START_TEST(every_byte_escapes_alike_wherever_it_stands)
{
	/*
	 * Runs of plain bytes are copied sixteen at a time: each byte value,
	 * at each place of a string longer than two such blocks, must come
	 * out as it does alone (bytes from 0x80 up as they are).
	 */
	unsigned char s[40];
	struct strbuf got = STRBUF_INIT, want = STRBUF_INIT;
	for (unsigned b = 0; b < 256; b++)
		for (size_t at = 0; at < sizeof s; at++) {
			memset(s, 'a', sizeof s);
			s[at] = (unsigned char)b;
			s[(at * 7 + 3) % sizeof s] = 0xC3;
			struct json_writer w;
			jw_init_buf(&w, &got, 0);
			jw_string(&w, (const char *)s, sizeof s);
			jw_release(&w);
			strbuf_addch(&want, '"');
			for (size_t i = 0; i < sizeof s; i++)
				escape_byte(&want, s[i]);
			strbuf_addch(&want, '"');
			ck_assert_uint_eq(got.len, want.len);
			ck_assert_msg(memcmp(got.buf, want.buf, got.len) == 0, "byte %#x at %zu", b,
			              at);
			strbuf_reset(&got);
			strbuf_reset(&want);
		}
	strbuf_release(&got);
	strbuf_release(&want);
}
END_TEST

START_TEST(go_escapes_what_go_escapes)
{
	CHECK_WRITTEN(
	    "{\"<k>\":\"a<b>&c \\u2028 \\u2029 \\u2027 \\u0001 \\n \\\" \\u00e9\"}", JW_GO,
	    "{\"\\u003ck\\u003e\":\"a\\u003cb\\u003e\\u0026c \\u2028 \\u2029 \xe2\x80\xa7 "
	    "\\u0001 \\n \\\" \xc3\xa9\"}");
}
END_TEST

/* Quote, backslash, controls, a NUL, two- and four-byte UTF-8, U+2028 and U+2029, <. */
static const char pieces_text[] = "q\" b\\ n\n t\t c\x01 nul\0 \xc3\xa9 \xf0\x9f\x8c\x8d "
                                  "\xe2\x80\xa8\xe2\x80\xa9\xe2\x80|<\xe2";
#define PIECES_LEN (sizeof pieces_text - 1)

/* Every cut of pieces_text into three pieces (the middle one empty) equals the whole. */
static void check_pieces_join(unsigned flags)
{
	struct strbuf whole = STRBUF_INIT, sb = STRBUF_INIT;
	struct json_writer w;
	jw_init_buf(&w, &whole, flags);
	jw_string(&w, pieces_text, PIECES_LEN);
	for (size_t cut = 0; cut <= PIECES_LEN; cut++) {
		for (size_t cut2 = cut; cut2 <= PIECES_LEN; cut2++) {
			jw_init_buf(&w, &sb, flags);
			jw_string_begin(&w);
			jw_string_piece(&w, pieces_text, cut);
			jw_string_piece(&w, "", 0);
			jw_string_piece(&w, pieces_text + cut, cut2 - cut);
			jw_string_piece(&w, pieces_text + cut2, PIECES_LEN - cut2);
			jw_string_end(&w);
			ck_assert_uint_eq(sb.len, whole.len);
			ck_assert_msg(memcmp(sb.buf, whole.buf, sb.len) == 0,
			              "flags %u, cut at %zu %zu", flags, cut, cut2);
			strbuf_reset(&sb);
		}
	}
	strbuf_release(&whole);
	strbuf_release(&sb);
}

START_TEST(streamed_pieces_equal_the_whole)
{
	check_pieces_join(0);
	check_pieces_join(JW_GO);
	check_pieces_join(JW_RAW);
	check_pieces_join(JW_PRETTY);
}
END_TEST

START_TEST(pieces_escape_as_the_whole)
{
	static const char json[] = "\"q\\\" b\\\\ n\\n t\\t c\\u0001 nul\\u0000 \xc3\xa9 "
	                           "\xf0\x9f\x8c\x8d \xe2\x80\xa8\xe2\x80\xa9\xe2\x80|<\xe2\"";
	static const char go[] = "\"q\\\" b\\\\ n\\n t\\t c\\u0001 nul\\u0000 \xc3\xa9 "
	                         "\xf0\x9f\x8c\x8d \\u2028\\u2029\xe2\x80|\\u003c\xe2\"";
	struct strbuf sb = STRBUF_INIT;
	struct json_writer w;
	jw_init_buf(&w, &sb, 0);
	jw_string(&w, pieces_text, PIECES_LEN);
	check_bytes(&sb, json, sizeof json - 1);
	jw_init_buf(&w, &sb, JW_GO);
	jw_string(&w, pieces_text, PIECES_LEN);
	check_bytes(&sb, go, sizeof go - 1);
	strbuf_release(&sb);
}
END_TEST

START_TEST(raw_strings_are_bare_only_at_the_top)
{
	struct strbuf sb = STRBUF_INIT;
	struct json_writer w;
	jw_init_buf(&w, &sb, JW_RAW);
	jw_string(&w, "a\"\nb", 4);
	jw_line_end(&w);
	jw_array_begin(&w);
	jw_string(&w, "a\"\nb", 4);
	jw_array_end(&w);
	jw_line_end(&w);
	jw_object_begin(&w);
	jw_key(&w, "k");
	jw_string_begin(&w);
	jw_string_piece(&w, "\n", 1);
	jw_string_end(&w);
	jw_object_end(&w);
	jw_line_end(&w);
	jw_string_begin(&w);
	jw_string_piece(&w, "x\n", 2);
	jw_string_end(&w);
	jw_line_end(&w);
	jw_null(&w);
	jw_line_end(&w);
	/* null at the top is no text: -r's empty line for a result that found nothing. */
	ck_assert_str_eq(sb.buf, "a\"\nb\n[\"a\\\"\\nb\"]\n{\"k\":\"\\n\"}\nx\n\n\n");
	strbuf_release(&sb);
}
END_TEST

/*
 * A break between pieces is "\n" in JSON once a piece follows it; bare, it
 * is written at once and stands for the line end: the same bytes either way.
 */
START_TEST(a_string_break_ends_a_bare_line_at_once)
{
	for (unsigned flags = 0; flags <= JW_RAW; flags += JW_RAW) {
		struct strbuf sb = STRBUF_INIT;
		struct json_writer w;
		jw_init_buf(&w, &sb, flags);
		jw_string_begin(&w);
		jw_string_piece(&w, "one", 3);
		jw_string_break(&w);
		ck_assert_str_eq(sb.buf, flags ? "one\n" : "\"one");
		jw_string_piece(&w, "two", 3);
		jw_string_break(&w);
		jw_string_end(&w);
		jw_line_end(&w);
		ck_assert_str_eq(sb.buf, flags ? "one\ntwo\n" : "\"one\\ntwo\"\n");
		strbuf_release(&sb);
	}
}
END_TEST

/*
 * Colours are the same whether the writer lays a value out or is handed its
 * text (jw_raw(), cut anywhere): keys, strings with escapes, nested
 * containers, null; compact and pretty.
 */
START_TEST(raw_text_is_coloured_as_values_are)
{
	json_t *v =
	    json_loads("{\"a\":[1,\"x\\\"y\",{\"k\":null}],\"b\\\\\":{},\"c\":true}", 0, NULL);
	ck_assert_ptr_nonnull(v);
	for (unsigned pretty = 0; pretty <= JW_PRETTY; pretty += JW_PRETTY) {
		struct strbuf plain = STRBUF_INIT, colored = STRBUF_INIT, raw = STRBUF_INIT;
		struct json_writer w;
		jw_init_buf(&w, &plain, pretty);
		jw_value(&w, v);
		jw_init_buf(&w, &colored, pretty | JW_COLOR);
		jw_value(&w, v);
		ck_assert_ptr_nonnull(strstr(colored.buf, "\033[34;1m\"a\"\033[0m"));
		ck_assert_ptr_nonnull(strstr(colored.buf, "\033[0;32m\"x\\\"y\"\033[0m"));
		ck_assert_ptr_nonnull(strstr(colored.buf, "\033[1;30mnull\033[0m"));
		for (size_t cut = 0; cut <= plain.len; cut++) {
			strbuf_reset(&raw);
			jw_init_buf(&w, &raw, pretty | JW_COLOR);
			jw_raw_begin(&w);
			jw_raw_piece(&w, plain.buf, cut);
			jw_raw_piece(&w, plain.buf + cut, plain.len - cut);
			jw_raw_end(&w);
			ck_assert_str_eq(raw.buf, colored.buf);
		}
		strbuf_release(&plain);
		strbuf_release(&colored);
		strbuf_release(&raw);
	}
	json_decref(v);
}
END_TEST

START_TEST(raw_text_fits_one_line_when_compact)
{
	static const char event[] = "{\r\n  \"a\": [\n\t1,\n    \"x\\ny\"\n  ]\n}";
	struct strbuf sb = STRBUF_INIT;
	struct json_writer w;
	jw_init_buf(&w, &sb, 0);
	jw_array_begin(&w);
	jw_raw(&w, event, sizeof event - 1);
	jw_raw(&w, "2", 1);
	jw_array_end(&w);
	ck_assert_str_eq(sb.buf, "[{\"a\": [1,\"x\\ny\"]},2]");
	strbuf_reset(&sb);
	/* In pieces cut anywhere, the blanks after a line break too. */
	for (size_t cut = 0; cut <= sizeof event - 1; cut++) {
		jw_init_buf(&w, &sb, 0);
		jw_raw_begin(&w);
		jw_raw_piece(&w, event, cut);
		jw_raw_piece(&w, event + cut, sizeof event - 1 - cut);
		jw_raw_end(&w);
		ck_assert_msg(strcmp(sb.buf, "{\"a\": [1,\"x\\ny\"]}") == 0, "cut at %zu", cut);
		strbuf_reset(&sb);
	}
	/* Pretty output keeps the text as it came, after the writer's line and indent. */
	jw_init_buf(&w, &sb, JW_PRETTY);
	jw_object_begin(&w);
	jw_key(&w, "e");
	jw_array_begin(&w);
	jw_raw(&w, "{\n \"b\": 1}", 10);
	jw_array_end(&w);
	jw_object_end(&w);
	ck_assert_str_eq(sb.buf, "{\n  \"e\": [\n    {\n \"b\": 1}\n  ]\n}");
	strbuf_release(&sb);
}
END_TEST

struct counting_sink {
	struct strbuf got;
	int calls;
	int fail_at; /* the call that fails, 0 for none */
};

static bool counting_write(void *ctx, const char *data, size_t len)
{
	struct counting_sink *k = ctx;
	if (++k->calls == k->fail_at) {
		errno = EPIPE;
		return false;
	}
	strbuf_add(&k->got, data, len);
	return true;
}

START_TEST(a_stream_sink_gets_lines_and_pieces)
{
	struct counting_sink k = {STRBUF_INIT, 0, 0};
	struct json_writer w;
	jw_init_sink(&w, 0, counting_write, &k);
	jw_array_begin(&w);
	jw_int(&w, 1);
	ck_assert_int_eq(k.calls, 0);
	jw_array_end(&w);
	jw_line_end(&w);
	ck_assert_int_eq(k.calls, 1);
	jw_string_begin(&w);
	jw_string_piece(&w, "ab", 2);
	ck_assert_int_eq(k.calls, 2);
	ck_assert_str_eq(k.got.buf, "[1]\n\"ab");
	jw_string_end(&w);
	jw_line_end(&w);
	ck_assert(jw_flush(&w));
	ck_assert(!jw_failed(&w));
	ck_assert_str_eq(k.got.buf, "[1]\n\"ab\"\n");
	jw_release(&w);
	strbuf_release(&k.got);
}
END_TEST

START_TEST(a_failed_sink_write_is_sticky)
{
	struct counting_sink k = {STRBUF_INIT, 0, 2};
	struct json_writer w;
	jw_init_sink(&w, 0, counting_write, &k);
	jw_int(&w, 1);
	jw_line_end(&w);
	jw_int(&w, 2);
	jw_line_end(&w);
	ck_assert(jw_failed(&w));
	ck_assert_int_eq(jw_error(&w), EPIPE);
	jw_int(&w, 3);
	jw_line_end(&w);
	ck_assert(!jw_flush(&w));
	/* Nothing after the failure reaches the sink. */
	ck_assert_int_eq(k.calls, 2);
	ck_assert_str_eq(k.got.buf, "1\n");
	jw_release(&w);
	strbuf_release(&k.got);
}
END_TEST

START_TEST(a_descriptor_sink_reports_its_errors)
{
	int fd = open("/dev/full", O_WRONLY);
	ck_assert_int_ge(fd, 0);
	struct json_writer w;
	jw_init_fd(&w, fd, 0);
	jw_string(&w, "x", 1);
	jw_line_end(&w);
	ck_assert(jw_failed(&w));
	ck_assert_int_eq(jw_error(&w), ENOSPC);
	jw_release(&w);
	close(fd);

	jw_init_fd(&w, fd, 0); /* closed now */
	jw_null(&w);
	ck_assert(!jw_flush(&w));
	ck_assert_int_eq(jw_error(&w), EBADF);
	jw_release(&w);
}
END_TEST

START_TEST(a_descriptor_sink_writes_everything)
{
	const char *name = temp_file("");
	int fd = open(name, O_WRONLY | O_TRUNC);
	ck_assert_int_ge(fd, 0);
	struct json_writer w;
	jw_init_fd(&w, fd, JW_PRETTY);
	/* More than one gathering buffer's worth, so it is handed on in the middle too. */
	jw_array_begin(&w);
	for (int i = 0; i < 30000; i++)
		jw_int(&w, i);
	jw_array_end(&w);
	jw_line_end(&w);
	ck_assert(jw_flush(&w));
	ck_assert_int_eq(jw_error(&w), 0);
	jw_release(&w);
	close(fd);
	json_error_t e;
	json_t *v = json_load_file(name, 0, &e);
	ck_assert_ptr_nonnull(v);
	ck_assert_uint_eq(json_array_size(v), 30000);
	ck_assert_int_eq(json_integer_value(json_array_get(v, 29999)), 29999);
	json_decref(v);
	unlink(name);
}
END_TEST

int main(void)
{
	pool_serve_jansson();
	Suite *s = suite_create("json");
	TCase *tc = tcase_create("json");
	tcase_add_test(tc, nesting_and_commas_are_the_writers);
	tcase_add_test(tc, a_buffer_writer_appends);
	tcase_add_test(tc, a_string_break_ends_a_bare_line_at_once);
	tcase_add_test(tc, raw_text_is_coloured_as_values_are);
	tcase_add_test(tc, pretty_indents_by_two);
	tcase_add_test(tc, a_level_indents_a_piece_as_it_stands);
	tcase_add_test(tc, members_keep_their_order_unless_sorted);
	tcase_add_test(tc, integers_are_exact);
	tcase_add_test(tc, reals_are_shortest_round_trip);
	tcase_add_test(tc, the_quick_path_for_reals_writes_what_snprintf_writes);
	tcase_add_test(tc, go_reals_are_written_as_go_writes_them);
	tcase_add_test(tc, strings_escape_only_what_json_requires);
	tcase_add_test(tc, every_byte_escapes_alike_wherever_it_stands);
	tcase_add_test(tc, go_escapes_what_go_escapes);
	tcase_add_test(tc, streamed_pieces_equal_the_whole);
	tcase_add_test(tc, pieces_escape_as_the_whole);
	tcase_add_test(tc, raw_strings_are_bare_only_at_the_top);
	tcase_add_test(tc, raw_text_fits_one_line_when_compact);
	tcase_add_test(tc, a_stream_sink_gets_lines_and_pieces);
	tcase_add_test(tc, a_failed_sink_write_is_sticky);
	tcase_add_test(tc, a_descriptor_sink_reports_its_errors);
	tcase_add_test(tc, a_descriptor_sink_writes_everything);
	suite_add_tcase(s, tc);
	return run_suite(s) ? EXIT_FAILURE : EXIT_SUCCESS;
}
