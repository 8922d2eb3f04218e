/*
 * scan_int.h - what the scanner's two files share (scan.h): the state of
 * a scan, a string token, the small readers of white space, keys and
 * members that both inline, and the calls across them.  Only read/scan*.c
 * include it.
 *
 * scan.c reads jansson's grammar (strings, numbers, words, arrays,
 * objects, values skipped) and is the way in; scan_chosen.c chooses the
 * members a command reads, while an object is scanned and from a value
 * built whole.
 */
#ifndef ADKEV_SCAN_INT_H
#define ADKEV_SCAN_INT_H

#include "read/scan.h"
#include "read/stage.h"

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

struct scan {
	const unsigned char *p;
	size_t n, i;
	size_t depth;                  /* values open, counted as jansson counts them */
	size_t nuls_after_words;       /* see after_word() */
	const struct adk_reads *reads; /* what is built; NULL: everything */
	/* Objects and arrays opened deeper than this stand in as true (adk_reads.tool_levels). */
	size_t build_depth;
	struct stage *stage; /* the strings' stops; NULL: every byte is looked at here */
	/* Where strings with escapes are decoded before jansson copies them. */
	char *scratch;
	size_t scratch_cap;
	char stack_scratch[1024];
};

/* A string token: its bytes between the quotes, as they are in the input. */
struct token {
	size_t start, end;
	bool escaped; /* holds a backslash: must be decoded */
	bool has_nul; /* holds \u0000, which jansson refuses in a key */
};

/* How reading an object whose members are chosen ended. */
enum chosen { CHOSEN_READ, CHOSEN_REFUSED, CHOSEN_IS_SESSION };

/* scan.c: the grammar. */

/*
 * Reads a string token at s->p[s->i] (its opening quote) into *t, from stop
 * to stop (stage.h): its UTF-8 is known good, so only escapes are looked at.
 * Where the stage has found bad UTF-8 the string is read again byte by
 * byte, and so is every string after it.
 */
bool scan_token(struct scan *s, struct token *t);

/*
 * The bytes a checked token stands for; *len gets their length.  They are
 * the input's own where it has no escape, else decoded into the scratch
 * buffer, valid until the next decode.
 */
const char *scan_decode(struct scan *s, const struct token *t, size_t *len);

/* Any value; jansson counts every value, a scalar too, toward its depth limit. */
bool scan_value(struct scan *s, json_t **out);

/* scan_chosen.c: the members chosen. */

/* Reads the object at s->p[s->i] (its '{'), its members chosen as s->reads says for object. */
enum chosen scan_chosen(struct scan *s, enum adk_object object, json_t **out);

/*
 * An eval set's top level (adk_reads.split_eval_cases): every member built
 * whole but an eval_cases array, which is checked and stands in as an empty
 * one; the reader hands its elements out from the bytes.  Not an object
 * with such an array: CHOSEN_IS_SESSION, so the value is read again whole.
 */
enum chosen scan_eval_set(struct scan *s, json_t **out);

/* Whether r (NULL: everything) leaves nothing to choose: every value is built whole. */
bool scan_reads_everything(const struct adk_reads *r);

/* What both files inline: white space, one byte, a key, a member set, a member's end. */

static inline void skip_space(struct scan *s)
{
	/* Most JSON on a line is compact: nothing to skip. */
	if (s->i < s->n && s->p[s->i] > ' ')
		return;
	while (s->i < s->n) {
		unsigned char c = s->p[s->i];
		if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
			return;
		s->i++;
	}
}

/* Whether the next byte is c; if so, it is read. */
static inline bool take(struct scan *s, unsigned char c)
{
	if (s->i < s->n && s->p[s->i] == c) {
		s->i++;
		return true;
	}
	return false;
}

/* Reads a key and its ':' up to the value; false where jansson refuses them. */
static inline bool scan_key(struct scan *s, struct token *key)
{
	if (s->i >= s->n || s->p[s->i] != '"' || !scan_token(s, key) || key->has_nul)
		return false;
	skip_space(s);
	if (!take(s, ':'))
		return false;
	skip_space(s);
	return true;
}

/* Sets key (a checked token) to value in object; jansson keeps the last of duplicate keys. */
static inline void scan_set_member(struct scan *s, json_t *object, const struct token *key,
                                   json_t *value)
{
	size_t len;
	const char *name = scan_decode(s, key, &len);
	json_object_setn_new_nocheck(object, name, len, value);
}

/* After a member: true and *more when a ',' follows, true and !*more at the '}'. */
static inline bool member_end(struct scan *s, bool *more)
{
	skip_space(s);
	if (take(s, '}')) {
		*more = false;
		return true;
	}
	if (!take(s, ','))
		return false;
	skip_space(s);
	*more = true;
	return true;
}

#endif
