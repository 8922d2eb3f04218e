/*
 * otlp.h - a recorded run as OpenTelemetry traces (`adkev to-otlp`): each
 * invocation one trace, written as one OTLP/JSON TracesData line, with the
 * spans, names and attributes of the OpenTelemetry GenAI semantic
 * conventions (invoke_agent, generate_content, execute_tool).
 *
 * An invocation's spans are kept until the stream moves on to another
 * invocation (or ends), then written whole, so memory holds one invocation
 * at a time, whatever the stream's length.  An invocation whose events come
 * back after another one's is written again as a second part of the same
 * trace, its spans' ids told apart by the part's number.
 *
 * Ids are hashes of the input (the session id, the invocation id, the
 * event ids and the span's place in its invocation) under fixed seeds, so
 * the same run exported twice gives the same ids.  Tokens are counted by
 * usage.h's rule, a model call as event_is_model_call() says.
 */
#ifndef ADKEV_OTLP_H
#define ADKEV_OTLP_H

#include <jansson.h>
#include <stdbool.h>

#include "adk/redact.h"
#include "item.h"
#include "util.h"

struct otlp_config {
	bool content;                    /* --content: arguments, results and messages */
	const struct redactor *redactor; /* NULL: content as it is (--no-redact) */
	long max_string;          /* content strings cut to this many code points; -1: never */
	const char *provider;     /* gen_ai.provider.name; NULL: from the model's name */
	const char *model;        /* gen_ai.request.model; NULL: the events' modelVersion */
	const char *service;      /* the resource's service.name */
	const char *conversation; /* gen_ai.conversation.id; NULL: the session's id */
	unsigned flags;           /* the JSON writer's (enum jw_flags) */
};

struct otlp;

/* A new converter; c must outlive it. */
struct otlp *otlp_new(const struct otlp_config *c);
/*
 * Takes one event, or a server stream error (item->kind VALUE_STREAM_ERROR).
 * When the event begins another invocation, the TracesData line of the one
 * before it is appended to out first.
 */
void otlp_add(struct otlp *o, const struct reader_item *item, struct strbuf *out);
/* Appends the TracesData line of the invocation in progress, if any, to out. */
void otlp_finish(struct otlp *o, struct strbuf *out);
void otlp_free(struct otlp *o);

#endif
