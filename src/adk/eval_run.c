/*
 * eval_run.c - a recorded run turned into ADK invocations, as
 * evaluation_generator.py convert_events_to_eval_invocations() turns the
 * events of an inference into them (eval.md section 3), and the run's
 * folded state (eval.h).
 */
#include "adk/eval.h"
#include "adk/event.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

void eval_run_init(struct eval_run *run)
{
	*run = (struct eval_run){.order = json_array(),
	                         .by_id = json_object(),
	                         .spans_of = json_object(),
	                         .state = json_object(),
	                         .user_texts = json_array()};
}

void eval_run_release(struct eval_run *run)
{
	json_decref(run->order);
	json_decref(run->by_id);
	json_decref(run->spans_of);
	rewind_spans_release(&run->spans, NULL);
	json_decref(run->state);
	json_decref(run->user_texts);
	free(run->app_name);
	free(run->user_id);
	free(run->session_id);
}

void eval_run_restart(struct eval_run *run)
{
	bool several = run->among_several;
	eval_run_release(run);
	eval_run_init(run);
	run->among_several = several;
}

void eval_content_text(const json_t *content, struct strbuf *out)
{
	json_t *part, *parts = adk_get(content, ADK_PARTS);
	size_t i, len;
	bool first = true;
	json_array_foreach(parts, i, part)
	{
		const char *text = part_text(part, &len);
		/* _get_text_from_content(): every part whose text is truthy, thoughts too. */
		if (!text || len == 0)
			continue;
		if (!first)
			strbuf_addch(out, '\n');
		strbuf_add(out, text, len);
		first = false;
	}
}

bool eval_user_text(const json_t *invocation, struct strbuf *out)
{
	json_t *content = adk_get(invocation, ADK_USER_CONTENT);
	size_t before = out->len;
	eval_content_text(content, out);
	return out->len > before;
}

/* ADK's test: (event.author or "agent").lower() == "user". */
static bool is_user(const json_t *event)
{
	const char *author = event_author(event);
	return author && strcasecmp(author, "user") == 0;
}

/* The session's id, app name and user id, where the run comes from a session object. */
static void note_session(struct eval_run *run, const json_t *session)
{
	static const enum adk_field fields[] = {ADK_ID, ADK_APP_NAME, ADK_USER_ID};
	char **slots[] = {&run->session_id, &run->app_name, &run->user_id};
	for (int i = 0; i < 3; i++) {
		const char *v = adk_get_string(session, fields[i]);
		if (!*slots[i] && v)
			*slots[i] = xstrdup(v);
	}
}

void eval_run_name_session(struct eval_run *run, const char *id, const char *app, const char *user)
{
	const char *values[] = {id, app, user};
	char **slots[] = {&run->session_id, &run->app_name, &run->user_id};
	for (int i = 0; i < 3; i++)
		if (run->any && !*slots[i] && values[i] && *values[i])
			*slots[i] = xstrdup(values[i]);
	run->among_several = true;
}

bool eval_run_ends_before(struct eval_run *run, const struct reader_item *item)
{
	if (!run->any)
		return false;
	bool ends;
	if (!item->session || !run->session)
		ends = !item->session != !run->session;
	else
		ends = !session_object_names(item->session, run->session_id, run->app_name,
		                             run->user_id);
	run->among_several |= ends;
	return ends;
}

char *eval_run_name(const struct eval_run *run, const char *file)
{
	static const char *const suffixes[][4] = {
	    {".gz", ".zst"}, {".jsonl", ".json", ".sse", ".ndjson"}, {".session"}};
	if (run->session_id && run->among_several)
		return xstrdup(run->session_id);
	const char *slash = strrchr(file, '/');
	char *name = xstrdup(slash ? slash + 1 : file);
	for (int pass = 0; pass < 3; pass++) {
		for (int i = 0; i < 4 && suffixes[pass][i]; i++) {
			size_t n = strlen(name), k = strlen(suffixes[pass][i]);
			if (n > k && strcmp(name + n - k, suffixes[pass][i]) == 0) {
				name[n - k] = '\0';
				break;
			}
		}
	}
	return name;
}

char *eval_run_folder(const struct eval_run *run, const char *file)
{
	if (run->session_id && run->among_several)
		return NULL;
	size_t end = strlen(file);
	while (end > 0 && file[end - 1] != '/') /* the file's own name */
		end--;
	while (end > 0 && file[end - 1] == '/')
		end--;
	size_t start = end;
	while (start > 0 && file[start - 1] != '/')
		start--;
	/* "." and ".." name no folder a user chose; "/x.jsonl" is in none. */
	if (end == start || (end - start <= 2 && strncmp(file + start, "..", end - start) == 0))
		return NULL;
	return xstrndup(file + start, end - start);
}

void eval_run_add(struct eval_run *run, const struct reader_item *item)
{
	const json_t *event = item->value;
	run->session = item->session;
	run->any = true;
	/* Before anything is passed over: the next item's session is told from this one's by these.
	 */
	if (item->session)
		note_session(run, item->session);
	if (item->kind != VALUE_EVENT || event_is_partial(event))
		return;
	event_fold_state_delta(run->state, event);
	const char *id = event_invocation_id(event);
	if (!id)
		id = "";
	json_t *list = json_object_get(run->by_id, id);
	if (!list) {
		list = json_array();
		json_object_set_new(run->by_id, id, list);
		json_object_set_new(run->spans_of, id, json_array());
		json_array_append_new(run->order, json_string(id));
	}
	json_array_append(list, (json_t *)event);
	bool fresh;
	size_t span = rewind_spans_add(&run->spans, event, &fresh);
	json_array_append_new(json_object_get(run->spans_of, id), json_integer((json_int_t)span));
	if (is_user(event)) {
		struct strbuf sb = STRBUF_INIT;
		eval_content_text(adk_get(event, ADK_CONTENT), &sb);
		if (sb.len)
			json_array_append_new(run->user_texts, json_stringn(sb.buf, sb.len));
		strbuf_release(&sb);
	}
}

/* --- snake_case copies of genai values, as ADK Python's model_dump() writes them --- */

static void snake_key(const char *key, struct strbuf *out)
{
	strbuf_reset(out);
	for (; *key; key++) {
		if (*key >= 'A' && *key <= 'Z') {
			strbuf_addch(out, '_');
			strbuf_addch(out, (char)(*key - 'A' + 'a'));
		} else {
			strbuf_addch(out, *key);
		}
	}
	strbuf_addch(out, '\0');
}

/* obj with its keys in snake_case, nulls dropped; deep for genai structs, else one level. */
static json_t *snake_copy(const json_t *v, bool deep)
{
	if (json_is_array(v) && deep) {
		json_t *a = json_array(), *e;
		size_t i;
		json_array_foreach(v, i, e) json_array_append_new(a, snake_copy(e, true));
		return a;
	}
	if (!json_is_object(v))
		return json_deep_copy(v);
	json_t *o = json_object(), *value;
	const char *key;
	struct strbuf sb = STRBUF_INIT;
	json_object_foreach((json_t *)v, key, value)
	{
		if (json_is_null(value))
			continue;
		snake_key(key, &sb);
		json_object_set_new(o, sb.buf,
		                    deep ? snake_copy(value, true) : json_deep_copy(value));
	}
	strbuf_release(&sb);
	return o;
}

/* A part: its members' names in snake_case, and those of its genai structs (not args). */
static json_t *snake_part(const json_t *part)
{
	static const char *const structs[] = {
	    "function_call",   "function_response",     "inline_data",   "file_data",
	    "executable_code", "code_execution_result", "video_metadata"};
	json_t *o = snake_copy(part, false), *value;
	const char *key;
	json_object_foreach(o, key, value)
	{
		for (size_t i = 0; i < sizeof structs / sizeof *structs; i++)
			if (strcmp(key, structs[i]) == 0 && json_is_object(value))
				json_object_set_new(o, key, snake_copy(value, false));
	}
	return o;
}

static json_t *snake_content(const json_t *content)
{
	json_t *o = snake_copy(content, false);
	json_t *parts = json_object_get(o, "parts"), *part;
	size_t i;
	if (json_is_array(parts)) {
		json_t *a = json_array();
		json_array_foreach(parts, i, part) json_array_append_new(a, snake_part(part));
		json_object_set_new(o, "parts", a);
	}
	return o;
}

/* --- invocations --- */

static bool any_part(const json_t *parts, bool wide)
{
	json_t *part;
	size_t i, len;
	json_array_foreach(parts, i, part)
	{
		const char *text = part_text(part, &len);
		if (text && len > 0)
			return true;
		if (wide &&
		    (adk_get(part, ADK_FUNCTION_CALL) || adk_get(part, ADK_FUNCTION_RESPONSE) ||
		     adk_get(part, ADK_INLINE_DATA)))
			return true;
	}
	return false;
}

static bool has_calls(const json_t *event)
{
	json_t *part, *parts = event_parts(event);
	size_t i;
	json_array_foreach(parts, i, part) if (adk_get(part, ADK_FUNCTION_CALL)) return true;
	return false;
}

/* An InvocationEvent: author, content (none for the final event without calls), metadata. */
static json_t *invocation_event(const json_t *e, bool final)
{
	json_t *o = json_object();
	const char *author = event_author(e);
	json_object_set_new(o, "author", json_string(author ? author : ""));
	if (!final || has_calls(e))
		json_object_set_new(o, "content", snake_content(adk_get(e, ADK_CONTENT)));
	static const enum adk_field fields[] = {ADK_GROUNDING_METADATA, ADK_USAGE_METADATA};
	static const char *const names[] = {"grounding_metadata", "usage_metadata"};
	for (int i = 0; i < 2; i++) {
		json_t *v = adk_get(e, fields[i]);
		if (v)
			json_object_set_new(o, names[i], snake_copy(v, true));
	}
	json_t *model = adk_get(e, ADK_MODEL_VERSION);
	if (model)
		json_object_set(o, "model_version", model);
	return o;
}

/* The events of one invocation that join its intermediate data, and its final event. */
struct picked {
	json_t *user_content; /* borrowed */
	double timestamp;
	json_t *final_event; /* borrowed */
	json_t *joined;      /* array of borrowed events */
};

static void pick(const json_t *events, struct picked *p)
{
	json_t *e;
	size_t i;
	json_array_foreach(events, i, e)
	{
		json_t *content = adk_get(e, ADK_CONTENT);
		if (is_user(e)) {
			if (content) {
				p->user_content = content;
				p->timestamp = 0;
				event_timestamp(e, &p->timestamp);
			}
			continue;
		}
		json_t *parts = adk_get(content, ADK_PARTS);
		bool grounded = adk_get(e, ADK_GROUNDING_METADATA) != NULL;
		if (json_array_size(parts) > 0) {
			bool final_text =
			    p->final_event && any_part(event_parts(p->final_event), false);
			if (event_is_answer(e) && (!final_text || any_part(parts, false)))
				p->final_event = e;
			if (grounded || any_part(parts, true))
				json_array_append(p->joined, e);
		} else if (grounded) {
			json_array_append(p->joined, e);
		}
	}
}

static json_t *invocation(const char *id, const json_t *events)
{
	struct picked p = {.joined = json_array()};
	pick(events, &p);
	json_t *inv = json_object();
	json_object_set_new(inv, "invocation_id", json_string(id));
	json_object_set_new(inv, "user_content",
	                    p.user_content ? snake_content(p.user_content)
	                                   : json_pack("{s:[]}", "parts"));
	if (p.final_event)
		json_object_set_new(inv, "final_response",
		                    snake_content(adk_get(p.final_event, ADK_CONTENT)));
	json_t *list = json_array(), *e;
	size_t i;
	json_array_foreach(p.joined, i, e)
	    json_array_append_new(list, invocation_event(e, e == p.final_event));
	/* ADK's writer leaves a default out, and invocation_events' default is []. */
	json_t *data = json_object();
	if (json_array_size(list))
		json_object_set_new(data, "invocation_events", list);
	else
		json_decref(list);
	json_object_set_new(inv, "intermediate_data", data);
	if (p.timestamp)
		json_object_set_new(inv, "creation_timestamp", json_real(p.timestamp));
	json_decref(p.joined);
	return inv;
}

/*
 * The events of an invocation that no rewind undid (adk/rewind.h), a new
 * array; spans walked.
 */
static json_t *live_events(const struct eval_run *run, const char *id)
{
	json_t *events = json_object_get(run->by_id, id);
	json_t *spans = json_object_get(run->spans_of, id);
	json_t *live = json_array(), *e;
	size_t i;
	json_array_foreach(events, i, e)
	{
		size_t span = (size_t)json_integer_value(json_array_get(spans, i));
		if (run->spans.list[span].live)
			json_array_append(live, e);
	}
	return live;
}

/*
 * ADK's invocations of the run, leaving out what a rewind undid: an
 * invocation none of whose events is left (the rewind's own among them)
 * is none.
 */
json_t *eval_run_invocations(const struct eval_run *run)
{
	json_t *list = json_array(), *id;
	size_t i;
	/* The walk only sets the spans' live flags, which nothing else reads. */
	rewind_spans_walk((struct rewind_spans *)&run->spans);
	json_array_foreach(run->order, i, id)
	{
		const char *s = json_string_value(id);
		json_t *events = live_events(run, s);
		if (json_array_size(events))
			json_array_append_new(list, invocation(s, events));
		json_decref(events);
	}
	return list;
}
