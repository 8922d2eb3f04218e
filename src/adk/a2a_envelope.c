/*
 * a2a_envelope.c - finding the A2A object in an input value of from-a2a
 * (a2a.md section 6.1): a JSON-RPC response's result or error, a 1.0
 * stream response's wrapper member, a 0.3 object named by its "kind", or a
 * bare object known by its members; and what from-a2a reads of it before
 * converting it (state, finality, chunk flags).  SSE "data:" framing is the
 * reader's, so a value arrives here already unframed.
 */
#include "adk/a2a.h"

#include "adk/a2a_wire.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

enum a2a_state a2a_parse_state(const char *s)
{
	static const struct {
		const char *name;
		enum a2a_state state;
	} states[] = {
	    {"submitted", A2A_STATE_SUBMITTED},
	    {"working", A2A_STATE_WORKING},
	    {"input-required", A2A_STATE_INPUT_REQUIRED},
	    {"auth-required", A2A_STATE_AUTH_REQUIRED},
	    {"completed", A2A_STATE_COMPLETED},
	    {"canceled", A2A_STATE_CANCELED},
	    {"cancelled", A2A_STATE_CANCELED},
	    {"failed", A2A_STATE_FAILED},
	    {"rejected", A2A_STATE_REJECTED},
	};
	if (!s)
		return A2A_STATE_UNSPECIFIED;
	if (strncasecmp(s, "TASK_STATE_", 11) == 0)
		s += 11;
	char norm[32];
	size_t n = strlen(s);
	if (n >= sizeof norm)
		return A2A_STATE_UNSPECIFIED;
	for (size_t i = 0; i <= n; i++) {
		char c = s[i];
		norm[i] = c == '_' ? '-' : (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c;
	}
	for (size_t i = 0; i < sizeof states / sizeof states[0]; i++)
		if (strcmp(norm, states[i].name) == 0)
			return states[i].state;
	return A2A_STATE_UNSPECIFIED;
}

bool a2a_state_is_terminal(enum a2a_state s)
{
	return s == A2A_STATE_COMPLETED || s == A2A_STATE_CANCELED || s == A2A_STATE_FAILED ||
	       s == A2A_STATE_REJECTED;
}

static void fill_status(struct a2a_object *out)
{
	json_t *status = object_member(out->obj, A_STATUS);
	out->state = a2a_parse_state(string_member(status, A_STATE));
	out->timestamp = string_member(status, A_TIMESTAMP);
}

static bool classify(const json_t *obj, enum a2a_kind kind, struct a2a_object *out,
                     const char **why)
{
	memset(out, 0, sizeof *out);
	out->adk_partial = -1;
	if (!json_is_object(obj)) {
		*why = "the A2A event is not an object";
		return false;
	}
	out->kind = kind;
	out->obj = obj;
	json_t *md = object_member(obj, A_METADATA);
	json_t *partial = json_object_get(md, M_PARTIAL);
	if (json_is_boolean(partial))
		out->adk_partial = json_is_true(partial);
	switch (kind) {
	case A2A_TASK:
		fill_status(out);
		break;
	case A2A_STATUS_UPDATE: {
		fill_status(out);
		json_t *final = json_object_get(obj, A_FINAL);
		/* Decision 2: a boolean final decides; without one (1.0) the state does. */
		if (json_is_boolean(final))
			out->final = json_is_true(final);
		else
			out->final = a2a_state_is_terminal(out->state) ||
			             out->state == A2A_STATE_INPUT_REQUIRED;
		break;
	}
	case A2A_ARTIFACT_UPDATE:
		out->append = true_member(obj, A_APPEND);
		out->last_chunk = true_member(obj, A_LAST_CHUNK);
		out->artifact_id = string_member(object_member(obj, A_ARTIFACT), A_ARTIFACT_ID);
		break;
	default:
		break;
	}
	return true;
}

/* The 0.3 kinds and the 1.0 stream-response wrapper members, and what they name. */
static const struct {
	const char *name;
	enum a2a_kind kind;
} kinds[] =
    {
        {KIND_MESSAGE, A2A_MESSAGE},
        {KIND_TASK, A2A_TASK},
        {KIND_STATUS, A2A_STATUS_UPDATE},
        {KIND_ARTIFACT, A2A_ARTIFACT_UPDATE},
},
  wrappers[] = {
      {A_W_MESSAGE, A2A_MESSAGE},
      {A_W_TASK, A2A_TASK},
      {A_W_STATUS, A2A_STATUS_UPDATE},
      {A_W_ARTIFACT, A2A_ARTIFACT_UPDATE},
};
#define NKINDS (sizeof kinds / sizeof kinds[0])

/* What a JSON-RPC envelope holds: an error to report, a result to read on, or nothing usable. */
enum envelope { ENVELOPE_ERROR, ENVELOPE_RESULT, ENVELOPE_BAD };

/* Opens a JSON-RPC envelope (section 6.1, step 2); *inner is its error or result. */
static enum envelope open_envelope(const json_t *value, const json_t **inner, const char **why)
{
	json_t *error = json_object_get(value, A_ERROR);
	if (error && !json_is_null(error)) {
		if (!json_is_object(error)) {
			*why = "JSON-RPC error is not an object";
			return ENVELOPE_BAD;
		}
		*inner = error;
		return ENVELOPE_ERROR;
	}
	json_t *result = json_object_get(value, A_RESULT);
	if (!result || json_is_null(result)) {
		*why = json_object_get(value, A_METHOD)
		           ? "a JSON-RPC request, not a response"
		           : "JSON-RPC envelope without result or error";
		return ENVELOPE_BAD;
	}
	if (!json_is_object(result)) {
		*why = "JSON-RPC result is not an object";
		return ENVELOPE_BAD;
	}
	*inner = result;
	return ENVELOPE_RESULT;
}

/* A 0.3 object: its kind names it. */
static bool recognise_kind(const json_t *value, const json_t *kind, struct a2a_object *out,
                           const char **why)
{
	const char *k = json_is_string(kind) ? json_string_value(kind) : "";
	for (size_t i = 0; i < NKINDS; i++)
		if (strcmp(k, kinds[i].name) == 0)
			return classify(value, kinds[i].kind, out, why);
	*why = "unknown event kind";
	return false;
}

/*
 * A 1.0 stream response wraps the object in one member named for its type;
 * without one, extension: a bare object recognised by its members.
 */
static bool recognise_unkinded(const json_t *value, struct a2a_object *out, const char **why)
{
	size_t found = 0, which = 0;
	for (size_t i = 0; i < NKINDS; i++) {
		if (json_object_get(value, wrappers[i].name)) {
			found++;
			which = i;
		}
	}
	if (found == 1)
		return classify(json_object_get(value, wrappers[which].name), wrappers[which].kind,
		                out, why);
	if (found > 1) {
		*why = "expected exactly one event type";
		return false;
	}
	bool has_status = json_object_get(value, A_STATUS) != NULL;
	bool has_task_id = json_object_get(value, A_TASK_ID) != NULL;
	if (has_status && has_task_id)
		return classify(value, A2A_STATUS_UPDATE, out, why);
	if (json_object_get(value, A_ARTIFACT) && has_task_id)
		return classify(value, A2A_ARTIFACT_UPDATE, out, why);
	if (has_status && json_object_get(value, A_ID))
		return classify(value, A2A_TASK, out, why);
	if (json_object_get(value, A_MESSAGE_ID) && json_object_get(value, A_PARTS))
		return classify(value, A2A_MESSAGE, out, why);
	*why = "unknown event kind: no kind, and none of task, message, statusUpdate, "
	       "artifactUpdate";
	return false;
}

bool a2a_recognise(const json_t *value, struct a2a_object *out, const char **why)
{
	*why = NULL;
	if (!json_is_object(value)) {
		static char reason[64];
		snprintf(reason, sizeof reason, "not an A2A object: %s", json_type_phrase(value));
		*why = reason;
		return false;
	}
	if (json_object_get(value, A_JSONRPC)) {
		const json_t *inner = NULL;
		switch (open_envelope(value, &inner, why)) {
		case ENVELOPE_BAD:
			return false;
		case ENVELOPE_ERROR:
			memset(out, 0, sizeof *out);
			out->kind = A2A_RPC_ERROR;
			out->obj = inner;
			out->adk_partial = -1;
			return true;
		case ENVELOPE_RESULT:
			value = inner;
			break;
		}
	}
	json_t *kind = json_object_get(value, A_KIND);
	if (kind)
		return recognise_kind(value, kind, out, why);
	return recognise_unkinded(value, out, why);
}
