/*
 * trajectory_pieces.c - what one event brings to a trajectory
 * (trajectory.h): the configuration and the prep that say how its values
 * become text, and the one walk over its parts and actions that finds its
 * tool calls, tool responses and state delta, each value redacted, cut
 * and printed at the indentation it will have in the result.  The -j
 * workers run the walk beside the parsing (trajectory_prepare()).
 */
#include "adk/trajectory_int.h"
#include "adk/event.h"
#include "adk/redact.h"
#include "write/json.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

void trajectory_config_init(struct trajectory_config *c)
{
	*c = (struct trajectory_config){
	    .tool_calls = true,
	    .state_deltas = true,
	    .token_usage = true,
	    .redact = true,
	    .redact_exact = false,
	    .redact_words = NULL,
	    .nredact_words = 0,
	    .max_string = 10000,
	};
}

void trajectory_config_release(struct trajectory_config *c)
{
	free(c->redact_words);
	c->redact_words = NULL;
	c->nredact_words = 0;
}

bool trajectory_config_add_redact_word(struct trajectory_config *c, const char *word)
{
	/* A word with nothing left after normalising would hide every key. */
	char *norm = redact_normalise(word, strlen(word));
	bool empty = !*norm;
	free(norm);
	if (empty)
		return false;
	c->redact_words =
	    xrealloc(c->redact_words, (c->nredact_words + 1) * sizeof *c->redact_words);
	c->redact_words[c->nredact_words++] = word;
	return true;
}

void trajectory_prep_init(struct trajectory_prep *p, const struct trajectory_config *c, bool pretty)
{
	memset(p, 0, sizeof *p);
	p->config = c;
	p->pretty = pretty;
	if (c->redact) {
		redactor_init(&p->redactor, c->redact_exact, c->redact_words, c->nredact_words);
		p->rp = &p->redactor;
	}
}

void trajectory_prep_release(struct trajectory_prep *p)
{
	if (p->rp)
		redactor_release(&p->redactor);
}

/* A copy of v when it is a string, else NULL; the caller owns it. */
static json_t *string_copy(const json_t *v)
{
	return json_is_string(v) ? json_stringn_nocheck(json_string_value(v), json_string_length(v))
	                         : NULL;
}

void trajectory_event_add_piece(struct trajectory_event *ev, const struct trajectory_prep *p,
                                enum piece_kind kind, const json_t *id, const json_t *name,
                                const json_t *value, int level)
{
	if (ev->count == ev->cap) {
		ev->cap = ev->cap ? 2 * ev->cap : 4;
		ev->pieces = xrealloc(ev->pieces, ev->cap * sizeof *ev->pieces);
	}
	struct piece *piece = &ev->pieces[ev->count++];
	*piece = (struct piece){kind,          string_copy(id), string_copy(name),
	                        value != NULL, ev->text.len,    0};
	if (value) {
		struct json_writer w;
		jw_init_buf(&w, &ev->text, p->pretty ? JW_PRETTY : 0);
		jw_set_level(&w, p->level + level);
		redact_write(&w, p->rp, value, p->config->max_string);
		jw_release(&w);
		piece->len = ev->text.len - piece->off;
	}
}

static void add_piece(struct trajectory_event *ev, const struct trajectory_prep *p,
                      enum piece_kind kind, const json_t *object, const json_t *value, int level)
{
	trajectory_event_add_piece(ev, p, kind, adk_get(object, ADK_ID), adk_get(object, ADK_NAME),
	                           value, level);
}

void trajectory_event_clear(struct trajectory_event *ev)
{
	for (size_t i = 0; i < ev->count; i++) {
		json_decref(ev->pieces[i].id);
		json_decref(ev->pieces[i].name);
	}
	ev->count = 0;
	strbuf_reset(&ev->text);
}

void trajectory_walk(struct trajectory_event *ev, const json_t *value,
                     const struct trajectory_prep *p)
{
	const struct trajectory_config *c = p->config;
	trajectory_event_clear(ev);
	if (event_is_partial(value))
		return;
	json_t *delta = adk_get(adk_get(value, ADK_ACTIONS), ADK_STATE_DELTA);
	if (c->state_deltas && json_is_object(delta) && json_object_size(delta) > 0)
		add_piece(ev, p, PIECE_DELTA, delta, delta, ITEM_LEVEL);
	if (!c->tool_calls)
		return;
	json_t *parts = event_parts(value);
	size_t i;
	json_t *part;
	json_array_foreach(parts, i, part)
	{
		json_t *call = adk_get(part, ADK_FUNCTION_CALL);
		json_t *fr = adk_get(part, ADK_FUNCTION_RESPONSE);
		if (json_is_object(call)) {
			json_t *args = adk_get(call, ADK_ARGS);
			add_piece(ev, p, PIECE_CALL, call, json_is_object(args) ? args : NULL,
			          MEMBER_LEVEL);
		}
		if (json_is_object(fr))
			add_piece(ev, p, PIECE_RESPONSE, fr, adk_get(fr, ADK_RESPONSE),
			          MEMBER_LEVEL);
	}
}

void trajectory_event_release(struct trajectory_event *ev)
{
	trajectory_event_clear(ev);
	strbuf_release(&ev->text);
	free(ev->pieces);
	ev->pieces = NULL;
	ev->count = ev->cap = 0;
}

/*
 * What trajectory_prepare() gives for an event that brings nothing: a
 * result all the same, so the reader's thread is handed only what
 * trajectory_keeps names of it, and never walks it again.
 */
static struct trajectory_event brings_nothing;

void *trajectory_prepare(const json_t *value, struct trajectory_prep *p)
{
	if (value_kind(value) != VALUE_EVENT)
		return NULL;
	struct trajectory_event *ev = xcalloc(1, sizeof *ev);
	trajectory_walk(ev, value, p);
	if (ev->count)
		return ev;
	trajectory_prepared_free(ev);
	return &brings_nothing;
}

void trajectory_prepared_free(void *prepared)
{
	if (prepared == &brings_nothing)
		return;
	trajectory_event_release(prepared);
	free(prepared);
}
