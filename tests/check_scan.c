/*
 * check_scan.c - the scanner is jansson: every class of refusal jansson
 * has, the limits at their edges (depth, int64, real overflow), what it
 * accepts that a strict reading of JSON would not (a NUL byte after a
 * number), values and end positions equal to json_loadb()'s, and the
 * members a command asks for built while the others stand in.
 */
#include "testutil.h"

#include "adk/event.h"
#include "read/reader.h"
#include "read/scan.h"
#include "util.h"

static const struct adk_reads author_only = {.event = ADK_MEMBER(ADK_AUTHOR)};

/* Refuses p[0..n) as jansson does: scan_load() hands back jansson's own error. */
static void assert_refused_n(const char *p, size_t n)
{
	json_t *v;
	size_t end;
	ck_assert_msg(!scan_only(p, n, NULL, &v, &end), "accepted: %.*s", (int)n, p);
	ck_assert_msg(!scan_only(p, n, &author_only, &v, &end), "accepted: %.*s", (int)n, p);
	json_error_t je, se;
	ck_assert_ptr_null(json_loadb(p, n, SCAN_JSON_FLAGS, &je));
	ck_assert_ptr_null(scan_load(p, n, &author_only, &se));
	ck_assert_int_eq(se.line, je.line);
	ck_assert_int_eq(se.column, je.column);
	ck_assert_int_eq(se.position, je.position);
	ck_assert_str_eq(se.text, je.text);
}

static void assert_refused(const char *p)
{
	assert_refused_n(p, strlen(p));
}

/* Accepts p[0..n) as jansson does: the same value, ending where jansson says. */
static void assert_accepted_n(const char *p, size_t n)
{
	json_error_t je, se;
	json_t *want = json_loadb(p, n, SCAN_JSON_FLAGS, &je);
	ck_assert_msg(want != NULL, "jansson refuses: %.*s", (int)n, p);
	json_t *got = scan_load(p, n, NULL, &se);
	ck_assert_msg(got != NULL, "refused: %.*s", (int)n, p);
	ck_assert_msg(json_equal(got, want), "another value: %.*s", (int)n, p);
	ck_assert_int_eq(se.position, je.position);
	json_decref(got);
	json_decref(want);
}

static void assert_accepted(const char *p)
{
	assert_accepted_n(p, strlen(p));
}

START_TEST(bad_utf8_is_refused_where_jansson_refuses_it)
{
	assert_accepted("\"caf\xC3\xA9 \xE6\x97\xA5 \xF0\x9F\x98\x80 \xF4\x8F\xBF\xBF\"");
	assert_refused("\"\x80\"");             /* a continuation byte first */
	assert_refused("\"\xC0\xAF\"");         /* an overlong '/' */
	assert_refused("\"\xC1\xBF\"");         /* an overlong DEL */
	assert_refused("\"\xE0\x80\xAF\"");     /* an overlong three-byte form */
	assert_refused("\"\xF0\x80\x80\xAF\""); /* an overlong four-byte form */
	assert_refused("\"\xED\xA0\x80\"");     /* U+D800, a surrogate */
	assert_refused("\"\xF4\x90\x80\x80\""); /* beyond U+10FFFF */
	assert_refused("\"\xF5\x80\x80\x80\""); /* never a first byte */
	assert_refused("\"\xC3\"");             /* cut short by the quote */
	assert_refused("\"\xE6\x97");           /* cut short by the end */
	assert_refused("{\"a\":1,\xC3\xA9:2}"); /* UTF-8 outside a string */
	assert_refused("\xEF\xBB\xBF{}");       /* a byte-order mark is the framer's */
}
END_TEST

START_TEST(control_bytes_are_refused_in_strings_only)
{
	assert_refused("\"a\nb\"");
	assert_refused("\"a\x01\"");
	assert_refused("\"a\tb\"");
	assert_refused_n("\"a\0b\"", 5);
	assert_accepted("\"a\x7F\""); /* DEL is not a control byte to JSON */
	assert_accepted("{\n\t\"a\" :\r\n 1 }");
	assert_refused("{\f\"a\":1}"); /* form feed is not JSON's white space */
}
END_TEST

START_TEST(escapes_follow_jansson)
{
	assert_accepted("\"\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u00e9 \\uD83D\\uDE00 \\u0000\"");
	assert_accepted("{\"\\u0061uthor\":\"x\"}");
	assert_refused("\"\\x\"");
	assert_refused("\"\\u12\"");
	assert_refused("\"\\u12G4\"");
	assert_refused("\"\\uDE00\"");        /* a low surrogate alone */
	assert_refused("\"\\uD83D\"");        /* a high one alone */
	assert_refused("\"\\uD83Dx\"");       /* followed by something else */
	assert_refused("\"\\uD83D\\u0041\""); /* followed by no low one */
	assert_refused("\"\\uD83D\\n\"");
	/* jansson keeps a NUL in a string but refuses it in a key, skipped or not. */
	assert_accepted("{\"a\":\"\\u0000\"}");
	assert_refused("{\"a\\u0000b\":1}");
	assert_refused("{\"x\":{\"\\u0000\":1}}");
}
END_TEST

/* n arrays around inner: "[[[" inner "]]]". */
static char *nested(size_t n, const char *inner)
{
	size_t len = strlen(inner);
	char *p = malloc(2 * n + len + 1);
	memset(p, '[', n);
	memcpy(p + n, inner, len);
	memset(p + n + len, ']', n);
	p[2 * n + len] = '\0';
	return p;
}

START_TEST(depth_is_counted_as_jansson_counts_it)
{
	/* Every value counts, a scalar too: 2047 arrays around 1 reach 2048. */
	char *p = nested(2047, "1");
	assert_accepted(p);
	free(p);
	p = nested(2048, "1");
	assert_refused(p);
	free(p);
	p = nested(2048, "");
	assert_accepted(p);
	free(p);
	p = nested(2049, "");
	assert_refused(p);
	free(p);
}
END_TEST

START_TEST(numbers_follow_jansson_and_its_limits)
{
	const char *good[] = {"0",
	                      "-0",
	                      "12",
	                      "-12",
	                      "1.5",
	                      "-0.25",
	                      "1e5",
	                      "1E+5",
	                      "1e-5",
	                      "0.0e0",
	                      "1e-400",
	                      "1e308",
	                      "9223372036854775807",
	                      "-9223372036854775808",
	                      "123456789012345678",
	                      "1.7976931348623157e308"};
	for (size_t k = 0; k < sizeof good / sizeof good[0]; k++)
		assert_accepted(good[k]);
	const char *bad[] = {"01",
	                     "-01",
	                     "-",
	                     "+1",
	                     ".5",
	                     "1.",
	                     "1.e5",
	                     "1e",
	                     "1e+",
	                     "-a",
	                     "1e309",
	                     "-1e309",
	                     "9223372036854775808",
	                     "-9223372036854775809",
	                     "[12345678901234567890]",
	                     "{\"a\":1x}",
	                     "[1.5.5]",
	                     "[1-2]"};
	for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++)
		assert_refused(bad[k]);
	/* A real is a real and an integer an integer, as jansson types them. */
	json_error_t e;
	json_t *v = scan_load("[1,1.0,1e0]", 11, NULL, &e);
	ck_assert(json_is_integer(json_array_get(v, 0)));
	ck_assert(json_is_real(json_array_get(v, 1)));
	ck_assert(json_is_real(json_array_get(v, 2)));
	json_decref(v);
}
END_TEST

/* The double of the one-number text p, as scan_load() and as json_loadb() make it. */
static void assert_same_real(const char *p)
{
	json_error_t e;
	json_t *want = json_loadb(p, strlen(p), SCAN_JSON_FLAGS, &e);
	json_t *got = scan_load(p, strlen(p), NULL, &e);
	ck_assert(json_is_real(want) && json_is_real(got));
	double a = json_real_value(want), b = json_real_value(got);
	ck_assert_msg(memcmp(&a, &b, sizeof a) == 0, "%s: %.17g, not %.17g", p, b, a);
	json_decref(want);
	json_decref(got);
}

START_TEST(reals_are_the_doubles_strtod_makes_bit_for_bit)
{
	const char *edges[] = {"-0.0",
	                       "0.0",
	                       "0e7",
	                       "-0e-7",
	                       "0.1",
	                       "0.3",
	                       "1e22",
	                       "1e23",
	                       "123456789012345.0",
	                       "1234567890123456.0",
	                       "9007199254740993.0",
	                       "1e-22",
	                       "4.9e-324",
	                       "2.2250738585072014e-308",
	                       "0.000001",
	                       "1.7976931348623157e308",
	                       "3.14159265358979",
	                       "-12.5e-3"};
	for (size_t k = 0; k < sizeof edges / sizeof edges[0]; k++)
		assert_same_real(edges[k]);
	/* And many more: up to 17 digits, the point anywhere, exponents both ways. */
	unsigned seed = 12345;
	for (int k = 0; k < 20000; k++) {
		char text[64];
		size_t n = 0;
		if (rand_r(&seed) % 3 == 0)
			text[n++] = '-';
		int digits = 1 + rand_r(&seed) % 17, point = rand_r(&seed) % digits;
		for (int d = 0; d < digits; d++) {
			text[n++] =
			    (char)('0' + (d == 0 && digits > 1 && point > 0 ? 1 + rand_r(&seed) % 9
			                                                    : rand_r(&seed) % 10));
			if (d == point)
				text[n++] = '.';
		}
		if (text[n - 1] == '.')
			text[n++] = '0';
		if (rand_r(&seed) % 2)
			n += (size_t)snprintf(text + n, sizeof text - n, "e%d",
			                      rand_r(&seed) % 61 - 30);
		text[n] = '\0';
		assert_same_real(text);
	}
}
END_TEST

START_TEST(words_and_structure_follow_jansson)
{
	assert_accepted("[true,false,null]");
	assert_refused("[tru]");
	assert_refused("[truex]");
	assert_refused("[nullnull]");
	assert_refused("[True]");
	assert_refused("[1,]");
	assert_refused("{\"a\":1,}");
	assert_refused("{\"a\" 1}");
	assert_refused("{1:1}");
	assert_refused("[1 2]");
	assert_refused("{\"a\":1]");
	assert_refused("");
	assert_refused("   ");
	assert_refused("{\"a\":");
	assert_refused("{\"a\":\"x");
	assert_refused("[1,[2,");
}
END_TEST

START_TEST(a_value_ends_where_jansson_says)
{
	/* More may follow a value; white space before it is skipped. */
	assert_accepted("  {\"a\":1} {\"b\":2}");
	assert_accepted("1 2");
	assert_accepted("\"x\"y");
	assert_accepted("true]");
	assert_accepted("[]x");
	/* jansson loses a NUL byte it reads past a number or a word, and its end comes short. */
	assert_accepted_n("[1\0]", 4);
	assert_accepted_n("{\"a\":true\0}", 11);
	assert_accepted_n("{\"a\":1.5\0,\"b\":null\0}x", 22);
	assert_refused_n("[1\0\0]", 5);
	json_error_t e;
	json_t *v = scan_load("{\"a\":1\0}", 8, NULL, &e);
	ck_assert_ptr_nonnull(v);
	ck_assert_int_eq(e.position, 7);
	json_decref(v);
}
END_TEST

START_TEST(only_the_members_asked_for_are_built)
{
	const char *p = "{\"author\":\"a\",\"content\":{\"parts\":[{\"text\":\"hi\"}]},"
	                "\"actions\":null,\"usage_metadata\":{\"x\":1},\"kind\":\"k\","
	                "\"partial\":false,\"author\":\"b\"}";
	json_error_t e;
	struct adk_reads reads = {.event = ADK_MEMBER(ADK_AUTHOR) | ADK_MEMBER(ADK_PARTIAL)};
	json_t *v = scan_load(p, strlen(p), &reads, &e);
	ck_assert_ptr_nonnull(v);
	ck_assert_int_eq(e.position, (int)strlen(p));
	/* The last of duplicate keys, as jansson keeps. */
	ck_assert(json_string_equals(json_object_get(v, "author"), "b"));
	ck_assert(json_is_false(json_object_get(v, "partial")));
	/* The others stand in: null for null, true for anything else, unknown keys too. */
	ck_assert(json_is_true(json_object_get(v, "content")));
	ck_assert(json_is_null(json_object_get(v, "actions")));
	ck_assert(json_is_true(json_object_get(v, "usage_metadata")));
	ck_assert(json_is_true(json_object_get(v, "kind")));
	ck_assert_int_eq(json_object_size(v), 6);
	json_decref(v);

	/* Both spellings, and a key spelt with escapes, name the member. */
	p = "{\"invocation_id\":\"i\",\"\\u0063ontent\":{\"role\":\"user\"}}";
	reads = (struct adk_reads){.event = ADK_MEMBER(ADK_INVOCATION_ID) | ADK_MEMBER(ADK_CONTENT),
	                           .content = ADK_MEMBERS_ALL};
	v = scan_load(p, strlen(p), &reads, &e);
	ck_assert(json_string_equals(json_object_get(v, "invocation_id"), "i"));
	ck_assert(json_is_object(json_object_get(v, "content")));
	json_decref(v);
}
END_TEST

START_TEST(inside_content_actions_and_parts_members_are_chosen_too)
{
	const char *p =
	    "{\"author\":\"a\",\"content\":{\"role\":\"model\",\"parts\":[{\"text\":\"hi\","
	    "\"thought\":true},{\"functionResponse\":{\"name\":\"f\",\"response\":{}}},7]},"
	    "\"actions\":{\"stateDelta\":{\"k\":1},\"responseContent\":{\"parts\":[]},"
	    "\"skip_summarization\":null}}";
	json_error_t e;
	json_t *v = scan_load(p, strlen(p), &adk_reads_final, &e);
	ck_assert_ptr_nonnull(v);
	json_t *content = json_object_get(v, "content");
	/* The role is read whole: a message in the user's role is never an answer. */
	ck_assert(json_string_equals(json_object_get(content, "role"), "model"));
	json_t *parts = json_object_get(content, "parts");
	ck_assert_int_eq(json_array_size(parts), 3);
	ck_assert(json_string_equals(json_object_get(json_array_get(parts, 0), "text"), "hi"));
	ck_assert(json_is_true(json_object_get(json_array_get(parts, 0), "thought")));
	/* A call's result is only asked whether it is there. */
	ck_assert(json_is_true(json_object_get(json_array_get(parts, 1), "functionResponse")));
	ck_assert_int_eq(json_integer_value(json_array_get(parts, 2)), 7);
	json_t *actions = json_object_get(v, "actions");
	ck_assert(json_is_true(json_object_get(actions, "stateDelta")));
	ck_assert(
	    json_is_array(json_object_get(json_object_get(actions, "responseContent"), "parts")));
	ck_assert(json_is_null(json_object_get(actions, "skip_summarization")));
	/* The rule that reads them gives what it gives on the whole event. */
	json_t *whole = json_loads(p, 0, NULL);
	ck_assert_int_eq(event_is_final(v), event_is_final(whole));
	json_decref(whole);
	json_decref(v);
}
END_TEST

/* An event whose first part holds k arrays around 1. */
static char *deep_part(size_t k, const char *member)
{
	char *inner = nested(k, "1");
	const char *head = "{\"content\":{\"parts\":[{\"";
	char *p = malloc(strlen(head) + strlen(member) + strlen(inner) + 8);
	strcpy(p, head);
	strcat(p, member);
	strcat(p, "\":");
	strcat(p, inner);
	strcat(p, "}]}}");
	free(inner);
	return p;
}

START_TEST(depth_is_counted_through_chosen_members_too)
{
	/* The event, content, parts, the part and x: the arrays start at depth 5. */
	static const struct adk_reads call_levels = {.event = ADK_MEMBER(ADK_CONTENT),
	                                             .content = ADK_MEMBER(ADK_PARTS),
	                                             .part = ADK_MEMBER(ADK_FUNCTION_CALL),
	                                             .tool_levels = 2};
	struct {
		const char *member;
		const struct adk_reads *reads;
	} ways[] = {{"x", &adk_reads_final}, {"functionCall", &call_levels}};
	for (size_t w = 0; w < sizeof ways / sizeof ways[0]; w++) {
		char *p = deep_part(2043, ways[w].member);
		json_t *v;
		size_t end;
		ck_assert(scan_only(p, strlen(p), ways[w].reads, &v, &end));
		json_decref(v);
		free(p);
		p = deep_part(2044, ways[w].member);
		ck_assert(!scan_only(p, strlen(p), ways[w].reads, &v, &end));
		ck_assert_ptr_null(json_loads(p, 0, NULL));
		free(p);
	}
}
END_TEST

static void assert_selected_as_scanned(const char *p, const struct adk_reads *reads);

/* Member key of content.parts[part]'s tool (a call or a result), or inner of that. */
static json_t *tool_member(json_t *event, size_t part, const char *tool, const char *key,
                           const char *inner)
{
	json_t *v = json_object_get(
	    json_array_get(adk_get(adk_get(event, ADK_CONTENT), ADK_PARTS), part), tool);
	v = json_object_get(v, key);
	return inner ? json_object_get(v, inner) : v;
}

START_TEST(a_tool_value_is_built_to_the_levels_asked)
{
	const char *p =
	    "{\"content\":{\"parts\":[{\"functionCall\":{\"name\":\"f\",\"args\":{\"city\":"
	    "\"Paris\",\"near\":{\"a\":[1]}}}},{\"functionResponse\":{\"name\":\"f\","
	    "\"response\":{\"status\":\"error\",\"error\":{\"code\":1},\"isError\":false,"
	    "\"data\":[1,{\"x\":2}],\"none\":null}}}]}}";
	struct adk_reads reads = {.event = ADK_MEMBER(ADK_CONTENT),
	                          .content = ADK_MEMBER(ADK_PARTS),
	                          .part = ADK_MEMBER(ADK_FUNCTION_CALL) |
	                                  ADK_MEMBER(ADK_FUNCTION_RESPONSE),
	                          .tool_levels = 2};
	json_error_t e;
	json_t *v = scan_load(p, strlen(p), &reads, &e);
	ck_assert_ptr_nonnull(v);
	ck_assert(json_string_equals(tool_member(v, 0, "functionCall", "name", NULL), "f"));
	ck_assert(json_string_equals(tool_member(v, 0, "functionCall", "args", "city"), "Paris"));
	ck_assert(json_is_true(tool_member(v, 0, "functionCall", "args", "near")));
	ck_assert(json_string_equals(tool_member(v, 1, "functionResponse", "response", "status"),
	                             "error"));
	/* Scalars are themselves at every level, false and null too; deeper containers stand in. */
	ck_assert(json_is_false(tool_member(v, 1, "functionResponse", "response", "isError")));
	ck_assert(json_is_null(tool_member(v, 1, "functionResponse", "response", "none")));
	ck_assert(json_is_true(tool_member(v, 1, "functionResponse", "response", "error")));
	ck_assert(json_is_true(tool_member(v, 1, "functionResponse", "response", "data")));
	json_decref(v);
	assert_selected_as_scanned(p, &reads);
	/* One level: the call's and the result's own members, every container a stand-in. */
	reads.tool_levels = 1;
	v = scan_load(p, strlen(p), &reads, &e);
	ck_assert(json_is_true(tool_member(v, 0, "functionCall", "args", NULL)));
	ck_assert(json_is_true(tool_member(v, 1, "functionResponse", "response", NULL)));
	json_decref(v);
	assert_selected_as_scanned(p, &reads);
}
END_TEST

/*
 * v as the member x of an event whose author alone is read, so that v is
 * walked as a value nothing is built of: accepted or refused as jansson
 * does the whole, ending where jansson ends it.
 */
static void assert_skipped_as_jansson_reads(const char *v, size_t vlen)
{
	static const char head[] = "{\"author\":\"a\",\"x\":", tail[] = ",\"id\":\"e\"} ";
	size_t n = sizeof head - 1 + vlen + sizeof tail - 1;
	char *p = malloc(n);
	memcpy(p, head, sizeof head - 1);
	memcpy(p + sizeof head - 1, v, vlen);
	memcpy(p + sizeof head - 1 + vlen, tail, sizeof tail - 1);
	json_error_t je;
	json_t *want = json_loadb(p, n, SCAN_JSON_FLAGS, &je), *got;
	size_t end;
	bool ok = scan_only(p, n, &author_only, &got, &end);
	ck_assert_msg(ok == (want != NULL), "%s: %.*s", ok ? "accepted" : "refused",
	              (int)(n < 80 ? n : 80), p);
	if (ok) {
		ck_assert_int_eq(end, je.position);
		ck_assert_str_eq(json_string_value(json_object_get(got, "author")), "a");
		ck_assert(json_object_get(got, "x") == (json_is_null(json_object_get(want, "x"))
		                                            ? json_null()
		                                            : json_true()));
	}
	json_decref(got);
	json_decref(want);
	free(p);
}

START_TEST(values_nothing_is_built_of_are_walked_by_jansson_rules)
{
	static const char *const values[] = {
	    "{}", "[]", "{ }", "[ ]", " {\t\"a\" : [ 1 , { } , [ ] , \"s\" ] } ", "[[[[]]],[{}]]",
	    "{\"a\":{\"b\":{\"c\":[null,true,false,-0.5e3,\"\\u00e9\\ud83d\\ude00\"]}}}",
	    "null", "\"\\\"\"", "[1,]", "{\"a\":1,}", "{\"a\" 1}", "{1:2}", "{\"a\":}", "[,1]",
	    "[\"a\" \"b\"]", "[1 2]", "{\"a\":1 \"b\":2}", "{\"a\":1,\"b\" 2}", "{\"a\\u0000\":1}",
	    "{\"a\":1,\"\\u0000\":2}", "{\"a\":\"\\u0000\"}",
	    "[1", "{\"a\":[1}", "[1}", "{\"a\":1]", "[tru]", "[truex]", "[01]", "[1.]", "[-]",
	    "[99999999999999999999]", "[1e400]", "[1e-400]", "[\"\\x\"]", "[\"\x01\"]",
	    "[\"\xC3\"]", "{\"\xED\xA0\x80\":1}"};
	for (size_t i = 0; i < sizeof values / sizeof values[0]; i++)
		assert_skipped_as_jansson_reads(values[i], strlen(values[i]));
	/* A NUL byte after a number inside the walk: jansson passes over it. */
	assert_skipped_as_jansson_reads("[1\0]", 4);
	assert_skipped_as_jansson_reads("{\"a\":[1,2\0]}", 12);
	/* The event and x count: objects 2046 deep inside x reach 2048, and one more does not fit. */
	for (size_t depth = 2045; depth <= 2047; depth++) {
		char *p = malloc(6 * depth + 2);
		size_t n = 0;
		for (size_t k = 0; k < depth; k++)
			n += (size_t)sprintf(p + n, "{\"a\":");
		p[n++] = '1';
		memset(p + n, '}', depth);
		assert_skipped_as_jansson_reads(p, n + depth);
		free(p);
	}
}
END_TEST

START_TEST(what_the_reader_must_tell_apart_is_kept)
{
	json_error_t e;
	/* A stream error keeps its text; a session and any other value are built whole. */
	const char *err = "{\"error\":\"boom\"}";
	json_t *v = scan_load(err, strlen(err), &author_only, &e);
	ck_assert_int_eq(value_kind(v), VALUE_STREAM_ERROR);
	ck_assert_str_eq(stream_error_text(v), "boom");
	json_decref(v);
	const char *session = "{\"id\":\"s\",\"events\":[{\"author\":\"a\",\"content\":{}}]}";
	json_t *want = json_loads(session, 0, NULL);
	v = scan_load(session, strlen(session), &author_only, &e);
	ck_assert(json_equal(v, want));
	ck_assert_int_eq(value_kind(v), VALUE_SESSION);
	json_decref(v);
	json_decref(want);
	/* An A2A object stays one, and an object of nulls stays an empty event. */
	const char *a2a = "{\"kind\":\"message\",\"parts\":[]}";
	v = scan_load(a2a, strlen(a2a), &author_only, &e);
	ck_assert_int_eq(value_kind(v), VALUE_OTHER);
	json_decref(v);
	const char *nulls = "{\"x\":null,\"content\":null}";
	v = scan_load(nulls, strlen(nulls), &author_only, &e);
	ck_assert_int_eq(value_kind(v), VALUE_EVENT);
	ck_assert_ptr_null(adk_get(v, ADK_CONTENT));
	json_decref(v);
}
END_TEST

/* scan_select() of jansson's value of p equals scan_load() of p under reads. */
static void assert_selected_as_scanned(const char *p, const struct adk_reads *reads)
{
	json_error_t e;
	json_t *whole = json_loads(p, JSON_DECODE_ANY, NULL);
	json_t *scanned = scan_load(p, strlen(p), reads, &e);
	json_t *selected = scan_select(whole, reads);
	ck_assert_msg(json_equal(selected, scanned), "another selection: %s", p);
	ck_assert_int_eq(value_kind(selected), value_kind(whole));
	json_decref(selected);
	json_decref(scanned);
	json_decref(whole);
}

START_TEST(a_whole_value_cut_down_is_the_value_scanned_so)
{
	static const struct adk_reads nothing;
	const struct adk_reads *sets[] = {&nothing, &author_only, &adk_reads_final, NULL};
	const char *events[] = {
	    "{\"author\":\"a\",\"content\":{\"role\":\"model\",\"parts\":[{\"text\":\"hi\","
	    "\"thought\":true},{\"function_call\":{\"name\":\"f\"}},7,null]},\"partial\":null,"
	    "\"actions\":{\"stateDelta\":{\"k\":1},\"response_content\":{\"parts\":[]}},\"x\":[1]}",
	    "{\"error\":\"boom\",\"author\":7}",
	    "{\"id\":\"s\",\"events\":[{\"author\":\"a\",\"content\":{}}]}",
	    "{\"content\":\"text\",\"actions\":[1],\"invocation_id\":\"i\"}",
	    "[{\"author\":\"a\"}]",
	    "\"just a string\"",
	};
	for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++)
		for (size_t k = 0; k < sizeof events / sizeof events[0]; k++)
			assert_selected_as_scanned(events[k], sets[i]);
	/* The members are the whole value's own: it can be let go of at once. */
	json_t *whole = json_loads(events[0], 0, NULL);
	json_t *selected = scan_select(whole, &author_only);
	ck_assert_ptr_eq(json_object_get(selected, "author"), json_object_get(whole, "author"));
	json_decref(whole);
	ck_assert(json_string_equals(json_object_get(selected, "author"), "a"));
	ck_assert(json_is_true(json_object_get(selected, "content")));
	json_decref(selected);
	/* "events" twice, an array first: the text scans as a session, the value does not. */
	const char *twice = "{\"events\":[],\"events\":1,\"author\":\"a\"}";
	json_error_t e;
	json_t *scanned = scan_load(twice, strlen(twice), &nothing, &e);
	whole = json_loads(twice, 0, NULL);
	selected = scan_select(whole, &nothing);
	ck_assert(json_equal(scanned, whole));
	ck_assert(json_is_true(json_object_get(selected, "events")));
	json_decref(scanned);
	json_decref(whole);
	json_decref(selected);
}
END_TEST

/* The values a reader hands out of text, -j jobs, members chosen. */
static json_t *read_values(const char *text, unsigned jobs, const struct adk_reads *reads)
{
	const char *name = temp_file(text);
	char *operands[] = {(char *)name};
	struct reader *r = reader_new(operands, 1, &(struct reader_options){.jobs = jobs});
	reader_select(r, reads);
	json_t *all = json_array();
	struct reader_item item;
	while (reader_next(r, &item) == READ_ITEM)
		json_array_append(all, item.value);
	reader_free(r);
	unlink(name);
	return all;
}

START_TEST(the_reader_and_its_workers_build_the_same_members)
{
	struct strbuf text = STRBUF_INIT;
	for (int k = 0; k < 2000; k++)
		strbuf_addf(&text,
		            "{\"author\":\"a%d\",\"content\":{\"parts\":[{\"text\":\"t%d\"}]}}\n",
		            k % 7, k);
	json_t *one = read_values(text.buf, 1, &author_only);
	json_t *four = read_values(text.buf, 4, &author_only);
	ck_assert_int_eq(json_array_size(one), 2000);
	ck_assert(json_equal(one, four));
	ck_assert(json_is_true(json_object_get(json_array_get(four, 1999), "content")));
	ck_assert(json_string_equals(json_object_get(json_array_get(four, 1999), "author"), "a4"));
	json_decref(one);
	json_decref(four);
	strbuf_release(&text);
}
END_TEST

static Suite *scan_suite(void)
{
	Suite *s = suite_create("scan");
	TCase *tc = tcase_create("jansson's rules");
	tcase_add_test(tc, bad_utf8_is_refused_where_jansson_refuses_it);
	tcase_add_test(tc, control_bytes_are_refused_in_strings_only);
	tcase_add_test(tc, escapes_follow_jansson);
	tcase_add_test(tc, depth_is_counted_as_jansson_counts_it);
	tcase_add_test(tc, numbers_follow_jansson_and_its_limits);
	tcase_add_test(tc, reals_are_the_doubles_strtod_makes_bit_for_bit);
	tcase_add_test(tc, words_and_structure_follow_jansson);
	tcase_add_test(tc, a_value_ends_where_jansson_says);
	suite_add_tcase(s, tc);
	tc = tcase_create("members");
	tcase_add_test(tc, only_the_members_asked_for_are_built);
	tcase_add_test(tc, inside_content_actions_and_parts_members_are_chosen_too);
	tcase_add_test(tc, depth_is_counted_through_chosen_members_too);
	tcase_add_test(tc, a_tool_value_is_built_to_the_levels_asked);
	tcase_add_test(tc, what_the_reader_must_tell_apart_is_kept);
	tcase_add_test(tc, values_nothing_is_built_of_are_walked_by_jansson_rules);
	tcase_add_test(tc, the_reader_and_its_workers_build_the_same_members);
	tcase_add_test(tc, a_whole_value_cut_down_is_the_value_scanned_so);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return run_suite(scan_suite()) ? EXIT_FAILURE : EXIT_SUCCESS;
}
