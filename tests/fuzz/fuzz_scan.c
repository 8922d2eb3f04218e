/*
 * fuzz_scan.c - the scanner against jansson, on any bytes.
 *
 * For the input as one buffer and for each of its lines, with every member
 * built, with none and with a set picked from the bytes: the scanner and
 * json_loadb() accept and refuse the same input; where they accept, the
 * value ends at the same offset and is the same value, member for member
 * where the scanner built it, and a stand-in (null for null, else true)
 * where it did not (in a part's call or result, objects and arrays below
 * tool_levels); value_kind() is the same, and scan_select() makes the
 * same of jansson's value; and where they refuse,
 * scan_load() reports jansson's error, line, column and position.
 */
#include "fuzz.h"

#include "adk/event.h"
#include "read/scan.h"

#include <jansson.h>
#include <string.h>

static bool chosen_as_asked(const json_t *whole, const json_t *got, enum adk_object object,
                            const struct adk_reads *reads);

static adk_member_set members_read(const struct adk_reads *r, enum adk_object object)
{
	return object == ADK_OBJECT_EVENT     ? r->event
	       : object == ADK_OBJECT_CONTENT ? r->content
	       : object == ADK_OBJECT_ACTIONS ? r->actions
	                                      : r->part;
}

/* g is v with every object or array more than levels levels down a stand-in true. */
static bool cut_at(const json_t *v, const json_t *g, unsigned levels)
{
	if (!g || (!json_is_object(v) && !json_is_array(v)))
		return g && json_equal(v, g);
	if (levels == 0)
		return json_is_true(g);
	if (json_typeof(v) != json_typeof(g) || json_object_size(v) != json_object_size(g) ||
	    json_array_size(v) != json_array_size(g))
		return false;
	const char *key;
	json_t *m;
	json_object_foreach((json_t *)v, key, m)
	{
		if (!cut_at(m, json_object_get(g, key), levels - 1))
			return false;
	}
	for (size_t i = 0; i < json_array_size(v); i++)
		if (!cut_at(json_array_get(v, i), json_array_get(g, i), levels - 1))
			return false;
	return true;
}

/* A member the command reads: chosen from again where scan.h says, else whole. */
static bool read_as_asked(const json_t *v, const json_t *g, enum adk_field field,
                          const struct adk_reads *reads)
{
	if ((field == ADK_FUNCTION_CALL || field == ADK_FUNCTION_RESPONSE) && reads->tool_levels)
		return cut_at(v, g, reads->tool_levels);
	if (field == ADK_CONTENT && reads->content != ADK_MEMBERS_ALL && json_is_object(v))
		return chosen_as_asked(v, g, ADK_OBJECT_CONTENT, reads);
	if (field == ADK_ACTIONS && reads->actions != ADK_MEMBERS_ALL && json_is_object(v))
		return chosen_as_asked(v, g, ADK_OBJECT_ACTIONS, reads);
	if (field != ADK_PARTS || reads->part == ADK_MEMBERS_ALL || !json_is_array(v))
		return json_equal(v, g);
	if (!json_is_array(g) || json_array_size(g) != json_array_size(v))
		return false;
	for (size_t i = 0; i < json_array_size(v); i++) {
		json_t *vp = json_array_get(v, i), *gp = json_array_get(g, i);
		if (json_is_object(vp) ? !chosen_as_asked(vp, gp, ADK_OBJECT_PART, reads)
		                       : !json_equal(vp, gp))
			return false;
	}
	return true;
}

/* got holds what jansson's whole holds where reads asks for it, and stand-ins elsewhere. */
static bool chosen_as_asked(const json_t *whole, const json_t *got, enum adk_object object,
                            const struct adk_reads *reads)
{
	if (!json_is_object(got) || json_object_size(got) != json_object_size(whole))
		return false;
	const char *key;
	json_t *v;
	json_object_foreach((json_t *)whole, key, v)
	{
		json_t *g = json_object_get(got, key);
		enum adk_field field = adk_member_of(object, key, strlen(key));
		bool wanted = field == ADK_STREAM_ERROR ||
		              (field != ADK_FIELD_COUNT && field != ADK_EVENTS &&
		               field != ADK_SESSION_EVENTS &&
		               (members_read(reads, object) & ADK_MEMBER(field)));
		if (!g || !(wanted            ? read_as_asked(v, g, field, reads)
		            : json_is_null(v) ? json_is_null(g)
		                              : json_is_true(g)))
			return false;
	}
	return true;
}

/* Whether an event's "events" key (either spelling) holds no array: see scan_select(). */
static bool events_not_an_array(const json_t *whole)
{
	const char *key;
	size_t len;
	json_t *v;
	json_object_keylen_foreach((json_t *)whole, key, len, v)
	{
		if (adk_member_of(ADK_OBJECT_EVENT, key, len) == ADK_EVENTS && !json_is_array(v))
			return true;
	}
	return false;
}

/*
 * scan_select() on jansson's whole value makes what the scanner made,
 * except where a key "events" came twice, an array first (the scanner saw a
 * session and built the value whole).
 */
static void check_select(json_t *whole, json_t *got, const struct adk_reads *reads)
{
	json_t *chosen = scan_select(whole, reads);
	FUZZ_CHECK(json_equal(chosen, got) ||
	           (json_equal(got, whole) && events_not_an_array(whole)));
	json_decref(chosen);
}

static void check_one(const char *p, size_t n, const struct adk_reads *reads)
{
	json_error_t je;
	json_t *whole = json_loadb(p, n, SCAN_JSON_FLAGS, &je);
	json_t *got;
	size_t end;
	bool accepted = scan_only(p, n, reads, &got, &end);
	FUZZ_CHECK(accepted == (whole != NULL));
	if (accepted) {
		FUZZ_CHECK(end == (size_t)je.position);
		/* A session, or any value but an object, is built whole. */
		FUZZ_CHECK(json_equal(got, whole) ||
		           (reads && json_is_object(whole) &&
		            chosen_as_asked(whole, got, ADK_OBJECT_EVENT, reads)));
		FUZZ_CHECK(value_kind(got) == value_kind(whole));
		check_select(whole, got, reads);
	} else {
		json_error_t se;
		FUZZ_CHECK(scan_load(p, n, reads, &se) == NULL);
		FUZZ_CHECK(se.line == je.line && se.column == je.column);
		FUZZ_CHECK(se.position == je.position && strcmp(se.text, je.text) == 0);
		FUZZ_CHECK(json_error_code(&se) == json_error_code(&je));
	}
	json_decref(got);
	json_decref(whole);
}

static void check_all_ways(const char *p, size_t n, const struct adk_reads *picked)
{
	static const struct adk_reads nothing;
	check_one(p, n, NULL);
	check_one(p, n, &nothing);
	check_one(p, n, &adk_reads_final);
	check_one(p, n, picked);
}

/* A choice of members made from the input's first bytes, so the fuzzer steers it too. */
static struct adk_reads pick(const uint8_t *data, size_t size)
{
	uint32_t h = 2166136261u;
	for (size_t i = 0; i < size && i < 64; i++)
		h = (h ^ data[i]) * 16777619u;
	struct adk_reads r = {.event = h & (ADK_MEMBER(ADK_EVENT_LAST) * 2 - 1)};
	r.content = h >> 25 & 1 ? ADK_MEMBERS_ALL : ADK_MEMBER(ADK_PARTS);
	r.actions = h >> 26 & 1 ? ADK_MEMBERS_ALL : (h >> 8) & 0xFF;
	r.part = h >> 27 & 1 ? ADK_MEMBERS_ALL : (h >> 12) & 0x3FF;
	r.tool_levels = h >> 28 & 3;
	return r;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *p = (const char *)data;
	struct adk_reads picked = pick(data, size);
	check_all_ways(p, size, &picked);
	for (size_t at = 0, lines = 0; at < size && lines < 64; lines++) {
		const char *nl = memchr(p + at, '\n', size - at);
		size_t len = nl ? (size_t)(nl - (p + at)) : size - at;
		check_all_ways(p + at, len, &picked);
		at += len + 1;
	}
	return 0;
}
