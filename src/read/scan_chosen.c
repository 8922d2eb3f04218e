/*
 * scan_chosen.c - the members of an ADK object a command reads (struct
 * adk_reads), chosen: while the scanner reads an event, its content, its
 * actions and each part (the members read built, the others checked and
 * standing in as true or null), an eval set's top level with its cases
 * left to the reader, and the same choice made from a value built whole
 * (scan_select()).
 */
#include "read/scan_int.h"
#include "adk/event.h"

#include <jansson.h>

_Static_assert(ADK_EVENT_LAST < 32, "adk_member_set has a bit for every event member");

static adk_member_set members_read(const struct adk_reads *r, enum adk_object object)
{
	switch (object) {
	case ADK_OBJECT_EVENT:
		return r->event;
	case ADK_OBJECT_CONTENT:
		return r->content;
	case ADK_OBJECT_ACTIONS:
		return r->actions;
	default:
		return r->part;
	}
}

/*
 * Whether the command reads the member named field of object (or it is a
 * stream error's text, which the reader must see); a session's "events"
 * is never read here, as the whole value is built instead.
 */
static bool member_wanted(const struct adk_reads *r, enum adk_object object, enum adk_field field)
{
	return field == ADK_STREAM_ERROR ||
	       (field != ADK_FIELD_COUNT && field != ADK_EVENTS && field != ADK_SESSION_EVENTS &&
	        (members_read(r, object) & ADK_MEMBER(field)));
}

/*
 * How a member the command reads is built: whole, with members of its own
 * chosen, or to adk_reads.tool_levels levels.
 */
enum inside { INSIDE_WHOLE, INSIDE_CHOSEN, INSIDE_PARTS, INSIDE_LEVELS };

/*
 * content and actions, when objects, have their own members chosen
 * (*object says by which set); content.parts, when an array, each part's.
 */
static enum inside chosen_inside(const struct adk_reads *r, enum adk_field field,
                                 enum adk_object *object)
{
	if (field == ADK_CONTENT && r->content != ADK_MEMBERS_ALL) {
		*object = ADK_OBJECT_CONTENT;
		return INSIDE_CHOSEN;
	}
	if (field == ADK_ACTIONS && r->actions != ADK_MEMBERS_ALL) {
		*object = ADK_OBJECT_ACTIONS;
		return INSIDE_CHOSEN;
	}
	if (field == ADK_PARTS && r->part != ADK_MEMBERS_ALL)
		return INSIDE_PARTS;
	if ((field == ADK_FUNCTION_CALL || field == ADK_FUNCTION_RESPONSE) && r->tool_levels)
		return INSIDE_LEVELS;
	return INSIDE_WHOLE;
}

/* An object of ADK's whose members are chosen, counted as a value of its own. */
static bool scan_chosen_value(struct scan *s, enum adk_object object, json_t **out)
{
	if (++s->depth > JSON_PARSER_MAX_DEPTH)
		return false;
	bool ok = scan_chosen(s, object, out) == CHOSEN_READ;
	s->depth--;
	return ok;
}

/* content.parts: each part that is an object has its members chosen. */
static bool scan_parts(struct scan *s, json_t **out)
{
	if (++s->depth > JSON_PARSER_MAX_DEPTH)
		return false;
	json_t *parts = json_array();
	s->i++;
	skip_space(s);
	bool more = !take(s, ']');
	while (more) {
		json_t *part = NULL;
		bool ok = s->i < s->n && s->p[s->i] == '{'
		              ? scan_chosen_value(s, ADK_OBJECT_PART, &part)
		              : scan_value(s, &part);
		if (ok)
			json_array_append_new(parts, part);
		skip_space(s);
		more = ok && !take(s, ']');
		if (!ok || (more && !take(s, ','))) {
			json_decref(parts);
			return false;
		}
		skip_space(s);
	}
	s->depth--;
	*out = parts;
	return true;
}

/*
 * The value of a member the command reads: content or actions with their
 * own members chosen, content.parts with each part's, or the whole value.
 */
static bool scan_read_member(struct scan *s, enum adk_field field, json_t **out)
{
	unsigned char c = s->i < s->n ? s->p[s->i] : 0;
	enum adk_object object;
	enum inside inside = chosen_inside(s->reads, field, &object);
	if (inside == INSIDE_CHOSEN && c == '{')
		return scan_chosen_value(s, object, out);
	if (inside == INSIDE_PARTS && c == '[')
		return scan_parts(s, out);
	if (inside != INSIDE_LEVELS)
		return scan_value(s, out);
	size_t was = s->build_depth;
	s->build_depth = s->depth + s->reads->tool_levels;
	bool ok = scan_value(s, out);
	s->build_depth = was;
	return ok;
}

/*
 * One member of a chosen object: built when the command reads it (or it is
 * a stream error's text), else checked and stood in for.  A session's
 * "events" array is not read here: the whole value is built instead.
 */
static enum chosen chosen_member(struct scan *s, enum adk_object object, json_t *into)
{
	struct token key;
	if (!scan_key(s, &key))
		return CHOSEN_REFUSED;
	size_t len;
	const char *name = scan_decode(s, &key, &len);
	enum adk_field field = adk_member_of(object, name, len);
	unsigned char c = s->i < s->n ? s->p[s->i] : 0;
	/* A Vertex AI sessions.events.list response is built whole as a session is. */
	if ((field == ADK_EVENTS || field == ADK_SESSION_EVENTS) && c == '[')
		return CHOSEN_IS_SESSION;
	bool wanted = member_wanted(s->reads, object, field);
	json_t *value = NULL;
	if (!(wanted ? scan_read_member(s, field, &value) : scan_value(s, NULL)))
		return CHOSEN_REFUSED;
	if (!wanted)
		value = c == 'n' ? json_null() : json_true();
	scan_set_member(s, into, &key, value);
	return CHOSEN_READ;
}

enum chosen scan_chosen(struct scan *s, enum adk_object object, json_t **out)
{
	json_t *into = json_object();
	s->i++;
	skip_space(s);
	bool more = !take(s, '}');
	while (more) {
		enum chosen step = chosen_member(s, object, into);
		if (step != CHOSEN_READ || !member_end(s, &more)) {
			json_decref(into);
			return step == CHOSEN_READ ? CHOSEN_REFUSED : step;
		}
	}
	*out = into;
	return CHOSEN_READ;
}

enum chosen scan_eval_set(struct scan *s, json_t **out)
{
	json_t *into = json_object();
	bool split = false, more;
	s->i++;
	skip_space(s);
	more = !take(s, '}');
	while (more) {
		struct token key;
		size_t len;
		json_t *value = NULL;
		if (!scan_key(s, &key))
			break;
		const char *name = scan_decode(s, &key, &len);
		bool cases =
		    s->i < s->n && s->p[s->i] == '[' && adk_key_is(ADK_EVAL_CASES, name, len);
		if (!scan_value(s, cases ? NULL : &value))
			break;
		scan_set_member(s, into, &key, cases ? json_array() : value);
		split |= cases;
		if (!member_end(s, &more))
			break;
	}
	if (more) {
		json_decref(into);
		return CHOSEN_REFUSED;
	}
	if (!split) {
		json_decref(into);
		return CHOSEN_IS_SESSION;
	}
	*out = into;
	return CHOSEN_READ;
}

bool scan_reads_everything(const struct adk_reads *r)
{
	return !r || (!r->split_eval_cases && r->event == ADK_MEMBERS_ALL &&
	              r->content == ADK_MEMBERS_ALL && r->actions == ADK_MEMBERS_ALL &&
	              r->part == ADK_MEMBERS_ALL);
}

static json_t *select_object(json_t *object, const struct adk_reads *r, enum adk_object which);

/* value built to levels levels, as scan_value() builds it under a build_depth. */
static json_t *select_levels(json_t *value, unsigned levels)
{
	if (!json_is_object(value) && !json_is_array(value))
		return json_incref(value);
	if (levels == 0)
		return json_true();
	json_t *into, *member;
	const char *key;
	size_t len, i;
	if (json_is_array(value)) {
		into = json_array();
		json_array_foreach(value, i, member)
		{
			json_array_append_new(into, select_levels(member, levels - 1));
		}
		return into;
	}
	into = json_object();
	json_object_keylen_foreach(value, key, len, member)
	{
		json_object_setn_new_nocheck(into, key, len, select_levels(member, levels - 1));
	}
	return into;
}

/* A chosen member's value, as scan_read_member() builds it. */
static json_t *select_member(json_t *value, const struct adk_reads *r, enum adk_field field)
{
	enum adk_object object;
	enum inside inside = chosen_inside(r, field, &object);
	if (inside == INSIDE_CHOSEN && json_is_object(value))
		return select_object(value, r, object);
	if (inside == INSIDE_PARTS && json_is_array(value)) {
		json_t *parts = json_array(), *part;
		size_t i;
		json_array_foreach(value, i, part)
		{
			json_array_append_new(parts, json_is_object(part)
			                                 ? select_object(part, r, ADK_OBJECT_PART)
			                                 : json_incref(part));
		}
		return parts;
	}
	if (inside == INSIDE_LEVELS)
		return select_levels(value, r->tool_levels);
	return json_incref(value);
}

/* An object's members chosen as chosen_member() chooses them; NULL for a session. */
static json_t *select_object(json_t *object, const struct adk_reads *r, enum adk_object which)
{
	json_t *into = json_object(), *value;
	const char *key;
	size_t len;
	json_object_keylen_foreach(object, key, len, value)
	{
		enum adk_field field = adk_member_of(which, key, len);
		if ((field == ADK_EVENTS || field == ADK_SESSION_EVENTS) && json_is_array(value)) {
			json_decref(into);
			return NULL;
		}
		json_t *member = member_wanted(r, which, field) ? select_member(value, r, field)
		                 : json_is_null(value)          ? json_null()
		                                                : json_true();
		json_object_setn_new_nocheck(into, key, len, member);
	}
	return into;
}

json_t *scan_select(json_t *value, const struct adk_reads *reads)
{
	json_t *chosen = NULL;
	if (!scan_reads_everything(reads) && json_is_object(value))
		chosen = select_object(value, reads, ADK_OBJECT_EVENT);
	return chosen ? chosen : json_incref(value);
}
