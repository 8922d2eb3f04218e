/*
 * vertex.c - SessionEvent envelopes to ADK events (vertex.h), as ADK's
 * VertexAiSessionService reads them back (_fromApiEvent in ADK JS,
 * _from_api_event in ADK Python).
 */
#include "adk/vertex.h"
#include "adk/event.h"
#include "stamp.h"

#include <math.h>
#include <string.h>

bool vertex_is_dump(const json_t *value)
{
	return json_is_array(adk_get(value, ADK_SESSION_EVENTS));
}

/*
 * Integral doubles made integers again, everywhere in v (owned by the
 * caller and shared with nobody): protobuf's Struct keeps every number as
 * a double, so 100 tokens come back as 100.0; ADK, in JavaScript, cannot
 * tell them apart.  Beyond 2^53 a double is not a count anyone wrote.
 */
static void whole_numbers(json_t *v)
{
	const char *key;
	size_t i;
	json_t *member;
	if (json_is_object(v)) {
		json_object_foreach(v, key, member)
		{
			double d = json_real_value(member);
			if (json_is_real(member) && d == floor(d) && fabs(d) < 9007199254740992.0)
				json_object_set_new(v, key, json_integer((json_int_t)d));
			else
				whole_numbers(member);
		}
	} else if (json_is_array(v)) {
		json_array_foreach(v, i, member)
		{
			double d = json_real_value(member);
			if (json_is_real(member) && d == floor(d) && fabs(d) < 9007199254740992.0)
				json_array_set_new(v, i, json_integer((json_int_t)d));
			else
				whole_numbers(member);
		}
	}
}

/* Sets into's member field to a copy of from's, where from has one. */
static void copy_field(json_t *into, const json_t *from, enum adk_field field)
{
	json_t *v = adk_get(from, field);
	if (v)
		json_object_set_new(into, adk_field_name(field), json_deep_copy(v));
}

/*
 * The event's actions from the envelope's: ADK's own members, but
 * transferToAgent, which the API calls transferAgent (earlier ADK JS
 * versions sent ADK's own name, which is still read).  A response kept in
 * snake_case (transfer_agent, state_delta: the Python SDK's model_dump(),
 * which ADK JS's fromApiEvent reads too) is spelled in camelCase.
 */
static json_t *actions_of(const json_t *envelope)
{
	json_t *from = adk_get(envelope, ADK_ACTIONS);
	json_t *actions = json_is_object(from) ? adk_camel_copy(from, false) : json_object();
	json_t *transfer = adk_get(actions, ADK_TRANSFER_AGENT);
	if (transfer)
		json_object_set(actions, adk_field_name(ADK_TRANSFER_TO_AGENT), transfer);
	json_object_del(actions, adk_field_name(ADK_TRANSFER_AGENT));
	return actions;
}

/*
 * What ADK keeps in customMetadata beside the user's own: the event's
 * usageMetadata, its actions' compaction, and its workflow members (an
 * agent's state and end go in actions, the rest on the event).  The user's
 * own stay in customMetadata, which is dropped when nothing is left.
 */
static void take_custom_metadata(json_t *event, json_t *actions, const json_t *custom)
{
	json_t *own = json_deep_copy(custom), *v;
	const char *key;
	if ((v = adk_get(own, ADK_VERTEX_USAGE)))
		json_object_set(event, adk_field_name(ADK_USAGE_METADATA), v);
	if ((v = adk_get(own, ADK_VERTEX_COMPACTION)))
		json_object_set(actions, adk_field_name(ADK_COMPACTION), v);
	json_t *workflow = adk_get(own, ADK_VERTEX_WORKFLOW);
	json_object_foreach(workflow, key, v)
	{
		bool on_actions = adk_key_is(ADK_AGENT_STATE, key, strlen(key)) ||
		                  adk_key_is(ADK_END_OF_AGENT, key, strlen(key));
		json_object_set(on_actions ? actions : event, key, v);
	}
	json_object_del(own, adk_field_name(ADK_VERTEX_USAGE));
	json_object_del(own, adk_field_name(ADK_VERTEX_COMPACTION));
	json_object_del(own, adk_field_name(ADK_VERTEX_WORKFLOW));
	if (json_object_size(own) > 0)
		json_object_set(event, adk_field_name(ADK_CUSTOM_METADATA), own);
	json_decref(own);
}

/* The event from the envelope's fields, where ADK could not keep rawEvent. */
static json_t *from_fields(const json_t *envelope)
{
	json_t *event = json_object(), *actions = actions_of(envelope), *v;
	/* eventMetadata or event_metadata, its members in camelCase either way. */
	const json_t *given = adk_get(envelope, ADK_EVENT_METADATA);
	json_t *meta = json_is_object(given) ? adk_camel_copy(given, false) : NULL;
	const char *key;
	json_object_foreach(meta, key, v)
	{
		if (!adk_key_is(ADK_CUSTOM_METADATA, key, strlen(key)) && !json_is_null(v))
			json_object_set_new(event, key, json_deep_copy(v));
	}
	json_t *custom = adk_get(meta, ADK_CUSTOM_METADATA);
	if (json_is_object(custom))
		take_custom_metadata(event, actions, custom);
	json_object_set_new(event, adk_field_name(ADK_ACTIONS), actions);
	copy_field(event, envelope, ADK_CONTENT);
	copy_field(event, envelope, ADK_ERROR_CODE);
	copy_field(event, envelope, ADK_ERROR_MESSAGE);
	json_decref(meta);
	return event;
}

/* The event id (caller owns it): the last segment of the envelope's resource name. */
static json_t *event_id(const json_t *envelope)
{
	json_t *name = adk_get(envelope, ADK_NAME);
	if (!json_is_string(name))
		return NULL;
	const char *s = json_string_value(name);
	size_t len = json_string_length(name), start = len;
	while (start > 0 && s[start - 1] != '/')
		start--;
	return json_stringn(s + start, len - start);
}

json_t *vertex_event(const json_t *envelope, const char **why)
{
	json_t *id = event_id(envelope);
	json_t *raw = adk_get(envelope, ADK_RAW_EVENT), *stamp = adk_get(envelope, ADK_TIMESTAMP);
	double seconds = 0;
	*why = !json_is_object(envelope) ? "a sessionEvents element that is not an object"
	       : !id ? "a sessionEvents element with no name (the resource name that ends in its "
	               "event id)"
	       : stamp && !stamp_parse_rfc3339(json_string_value(stamp), &seconds)
	           ? "a sessionEvents element whose timestamp is not an RFC 3339 time"
	       : raw && !json_is_object(raw)
	           ? "a sessionEvents element whose rawEvent is not an object"
	           : NULL;
	if (*why) {
		json_decref(id);
		return NULL;
	}
	json_t *event = raw ? json_deep_copy(raw) : from_fields(envelope);
	whole_numbers(event);
	json_object_set_new(event, adk_field_name(ADK_ID), id);
	const char *invocation = adk_get_string(envelope, ADK_INVOCATION_ID);
	json_object_set_new(event, adk_field_name(ADK_INVOCATION_ID),
	                    json_string(invocation ? invocation : ""));
	json_object_del(event, adk_field_name(ADK_AUTHOR));
	copy_field(event, envelope, ADK_AUTHOR);
	if (stamp)
		json_object_set_new(event, adk_field_name(ADK_TIMESTAMP), json_real(seconds));
	return event;
}
