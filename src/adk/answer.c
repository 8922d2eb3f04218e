/*
 * answer.c - the answer and the reasoning of a run.
 *
 * Both read only final-response events (ADK's is_final_response) that are
 * the agent's (event_is_answer): a recorded session holds the user's own
 * message, which ADK also counts as final, and a user's message that came
 * back through A2A keeps its role but not always its author.  Both read actions.responseContent
 * when it is present and non-empty, else content.parts.
 */
#include "adk/answer.h"
#include "adk/event.h"

#include <string.h>

static const json_t *answer_parts(const json_t *event)
{
	if (!event_is_answer(event))
		return NULL;
	return event_answer_parts(event);
}

static void joined_init(struct joined_text *j)
{
	*j = (struct joined_text){STRBUF_INIT, NULL, false, false};
}

/* From now on every piece goes to out as a piece of one JSON string. */
static void joined_stream(struct joined_text *j, struct json_writer *out)
{
	j->out = out;
}

static void joined_add(struct joined_text *j, const char *separator, const char *text, size_t len)
{
	size_t seplen = strlen(separator);
	if (j->out && j->lines) {
		/* The last line's break wrote a newline: only the rest of the separator is due. */
		if (!j->any)
			jw_string_begin(j->out);
		else if (seplen > 1)
			jw_string_piece(j->out, separator + 1, seplen - 1);
		jw_string_piece(j->out, text, len);
		jw_string_break(j->out);
		j->any = true;
		return;
	}
	if (j->out && !j->any)
		jw_string_begin(j->out);
	else if (j->out)
		jw_string_piece(j->out, separator, seplen);
	else if (j->any)
		strbuf_add(&j->text, separator, seplen);
	if (j->out)
		jw_string_piece(j->out, text, len);
	else
		strbuf_add(&j->text, text, len);
	j->any = true;
}

/* The text kept (all of it unless streaming) as a new JSON string. */
static json_t *joined_json(const struct joined_text *j)
{
	return json_stringn(j->text.buf ? j->text.buf : "", j->text.len);
}

/*
 * Ends the text as one JSON string written with out: the end of the string
 * being streamed, or the whole of what was kept (JSON null for no piece at
 * all, with null_if_none).
 */
static void joined_end(struct joined_text *j, struct json_writer *out, bool null_if_none)
{
	if (j->out && j->any)
		jw_string_end(j->out);
	else if (!j->any && null_if_none)
		jw_null(out);
	else
		jw_string(out, j->text.buf ? j->text.buf : "", j->text.len);
	j->out = NULL;
}

void answer_init(struct answer *a, bool concat)
{
	a->concat = concat;
	a->separator = "";
	joined_init(&a->joined);
}

/* Without concat: text is the answer now, as a later final event's last part replaces it. */
static void take_last(struct answer *a, const char *text, size_t len)
{
	strbuf_reset(&a->joined.text);
	strbuf_add(&a->joined.text, text, len);
}

bool answer_add(struct answer *a, const json_t *event)
{
	const json_t *parts = answer_parts(event);
	size_t i;
	json_t *part;
	const char *last = NULL;
	size_t last_len = 0;

	json_array_foreach(parts, i, part)
	{
		size_t len;
		const char *text = part_text(part, &len);
		/* A run paused for human input (ADK 2.x) answers with the question it asks. */
		if (!text)
			text = part_input_request(part, &len);
		if (!text || len == 0 || part_is_thought(part))
			continue;
		if (a->concat)
			joined_add(&a->joined, a->separator, text, len);
		last = text;
		last_len = len;
	}
	/* A final event without text does not take the answer away. */
	if (last && !a->concat)
		take_last(a, last, last_len);
	return last != NULL;
}

void answer_take_text(struct answer *a, const char *text, size_t len)
{
	take_last(a, text, len);
	a->joined.any = true;
}

/* A fold of text kept: {"text", "any"}, owned by the caller. */
static json_t *text_fold(const struct strbuf *text, bool any)
{
	return json_pack("{s:s%,s:b}", "text", text->buf ? text->buf : "", text->len, "any", any);
}

/* text_fold()'s text, when it holds any; false when fold is not of its shape. */
static bool text_unfold(const json_t *fold, const char **text, size_t *len, bool *any)
{
	int got;
	if (json_unpack((json_t *)fold, "{s:s%,s:b!}", "text", text, len, "any", &got) != 0)
		return false;
	*any = got;
	return true;
}

json_t *answer_fold(const struct answer *a)
{
	return text_fold(&a->joined.text, a->concat ? a->joined.any : a->joined.text.len > 0);
}

bool answer_absorb(struct answer *a, const json_t *fold)
{
	const char *text;
	size_t len;
	bool any;
	if (!text_unfold(fold, &text, &len, &any))
		return false;
	if (any && a->concat)
		joined_add(&a->joined, a->separator, text, len);
	else if (any)
		take_last(a, text, len);
	return true;
}

json_t *answer_json(const struct answer *a)
{
	return joined_json(&a->joined);
}

const char *answer_text(const struct answer *a, size_t *len)
{
	*len = a->joined.text.len;
	return a->joined.text.buf ? a->joined.text.buf : "";
}

void answer_stream(struct answer *a, struct json_writer *out)
{
	/* Only the concatenation can be written early: a later event may replace the last part. */
	if (a->concat)
		joined_stream(&a->joined, out);
	a->out = out;
}

bool answer_stream_end(struct answer *a)
{
	bool empty = a->joined.text.len == 0 && !a->joined.any;
	joined_end(&a->joined, a->out, false);
	a->out = NULL;
	return empty;
}

void answer_release(struct answer *a)
{
	strbuf_release(&a->joined.text);
}

void reasoning_init(struct reasoning *r, bool all)
{
	joined_init(&r->joined);
	r->joined.lines = true;
	r->all = all;
}

/* What goes between the thoughts of two events. */
static const char *reasoning_event_separator(const struct reasoning *r)
{
	return r->all ? "\n\n" : "\n";
}

/* The parts whose thoughts count: a final response's, or with all any agent's whole event's. */
static const json_t *reasoning_parts(const struct reasoning *r, const json_t *event)
{
	if (!r->all)
		return answer_parts(event);
	if (event_is_user(event) || event_content_is_user(event) || event_is_partial(event) ||
	    event_is_compaction(event))
		return NULL;
	return event_answer_parts(event);
}

void reasoning_add(struct reasoning *r, const json_t *event)
{
	const json_t *parts = reasoning_parts(r, event);
	const char *separator = reasoning_event_separator(r);
	size_t i;
	json_t *part;

	json_array_foreach(parts, i, part)
	{
		size_t len;
		const char *text = part_text(part, &len);
		if (text && len > 0 && part_is_thought(part)) {
			joined_add(&r->joined, separator, text, len);
			separator = "\n";
		}
	}
}

json_t *reasoning_fold(const struct reasoning *r)
{
	return text_fold(&r->joined.text, r->joined.any);
}

bool reasoning_absorb(struct reasoning *r, const json_t *fold)
{
	const char *text;
	size_t len;
	bool any;
	if (!text_unfold(fold, &text, &len, &any))
		return false;
	if (any)
		joined_add(&r->joined, reasoning_event_separator(r), text, len);
	return true;
}

json_t *reasoning_json(const struct reasoning *r)
{
	return r->joined.any ? joined_json(&r->joined) : json_null();
}

void reasoning_stream(struct reasoning *r, struct json_writer *out)
{
	joined_stream(&r->joined, out);
}

bool reasoning_stream_end(struct reasoning *r)
{
	bool none = !r->joined.any;
	joined_end(&r->joined, r->joined.out, true);
	return none;
}

void reasoning_release(struct reasoning *r)
{
	strbuf_release(&r->joined.text);
}
