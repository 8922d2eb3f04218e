/*
 * critic.h - reading a critic agent's verdict (events.md 3.6, gepa's
 * CriticScorer._parse_critic_output followed by normalize_feedback).
 */
#ifndef ADKEV_CRITIC_H
#define ADKEV_CRITIC_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

struct critic_verdict {
	/* {"score","feedback_text"[,"dimension_scores"][,"actionable_guidance"]}, owned */
	json_t *json;
	double score;
	/* Why the text is not a verdict; never quotes the text itself. */
	char reason[96];
};

/*
 * The span of text[0..len) that holds the JSON: the whole text, or the body
 * of a Markdown code fence (```json or plain ```) around the whole text,
 * white space trimmed.  Returns false for a fence tagged with another
 * language or a fence that is never closed.
 */
bool critic_unfence(const char *text, size_t len, size_t *start, size_t *body_len);

/*
 * Parses a critic's output.  On success fills v->json (the caller
 * decrefs it) and v->score and returns true; else fills v->reason.
 */
bool critic_parse(const char *text, size_t len, struct critic_verdict *v);

/*
 * s[0..len) without leading and trailing white space as Python's
 * str.strip() sees it (Unicode white space included): *start and *out_len.
 */
void critic_strip(const char *s, size_t len, size_t *start, size_t *out_len);

#endif
