/*
 * a2a_in.c - Agent2Agent to ADK, the mapping of from-a2a: an A2A part,
 * 0.3 or 1.0, becomes a genai part (a2a.md section 4), and a recognised
 * A2A object (a2a_envelope.c) the body of zero or one ADK event (sections
 * 6.2 to 6.4), which a2a_event_finish() stamps.  The rules follow ADK Go
 * (ToSessionEvent); the extensions marked in a2a.md read what Python and
 * JS peers send.
 */
#include "adk/a2a.h"

#include "adk/a2a_wire.h"
#include "adk/base64.h"
#include "adk/event.h"
#include "write/json.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

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

void a2a_go_json(struct strbuf *sb, const json_t *v)
{
	struct json_writer w;
	jw_init_buf(&w, sb, JW_GO | JW_SORTED);
	jw_value(&w, v);
	jw_release(&w);
}

/* ------------------------------------------------------------------- parts */

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
	for (size_t i = 0; type && i < A2A_NTYPED; i++) {
		if (strcmp(type, a2a_typed_parts[i].type) != 0)
			continue;
		if (!json_is_object(c->value)) {
			json_decref(g);
			*why = "typed data part whose data is not an object";
			return NULL;
		}
		set_field(g, a2a_typed_parts[i].field, json_incref(c->value));
		if (a2a_typed_parts[i].field == ADK_FUNCTION_CALL) {
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
 * The value of a DataPart to-a2a made of an ADK 2.x event's output (adk_type
 * "output"), borrowed from the part; NULL for any other part.
 */
static json_t *output_of(const json_t *part)
{
	struct part_content c;
	const char *why = NULL;
	if (!part_content(part, &c, &why) || c.kind != C_DATA)
		return NULL;
	const char *type = string_member(c.md, M_TYPE);
	return type && strcmp(type, T_OUTPUT) == 0 ? c.value : NULL;
}

/*
 * Converts A2A parts (an array, or absent) starting at index from, appending
 * genai parts to out and long-running call ids to lrt (may be NULL).  An
 * output part becomes the event's output, *output (a new reference; the
 * last one wins), and no genai part.
 */
static bool convert_parts(const json_t *parts, size_t from, json_t *out, json_t *lrt,
                          json_t **output, const char **why)
{
	if (!parts || json_is_null(parts))
		return true;
	if (!json_is_array(parts)) {
		*why = "parts is not an array";
		return false;
	}
	for (size_t i = from; i < json_array_size(parts); i++) {
		json_t *value = output_of(json_array_get(parts, i));
		if (value) {
			json_decref(*output);
			*output = json_deep_copy(value);
			continue;
		}
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

/* ------------------------------------------------------------------ events */

/* A failed state's error text when its status message gives none (section 6.4). */
#define FAILED_TEXT "a2a task failed"

/* The metadata maps one produced event reads, in priority order (section 6.2). */
struct meta_maps {
	const json_t *general[2]; /* grounding, citation, usage, error code and message */
	const json_t *custom[2];  /* adk_custom_metadata */
	const json_t *actions[2]; /* adk_escalate, adk_transfer_to_agent, adk_actions */
};

/* Every map the object's own metadata alone, as for a Message, a Task and a final update. */
static struct meta_maps metadata_alone(const json_t *md)
{
	return (struct meta_maps){{md, NULL}, {md, NULL}, {md, NULL}};
}

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
	json_t *lrt;   /* long-running ids, or NULL where the object gives none */
	bool user_role;
	bool partial;
	bool turn_complete;
	const char *error_message;
	const char *task_id, *context_id;
	struct meta_maps maps;
	const json_t *identity; /* a Message's metadata: who wrote the event, and when */
	json_t *output;         /* an ADK 2.x event's output (to-a2a's output part), or NULL */
};

/* A body for obj with no parts yet, and obj's ids: its task's is the member task_key. */
static void body_init(struct body *b, const json_t *obj, const char *task_key)
{
	*b = (struct body){.parts = json_array()};
	b->task_id = string_member(obj, task_key);
	b->context_id = string_member(obj, A_CONTEXT_ID);
}

/* Releases b; returns NULL, the body of an object that converts to nothing or is bad. */
static json_t *body_drop(struct body *b)
{
	json_decref(b->parts);
	json_decref(b->lrt);
	json_decref(b->output);
	return NULL;
}

static json_t *peer_actions(const struct meta_maps *m)
{
	json_t *actions = json_object();
	/* Extension: a whole EventActions object (Python's adk_actions) comes back whole. */
	json_t *whole = object_or_json_string(lookup(m->actions, M_ACTIONS));
	if (whole) {
		json_t *norm = a2a_normalised_actions(whole);
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

/* errorCode and errorMessage: the object's own error text first, then the metadata's. */
static void set_errors(json_t *ev, const struct body *b)
{
	const struct meta_maps *m = &b->maps;
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
}

/* customMetadata: the A2A ids overlaid with the peer's own; caller owns it, NULL when empty. */
static json_t *custom_metadata(const struct body *b)
{
	json_t *custom = json_object();
	if (nonempty(b->task_id))
		json_object_set_new(custom, C_TASK_ID, json_string(b->task_id));
	if (nonempty(b->context_id))
		json_object_set_new(custom, C_CONTEXT_ID, json_string(b->context_id));
	json_t *peer = object_or_json_string(lookup(b->maps.custom, M_CUSTOM));
	if (peer)
		json_object_update(custom, peer);
	json_decref(peer);
	if (json_object_size(custom))
		return custom;
	json_decref(custom);
	return NULL;
}

/*
 * The event's id, invocation, author, branch, time and workflow node, where
 * a Message's metadata says them: adkev to-a2a writes them all (adk_event_id,
 * adk_timestamp and adk_node_info with --lossless), ADK Go and JS the
 * invocation, author and branch.  Without
 * them the options name the event, as Go's rule is.  Only
 * a Message is read so: a server's task updates carry the last event's
 * names (Python's adk_event_id too, which two events would then share), and
 * are the remote agent's work, named after it.
 */
static void set_identity(json_t *ev, const json_t *md)
{
	static const struct {
		const char *key;
		enum adk_field field;
	} names[] = {
	    {M_EVENT_ID, ADK_ID},
	    {M_INVOCATION_ID, ADK_INVOCATION_ID},
	    {M_AUTHOR, ADK_AUTHOR},
	    {M_BRANCH, ADK_BRANCH},
	};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		json_t *v = json_object_get(md, names[i].key);
		/* Kept whole, by its JSON length: "a\u0000evil" must not become "a". */
		if (json_is_string(v) && json_string_length(v))
			set_field(ev, names[i].field, json_incref(v));
	}
	json_t *ts = json_object_get(md, M_TIMESTAMP);
	if (json_is_number(ts))
		set_field(ev, ADK_TIMESTAMP, json_incref(ts));
	json_t *node = object_member(md, M_NODE_INFO);
	if (node)
		set_field(ev, ADK_NODE_INFO, json_deep_copy(node));
}

/*
 * What to-a2a --lossless says in adk_event_members of where the event is
 * not what a Message makes on its own: turnComplete and content.role
 * replace the Message's (null: the event has none), and an empty id,
 * invocationId, author or branch is kept, as the options' defaults would
 * replace it.
 */
static void set_message_defaults(json_t *ev, const json_t *members)
{
	const char *name = adk_field_name(ADK_TURN_COMPLETE);
	json_t *v = json_object_get(members, name);
	if (json_is_null(v))
		json_object_del(ev, name);
	else if (v)
		json_object_set(ev, name, v);
	json_t *said = object_member(members, adk_field_name(ADK_CONTENT));
	const char *role = adk_field_name(ADK_ROLE);
	v = json_object_get(said, role);
	json_t *content = adk_get(ev, ADK_CONTENT);
	if (json_is_null(v) && json_is_object(content)) {
		json_object_del(content, role);
	} else if (v && !json_is_null(v)) {
		if (!json_is_object(content)) {
			content = json_object();
			set_field(ev, ADK_CONTENT, content);
		}
		json_object_set(content, role, v);
	}
	for (size_t i = 0; i < A2A_NEVENT_NAMES; i++) {
		v = json_object_get(members, adk_field_name(a2a_event_names[i]));
		if (json_is_string(v) && !adk_get(ev, a2a_event_names[i]))
			set_field(ev, a2a_event_names[i], json_incref(v));
	}
}

/*
 * The members to-a2a --lossless keeps in a Message's adk_event_members
 * (a2a_event_members), set where the event has none of its own by then,
 * and set_message_defaults().
 */
static void set_event_members(json_t *ev, const json_t *md)
{
	json_t *members = object_member(md, M_EVENT_MEMBERS);
	if (!members)
		return;
	for (size_t i = 0; i < A2A_NEVENT_MEMBERS; i++) {
		const char *name = adk_field_name(a2a_event_members[i]);
		json_t *v = json_object_get(members, name);
		if (v && !json_is_null(v) && !adk_get(ev, a2a_event_members[i]))
			json_object_set(ev, name, v);
	}
	set_message_defaults(ev, members);
}

/* The event body of what b gathered (section 6.2); releases b.  Caller owns the result. */
static json_t *body_finish(struct body *b, const struct a2a_event_options *opts)
{
	json_t *ev = json_object();
	set_identity(ev, b->identity);
	if (json_array_size(b->parts)) {
		json_t *content = json_object();
		set_field(content, ADK_ROLE, json_string(b->user_role ? "user" : "model"));
		set_field(content, ADK_PARTS, json_incref(b->parts));
		set_field(ev, ADK_CONTENT, content);
	}
	if (b->output)
		set_field(ev, ADK_OUTPUT, json_incref(b->output));
	if (b->partial)
		set_field(ev, ADK_PARTIAL, json_true());
	if (b->turn_complete)
		set_field(ev, ADK_TURN_COMPLETE, json_true());
	set_errors(ev, b);
	if (b->lrt && json_array_size(b->lrt))
		set_field(ev, ADK_LONG_RUNNING_TOOL_IDS, json_incref(b->lrt));
	json_t *custom = custom_metadata(b);
	if (custom)
		set_field(ev, ADK_CUSTOM_METADATA, custom);
	for (size_t i = 0; i < A2A_NGENAI_OBJECTS; i++) {
		json_t *v = lookup(b->maps.general, a2a_genai_objects[i].key);
		if (json_is_object(v))
			set_field(ev, a2a_genai_objects[i].field, json_incref(v));
	}
	set_event_members(ev, b->identity);
	if (!opts->no_peer_actions) {
		json_t *actions = peer_actions(&b->maps);
		if (json_object_size(actions))
			set_field(ev, ADK_ACTIONS, actions);
		else
			json_decref(actions);
	}
	body_drop(b);
	return ev;
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

/*
 * Appends the status message's parts, as a Task and a final status update
 * both do (sections 6.3 and 6.4): in a failed state the error text is
 * taken first, and its part left out when it is only that error.
 */
static bool status_message_parts(struct body *b, const struct a2a_object *o, const char **why)
{
	json_t *msg = object_member(object_member(o->obj, A_STATUS), A_MESSAGE);
	json_t *parts = json_object_get(msg, A_PARTS);
	bool skip_first = false;
	if (o->state == A2A_STATE_FAILED)
		b->error_message = failed_text(parts, &skip_first);
	return convert_parts(parts, skip_first ? 1 : 0, b->parts, b->lrt, &b->output, why);
}

/* Appends the parts of every artifact of a Task, in order. */
static bool artifact_parts(struct body *b, const json_t *task, const char **why)
{
	json_t *artifacts = json_object_get(task, A_ARTIFACTS);
	if (artifacts && !json_is_null(artifacts) && !json_is_array(artifacts)) {
		*why = "artifacts is not an array";
		return false;
	}
	size_t i;
	json_t *artifact;
	json_array_foreach(artifacts, i, artifact)
	{
		if (!json_is_object(artifact)) {
			*why = "an artifact is not an object";
			return false;
		}
		if (!convert_parts(json_object_get(artifact, A_PARTS), 0, b->parts, b->lrt,
		                   &b->output, why))
			return false;
	}
	return true;
}

static json_t *task_body(const struct a2a_object *o, const struct a2a_event_options *opts,
                         const char **why)
{
	struct body b;
	body_init(&b, o->obj, A_ID);
	b.lrt = json_array();
	if (!artifact_parts(&b, o->obj, why) || !status_message_parts(&b, o, why))
		return body_drop(&b);
	bool final = a2a_state_is_terminal(o->state) || o->state == A2A_STATE_INPUT_REQUIRED;
	if (!json_array_size(b.parts) && !final)
		return body_drop(&b);
	if (o->state != A2A_STATE_INPUT_REQUIRED)
		json_array_clear(b.lrt);
	b.turn_complete = final;
	/* A Task's metadata is task.metadata alone: artifacts and status message are ignored. */
	b.maps = metadata_alone(object_member(o->obj, A_METADATA));
	return body_finish(&b, opts);
}

/* A final status update: an event even without a message. */
static json_t *final_status_body(const struct a2a_object *o, const struct a2a_event_options *opts,
                                 const char **why)
{
	struct body b;
	body_init(&b, o->obj, A_TASK_ID);
	b.lrt = json_array();
	if (!status_message_parts(&b, o, why))
		return body_drop(&b);
	b.turn_complete = true;
	/* Go reads a final update's event.metadata only, never its message's. */
	b.maps = metadata_alone(object_member(o->obj, A_METADATA));
	return body_finish(&b, opts);
}

/* A status update that is not final: a progress report, or nothing without parts. */
static json_t *progress_body(const struct a2a_object *o, const struct a2a_event_options *opts,
                             const char **why)
{
	struct body b;
	body_init(&b, o->obj, A_TASK_ID);
	json_t *msg = object_member(object_member(o->obj, A_STATUS), A_MESSAGE);
	if (!msg ||
	    !convert_parts(json_object_get(msg, A_PARTS), 0, b.parts, NULL, &b.output, why) ||
	    !json_array_size(b.parts))
		return body_drop(&b);
	/* Progress reports become thoughts: Go HEAD marks the text parts. */
	size_t i;
	json_t *g;
	json_array_foreach(b.parts, i, g)
	{
		if (adk_get(g, ADK_TEXT))
			set_field(g, ADK_THOUGHT, json_true());
	}
	b.partial = true;
	json_t *md = object_member(o->obj, A_METADATA);
	b.maps = (struct meta_maps){{md, object_member(msg, A_METADATA)}, {md, NULL}, {md, NULL}};
	return body_finish(&b, opts);
}

static json_t *artifact_body(const struct a2a_object *o, const struct a2a_event_options *opts,
                             const char **why)
{
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
	struct body b;
	body_init(&b, o->obj, A_TASK_ID);
	b.lrt = json_array();
	if (!convert_parts(parts, 0, b.parts, b.lrt, &b.output, why))
		return body_drop(&b);
	b.partial = o->adk_partial >= 0 ? o->adk_partial == 1 : o->append || !o->last_chunk;
	/* The artifact's metadata wins, but actions come from event.metadata only (Go). */
	json_t *md = object_member(o->obj, A_METADATA);
	json_t *art_md = object_member(artifact, A_METADATA);
	b.maps = (struct meta_maps){{art_md, md}, {art_md, md}, {md, NULL}};
	return body_finish(&b, opts);
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
	struct body b;
	body_init(&b, o->obj, A_TASK_ID);
	/* A Message never sets longRunningToolIds, whatever its parts say (section 6.3). */
	if (!convert_parts(json_object_get(o->obj, A_PARTS), 0, b.parts, NULL, &b.output, why))
		return body_drop(&b);
	json_t *md = object_member(o->obj, A_METADATA);
	b.lrt = lossless_long_running_ids(md);
	const char *role = string_member(o->obj, A_ROLE);
	b.user_role =
	    role && (strcasecmp(role, ROLE_USER_03) == 0 || strcasecmp(role, ROLE_USER_10) == 0);
	b.turn_complete = true;
	b.maps = metadata_alone(md);
	b.identity = md;
	return body_finish(&b, opts);
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
		return o->final ? final_status_body(o, opts, why) : progress_body(o, opts, why);
	case A2A_ARTIFACT_UPDATE:
		return artifact_body(o, opts, why);
	case A2A_RPC_ERROR:
		return rpc_error_body(o);
	}
	return NULL;
}

/* The member field of body, taken out of it (caller owns it), or NULL. */
static json_t *take_field(json_t *body, enum adk_field field)
{
	const char *name = adk_field_name(field);
	json_t *v = json_object_get(body, name);
	if (!v)
		return NULL;
	json_incref(v);
	json_object_del(body, name);
	return v;
}

/* Sets field to the option's name if given, else to said (stolen), else to fallback. */
static void set_name(json_t *ev, enum adk_field field, const char *option, json_t *said,
                     const char *fallback)
{
	if (option) {
		json_decref(said);
		said = json_string(option);
	} else if (!said && nonempty(fallback)) {
		said = json_string(fallback);
	}
	if (said)
		set_field(ev, field, said);
}

json_t *a2a_event_finish(json_t *body, const struct a2a_event_options *opts, const char *id,
                         const double *ts)
{
	json_t *ev = json_object();
	json_t *said_id = take_field(body, ADK_ID);
	set_name(ev, ADK_ID, NULL, said_id, id);
	set_name(ev, ADK_INVOCATION_ID, opts->invocation_id, take_field(body, ADK_INVOCATION_ID),
	         opts->default_invocation_id);
	set_name(ev, ADK_AUTHOR, opts->author, take_field(body, ADK_AUTHOR), opts->default_author);
	set_name(ev, ADK_BRANCH, nonempty(opts->branch), take_field(body, ADK_BRANCH), NULL);
	json_t *said_ts = take_field(body, ADK_TIMESTAMP);
	if (said_ts)
		set_field(ev, ADK_TIMESTAMP, said_ts);
	else if (ts)
		set_field(ev, ADK_TIMESTAMP, json_real(*ts));
	json_object_update(ev, body);
	json_decref(body);
	return ev;
}
