/*
 * a2a_out.c - ADK to Agent2Agent, the mapping of to-a2a: a genai part
 * becomes an A2A part (a2a.md section 3) and an ADK event an A2A Message
 * (section 5), in the 0.3 or the 1.0 wire form.  The rules follow ADK Go
 * (server/adka2a); --lossless adds what Go leaves out.
 */
#include "adk/a2a.h"

#include "adk/a2a_wire.h"
#include "adk/base64.h"
#include "adk/event.h"

#include <stdlib.h>
#include <string.h>

/* Sets key to value (stolen) in *md, creating the map on first use. */
static void md_set(json_t **md, const char *key, json_t *value)
{
	if (!*md)
		*md = json_object();
	json_object_set_new(*md, key, value);
}

/*
 * A part of one member: 0.3's kind, the member (value stolen), and the
 * metadata (stolen; NULL for none), in that order.  Caller owns the result.
 */
static json_t *a2a_part(enum a2a_version v, const char *kind, const char *member, json_t *value,
                        json_t *md)
{
	json_t *p = json_object();
	if (v == A2A_V03)
		json_object_set_new(p, A_KIND, json_string(kind));
	json_object_set_new(p, member, value);
	if (md)
		json_object_set_new(p, A_METADATA, md);
	return p;
}

static json_t *a2a_text_part(enum a2a_version v, json_t *text, json_t *md)
{
	return a2a_part(v, KIND_TEXT, A_TEXT, text, md);
}

static json_t *a2a_data_part(enum a2a_version v, json_t *data, json_t *md)
{
	return a2a_part(v, KIND_DATA, A_DATA, data, md);
}

/*
 * A FilePart with bytes (base64 text) or a uri; empty mime and name are
 * left out.  0.3 holds them in a file object, 1.0 in the part itself.
 */
static json_t *a2a_file_part(enum a2a_version v, bool bytes, json_t *content, const char *mime,
                             const char *name, json_t *md)
{
	bool v03 = v == A2A_V03;
	json_t *f = json_object();
	json_object_set_new(f, v03 ? (bytes ? A_BYTES : A_URI) : (bytes ? A_RAW : A_URL), content);
	if (nonempty(mime))
		json_object_set_new(f, v03 ? A_MIME_TYPE : A_MEDIA_TYPE, json_string(mime));
	if (nonempty(name))
		json_object_set_new(f, v03 ? A_NAME : A_FILENAME, json_string(name));
	if (v03)
		return a2a_part(v, KIND_FILE, A_FILE, f, md);
	if (md)
		json_object_set_new(f, A_METADATA, md);
	return f;
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
	for (size_t i = 0; i < A2A_NTYPED; i++) {
		json_t *sub = adk_get(part, a2a_typed_parts[i].field);
		if (!sub)
			continue;
		if (!json_is_object(sub)) {
			*why = "a function call, function response or code part is not an object";
			return NULL;
		}
		json_t *md = json_object();
		if (a2a_typed_parts[i].field == ADK_FUNCTION_CALL) {
			bool lr = id_in(lrt_ids, adk_get(sub, ADK_ID));
			json_object_set_new(md, M_IS_LONG_RUNNING, json_boolean(lr));
			const char *signature = adk_get_string(part, ADK_THOUGHT_SIGNATURE);
			if (signature && o->lossless)
				json_object_set_new(md, M_THOUGHT_SIGNATURE,
				                    json_string(signature));
		}
		json_object_set_new(md, M_TYPE, json_string(a2a_typed_parts[i].type));
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
	for (size_t i = 0; i < A2A_NTYPED; i++)
		other = other || adk_get(part, a2a_typed_parts[i].field);
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
	json_t *norm = a2a_normalised_actions(actions);
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

/* v (may be NULL: absent) as adk_event_members says it: null for absent. */
static json_t *member_or_null(const json_t *v)
{
	return v ? json_incref((json_t *)v) : json_null();
}

/*
 * The content role from-a2a gives a Message's event is user for the user's
 * message, else model, and none when no part comes back.  When the event's
 * role (NULL: none) is another, the role to write in adk_event_members's
 * content, a new reference; else NULL.
 */
static json_t *unexpected_role(const json_t *event)
{
	json_t *content = adk_get(event, ADK_CONTENT);
	json_t *role = adk_get(content, ADK_ROLE);
	json_t *parts = adk_get(content, ADK_PARTS);
	if (role && json_is_null(role))
		role = NULL;
	if (!json_is_array(parts) || !json_array_size(parts))
		return role ? json_incref(role) : NULL;
	const char *expected = event_is_user(event) ? "user" : "model";
	if (json_is_string(role) && strcmp(json_string_value(role), expected) == 0)
		return NULL;
	return member_or_null(role);
}

/*
 * Where the event is not what from-a2a makes of a Message on its own:
 * turnComplete, true there, written as the event has it (null: absent);
 * the content role (unexpected_role) as content.role; and an id,
 * invocationId, author or branch that is the empty string, for which
 * from-a2a would name the event itself.
 */
static void message_defaults(json_t *out, const json_t *event)
{
	json_t *tc = adk_get(event, ADK_TURN_COMPLETE);
	if (!json_is_true(tc))
		json_object_set_new(out, adk_field_name(ADK_TURN_COMPLETE), member_or_null(tc));
	json_t *role = unexpected_role(event);
	if (role)
		json_object_set_new(out, adk_field_name(ADK_CONTENT),
		                    json_pack("{s:o}", adk_field_name(ADK_ROLE), role));
	for (size_t i = 0; i < A2A_NEVENT_NAMES; i++) {
		json_t *v = adk_get(event, a2a_event_names[i]);
		if (json_is_string(v) && !json_string_length(v))
			json_object_set_new(out, adk_field_name(a2a_event_names[i]),
			                    json_string(""));
	}
}

/*
 * The members of a2a_event_members the event has, under the names from-a2a
 * writes (genai objects, the transcriptions, in camelCase at every level),
 * and message_defaults().  Caller owns the result; NULL when there are none.
 */
static json_t *event_members(const json_t *event)
{
	json_t *out = json_object();
	for (size_t i = 0; i < A2A_NEVENT_MEMBERS; i++) {
		json_t *v = adk_get(event, a2a_event_members[i]);
		if (v)
			json_object_set_new(out, adk_field_name(a2a_event_members[i]),
			                    adk_camel_copy(v, true));
	}
	message_defaults(out, event);
	if (json_object_size(out))
		return out;
	json_decref(out);
	return NULL;
}

/*
 * Section 5's table, keys in Go's sorted order; with --lossless also
 * adk_actions, adk_error_message, adk_event_id, adk_event_members,
 * adk_long_running_tool_ids, adk_node_info and adk_timestamp, which Go does
 * not write.  Caller owns the result; NULL
 * when there is nothing to say.
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
	for (size_t i = 0; i < A2A_NGENAI_OBJECTS; i++) {
		json_t *v = adk_get(event, a2a_genai_objects[i].field);
		if (v)
			json_object_set_new(md, a2a_genai_objects[i].key, adk_camel_copy(v, true));
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
		/* ADK Python's key for the id, and ours for the time, as the event has it. */
		json_t *id = adk_get(event, ADK_ID);
		md_set_name(md, M_EVENT_ID, json_is_string(id) ? id : NULL);
		json_t *ts = adk_get(event, ADK_TIMESTAMP);
		if (json_is_number(ts))
			json_object_set(md, M_TIMESTAMP, ts);
		/* An ADK 2.x workflow node's nodeInfo, in camelCase as from-a2a writes events. */
		json_t *node = adk_get(event, ADK_NODE_INFO);
		if (json_is_object(node))
			json_object_set_new(md, M_NODE_INFO, adk_camel_copy(node, true));
		json_t *members = event_members(event);
		if (members)
			json_object_set_new(md, M_EVENT_MEMBERS, members);
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

/*
 * An ADK 2.x event's output (a workflow node's result, any JSON value) as
 * a DataPart marked adk_type "output", and adk_node_path, the node that
 * gave it, when nodeInfo names one.  No ADK maps it; 1.0 data takes any
 * value, 0.3 only an object, so 0.3 holds any other under data.value with
 * data_part_compat, as a2a-go's 1.0 -> 0.3 layer does.  Caller owns the
 * result; NULL when the event has no output.
 */
static json_t *output_part(const json_t *event, enum a2a_version v)
{
	json_t *output = adk_get(event, ADK_OUTPUT);
	if (!output || json_is_null(output))
		return NULL;
	json_t *md = json_object();
	json_t *data = json_deep_copy(output);
	if (v == A2A_V03 && !json_is_object(output)) {
		data = json_pack("{s:o}", A_VALUE, data);
		json_object_set_new(md, M_DATA_PART_COMPAT, json_true());
	}
	md_set_name(md, M_NODE_PATH, event_node_path(event));
	json_object_set_new(md, M_TYPE, json_string(T_OUTPUT));
	return a2a_data_part(v, data, sorted_keys(md));
}

/* The A2A parts of the event's content, then its output; NULL on bad input (section 12). */
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
	json_t *output = output_part(event, o->version);
	if (output)
		json_array_append_new(parts, output);
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
	                                    ? (user ? ROLE_USER_03 : ROLE_AGENT_03)
	                                    : (user ? ROLE_USER_10 : ROLE_AGENT_10)));
	json_object_set_new(msg, A_PARTS, parts);
	json_t *md = message_metadata(event, o);
	if (md)
		json_object_set_new(msg, A_METADATA, md);
	return msg;
}
