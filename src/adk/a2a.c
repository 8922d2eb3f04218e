/*
 * a2a.c - ADK <-> Agent2Agent: genai parts to A2A parts and back, ADK event
 * fields to A2A metadata and back, and A2A objects recognised in whatever
 * wrapping they arrive in.  The rules are a2a.md's, which follow ADK Go
 * (server/adka2a) applied to A2A 0.3 wire JSON.
 *
 * A2A field names and metadata keys are spelled here, as constants; ADK
 * field names come from event.h.
 */
#include "adk/a2a.h"

#include "adk/base64.h"
#include "adk/event.h"
#include "write/json.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/random.h>
#include <unistd.h>

/* A2A wire field names (0.3 and 1.0). */
#define A_KIND        "kind"
#define A_TEXT        "text"
#define A_FILE        "file"
#define A_DATA        "data"
#define A_BYTES       "bytes"
#define A_URI         "uri"
#define A_MIME_TYPE   "mimeType"
#define A_NAME        "name"
#define A_METADATA    "metadata"
#define A_RAW         "raw"
#define A_URL         "url"
#define A_MEDIA_TYPE  "mediaType"
#define A_FILENAME    "filename"
#define A_MESSAGE_ID  "messageId"
#define A_ROLE        "role"
#define A_PARTS       "parts"
#define A_CONTEXT_ID  "contextId"
#define A_TASK_ID     "taskId"
#define A_ID          "id"
#define A_STATUS      "status"
#define A_STATE       "state"
#define A_MESSAGE     "message"
#define A_TIMESTAMP   "timestamp"
#define A_ARTIFACTS   "artifacts"
#define A_ARTIFACT    "artifact"
#define A_ARTIFACT_ID "artifactId"
#define A_APPEND      "append"
#define A_LAST_CHUNK  "lastChunk"
#define A_FINAL       "final"
#define A_JSONRPC     "jsonrpc"
#define A_RESULT      "result"
#define A_METHOD      "method"
#define A_ERROR       "error"
#define A_CODE        "code"
#define A_VALUE       "value"
/* 1.0 stream-response wrapper members. */
#define A_W_TASK     "task"
#define A_W_MESSAGE  "message"
#define A_W_STATUS   "statusUpdate"
#define A_W_ARTIFACT "artifactUpdate"
/* 0.3 kinds. */
#define KIND_TEXT     "text"
#define KIND_FILE     "file"
#define KIND_DATA     "data"
#define KIND_MESSAGE  "message"
#define KIND_TASK     "task"
#define KIND_STATUS   "status-update"
#define KIND_ARTIFACT "artifact-update"

/* A2A-side metadata keys (section 2.1). */
#define M_TYPE              "adk_type"
#define M_IS_LONG_RUNNING   "adk_is_long_running"
#define M_THOUGHT           "adk_thought"
#define M_THOUGHT_SIGNATURE "adk_thought_signature"
#define M_VIDEO_METADATA_GO "video_metadata"
#define M_VIDEO_METADATA    "adk_video_metadata"
#define M_ESCALATE          "adk_escalate"
#define M_TRANSFER          "adk_transfer_to_agent"
#define M_INVOCATION_ID     "adk_invocation_id"
#define M_AUTHOR            "adk_author"
#define M_BRANCH            "adk_branch"
#define M_ERROR_CODE        "adk_error_code"
#define M_ERROR_MESSAGE     "adk_error_message"
#define M_CITATION          "adk_citation_metadata"
#define M_GROUNDING         "adk_grounding_metadata"
#define M_USAGE             "adk_usage_metadata"
#define M_CUSTOM            "adk_custom_metadata"
#define M_PARTIAL           "adk_partial"
#define M_IS_ERROR_MESSAGE  "adk_is_error_message"
#define M_ACTIONS           "adk_actions"
#define M_LONG_RUNNING_IDS  "adk_long_running_tool_ids"
#define M_DATA_PART_COMPAT  "data_part_compat"
/* adk_type values. */
#define T_FUNCTION_CALL         "function_call"
#define T_FUNCTION_RESPONSE     "function_response"
#define T_EXECUTABLE_CODE       "executable_code"
#define T_CODE_EXECUTION_RESULT "code_execution_result"
/* ADK-side keys in customMetadata (section 2.2). */
#define C_TASK_ID    "a2a:task_id"
#define C_CONTEXT_ID "a2a:context_id"
#define C_ERROR      "a2a:error"

#define TAG_OPEN    "<a2a_datapart_json>"
#define TAG_CLOSE   "</a2a_datapart_json>"
#define TEXT_PLAIN  "text/plain"
#define FAILED_TEXT "a2a task failed"

/* The typed DataParts: adk_type value <-> genai part member, in Go's checking order. */
static const struct {
	const char *type;
	enum adk_field field;
} typed_parts[] = {
    {T_CODE_EXECUTION_RESULT, ADK_CODE_EXECUTION_RESULT},
    {T_FUNCTION_RESPONSE, ADK_FUNCTION_RESPONSE},
    {T_EXECUTABLE_CODE, ADK_EXECUTABLE_CODE},
    {T_FUNCTION_CALL, ADK_FUNCTION_CALL},
};
#define NTYPED (sizeof typed_parts / sizeof typed_parts[0])

/*
 * The genai metadata objects an event carries whole, and their A2A keys
 * (sections 5 and 6.2), in the order from-a2a writes them.
 */
static const struct {
	const char *key;
	enum adk_field field;
} genai_objects[] = {
    {M_GROUNDING, ADK_GROUNDING_METADATA},
    {M_CITATION, ADK_CITATION_METADATA},
    {M_USAGE, ADK_USAGE_METADATA},
};
#define NGENAI_OBJECTS (sizeof genai_objects / sizeof genai_objects[0])

/* ------------------------------------------------------------------ helpers */

static const char *string_member(const json_t *obj, const char *key)
{
	json_t *v = json_object_get(obj, key);
	return json_is_string(v) ? json_string_value(v) : NULL;
}

static const char *nonempty(const char *s)
{
	return s && *s ? s : NULL;
}

static json_t *object_member(const json_t *obj, const char *key)
{
	json_t *v = json_object_get(obj, key);
	return json_is_object(v) ? v : NULL;
}

static bool true_member(const json_t *obj, const char *key)
{
	return json_is_true(json_object_get(obj, key));
}

/* Whether a value is a default one an ADK event leaves out: null, false, "", [], {}. */
static bool is_default(const json_t *v)
{
	return !v || !json_truthy(v);
}

/* An object given as itself or as a JSON text holding an object; caller owns it. */
static json_t *object_or_json_string(const json_t *v)
{
	if (json_is_object(v))
		return json_incref((json_t *)v);
	if (!json_is_string(v))
		return NULL;
	json_t *parsed = json_loadb(json_string_value(v), json_string_length(v), 0, NULL);
	if (json_is_object(parsed))
		return parsed;
	json_decref(parsed);
	return NULL;
}

/* ------------------------------------------------------- Go-compatible JSON */

void a2a_go_json(struct strbuf *sb, const json_t *v)
{
	struct json_writer w;
	jw_init_buf(&w, sb, JW_GO | JW_SORTED);
	jw_value(&w, v);
	jw_release(&w);
}

/* ------------------------------------------------------------ ADK -> A2A */

/* Sets key to value (stolen) in *md, creating the map on first use. */
static void md_set(json_t **md, const char *key, json_t *value)
{
	if (!*md)
		*md = json_object();
	json_object_set_new(*md, key, value);
}

static json_t *a2a_text_part(enum a2a_version v, json_t *text, json_t *md)
{
	json_t *p = json_object();
	if (v == A2A_V03)
		json_object_set_new(p, A_KIND, json_string(KIND_TEXT));
	json_object_set_new(p, A_TEXT, text);
	if (md)
		json_object_set_new(p, A_METADATA, md);
	return p;
}

static json_t *a2a_data_part(enum a2a_version v, json_t *data, json_t *md)
{
	json_t *p = json_object();
	if (v == A2A_V03)
		json_object_set_new(p, A_KIND, json_string(KIND_DATA));
	json_object_set_new(p, A_DATA, data);
	if (md)
		json_object_set_new(p, A_METADATA, md);
	return p;
}

/* A FilePart with bytes (base64 text) or a uri; empty mime and name are left out. */
static json_t *a2a_file_part(enum a2a_version v, bool bytes, json_t *content, const char *mime,
                             const char *name, json_t *md)
{
	json_t *p = json_object();
	json_t *f = p;
	if (v == A2A_V03) {
		json_object_set_new(p, A_KIND, json_string(KIND_FILE));
		f = json_object();
		json_object_set_new(f, bytes ? A_BYTES : A_URI, content);
		if (nonempty(mime))
			json_object_set_new(f, A_MIME_TYPE, json_string(mime));
		if (nonempty(name))
			json_object_set_new(f, A_NAME, json_string(name));
		json_object_set_new(p, A_FILE, f);
	} else {
		json_object_set_new(p, bytes ? A_RAW : A_URL, content);
		if (nonempty(mime))
			json_object_set_new(p, A_MEDIA_TYPE, json_string(mime));
		if (nonempty(name))
			json_object_set_new(p, A_FILENAME, json_string(name));
	}
	if (md)
		json_object_set_new(p, A_METADATA, md);
	return p;
}

static bool id_in(const json_t *ids, const json_t *id)
{
	size_t i;
	json_t *v;
	if (!json_is_string(id))
		return false;
	json_array_foreach(ids, i, v)
	{
		if (json_is_string(v) && strcmp(json_string_value(v), json_string_value(id)) == 0)
			return true;
	}
	return false;
}

/*
 * Rule 2: inlineData holding "<a2a_datapart_json>JSON</a2a_datapart_json>"
 * as text/plain.  Returns the DataPart, NULL when the bytes are not tagged
 * (*why NULL) or the JSON inside is bad (*why set).
 */
static json_t *tagged_data_part(const struct strbuf *bytes, enum a2a_version v, const char **why)
{
	size_t open = strlen(TAG_OPEN), close = strlen(TAG_CLOSE);
	if (bytes->len < open + close || memcmp(bytes->buf, TAG_OPEN, open) != 0 ||
	    memcmp(bytes->buf + bytes->len - close, TAG_CLOSE, close) != 0)
		return NULL;
	json_t *obj = json_loadb(bytes->buf + open, bytes->len - open - close,
	                         JSON_DECODE_ANY | JSON_ALLOW_NUL, NULL);
	if (!json_is_object(obj)) {
		json_decref(obj);
		*why = "tagged inlineData does not hold a JSON object";
		return NULL;
	}
	/* Python 0.3 tags the whole DataPart rather than its data. */
	const char *kind = string_member(obj, A_KIND);
	json_t *inner = object_member(obj, A_DATA);
	if (kind && strcmp(kind, KIND_DATA) == 0 && inner) {
		json_t *md = object_member(obj, A_METADATA);
		json_t *p = a2a_data_part(v, json_incref(inner), md ? json_incref(md) : NULL);
		json_decref(obj);
		return p;
	}
	return a2a_data_part(v, obj, NULL);
}

/* Rule 1, with decision 3: a text part; the signature travels only when lossless. */
static json_t *text_part_from_genai(const json_t *part, json_t *text,
                                    const struct a2a_message_options *o)
{
	json_t *md = NULL;
	if (json_is_true(adk_get(part, ADK_THOUGHT)))
		md_set(&md, M_THOUGHT, json_true());
	const char *signature = adk_get_string(part, ADK_THOUGHT_SIGNATURE);
	if (signature && o->lossless)
		md_set(&md, M_THOUGHT_SIGNATURE, json_string(signature));
	return a2a_text_part(o->version, json_incref(text), md);
}

/* Rule 3 for fileData: a FilePart with a uri. */
static json_t *uri_part_from_genai(const json_t *file_data, enum a2a_version v, const char **why)
{
	const char *uri = adk_get_string(file_data, ADK_FILE_URI);
	/* An empty uri is no file at all: from-a2a, as Go, reads it as unset. */
	if (!uri || !*uri) {
		*why = "fileData without a fileUri";
		return NULL;
	}
	return a2a_file_part(v, false, json_string(uri), adk_get_string(file_data, ADK_MIME_TYPE),
	                     adk_get_string(file_data, ADK_DISPLAY_NAME), NULL);
}

/* Rule 3 for inlineData: a FilePart with the bytes in standard, padded base64. */
static json_t *bytes_part_from_genai(const json_t *part, const json_t *inline_data,
                                     const struct strbuf *bytes, enum a2a_version v)
{
	struct strbuf b64 = STRBUF_INIT;
	base64_encode(&b64, bytes->buf ? bytes->buf : "", bytes->len);
	json_t *md = NULL;
	json_t *video = adk_get(part, ADK_VIDEO_METADATA);
	if (video)
		md_set(&md, M_VIDEO_METADATA_GO, adk_camel_copy(video, true));
	json_t *p = a2a_file_part(v, true, json_stringn(b64.buf ? b64.buf : "", b64.len),
	                          adk_get_string(inline_data, ADK_MIME_TYPE),
	                          adk_get_string(inline_data, ADK_DISPLAY_NAME), md);
	strbuf_release(&b64);
	return p;
}

/*
 * Rules 2 and 3: inline bytes (tagged data first), then fileData.  The
 * inline bytes are checked even when fileData wins, as Go decodes them.
 */
static json_t *file_part_from_genai(const json_t *part, const json_t *inline_data,
                                    const json_t *file_data, enum a2a_version v, const char **why)
{
	struct strbuf bytes = STRBUF_INIT;
	json_t *p = NULL;
	if (json_is_object(inline_data)) {
		json_t *data = adk_get(inline_data, ADK_DATA);
		if (data &&
		    (!json_is_string(data) ||
		     !base64_decode(&bytes, json_string_value(data), json_string_length(data)))) {
			*why = "invalid base64 in inlineData.data";
			goto done;
		}
		const char *mime = adk_get_string(inline_data, ADK_MIME_TYPE);
		if (mime && strcmp(mime, TEXT_PLAIN) == 0 &&
		    ((p = tagged_data_part(&bytes, v, why)) || *why))
			goto done;
	}
	if (json_is_object(file_data))
		p = uri_part_from_genai(file_data, v, why);
	else
		p = bytes_part_from_genai(part, inline_data, &bytes, v);
done:
	strbuf_release(&bytes);
	return p;
}

/*
 * Rule 4: typed data, in Go's order.  NULL with *why NULL when the part
 * holds none of the typed members.
 */
static json_t *typed_part_from_genai(const json_t *part, const json_t *lrt_ids,
                                     const struct a2a_message_options *o, const char **why)
{
	for (size_t i = 0; i < NTYPED; i++) {
		json_t *sub = adk_get(part, typed_parts[i].field);
		if (!sub)
			continue;
		if (!json_is_object(sub)) {
			*why = "a function call, function response or code part is not an object";
			return NULL;
		}
		json_t *md = json_object();
		if (typed_parts[i].field == ADK_FUNCTION_CALL) {
			bool lr = id_in(lrt_ids, adk_get(sub, ADK_ID));
			json_object_set_new(md, M_IS_LONG_RUNNING, json_boolean(lr));
			const char *signature = adk_get_string(part, ADK_THOUGHT_SIGNATURE);
			if (signature && o->lossless)
				json_object_set_new(md, M_THOUGHT_SIGNATURE,
				                    json_string(signature));
		}
		json_object_set_new(md, M_TYPE, json_string(typed_parts[i].type));
		return a2a_data_part(o->version, adk_camel_copy(sub, false), md);
	}
	return NULL;
}

json_t *a2a_part_from_genai(const json_t *part, const json_t *lrt_ids,
                            const struct a2a_message_options *o, const char **why)
{
	*why = NULL;
	if (!json_is_object(part)) {
		*why = "a part is not an object";
		return NULL;
	}
	json_t *text = adk_get(part, ADK_TEXT);
	json_t *inline_data = adk_get(part, ADK_INLINE_DATA);
	json_t *file_data = adk_get(part, ADK_FILE_DATA);
	bool other = inline_data || file_data;
	for (size_t i = 0; i < NTYPED; i++)
		other = other || adk_get(part, typed_parts[i].field);
	/* Decision 3: an empty text stays a text part, unless the part holds more. */
	if (json_is_string(text) && (json_string_length(text) > 0 || !other))
		return text_part_from_genai(part, text, o);
	if (json_is_object(inline_data) || json_is_object(file_data))
		return file_part_from_genai(part, inline_data, file_data, o->version, why);
	json_t *typed = typed_part_from_genai(part, lrt_ids, o, why);
	if (typed || *why)
		return typed;
	/* Rule 5: anything else travels whole. */
	return a2a_data_part(o->version, adk_camel_copy(part, false), NULL);
}

/* The event's actions without default members, top-level keys in camelCase. */
static json_t *normalised_actions(const json_t *actions)
{
	json_t *out = adk_camel_copy(actions, false);
	const char *key;
	json_t *v;
	void *tmp;
	json_object_foreach_safe(out, tmp, key, v)
	{
		if (is_default(v))
			json_object_del(out, key);
	}
	return out;
}

/*
 * The actions as adk_actions carries them (--lossless): the whole object
 * without empty members, when it holds more than escalate and
 * transferToAgent, which have keys of their own.  Caller owns the result;
 * NULL when there is nothing more.
 */
static json_t *lossless_actions(const json_t *actions)
{
	if (!json_is_object(actions))
		return NULL;
	json_t *norm = normalised_actions(actions);
	const char *key;
	json_t *v;
	json_object_foreach(norm, key, v)
	{
		if (strcmp(key, adk_field_name(ADK_ESCALATE)) != 0 &&
		    strcmp(key, adk_field_name(ADK_TRANSFER_TO_AGENT)) != 0)
			return norm;
	}
	json_decref(norm);
	return NULL;
}

static void md_set_nonempty(json_t *md, const char *key, const char *s)
{
	if (nonempty(s))
		json_object_set_new(md, key, json_string(s));
}

/* A name whole, by its JSON length: "a\u0000evil" must not arrive as "a". */
static void md_set_name(json_t *md, const char *key, const json_t *name)
{
	if (name && json_string_length(name))
		json_object_set_new(
		    md, key,
		    json_stringn_nocheck(json_string_value(name), json_string_length(name)));
}

static int compare_keys(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* A copy of obj with its keys in bytewise order, as Go writes a map; steals obj. */
static json_t *sorted_keys(json_t *obj)
{
	size_t n = json_object_size(obj), i = 0;
	const char **keys = xmalloc((n ? n : 1) * sizeof *keys);
	const char *key;
	json_t *v;
	json_object_foreach(obj, key, v)
	{
		keys[i++] = key;
	}
	qsort(keys, n, sizeof *keys, compare_keys);
	json_t *out = json_object();
	for (i = 0; i < n; i++)
		json_object_set(out, keys[i], json_object_get(obj, keys[i]));
	free(keys);
	json_decref(obj);
	return out;
}

/*
 * Section 5's table, keys in Go's sorted order; with --lossless also
 * adk_actions, adk_error_message and adk_long_running_tool_ids, which Go
 * does not write.  Caller owns
 * the result; NULL when there is nothing to say.
 */
static json_t *message_metadata(const json_t *event, const struct a2a_message_options *o)
{
	json_t *md = json_object();
	json_t *actions = adk_get(event, ADK_ACTIONS);
	if (json_is_true(adk_get(actions, ADK_ESCALATE)))
		json_object_set_new(md, M_ESCALATE, json_true());
	md_set_nonempty(md, M_TRANSFER, adk_get_string(actions, ADK_TRANSFER_TO_AGENT));
	md_set_name(md, M_AUTHOR, event_author_string(event));
	md_set_nonempty(md, M_BRANCH, adk_get_string(event, ADK_BRANCH));
	md_set_name(md, M_INVOCATION_ID, event_invocation_id_string(event));
	md_set_nonempty(md, M_ERROR_CODE, adk_get_string(event, ADK_ERROR_CODE));
	for (size_t i = 0; i < NGENAI_OBJECTS; i++) {
		json_t *v = adk_get(event, genai_objects[i].field);
		if (v)
			json_object_set_new(md, genai_objects[i].key, adk_camel_copy(v, true));
	}
	/* User data: its keys are the user's, kept as they are. */
	json_t *custom = adk_get(event, ADK_CUSTOM_METADATA);
	if (custom)
		json_object_set(md, M_CUSTOM, custom);
	if (o->lossless) {
		json_t *more = lossless_actions(actions);
		if (more)
			json_object_set_new(md, M_ACTIONS, more);
		md_set_nonempty(md, M_ERROR_MESSAGE, adk_get_string(event, ADK_ERROR_MESSAGE));
		/* Go carries these only as adk_is_long_running on calls, which a Message
		 * does not turn back into longRunningToolIds. */
		json_t *lrt = adk_get(event, ADK_LONG_RUNNING_TOOL_IDS);
		if (json_is_array(lrt) && json_array_size(lrt))
			json_object_set(md, M_LONG_RUNNING_IDS, lrt);
	}
	if (!json_object_size(md)) {
		json_decref(md);
		return NULL;
	}
	return sorted_keys(md);
}

/* messageId, contextId and taskId (decision 4), in that order. */
static void message_ids(json_t *msg, const json_t *event, const struct a2a_message_options *o,
                        const char *fresh_id)
{
	const char *id = nonempty(adk_get_string(event, ADK_ID));
	json_object_set_new(msg, A_MESSAGE_ID, json_string(id ? id : fresh_id));
	json_t *custom = adk_get(event, ADK_CUSTOM_METADATA);
	const char *context_id = o->context_id, *task_id = o->task_id;
	if (o->ids_from_metadata) {
		if (!context_id)
			context_id = nonempty(string_member(custom, C_CONTEXT_ID));
		if (!task_id)
			task_id = nonempty(string_member(custom, C_TASK_ID));
	}
	if (context_id)
		json_object_set_new(msg, A_CONTEXT_ID, json_string(context_id));
	if (task_id)
		json_object_set_new(msg, A_TASK_ID, json_string(task_id));
}

/* The A2A parts of the event's content; NULL on bad input (section 12). */
static json_t *message_parts(const json_t *event, const struct a2a_message_options *o,
                             const char **why)
{
	json_t *content = adk_get(event, ADK_CONTENT);
	json_t *src = adk_get(content, ADK_PARTS);
	if (content && !json_is_object(content)) {
		*why = "content is not an object";
		return NULL;
	}
	if (src && !json_is_array(src)) {
		*why = "content.parts is not an array";
		return NULL;
	}
	json_t *lrt = adk_get(event, ADK_LONG_RUNNING_TOOL_IDS);
	json_t *parts = json_array();
	size_t i;
	json_t *part;
	json_array_foreach(src, i, part)
	{
		json_t *p = a2a_part_from_genai(part, lrt, o, why);
		if (!p) {
			json_decref(parts);
			return NULL;
		}
		json_array_append_new(parts, p);
	}
	return parts;
}

json_t *a2a_message_from_event(const json_t *event, const struct a2a_message_options *o,
                               const char *fresh_id, const char **why)
{
	*why = NULL;
	json_t *parts = message_parts(event, o, why);
	if (!parts)
		return NULL;
	json_t *msg = json_object();
	if (o->version == A2A_V03)
		json_object_set_new(msg, A_KIND, json_string(KIND_MESSAGE));
	message_ids(msg, event, o, fresh_id);
	bool user = event_is_user(event);
	json_object_set_new(msg, A_ROLE,
	                    json_string(o->version == A2A_V03
	                                    ? (user ? "user" : "agent")
	                                    : (user ? "ROLE_USER" : "ROLE_AGENT")));
	json_object_set_new(msg, A_PARTS, parts);
	json_t *md = message_metadata(event, o);
	if (md)
		json_object_set_new(msg, A_METADATA, md);
	return msg;
}

/* ------------------------------------------------------------ A2A -> ADK */

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

/* The content of an A2A part, normalised across 0.3 and 1.0. */
enum content_kind { C_TEXT, C_BYTES, C_URI, C_DATA };
struct part_content {
	enum content_kind kind;
	json_t *value; /* borrowed: the text, base64 text, uri, or data */
	const char *mime, *name;
	json_t *md; /* borrowed metadata object, or NULL */
};

/* A 0.3 file part: exactly one of bytes and uri (a2a-go v0's rules). */
static bool file_content_03(const json_t *part, struct part_content *c, const char **why)
{
	json_t *f = object_member(part, A_FILE);
	if (!f) {
		*why = "file part without a file object";
		return false;
	}
	const char *bytes = nonempty(string_member(f, A_BYTES));
	const char *uri = nonempty(string_member(f, A_URI));
	if (bytes && uri) {
		*why = "file part: bytes and uri cannot both be set";
		return false;
	}
	if (!bytes && !uri) {
		/*
		 * A lone empty bytes is zero bytes, as an empty 1.0 raw is (to-a2a
		 * writes it for empty inline data); beside a uri it is unset.
		 */
		if (!string_member(f, A_BYTES) || json_object_get(f, A_URI)) {
			*why = "file part: either bytes or uri must be set";
			return false;
		}
		bytes = "";
	}
	c->kind = bytes ? C_BYTES : C_URI;
	c->value = json_object_get(f, bytes ? A_BYTES : A_URI);
	c->mime = string_member(f, A_MIME_TYPE);
	c->name = string_member(f, A_NAME);
	return true;
}

/* A 0.3 part, named by its kind. */
static bool part_content_03(const json_t *part, const json_t *kind, struct part_content *c,
                            const char **why)
{
	const char *k = json_is_string(kind) ? json_string_value(kind) : "";
	if (strcmp(k, KIND_FILE) == 0)
		return file_content_03(part, c, why);
	if (strcmp(k, KIND_TEXT) == 0) {
		c->kind = C_TEXT;
		c->value = json_object_get(part, A_TEXT);
		if (!json_is_string(c->value)) {
			*why = "text part without a string text";
			return false;
		}
		return true;
	}
	if (strcmp(k, KIND_DATA) != 0) {
		*why = "unknown part kind";
		return false;
	}
	c->kind = C_DATA;
	c->value = json_object_get(part, A_DATA);
	if (!json_is_object(c->value)) {
		*why = "data part whose data is not an object";
		return false;
	}
	/* a2a-go's 1.0 -> 0.3 compat puts a non-object value under data.value. */
	if (true_member(c->md, M_DATA_PART_COMPAT) && json_object_get(c->value, A_VALUE))
		c->value = json_object_get(c->value, A_VALUE);
	return true;
}

/* A 1.0 part: exactly one content member; an empty url counts as absent. */
static bool part_content_10(const json_t *part, struct part_content *c, const char **why)
{
	int n = 0;
	json_t *v;
	if ((v = json_object_get(part, A_TEXT)) && !json_is_null(v)) {
		if (!json_is_string(v)) {
			*why = "text part without a string text";
			return false;
		}
		c->kind = C_TEXT, c->value = v, n++;
	}
	if ((v = json_object_get(part, A_RAW)) && !json_is_null(v)) {
		if (!json_is_string(v)) {
			*why = "invalid base64 in raw";
			return false;
		}
		c->kind = C_BYTES, c->value = v, n++;
	}
	if ((v = json_object_get(part, A_URL)) && !json_is_null(v) &&
	    !(json_is_string(v) && json_string_length(v) == 0)) {
		if (!json_is_string(v)) {
			*why = "url is not a string";
			return false;
		}
		c->kind = C_URI, c->value = v, n++;
	}
	if ((v = json_object_get(part, A_DATA)) && !json_is_null(v))
		c->kind = C_DATA, c->value = v, n++;
	if (n != 1) {
		*why = n ? "expected exactly one of text, raw, data, or url"
		         : "unknown part content type";
		return false;
	}
	c->mime = string_member(part, A_MEDIA_TYPE);
	c->name = string_member(part, A_FILENAME);
	return true;
}

static bool part_content(const json_t *part, struct part_content *c, const char **why)
{
	memset(c, 0, sizeof *c);
	if (!json_is_object(part)) {
		*why = "a part is not an object";
		return false;
	}
	c->md = object_member(part, A_METADATA);
	json_t *kind = json_object_get(part, A_KIND);
	return kind ? part_content_03(part, kind, c, why) : part_content_10(part, c, why);
}

/* Sets field (camelCase) of obj to value (stolen). */
static void set_field(json_t *obj, enum adk_field field, json_t *value)
{
	json_object_set_new(obj, adk_field_name(field), value);
}

static void set_signature(json_t *genai, const json_t *md)
{
	const char *sig = string_member(md, M_THOUGHT_SIGNATURE);
	if (sig)
		set_field(genai, ADK_THOUGHT_SIGNATURE, json_string(sig));
}

/*
 * Rules 2 and 3: a data part.  Typed data is that genai part; anything else
 * travels as tagged text/plain bytes, byte-exact with Go.  Caller owns the
 * result; NULL on bad input.
 */
static json_t *data_to_genai(const struct part_content *c, bool *long_running, const char **why)
{
	json_t *g = json_object();
	const char *type = string_member(c->md, M_TYPE);
	for (size_t i = 0; type && i < NTYPED; i++) {
		if (strcmp(type, typed_parts[i].type) != 0)
			continue;
		if (!json_is_object(c->value)) {
			json_decref(g);
			*why = "typed data part whose data is not an object";
			return NULL;
		}
		set_field(g, typed_parts[i].field, json_incref(c->value));
		if (typed_parts[i].field == ADK_FUNCTION_CALL) {
			set_signature(g, c->md);
			if (long_running)
				*long_running = true_member(c->md, M_IS_LONG_RUNNING);
		}
		return g;
	}
	struct strbuf text = STRBUF_INIT, b64 = STRBUF_INIT;
	strbuf_addstr(&text, TAG_OPEN);
	a2a_go_json(&text, c->value);
	strbuf_addstr(&text, TAG_CLOSE);
	base64_encode(&b64, text.buf, text.len);
	json_t *blob = json_object();
	set_field(blob, ADK_MIME_TYPE, json_string(TEXT_PLAIN));
	set_field(blob, ADK_DATA, json_stringn(b64.buf, b64.len));
	set_field(g, ADK_INLINE_DATA, blob);
	strbuf_release(&text);
	strbuf_release(&b64);
	return g;
}

/* Rule 4: bytes, re-encoded as standard base64.  Caller owns the result; NULL on bad input. */
static json_t *bytes_to_genai(const struct part_content *c, const char **why)
{
	struct strbuf bytes = STRBUF_INIT, b64 = STRBUF_INIT;
	if (!base64_decode(&bytes, json_string_value(c->value), json_string_length(c->value))) {
		strbuf_release(&bytes);
		*why = "invalid base64 in file bytes";
		return NULL;
	}
	base64_encode(&b64, bytes.buf ? bytes.buf : "", bytes.len);
	json_t *g = json_object();
	json_t *blob = json_object();
	set_field(blob, ADK_DATA, json_stringn(b64.buf ? b64.buf : "", b64.len));
	if (nonempty(c->mime))
		set_field(blob, ADK_MIME_TYPE, json_string(c->mime));
	if (nonempty(c->name))
		set_field(blob, ADK_DISPLAY_NAME, json_string(c->name));
	set_field(g, ADK_INLINE_DATA, blob);
	/* Extension: the video metadata Go and Python/JS send with inline bytes comes back. */
	json_t *video = object_member(c->md, M_VIDEO_METADATA_GO);
	if (!video)
		video = object_member(c->md, M_VIDEO_METADATA);
	if (video)
		set_field(g, ADK_VIDEO_METADATA, json_incref(video));
	strbuf_release(&bytes);
	strbuf_release(&b64);
	return g;
}

/* Rule 5: a uri.  Caller owns the result. */
static json_t *uri_to_genai(const struct part_content *c)
{
	json_t *g = json_object();
	json_t *fd = json_object();
	set_field(fd, ADK_FILE_URI, json_incref(c->value));
	if (nonempty(c->mime))
		set_field(fd, ADK_MIME_TYPE, json_string(c->mime));
	if (nonempty(c->name))
		set_field(fd, ADK_DISPLAY_NAME, json_string(c->name));
	set_field(g, ADK_FILE_DATA, fd);
	return g;
}

json_t *a2a_part_to_genai(const json_t *part, bool *long_running, const char **why)
{
	struct part_content c;
	*why = NULL;
	if (long_running)
		*long_running = false;
	if (!part_content(part, &c, why))
		return NULL;
	switch (c.kind) {
	case C_DATA:
		return data_to_genai(&c, long_running, why);
	case C_BYTES:
		return bytes_to_genai(&c, why);
	case C_URI:
		return uri_to_genai(&c);
	case C_TEXT:
		break;
	}
	/* Rule 1. */
	json_t *g = json_object();
	set_field(g, ADK_TEXT, json_incref(c.value));
	if (true_member(c.md, M_THOUGHT))
		set_field(g, ADK_THOUGHT, json_true());
	set_signature(g, c.md);
	return g;
}

/* Whether an A2A part is a text part with non-empty text (section 6.4). */
static const char *part_error_text(const json_t *part)
{
	struct part_content c;
	const char *why = NULL;
	if (!part_content(part, &c, &why) || c.kind != C_TEXT || json_string_length(c.value) == 0)
		return NULL;
	return json_string_value(c.value);
}

/*
 * Converts A2A parts (an array, or absent) starting at index from, appending
 * genai parts to out and long-running call ids to lrt (may be NULL).
 */
static bool convert_parts(const json_t *parts, size_t from, json_t *out, json_t *lrt,
                          const char **why)
{
	if (!parts || json_is_null(parts))
		return true;
	if (!json_is_array(parts)) {
		*why = "parts is not an array";
		return false;
	}
	for (size_t i = from; i < json_array_size(parts); i++) {
		bool lr = false;
		json_t *g = a2a_part_to_genai(json_array_get(parts, i), &lr, why);
		if (!g)
			return false;
		const char *id = nonempty(adk_get_string(adk_get(g, ADK_FUNCTION_CALL), ADK_ID));
		/* Decision: a long-running call without an id contributes nothing (as Python). */
		if (lr && id && lrt)
			json_array_append_new(lrt, json_string(id));
		json_array_append_new(out, g);
	}
	return true;
}

/* The metadata maps one produced event reads, in priority order (section 6.2). */
struct meta_maps {
	const json_t *general[2]; /* grounding, citation, usage, error code and message */
	const json_t *custom[2];  /* adk_custom_metadata */
	const json_t *actions[2]; /* adk_escalate, adk_transfer_to_agent, adk_actions */
};

static json_t *lookup(const json_t *const maps[2], const char *key)
{
	for (int i = 0; i < 2; i++) {
		json_t *v = json_object_get(maps[i], key);
		if (v && !json_is_null(v))
			return v;
	}
	return NULL;
}

/* What an A2A object contributes to its event, gathered before the event is built. */
struct body {
	json_t *parts; /* genai parts */
	json_t *lrt;   /* long-running ids */
	bool user_role;
	bool partial;
	bool turn_complete;
	const char *error_message;
	const char *task_id, *context_id;
	struct meta_maps maps;
};

static json_t *peer_actions(const struct meta_maps *m)
{
	json_t *actions = json_object();
	/* Extension: a whole EventActions object (Python's adk_actions) comes back whole. */
	json_t *whole = object_or_json_string(lookup(m->actions, M_ACTIONS));
	if (whole) {
		json_t *norm = normalised_actions(whole);
		json_object_update(actions, norm);
		json_decref(norm);
		json_decref(whole);
	}
	json_t *escalate = lookup(m->actions, M_ESCALATE);
	if (json_is_boolean(escalate)) {
		if (json_is_true(escalate))
			set_field(actions, ADK_ESCALATE, json_true());
		else
			json_object_del(actions, adk_field_name(ADK_ESCALATE));
	}
	json_t *transfer = lookup(m->actions, M_TRANSFER);
	if (json_is_string(transfer)) {
		if (json_string_length(transfer))
			set_field(actions, ADK_TRANSFER_TO_AGENT, json_incref(transfer));
		else
			json_object_del(actions, adk_field_name(ADK_TRANSFER_TO_AGENT));
	}
	return actions;
}

static json_t *build_body(struct body *b, const struct a2a_event_options *opts)
{
	json_t *ev = json_object();
	const struct meta_maps *m = &b->maps;
	if (json_array_size(b->parts)) {
		json_t *content = json_object();
		set_field(content, ADK_ROLE, json_string(b->user_role ? "user" : "model"));
		set_field(content, ADK_PARTS, json_incref(b->parts));
		set_field(ev, ADK_CONTENT, content);
	}
	if (b->partial)
		set_field(ev, ADK_PARTIAL, json_true());
	if (b->turn_complete)
		set_field(ev, ADK_TURN_COMPLETE, json_true());
	json_t *code = lookup(m->general, M_ERROR_CODE);
	/* An empty string is a default value: left out, as ADK leaves it out. */
	if (json_is_string(code) && json_string_length(code))
		set_field(ev, ADK_ERROR_CODE, json_incref(code));
	const char *error_message = b->error_message;
	if (!error_message)
		error_message = nonempty(string_member(m->general[0], M_ERROR_MESSAGE));
	if (!error_message)
		error_message = nonempty(string_member(m->general[1], M_ERROR_MESSAGE));
	if (error_message)
		set_field(ev, ADK_ERROR_MESSAGE, json_string(error_message));
	if (b->lrt && json_array_size(b->lrt))
		set_field(ev, ADK_LONG_RUNNING_TOOL_IDS, json_incref(b->lrt));

	json_t *custom = json_object();
	if (nonempty(b->task_id))
		json_object_set_new(custom, C_TASK_ID, json_string(b->task_id));
	if (nonempty(b->context_id))
		json_object_set_new(custom, C_CONTEXT_ID, json_string(b->context_id));
	json_t *peer = object_or_json_string(lookup(m->custom, M_CUSTOM));
	if (peer)
		json_object_update(custom, peer);
	json_decref(peer);
	if (json_object_size(custom))
		set_field(ev, ADK_CUSTOM_METADATA, custom);
	else
		json_decref(custom);

	for (size_t i = 0; i < NGENAI_OBJECTS; i++) {
		json_t *v = lookup(m->general, genai_objects[i].key);
		if (json_is_object(v))
			set_field(ev, genai_objects[i].field, json_incref(v));
	}
	if (!opts->no_peer_actions) {
		json_t *actions = peer_actions(m);
		if (json_object_size(actions))
			set_field(ev, ADK_ACTIONS, actions);
		else
			json_decref(actions);
	}
	return ev;
}

static void body_release(struct body *b)
{
	json_decref(b->parts);
	json_decref(b->lrt);
}

/*
 * Section 6.4: a failed state's error text is the status message's first
 * part when it is non-empty text; *skip_first says whether that part is
 * only the error (marked adk_is_error_message) and leaves the content.
 */
static const char *failed_text(const json_t *msg_parts, bool *skip_first)
{
	json_t *first = json_is_array(msg_parts) ? json_array_get(msg_parts, 0) : NULL;
	const char *text = first ? part_error_text(first) : NULL;
	*skip_first = false;
	if (!text)
		return FAILED_TEXT;
	*skip_first = true_member(object_member(first, A_METADATA), M_IS_ERROR_MESSAGE);
	return text;
}

static json_t *task_body(const struct a2a_object *o, const struct a2a_event_options *opts,
                         const char **why)
{
	struct body b = {0};
	json_t *status = object_member(o->obj, A_STATUS);
	json_t *msg = object_member(status, A_MESSAGE);
	json_t *msg_parts = json_object_get(msg, A_PARTS);
	json_t *md = object_member(o->obj, A_METADATA);
	b.parts = json_array();
	b.lrt = json_array();
	json_t *artifacts = json_object_get(o->obj, A_ARTIFACTS);
	if (artifacts && !json_is_null(artifacts) && !json_is_array(artifacts)) {
		*why = "artifacts is not an array";
		goto fail;
	}
	size_t i;
	json_t *artifact;
	json_array_foreach(artifacts, i, artifact)
	{
		if (!json_is_object(artifact)) {
			*why = "an artifact is not an object";
			goto fail;
		}
		if (!convert_parts(json_object_get(artifact, A_PARTS), 0, b.parts, b.lrt, why))
			goto fail;
	}
	bool skip_first = false;
	if (o->state == A2A_STATE_FAILED)
		b.error_message = failed_text(msg_parts, &skip_first);
	if (!convert_parts(msg_parts, skip_first ? 1 : 0, b.parts, b.lrt, why))
		goto fail;
	bool final = a2a_state_is_terminal(o->state) || o->state == A2A_STATE_INPUT_REQUIRED;
	if (!json_array_size(b.parts) && !final) {
		body_release(&b);
		return NULL;
	}
	if (o->state != A2A_STATE_INPUT_REQUIRED)
		json_array_clear(b.lrt);
	b.turn_complete = final;
	b.task_id = string_member(o->obj, A_ID);
	b.context_id = string_member(o->obj, A_CONTEXT_ID);
	/* A Task's metadata is task.metadata alone: artifacts and status message are ignored. */
	b.maps = (struct meta_maps){{md, NULL}, {md, NULL}, {md, NULL}};
	json_t *ev = build_body(&b, opts);
	body_release(&b);
	return ev;
fail:
	body_release(&b);
	return NULL;
}

static json_t *status_body(const struct a2a_object *o, const struct a2a_event_options *opts,
                           const char **why)
{
	struct body b = {0};
	json_t *status = object_member(o->obj, A_STATUS);
	json_t *msg = object_member(status, A_MESSAGE);
	json_t *msg_parts = json_object_get(msg, A_PARTS);
	json_t *md = object_member(o->obj, A_METADATA);
	json_t *msg_md = object_member(msg, A_METADATA);
	b.parts = json_array();
	b.task_id = string_member(o->obj, A_TASK_ID);
	b.context_id = string_member(o->obj, A_CONTEXT_ID);
	if (o->final) {
		b.lrt = json_array();
		bool skip_first = false;
		if (o->state == A2A_STATE_FAILED)
			b.error_message = failed_text(msg_parts, &skip_first);
		if (!convert_parts(msg_parts, skip_first ? 1 : 0, b.parts, b.lrt, why))
			goto fail;
		b.turn_complete = true;
		/* Go reads a final update's event.metadata only, never its message's. */
		b.maps = (struct meta_maps){{md, NULL}, {md, NULL}, {md, NULL}};
	} else {
		if (!msg)
			goto none;
		if (!convert_parts(msg_parts, 0, b.parts, NULL, why))
			goto fail;
		if (!json_array_size(b.parts))
			goto none;
		/* Progress reports become thoughts: Go HEAD marks the text parts. */
		size_t i;
		json_t *g;
		json_array_foreach(b.parts, i, g)
		{
			if (adk_get(g, ADK_TEXT))
				set_field(g, ADK_THOUGHT, json_true());
		}
		b.partial = true;
		b.maps = (struct meta_maps){{md, msg_md}, {md, NULL}, {md, NULL}};
	}
	json_t *ev = build_body(&b, opts);
	body_release(&b);
	return ev;
none:
	body_release(&b);
	return NULL;
fail:
	body_release(&b);
	return NULL;
}

static json_t *artifact_body(const struct a2a_object *o, const struct a2a_event_options *opts,
                             const char **why)
{
	struct body b = {0};
	json_t *artifact = json_object_get(o->obj, A_ARTIFACT);
	if (!json_is_object(artifact)) {
		*why = "artifact-update without an artifact object";
		return NULL;
	}
	json_t *parts = json_object_get(artifact, A_PARTS);
	if (parts && !json_is_null(parts) && !json_is_array(parts)) {
		*why = "parts is not an array";
		return NULL;
	}
	/* Go's server resets its ephemeral partial artifact with this marker. */
	if (!json_array_size(parts) || (o->adk_partial == 1 && o->last_chunk))
		return NULL;
	json_t *md = object_member(o->obj, A_METADATA);
	json_t *art_md = object_member(artifact, A_METADATA);
	b.parts = json_array();
	b.lrt = json_array();
	if (!convert_parts(parts, 0, b.parts, b.lrt, why)) {
		body_release(&b);
		return NULL;
	}
	b.partial = o->adk_partial >= 0 ? o->adk_partial == 1 : o->append || !o->last_chunk;
	b.task_id = string_member(o->obj, A_TASK_ID);
	b.context_id = string_member(o->obj, A_CONTEXT_ID);
	/* The artifact's metadata wins, but actions come from event.metadata only (Go). */
	b.maps = (struct meta_maps){{art_md, md}, {art_md, md}, {md, NULL}};
	json_t *ev = build_body(&b, opts);
	body_release(&b);
	return ev;
}

/*
 * The ids to-a2a --lossless writes as adk_long_running_tool_ids, which no
 * ADK peer sends: non-empty strings only.  Caller owns the result; NULL when
 * there are none.
 */
static json_t *lossless_long_running_ids(const json_t *md)
{
	json_t *ids = json_object_get(md, M_LONG_RUNNING_IDS);
	json_t *out = NULL;
	size_t i;
	json_t *id;
	json_array_foreach(ids, i, id)
	{
		if (!json_is_string(id) || !json_string_length(id))
			continue;
		if (!out)
			out = json_array();
		json_array_append(out, id);
	}
	return out;
}

static json_t *message_body(const struct a2a_object *o, const struct a2a_event_options *opts,
                            const char **why)
{
	struct body b = {0};
	json_t *md = object_member(o->obj, A_METADATA);
	b.parts = json_array();
	/* A Message never sets longRunningToolIds, whatever its parts say (section 6.3). */
	if (!convert_parts(json_object_get(o->obj, A_PARTS), 0, b.parts, NULL, why)) {
		body_release(&b);
		return NULL;
	}
	b.lrt = lossless_long_running_ids(md);
	const char *role = string_member(o->obj, A_ROLE);
	b.user_role = role && (strcasecmp(role, "user") == 0 || strcasecmp(role, "ROLE_USER") == 0);
	b.turn_complete = true;
	b.task_id = string_member(o->obj, A_TASK_ID);
	b.context_id = string_member(o->obj, A_CONTEXT_ID);
	b.maps = (struct meta_maps){{md, NULL}, {md, NULL}, {md, NULL}};
	json_t *ev = build_body(&b, opts);
	body_release(&b);
	return ev;
}

static json_t *rpc_error_body(const struct a2a_object *o)
{
	const char *text = string_member(o->obj, A_MESSAGE);
	char fallback[64];
	if (!text) {
		json_t *code = json_object_get(o->obj, A_CODE);
		if (json_is_integer(code))
			snprintf(fallback, sizeof fallback, "JSON-RPC error %" JSON_INTEGER_FORMAT,
			         json_integer_value(code));
		else
			snprintf(fallback, sizeof fallback, "JSON-RPC error");
		text = fallback;
	}
	json_t *ev = json_object();
	set_field(ev, ADK_TURN_COMPLETE, json_true());
	set_field(ev, ADK_ERROR_MESSAGE, json_string(text));
	json_t *custom = json_object();
	json_object_set_new(custom, C_ERROR, json_string(text));
	set_field(ev, ADK_CUSTOM_METADATA, custom);
	return ev;
}

json_t *a2a_event_body(const struct a2a_object *o, const struct a2a_event_options *opts,
                       const char **why)
{
	*why = NULL;
	switch (o->kind) {
	case A2A_MESSAGE:
		return message_body(o, opts, why);
	case A2A_TASK:
		return task_body(o, opts, why);
	case A2A_STATUS_UPDATE:
		return status_body(o, opts, why);
	case A2A_ARTIFACT_UPDATE:
		return artifact_body(o, opts, why);
	case A2A_RPC_ERROR:
		return rpc_error_body(o);
	}
	return NULL;
}

json_t *a2a_event_finish(json_t *body, const struct a2a_event_options *opts, const char *id,
                         const double *ts)
{
	json_t *ev = json_object();
	if (id)
		set_field(ev, ADK_ID, json_string(id));
	set_field(ev, ADK_INVOCATION_ID, json_string(opts->invocation_id));
	set_field(ev, ADK_AUTHOR, json_string(opts->author));
	if (nonempty(opts->branch))
		set_field(ev, ADK_BRANCH, json_string(opts->branch));
	if (ts)
		set_field(ev, ADK_TIMESTAMP, json_real(*ts));
	json_object_update(ev, body);
	json_decref(body);
	return ev;
}

/* Reads exactly n digits at *p. */
static bool digits(const char **p, int n, long *out)
{
	long v = 0;
	for (int i = 0; i < n; i++) {
		char c = (*p)[i];
		if (c < '0' || c > '9')
			return false;
		v = v * 10 + (c - '0');
	}
	*p += n;
	*out = v;
	return true;
}

/* Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm). */
static long days_from_civil(long y, long m, long d)
{
	y -= m <= 2;
	long era = (y >= 0 ? y : y - 399) / 400;
	long yoe = y - era * 400;
	long doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + doe - 719468;
}

bool a2a_parse_time(const char *s, double *seconds)
{
	long y, mo, d, h, mi, se;
	const char *p = s;
	if (!s || !digits(&p, 4, &y) || *p++ != '-' || !digits(&p, 2, &mo) || *p++ != '-' ||
	    !digits(&p, 2, &d))
		return false;
	if (*p != 'T' && *p != 't' && *p != ' ')
		return false;
	p++;
	if (!digits(&p, 2, &h) || *p++ != ':' || !digits(&p, 2, &mi) || *p++ != ':' ||
	    !digits(&p, 2, &se))
		return false;
	if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || se > 60)
		return false;
	double frac = 0, scale = 0.1;
	if (*p == '.') {
		p++;
		if (*p < '0' || *p > '9')
			return false;
		while (*p >= '0' && *p <= '9') {
			frac += (*p++ - '0') * scale;
			scale /= 10;
		}
	}
	long offset = 0;
	if (*p == 'Z' || *p == 'z') {
		p++;
	} else if (*p == '+' || *p == '-') {
		int sign = *p++ == '-' ? -1 : 1;
		long oh, om;
		if (!digits(&p, 2, &oh) || *p++ != ':' || !digits(&p, 2, &om) || oh > 23 || om > 59)
			return false;
		offset = sign * (oh * 3600 + om * 60);
	} else {
		return false;
	}
	if (*p)
		return false;
	long days = days_from_civil(y, mo, d);
	*seconds = (double)(days * 86400 + h * 3600 + mi * 60 + se - offset) + frac;
	return true;
}

void a2a_uuid(char out[37])
{
	unsigned char b[16];
	size_t got = 0;
	while (got < sizeof b) {
		ssize_t n = getrandom(b + got, sizeof b - got, 0);
		if (n > 0) {
			got += (size_t)n;
			continue;
		}
		if (n < 0 && errno == EINTR)
			continue;
		/* No getrandom (old kernel): the device it stands for. */
		int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
		if (fd < 0 || read(fd, b, sizeof b) != (ssize_t)sizeof b) {
			warnx_msg("cannot read /dev/urandom");
			exit(EXIT_OSERR);
		}
		close(fd);
		got = sizeof b;
	}
	b[6] = (unsigned char)((b[6] & 0x0f) | 0x40);
	b[8] = (unsigned char)((b[8] & 0x3f) | 0x80);
	static const char hex[] = "0123456789abcdef";
	char *p = out;
	for (int i = 0; i < 16; i++) {
		if (i == 4 || i == 6 || i == 8 || i == 10)
			*p++ = '-';
		*p++ = hex[b[i] >> 4];
		*p++ = hex[b[i] & 15];
	}
	*p = '\0';
}
