/*
 * redact_keys.c - object keys that hold a secret by its shape, shown with
 * it hidden, each still a key of its own.
 */
#include "adk/redact.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

/*
 * Keys that hold a secret by its shape (an artifact named after a token, a
 * tool call id used as a key) are shown with it hidden as a string's is.
 * Two keys of one object may then read the same; jansson would keep one of
 * them, so each later one, in the byte order of the keys as written, gets
 * the first free number in its last "[REDACTED]": "[REDACTED 2]", ...
 */
struct key_member {
	const char *key;
	size_t len;
	json_t *value;
	bool renamed;
	struct strbuf name; /* the key as shown, when renamed */
};

/* Bytewise, by the keys as written, so the numbers do not hang on the order of members. */
static int compare_keys(const void *a, const void *b)
{
	const struct key_member *x = *(const struct key_member *const *)a;
	const struct key_member *y = *(const struct key_member *const *)b;
	int c = memcmp(x->key, y->key, x->len < y->len ? x->len : y->len);
	return c ? c : (x->len > y->len) - (x->len < y->len);
}

/* m's key with its secrets hidden, its last "[REDACTED]" numbered n when n > 1, into m->name. */
static void renamed_key(struct key_member *m, unsigned n)
{
	struct strbuf plain = STRBUF_INIT;
	strbuf_reset(&m->name);
	redact_text(m->key, m->len, &plain);
	const size_t marker = sizeof REDACTED - 1;
	size_t mark = plain.len; /* where the number goes: before the last marker's ']' */
	for (size_t end = plain.len; n > 1 && end >= marker; end--)
		if (memcmp(plain.buf + end - marker, REDACTED, marker) == 0) {
			mark = end - 1;
			break;
		}
	strbuf_add(&m->name, plain.buf, mark);
	if (mark < plain.len)
		strbuf_addf(&m->name, " %u", n);
	strbuf_add(&m->name, plain.buf + mark, plain.len - mark);
	strbuf_release(&plain);
}

/* Gives each renamed member of m[0..n) a name no other key of the object has. */
static void name_renamed(struct key_member *m, size_t n)
{
	json_t *taken = json_object();
	struct key_member **order = xmalloc(n * sizeof *order);
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		if (m[i].renamed)
			order[k++] = &m[i];
		else
			json_object_setn_new_nocheck(taken, m[i].key, m[i].len, json_null());
	}
	qsort(order, k, sizeof *order, compare_keys);
	/* The next number to try for each name, so that many keys alike cost no more than a few. */
	json_t *next = json_object();
	for (size_t i = 0; i < k; i++) {
		renamed_key(order[i], 1);
		struct strbuf base = STRBUF_INIT;
		strbuf_add(&base, order[i]->name.buf, order[i]->name.len);
		json_int_t number = json_integer_value(json_object_getn(next, base.buf, base.len));
		number = number ? number : 1;
		for (;; number++) {
			renamed_key(order[i], (unsigned)number);
			if (!json_object_getn(taken, order[i]->name.buf, order[i]->name.len))
				break;
		}
		json_object_setn_new_nocheck(next, base.buf, base.len, json_integer(number + 1));
		json_object_setn_new_nocheck(taken, order[i]->name.buf, order[i]->name.len,
		                             json_null());
		strbuf_release(&base);
	}
	json_decref(next);
	free(order);
	json_decref(taken);
}

json_t *redact_keys(const struct redactor *r, const json_t *v)
{
	const char *key;
	size_t len, n = json_object_size(v), i = 0, renamed = 0;
	json_t *member;
	json_object_keylen_foreach((json_t *)v, key, len, member)
	{
		renamed += redact_text(key, len, NULL);
	}
	if (!renamed)
		return NULL;
	struct key_member *m = xcalloc(n, sizeof *m);
	json_object_keylen_foreach((json_t *)v, key, len, member)
	{
		m[i] =
		    (struct key_member){key, len, member, redact_text(key, len, NULL), STRBUF_INIT};
		i++;
	}
	name_renamed(m, n);
	json_t *out = json_object();
	for (i = 0; i < n; i++) {
		json_t *value = redact_key_is_sensitive(r, m[i].key, m[i].len)
		                    ? json_string(REDACTED)
		                    : json_incref(m[i].value);
		if (m[i].renamed)
			json_object_setn_new_nocheck(out, m[i].name.buf, m[i].name.len, value);
		else
			json_object_setn_new_nocheck(out, m[i].key, m[i].len, value);
		strbuf_release(&m[i].name);
	}
	free(m);
	return out;
}
