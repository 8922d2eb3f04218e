/*
 * elements.c - the hand-out of top-level values (elements.h).
 *
 * jansson parses an array or a session whole; the bytes of each of its
 * elements are then found by walking the original text alongside, so each
 * item comes with its raw bytes and its own line and column.
 */
#include "read/elements.h"
#include "adk/event.h"
#include "adk/vertex.h"
#include "read/framer.h"
#include "read/pool.h"
#include "read/reader.h"
#include "read/scan.h"

#include <string.h>

/* The end of the valid JSON value that starts at p[i]. */
static size_t skip_value(const char *p, size_t i, size_t n)
{
	if (i >= n)
		return n;
	if (p[i] != '"' && p[i] != '{' && p[i] != '[') {
		while (i < n && !framer_is_space(p[i]) && p[i] != ',' && p[i] != ']' && p[i] != '}')
			i++;
		return i;
	}
	size_t depth = 0;
	bool in_string = false;
	for (; i < n; i++) {
		char c = p[i];
		if (in_string) {
			if (c == '\\')
				i++;
			else if (c == '"') {
				in_string = false;
				if (depth == 0)
					return i + 1;
			}
		} else if (c == '"') {
			in_string = true;
		} else if (c == '{' || c == '[') {
			depth++;
		} else if (c == '}' || c == ']') {
			if (--depth == 0)
				return i + 1;
		}
	}
	return n;
}

/*
 * Whether the key token p[i..end) (quotes included) names field, under
 * either spelling.  A key may spell its letters as escapes ("\u0065vents");
 * jansson decodes those, and so does this, so the bytes of every session's
 * events are found.
 */
static bool key_is(const char *p, size_t i, size_t end, enum adk_field field)
{
	if (!memchr(p + i, '\\', end - i))
		return end - i >= 2 && adk_key_is(field, p + i + 1, end - i - 2);
	json_t *key = json_loadb(p + i, end - i, JSON_DECODE_ANY | JSON_ALLOW_NUL, NULL);
	bool same = adk_key_is(field, json_string_value(key), json_string_length(key));
	json_decref(key);
	return same;
}

/*
 * Where the elements of the array member field (a session's events, an
 * eval set's eval_cases) start in the object's bytes p[0..n), which jansson
 * parsed: after the '[' of the last member so named, as jansson keeps the
 * last of duplicate keys.
 */
static size_t find_member_array(const char *p, size_t n, enum adk_field field)
{
	size_t found = 0;
	size_t i = framer_skip_space(p, 0, n) + 1;
	for (;;) {
		i = framer_skip_space(p, i, n);
		if (i >= n || p[i] != '"')
			return found;
		size_t key_end = skip_value(p, i, n);
		bool is_events = key_is(p, i, key_end, field);
		i = framer_skip_space(p, key_end, n);
		if (i >= n || p[i] != ':')
			return found;
		i = framer_skip_space(p, i + 1, n);
		if (is_events)
			found = i < n && p[i] == '[' ? i + 1 : 0;
		i = framer_skip_space(p, skip_value(p, i, n), n);
		if (i >= n || p[i] != ',')
			return found;
		i++;
	}
}

/* Fills *item with value, whose original bytes are src[off..off+len). */
static void fill_item(struct elements *e, struct reader_item *item, json_t *value,
                      enum value_kind kind, size_t off, size_t len)
{
	item->value = value;
	/* A worker's map result is of the whole value it parsed, not of an element. */
	item->mapped = value == e->held ? e->mapped : NULL;
	item->kind = kind;
	item->pos = origins_pos(e->origins, off);
	item->raw = e->src + off;
	item->raw_len = len;
	/* An element's session: the session element it is an event of, else the object held. */
	item->session = json_is_object(e->held) && value != e->held ? e->held : NULL;
	if (e->session)
		item->session = e->session;
	if (e->vertex) {
		/* The events of a response are a stream's: its pages are no session. */
		item->session = NULL;
		pool_free(e->converted);
		e->converted = json_dumps(value, JSON_COMPACT | JSON_ENCODE_ANY);
		item->raw = e->converted;
		item->raw_len = strlen(e->converted);
	}
}

/* Lets go of the value held, with free_value, and of what a worker made of it. */
static void let_go(struct elements *e, void (*free_value)(json_t *value))
{
	if (e->held)
		free_value(e->held);
	e->held = NULL;
	if (e->mapped)
		e->map_release(e->mapped);
	e->mapped = NULL;
	e->array = NULL;
	json_decref(e->element);
	e->element = NULL;
	e->from_bytes = false;
	e->vertex = false;
	pool_free(e->converted);
	e->converted = NULL;
	json_decref(e->session);
	e->session = NULL;
	e->outer.array = NULL;
}

void elements_drop(struct elements *e)
{
	let_go(e, pool_give_back);
}

/* The workers have ended, and their pools with them: the value is freed here. */
static void decref(json_t *value)
{
	json_decref(value);
}

void elements_release(struct elements *e)
{
	let_go(e, decref);
}

bool elements_pending(const struct elements *e)
{
	return e->array != NULL;
}

/*
 * Whether there is a next element: of an array handed out from its bytes,
 * one follows a ',' (or the '[' at the start); of the others, one is left.
 */
static bool element_ahead(const struct elements *e)
{
	if (!e->from_bytes)
		return e->index < json_array_size(e->array);
	return e->index == 0 || e->src[e->scan - 1] == ',';
}

/*
 * The element whose bytes are src[off..end): of an array handed out from
 * its bytes, parsed now (the bytes were all checked when the whole value was
 * scanned) and kept until the next one.
 */
static json_t *element_at(struct elements *e, size_t off, size_t end, const char **why)
{
	*why = NULL;
	if (e->vertex) {
		json_decref(e->element);
		e->element = vertex_event(json_array_get(e->array, e->index++), why);
		return e->element;
	}
	if (!e->from_bytes)
		return json_array_get(e->array, e->index++);
	json_decref(e->element);
	json_error_t err;
	e->element = scan_load(e->src + off, end - off, NULL, &err);
	e->index++;
	return e->element;
}

/*
 * Whether element, of the array being handed out, is a session whose events
 * are handed out in its stead: only of a top-level array (not of a session's
 * own events or an eval set's cases), and not where every value is an item.
 */
static bool opens_session(const struct elements *e, const json_t *element)
{
	return !e->any_value && !e->session && !e->vertex && !json_is_object(e->held) &&
	       json_is_array(adk_get(element, ADK_EVENTS));
}

bool elements_takes(const struct elements *e, const json_t *element)
{
	enum value_kind kind = value_kind(element);
	return kind == VALUE_EVENT || kind == VALUE_STREAM_ERROR || e->any_value ||
	       opens_session(e, element);
}

/*
 * Goes into session, an element whose bytes are src[off..end): its events
 * are handed out next, from the place kept in outer to go back to.
 */
static void enter_session(struct elements *e, json_t *session, size_t off, size_t end)
{
	size_t at = find_member_array(e->src + off, end - off, ADK_EVENTS);
	e->session = json_incref(session);
	e->outer.array = e->array;
	e->outer.index = e->index;
	e->outer.scan = e->scan;
	e->array = adk_get(session, ADK_EVENTS);
	e->index = 0;
	/* find_member_array() found the events jansson kept, so at is never 0 here. */
	e->scan = off + at;
}

/* Back from a session's events to the array it is an element of; false when that was streamed. */
static bool leave_session(struct elements *e)
{
	json_decref(e->session);
	e->session = NULL;
	e->array = e->outer.array;
	e->index = e->outer.index;
	e->scan = e->outer.scan;
	e->outer.array = NULL;
	return e->array != NULL;
}

enum step elements_hand_one(struct elements *e, json_t *element, const char *src, size_t off,
                            size_t len, struct reader_item *item)
{
	json_decref(e->element);
	e->element = element;
	e->src = src;
	enum value_kind kind = value_kind(element);
	if (opens_session(e, element)) {
		e->len = off + len;
		enter_session(e, element, off, off + len);
		return elements_next(e, item);
	}
	if (elements_takes(e, element)) {
		fill_item(e, item, element, kind, off, len);
		return STEP_ITEM;
	}
	struct reader_pos pos = origins_pos(e->origins, off);
	if (!diag_damaged_ahead(e->diag))
		diag_report(e->diag, &pos, "%s", value_not_event_reason(element));
	return diag_invalid(e->diag);
}

bool elements_splits_member(const struct elements *e, const char *key, size_t len,
                            enum adk_field *field)
{
	if (len < 2)
		return false;
	if (e->split_eval_cases && key_is(key, 0, len, ADK_EVAL_CASES))
		*field = ADK_EVAL_CASES;
	else if (!e->any_value && key_is(key, 0, len, ADK_EVENTS))
		*field = ADK_EVENTS;
	else
		return false;
	return true;
}

bool elements_named_session(const json_t *head)
{
	return adk_get_string(head, ADK_ID) && adk_get_string(head, ADK_APP_NAME) &&
	       adk_get_string(head, ADK_USER_ID);
}

enum step elements_next(struct elements *e, struct reader_item *item)
{
	for (;;) {
		if (!element_ahead(e)) {
			if (!e->session)
				break;
			if (!leave_session(e))
				return STEP_NONE; /* the stream reads the array's next element */
			continue;
		}
		size_t off = framer_skip_space(e->src, e->scan, e->len);
		size_t end = skip_value(e->src, off, e->len);
		e->scan = framer_skip_space(e->src, end, e->len) + 1;
		const char *why;
		json_t *el = element_at(e, off, end, &why);
		if (!el && !why)
			break;
		if (el && opens_session(e, el)) {
			enter_session(e, el, off, end);
			continue;
		}
		enum value_kind kind = el ? value_kind(el) : VALUE_OTHER;
		if (el && (kind == VALUE_EVENT || kind == VALUE_STREAM_ERROR || e->any_value)) {
			fill_item(e, item, el, kind, off, end - off);
			return STEP_ITEM;
		}
		struct reader_pos pos = origins_pos(e->origins, off);
		if (!diag_damaged_ahead(e->diag))
			diag_report(e->diag, &pos, "%s", why ? why : value_not_event_reason(el));
		if (diag_invalid(e->diag) == STEP_INVALID)
			return STEP_INVALID;
	}
	elements_drop(e);
	return STEP_NONE;
}

/* Starts handing out the elements of array, found in src from offset scan on. */
static enum step hand_out_array(struct elements *e, json_t *array, size_t scan,
                                struct reader_item *item)
{
	e->array = array;
	e->index = 0;
	e->scan = scan;
	return elements_next(e, item);
}

enum step elements_deliver_as(struct elements *e, json_t *value, enum value_kind kind,
                              const char *src, size_t len, struct reader_item *item)
{
	e->held = value;
	e->mapped = NULL;
	e->src = src;
	e->len = len;
	origins_begin(e->origins, src);
	fill_item(e, item, value, kind, 0, len);
	return STEP_ITEM;
}

enum step elements_deliver(struct elements *e, json_t *value, void *mapped, const char *src,
                           size_t len, struct reader_item *item)
{
	e->held = value;
	e->mapped = mapped;
	e->src = src;
	e->len = len;
	origins_begin(e->origins, src);
	enum value_kind kind = value_kind(value);
	if (e->split_eval_cases && json_is_object(value)) {
		size_t at = find_member_array(src, len, ADK_EVAL_CASES);
		json_t *cases = adk_get(value, ADK_EVAL_CASES);
		/* A set with no case is handed out whole, so that it is seen at all. */
		bool none = at && src[framer_skip_space(src, at, len)] == ']';
		if (at && !none && json_is_array(cases) && json_array_size(cases) == 0) {
			e->from_bytes = true;
			return hand_out_array(e, cases, at, item);
		}
	}
	if (e->any_value && (kind != VALUE_ARRAY || e->whole)) {
		fill_item(e, item, value, kind, 0, len);
		return STEP_ITEM;
	}
	switch (kind) {
	case VALUE_EVENT:
	case VALUE_STREAM_ERROR:
		fill_item(e, item, value, kind, 0, len);
		return STEP_ITEM;
	case VALUE_ARRAY:
		return hand_out_array(e, value, 1, item);
	case VALUE_SESSION: {
		enum adk_field events = vertex_is_dump(value) ? ADK_SESSION_EVENTS : ADK_EVENTS;
		e->vertex = events == ADK_SESSION_EVENTS;
		return hand_out_array(e, adk_get(value, events),
		                      find_member_array(src, len, events), item);
	}
	default: {
		struct reader_pos pos = origins_pos(e->origins, 0);
		if (!diag_damaged_ahead(e->diag))
			diag_report(e->diag, &pos, "%s", value_not_event_reason(value));
		elements_drop(e);
		return diag_invalid(e->diag);
	}
	}
}
