/*
 * answer.c - the answer and the reasoning of a run.
 *
 * Both read only final-response events (ADK's is_final_response) not written
 * by the user: a recorded session holds the user's own message, which ADK
 * also counts as final.  Both read actions.responseContent when it is
 * present and non-empty, else content.parts.
 */
#include "adk/answer.h"
#include "adk/event.h"

#include <string.h>

static const json_t *answer_parts(const json_t *event)
{
	if (event_is_user(event) || !event_is_final(event))
		return NULL;
	return event_answer_parts(event);
}

void answer_init(struct answer *a, bool concat)
{
	a->concat = concat;
	a->separator = "";
	a->streaming = false;
	a->text = (struct strbuf)STRBUF_INIT;
	a->out = NULL;
	a->started = false;
}

bool answer_add(struct answer *a, const json_t *event)
{
	const json_t *parts = answer_parts(event);
	size_t i;
	json_t *part;
	const char *last = NULL;
	size_t last_len = 0;
	bool took = false;

	json_array_foreach(parts, i, part)
	{
		size_t len;
		const char *text = part_text(part, &len);
		if (!text || len == 0 || part_is_thought(part))
			continue;
		took = true;
		if (a->streaming) {
			if (!a->started)
				jw_string_begin(a->out);
			else
				jw_string_piece(a->out, a->separator, strlen(a->separator));
			a->started = true;
			jw_string_piece(a->out, text, len);
		} else if (a->concat) {
			if (a->text.len)
				strbuf_addstr(&a->text, a->separator);
			strbuf_add(&a->text, text, len);
		} else {
			last = text;
			last_len = len;
		}
	}
	/* A final event without text does not take the answer away. */
	if (last) {
		strbuf_reset(&a->text);
		strbuf_add(&a->text, last, last_len);
	}
	return took;
}

json_t *answer_json(const struct answer *a)
{
	return json_stringn(a->text.buf ? a->text.buf : "", a->text.len);
}

void answer_stream(struct answer *a, struct json_writer *out)
{
	/* Only the concatenation can be written early: a later event may replace the last part. */
	a->streaming = a->concat;
	a->out = out;
}

bool answer_stream_end(struct answer *a)
{
	bool empty = a->streaming ? !a->started : a->text.len == 0;
	if (a->started)
		jw_string_end(a->out);
	else
		jw_string(a->out, a->text.buf ? a->text.buf : "", a->text.len);
	a->out = NULL;
	return empty;
}

void answer_release(struct answer *a)
{
	strbuf_release(&a->text);
}

void reasoning_init(struct reasoning *r)
{
	r->text = (struct strbuf)STRBUF_INIT;
	r->found = false;
	r->streaming = false;
	r->out = NULL;
}

void reasoning_add(struct reasoning *r, const json_t *event)
{
	const json_t *parts = answer_parts(event);
	size_t i;
	json_t *part;

	json_array_foreach(parts, i, part)
	{
		size_t len;
		const char *text = part_text(part, &len);
		if (!text || len == 0 || !part_is_thought(part))
			continue;
		if (r->streaming) {
			if (!r->found)
				jw_string_begin(r->out);
			else
				jw_string_piece(r->out, "\n", 1);
			jw_string_piece(r->out, text, len);
		} else {
			if (r->found)
				strbuf_addch(&r->text, '\n');
			strbuf_add(&r->text, text, len);
		}
		r->found = true;
	}
}

json_t *reasoning_json(const struct reasoning *r)
{
	return r->found ? json_stringn(r->text.buf, r->text.len) : json_null();
}

void reasoning_stream(struct reasoning *r, struct json_writer *out)
{
	r->streaming = true;
	r->out = out;
}

bool reasoning_stream_end(struct reasoning *r)
{
	if (r->found)
		jw_string_end(r->out);
	else
		jw_null(r->out);
	r->out = NULL;
	return !r->found;
}

void reasoning_release(struct reasoning *r)
{
	strbuf_release(&r->text);
}
