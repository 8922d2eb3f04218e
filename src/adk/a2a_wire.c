/*
 * a2a_wire.c - the tables and the one rule both directions of the A2A
 * mapping read (a2a_wire.h): typed parts, whole metadata objects, and
 * actions without their defaults.
 */
#include "adk/a2a_wire.h"

#include <string.h>

const struct a2a_typed_part a2a_typed_parts[A2A_NTYPED] = {
    {T_CODE_EXECUTION_RESULT, ADK_CODE_EXECUTION_RESULT},
    {T_FUNCTION_RESPONSE, ADK_FUNCTION_RESPONSE},
    {T_EXECUTABLE_CODE, ADK_EXECUTABLE_CODE},
    {T_FUNCTION_CALL, ADK_FUNCTION_CALL},
};

const struct a2a_genai_object a2a_genai_objects[A2A_NGENAI_OBJECTS] = {
    {M_GROUNDING, ADK_GROUNDING_METADATA},
    {M_CITATION, ADK_CITATION_METADATA},
    {M_USAGE, ADK_USAGE_METADATA},
};

const enum adk_field a2a_event_members[A2A_NEVENT_MEMBERS] = {
    ADK_ISOLATION_SCOPE, ADK_INTERACTION_ID,      ADK_TURN_COMPLETE_REASON,
    ADK_LIVE_SESSION_ID, ADK_INPUT_TRANSCRIPTION, ADK_OUTPUT_TRANSCRIPTION,
    ADK_RUN_SESSION_ID,  ADK_RUN_NODE_PATH,       ADK_ROUTE,
    ADK_ROUTES,          ADK_REQUESTED_INPUT,     ADK_PARTIAL,
    ADK_FINISH_REASON,   ADK_INTERRUPTED,         ADK_MODEL_VERSION,
    ADK_AVG_LOGPROBS,    ADK_LOGPROBS_RESULT,     ADK_LIVE_SESSION_RESUMPTION_UPDATE,
    ADK_CACHE_METADATA,  ADK_IS_COMPACTED,        ADK_START_TIME,
    ADK_END_TIME,        ADK_COMPACTED_CONTENT,
};

const enum adk_field a2a_event_names[A2A_NEVENT_NAMES] = {ADK_ID, ADK_INVOCATION_ID, ADK_AUTHOR,
                                                          ADK_BRANCH};

json_t *a2a_normalised_actions(const json_t *actions)
{
	json_t *out = adk_camel_copy(actions, false);
	const char *key;
	json_t *v;
	void *tmp;
	json_object_foreach_safe(out, tmp, key, v)
	{
		/* A default value an ADK event leaves out: null, false, "", [], {}; but
		 * a 2.x route of false, 0 or "" is a route (ADK Python's bool|int|str). */
		if (!json_truthy(v) &&
		    !(adk_key_is(ADK_ROUTE, key, strlen(key)) && !json_is_null(v)))
			json_object_del(out, key);
	}
	return out;
}
