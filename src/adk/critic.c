/*
 * critic.c - a critic's JSON verdict, parsed and normalised.
 *
 * The verdict is an object with a numeric "score" and optional "feedback",
 * "dimension_scores" and "actionable_guidance".  It is normalised as gepa's
 * public normalize_feedback does, except that a feedback that is not a
 * string gives "" (gepa would print Python's str() of it) and a boolean
 * score is refused (Python counts true as 1).
 */
#include "adk/critic.h"
#include "adk/event.h"
#include "util.h"

#include <stdio.h>
#include <string.h>

/* Decodes the code point starting at s[i]; *n gets its length in bytes. */
static unsigned long decode_at(const unsigned char *s, size_t len, size_t i, size_t *n)
{
	unsigned long c = s[i];
	size_t extra = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : 0;
	if (extra)
		c &= 0x3F >> extra;
	*n = 1;
	for (size_t k = 1; k <= extra && i + k < len; k++, (*n)++)
		c = c << 6 | (s[i + k] & 0x3F);
	return c;
}

/* White space as Python's str.isspace() has it. */
static bool is_space(unsigned long c)
{
	return (c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x20) || c == 0x85 || c == 0xA0 ||
	       c == 0x1680 || (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 ||
	       c == 0x202F || c == 0x205F || c == 0x3000;
}

void critic_strip(const char *text, size_t len, size_t *start, size_t *out_len)
{
	const unsigned char *s = (const unsigned char *)text;
	size_t b = 0, e = len, n;
	while (b < e && is_space(decode_at(s, e, b, &n)))
		b += n;
	while (e > b) {
		size_t p = e - 1;
		while (p > b && (s[p] & 0xC0) == 0x80)
			p--;
		if (!is_space(decode_at(s, e, p, &n)))
			break;
		e = p;
	}
	*start = b;
	*out_len = e - b;
}

#define FENCE     "```"
#define FENCE_LEN 3

bool critic_unfence(const char *text, size_t len, size_t *start, size_t *body_len)
{
	size_t b, n;
	critic_strip(text, len, &b, &n);
	const char *s = text + b;
	if (n < FENCE_LEN || memcmp(s, FENCE, FENCE_LEN) != 0) {
		*start = b;
		*body_len = n;
		return true;
	}
	if (n < 2 * FENCE_LEN || memcmp(s + n - FENCE_LEN, FENCE, FENCE_LEN) != 0)
		return false;
	/* The info string: a word right after the opening fence. */
	size_t i = FENCE_LEN;
	while (i < n - FENCE_LEN &&
	       (s[i] == '_' || s[i] == '-' || s[i] == '+' || (s[i] >= '0' && s[i] <= '9') ||
	        (s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z')))
		i++;
	size_t info = i - FENCE_LEN;
	if (info && !(info == 4 && strncasecmp(s + FENCE_LEN, "json", 4) == 0))
		return false;
	critic_strip(s + i, n - FENCE_LEN - i, start, body_len);
	*start += b + i;
	return true;
}

/* A string value stripped, or NULL when v is not a string or only white space. */
static json_t *stripped(const json_t *v)
{
	if (!json_is_string(v))
		return NULL;
	size_t b, n;
	critic_strip(json_string_value(v), json_string_length(v), &b, &n);
	return n ? json_stringn_nocheck(json_string_value(v) + b, n) : NULL;
}

bool critic_parse(const char *text, size_t len, struct critic_verdict *v)
{
	size_t start, n;
	json_error_t err;
	v->json = NULL;
	v->reason[0] = '\0';
	if (!critic_unfence(text, len, &start, &n)) {
		snprintf(v->reason, sizeof v->reason,
		         "the final output is a code fence without JSON");
		return false;
	}
	json_t *o = json_loadb(text + start, n, JSON_DECODE_ANY | JSON_ALLOW_NUL, &err);
	if (!o) {
		/* jansson's message may quote the text; only the position is given. */
		snprintf(v->reason, sizeof v->reason,
		         "the final output is not JSON (line %d, column %d)", err.line, err.column);
		return false;
	}
	if (!json_is_object(o)) {
		snprintf(v->reason, sizeof v->reason, "the verdict is %s, not an object",
		         json_type_phrase(o));
		json_decref(o);
		return false;
	}
	json_t *score = json_object_get(o, "score");
	if (!score) {
		snprintf(v->reason, sizeof v->reason, "the verdict has no \"score\"");
		json_decref(o);
		return false;
	}
	if (!json_is_number(score)) {
		snprintf(v->reason, sizeof v->reason, "\"score\" is %s, not a number",
		         json_type_phrase(score));
		json_decref(o);
		return false;
	}
	v->score = json_number_value(score);

	json_t *out = json_object();
	json_object_set_new(out, "score", json_real(v->score));
	/* gepa: feedback_text or feedback, whichever is first truthy; a string, stripped. */
	json_t *fb = json_object_get(o, "feedback_text");
	if (!fb || !json_truthy(fb))
		fb = json_object_get(o, "feedback");
	json_t *fb_text = stripped(fb);
	json_object_set_new(out, "feedback_text", fb_text ? fb_text : json_string(""));
	json_t *dims = json_object_get(o, "dimension_scores");
	if (json_is_object(dims) && json_object_size(dims) > 0)
		json_object_set(out, "dimension_scores", dims);
	json_t *guidance = stripped(json_object_get(o, "actionable_guidance"));
	if (guidance)
		json_object_set_new(out, "actionable_guidance", guidance);
	json_decref(o);
	v->json = out;
	return true;
}
