/*
 * answer.h - what a run answered and what it thought: ADK's final-response
 * events read the way events.md sections 3.1 and 3.2 say.  final,
 * reasoning, trajectory (final_output) and critic all read answers here.
 */
#ifndef ADKEV_ANSWER_H
#define ADKEV_ANSWER_H

#include <jansson.h>
#include <stdbool.h>

#include "util.h"

struct answer {
	bool concat; /* every text part of every final event, or only the last one */
	struct strbuf text;
};

void answer_init(struct answer *a, bool concat);
/*
 * Takes in one event; events that are not final responses, and user events,
 * are passed over.  Returns whether the event gave the answer text.
 */
bool answer_add(struct answer *a, const json_t *event);
/* The answer so far as a JSON string ("" when none); the caller owns it. */
json_t *answer_json(const struct answer *a);
void answer_release(struct answer *a);

struct reasoning {
	struct strbuf text;
	bool found;
};

void reasoning_init(struct reasoning *r);
void reasoning_add(struct reasoning *r, const json_t *event);
/* The thoughts joined with "\n", or JSON null when there were none; the caller owns it. */
json_t *reasoning_json(const struct reasoning *r);
void reasoning_release(struct reasoning *r);

#endif
