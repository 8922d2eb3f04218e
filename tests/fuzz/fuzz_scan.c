/*
 * fuzz_scan.c - the scanner against jansson, on any bytes.
 *
 * For the input as one buffer and for each of its lines, with every member
 * built, with none and with a set picked from the bytes: the scanner and
 * json_loadb() accept and refuse the same input; where they accept, the
 * value ends at the same offset and is the same value, member for member
 * where the scanner built it, and a stand-in (null for null, else true)
 * where it did not; value_kind() is the same; and where they refuse,
 * scan_load() reports jansson's error, line, column and position.
 */
#include "fuzz.h"

#include "adk/event.h"
#include "read/scan.h"

#include <jansson.h>
#include <string.h>

/* Whether v would be read whole by the scanner though members are chosen. */
static bool built_whole(const json_t *v)
{
	return !json_is_object(v) || json_is_array(json_object_get(v, "events"));
}

/* The chosen member set: got holds what jansson holds, or its stand-ins. */
static void check_members(const json_t *whole, const json_t *got, adk_member_set members)
{
	FUZZ_CHECK(json_object_size(got) == json_object_size(whole));
	const char *key;
	json_t *v;
	json_object_foreach((json_t *)whole, key, v)
	{
		json_t *g = json_object_get(got, key);
		FUZZ_CHECK(g != NULL);
		enum adk_field field = adk_top_member(key, strlen(key));
		bool wanted = field == ADK_STREAM_ERROR ||
		              (field <= ADK_EVENT_LAST && (members & ADK_MEMBER(field)));
		if (wanted)
			FUZZ_CHECK(json_equal(g, v));
		else
			FUZZ_CHECK(json_is_null(v) ? json_is_null(g) : json_is_true(g));
	}
	FUZZ_CHECK(value_kind(got) == value_kind(whole));
}

static void check_one(const char *p, size_t n, adk_member_set members)
{
	json_error_t je;
	json_t *whole = json_loadb(p, n, SCAN_JSON_FLAGS, &je);
	json_t *got;
	size_t end;
	bool accepted = scan_only(p, n, members, &got, &end);
	FUZZ_CHECK(accepted == (whole != NULL));
	if (accepted) {
		FUZZ_CHECK(end == (size_t)je.position);
		if (members == ADK_MEMBERS_ALL || built_whole(whole))
			FUZZ_CHECK(json_equal(got, whole));
		else
			check_members(whole, got, members);
	} else {
		json_error_t se;
		FUZZ_CHECK(scan_load(p, n, members, &se) == NULL);
		FUZZ_CHECK(se.line == je.line && se.column == je.column);
		FUZZ_CHECK(se.position == je.position && strcmp(se.text, je.text) == 0);
		FUZZ_CHECK(json_error_code(&se) == json_error_code(&je));
	}
	json_decref(got);
	json_decref(whole);
}

static void check_all_ways(const char *p, size_t n, adk_member_set picked)
{
	check_one(p, n, ADK_MEMBERS_ALL);
	check_one(p, n, 0);
	check_one(p, n, picked);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *p = (const char *)data;
	uint32_t hash = 2166136261u;
	for (size_t i = 0; i < size && i < 64; i++)
		hash = (hash ^ data[i]) * 16777619u;
	adk_member_set picked = hash & (ADK_MEMBER(ADK_EVENT_LAST + 1) - 1);
	check_all_ways(p, size, picked);
	for (size_t at = 0, lines = 0; at < size && lines < 64; lines++) {
		const char *nl = memchr(p + at, '\n', size - at);
		size_t len = nl ? (size_t)(nl - (p + at)) : size - at;
		check_all_ways(p + at, len, picked);
		at += len + 1;
	}
	return 0;
}
