/*
 * redact.h - hiding secrets and cutting long strings in values adkev
 * reports (tool arguments, tool results, state deltas: events.md 3.3).
 *
 * A key is sensitive when, normalised (compatibility forms such as
 * full-width letters folded to ASCII, ASCII letters lowercased, '_', '-',
 * '.', white space and invisible characters removed), it ends with one of
 * the words of redact.c's suffix_words (apikey, token, secret, password,
 * cookie, privatekey, ...) or a word the user added, normalised the same
 * way, or is "auth" or "session" whole.  In exact mode (gepa's own rule) a
 * key is sensitive only when it is byte for byte one of gepa's seven words
 * or the user's words, unnormalised.
 *
 * A string value is a secret by its shape, under any key: PEM private
 * keys, Bearer and Basic credentials, JSON Web Tokens and keys with a
 * well-known prefix (sk-, sk_live_, AKIA, ghp_, github_pat_, xox?-, AIza).
 * Only the secret inside a longer string is replaced; an object key is
 * hidden by shape the same way (redact_keys()).  A string whose text
 * is a JSON object or array (an MCP tool's result) is read, and hidden
 * inside by both rules; when something is, it becomes that value written
 * compact, still a string.
 *
 * Both transformations return new values and never change their input.
 */
#ifndef ADKEV_REDACT_H
#define ADKEV_REDACT_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "util.h"

struct json_writer;

/* What a sensitive key's value becomes. */
#define REDACTED "[REDACTED]"

struct redactor {
	bool exact;
	char **words;    /* the defaults, then the added words; normalised unless exact */
	size_t *lengths; /* of each word, in bytes */
	size_t nwords;
};

/* gepa's DEFAULT_SENSITIVE_KEYS, in its spelling. */
extern const char *const redact_default_words[];
extern const size_t redact_ndefault_words;

/* extra[0..nextra) are added to the defaults; the strings are copied. */
void redactor_init(struct redactor *r, bool exact, const char *const *extra, size_t nextra);
void redactor_release(struct redactor *r);

/* Writes word normalised as keys are into a new string the caller frees. */
char *redact_normalise(const char *word, size_t len);

/* Whether an object key (len bytes, may hold NUL) is sensitive under r. */
bool redact_key_is_sensitive(const struct redactor *r, const char *key, size_t len);

/*
 * Whether text[0..len) holds a secret by its shape.  With out non-NULL and
 * a secret found, appends text to out with each secret replaced by
 * "[REDACTED]" (a Bearer or Basic credential's scheme stays).
 */
bool redact_text(const char *text, size_t len, struct strbuf *out);

/*
 * A copy of v in which the value of every sensitive key, at any depth
 * through objects and arrays, is the string "[REDACTED]", whatever its type,
 * every secret inside a string value is "[REDACTED]", and every key that
 * holds a secret by its shape is renamed as redact_keys() says.  The caller
 * owns the result.
 */
json_t *redact_json(const struct redactor *r, const json_t *v);

/*
 * Object v with its keys as redact_json() shows them, or NULL when no key
 * holds a secret by its shape: such a key has each secret replaced by
 * "[REDACTED]", and when two keys would then read the same, each later
 * one in the byte order of the keys as written has its last "[REDACTED]"
 * numbered, "[REDACTED 2]", "[REDACTED 3]", ..., the first number that
 * makes it a key of its own.  The value of a sensitive key (by its key as
 * written) is the string "[REDACTED]"; the other values are v's, shared.
 * The caller owns the result.
 */
json_t *redact_keys(const struct redactor *r, const json_t *v);

/* Whether redact_json(r, v) would hide anything in v: a sensitive key, a secret's shape. */
bool redact_hides(const struct redactor *r, const json_t *v);

/*
 * A copy of v in which every string value longer than max code points (not
 * object keys) is cut to its first max code points followed by
 * "...[truncated K chars]", K the number of code points removed.  max < 0
 * copies v unchanged.  The caller owns the result.
 */
json_t *truncate_json(const json_t *v, long max);

/*
 * Both at once, in one copy: redact_json() with r (NULL: no redaction), then
 * truncate_json() with max.  The caller owns the result.
 */
json_t *redact_and_truncate(const struct redactor *r, const json_t *v, long max);

/*
 * Writes v to w as jw_value() would write redact_and_truncate(r, v, max),
 * without making that copy: strings are hidden and cut as they are written.
 */
void redact_write(struct json_writer *w, const struct redactor *r, const json_t *v, long max);

/* The number of code points in the UTF-8 string s[0..len). */
size_t utf8_length(const char *s, size_t len);

#endif
