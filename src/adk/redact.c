/*
 * redact.c - redaction of sensitive keys and truncation of long strings.
 *
 * Both walk a value recursively and build new objects and arrays; scalars
 * that stay as they are are shared with the input by reference (adkev never
 * changes a JSON value in place).
 */
#include "adk/redact.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

const char *const redact_default_words[] = {
    "api_key", "token", "secret", "password", "credential", "authorization", "bearer",
};
const size_t redact_ndefault_words = sizeof redact_default_words / sizeof redact_default_words[0];

char *redact_normalise(const char *word, size_t len)
{
	char *out = xmalloc(len + 1);
	size_t n = 0;
	for (size_t i = 0; i < len; i++) {
		char c = word[i];
		if (c == '_' || c == '-' || c == '.')
			continue;
		/* ASCII only: a locale's idea of case must not change what is hidden. */
		if (c >= 'A' && c <= 'Z')
			c = (char)(c - 'A' + 'a');
		out[n++] = c;
	}
	out[n] = '\0';
	return out;
}

void redactor_init(struct redactor *r, bool exact, const char *const *extra, size_t nextra)
{
	r->exact = exact;
	r->nwords = 0;
	r->words = xcalloc(redact_ndefault_words + nextra, sizeof *r->words);
	for (size_t i = 0; i < redact_ndefault_words + nextra; i++) {
		const char *w = i < redact_ndefault_words ? redact_default_words[i]
		                                          : extra[i - redact_ndefault_words];
		char *word = exact ? xstrdup(w) : redact_normalise(w, strlen(w));
		/* An empty normalised word would match every key; callers reject it, skip it here
		 * too. */
		if (!*word && !exact) {
			free(word);
			continue;
		}
		r->words[r->nwords++] = word;
	}
}

void redactor_release(struct redactor *r)
{
	for (size_t i = 0; i < r->nwords; i++)
		free(r->words[i]);
	free(r->words);
	r->words = NULL;
	r->nwords = 0;
}

bool redact_key_is_sensitive(const struct redactor *r, const char *key, size_t len)
{
	if (r->exact) {
		for (size_t i = 0; i < r->nwords; i++)
			if (strlen(r->words[i]) == len && memcmp(r->words[i], key, len) == 0)
				return true;
		return false;
	}
	char *norm = redact_normalise(key, len);
	size_t n = strlen(norm); /* a NUL inside the key ends the comparison, harmlessly early */
	bool hit = false;
	for (size_t i = 0; i < r->nwords && !hit; i++) {
		size_t wl = strlen(r->words[i]);
		hit = wl <= n && memcmp(norm + n - wl, r->words[i], wl) == 0;
	}
	free(norm);
	return hit;
}

size_t utf8_length(const char *s, size_t len)
{
	size_t n = 0;
	for (size_t i = 0; i < len; i++)
		if (((unsigned char)s[i] & 0xC0) != 0x80)
			n++;
	return n;
}

/* The byte offset just past the first max code points of s[0..len). */
static size_t utf8_prefix(const char *s, size_t len, size_t max)
{
	size_t i = 0, n = 0;
	while (i < len) {
		if (((unsigned char)s[i] & 0xC0) != 0x80) {
			if (n == max)
				break;
			n++;
		}
		i++;
	}
	return i;
}

static json_t *truncate_string(const json_t *v, size_t max)
{
	const char *s = json_string_value(v);
	size_t len = json_string_length(v);
	/* A string of at most max bytes has at most max code points. */
	if (len <= max)
		return json_incref((json_t *)v);
	size_t count = utf8_length(s, len);
	if (count <= max)
		return json_incref((json_t *)v);
	struct strbuf sb = STRBUF_INIT;
	strbuf_add(&sb, s, utf8_prefix(s, len, max));
	strbuf_addf(&sb, "...[truncated %zu chars]", count - max);
	json_t *out = json_stringn_nocheck(sb.buf, sb.len);
	strbuf_release(&sb);
	return out;
}

/*
 * Redaction and truncation in one walk, so a reported value is copied once:
 * a sensitive key's value becomes "[REDACTED]", which is then cut like any
 * other string (the contract truncates after it redacts).
 */
json_t *redact_and_truncate(const struct redactor *r, const json_t *v, long max)
{
	if (!r && max < 0)
		return json_incref((json_t *)v);
	if (json_is_object(v)) {
		json_t *out = json_object();
		const char *key;
		size_t len;
		json_t *member;
		json_object_keylen_foreach((json_t *)v, key, len, member)
		{
			json_t *copy;
			if (r && redact_key_is_sensitive(r, key, len)) {
				json_t *redacted = json_string(REDACTED);
				copy = redact_and_truncate(NULL, redacted, max);
				json_decref(redacted);
			} else {
				copy = redact_and_truncate(r, member, max);
			}
			json_object_setn_new_nocheck(out, key, len, copy);
		}
		return out;
	}
	if (json_is_array(v)) {
		json_t *out = json_array();
		size_t i;
		json_t *item;
		json_array_foreach(v, i, item)
		    json_array_append_new(out, redact_and_truncate(r, item, max));
		return out;
	}
	if (max >= 0 && json_is_string(v))
		return truncate_string(v, (size_t)max);
	return json_incref((json_t *)v);
}

json_t *redact_json(const struct redactor *r, const json_t *v)
{
	return redact_and_truncate(r, v, -1);
}

json_t *truncate_json(const json_t *v, long max)
{
	return redact_and_truncate(NULL, v, max);
}
