/*
 * filename.c - agent names to file names that cannot escape their
 * directory, hide themselves or collide (see filename.h for the rules).
 */
#include "write/filename.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Where a long cleaned name is cut: room is left for "-" and 8 hex digits. */
#define CUT_AT (FILENAME_MAX_STEM - 9)

static bool is_kept(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '-' || c == '_' || c == '.';
}

/* FNV-1a, 32 bits: a stable hash, so a cut name is the same from run to run. */
static uint32_t hash_name(const char *name, size_t len)
{
	uint32_t h = 2166136261u;
	for (size_t i = 0; i < len; i++) {
		h ^= (unsigned char)name[i];
		h *= 16777619u;
	}
	return h;
}

void filename_clean(struct strbuf *sb, const char *name, size_t len)
{
	size_t start = sb->len;
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)name[i];
		/* A UTF-8 continuation byte belongs to the character already replaced. */
		if ((c & 0xC0) == 0x80)
			continue;
		char out = is_kept(c) ? (char)c : '_';
		/* No leading dot (hidden, "." or ".."), and no ".." anywhere. */
		if (out == '.' && (sb->len == start || name[i - 1] == '.'))
			out = '_';
		strbuf_addch(sb, out);
	}
	if (sb->len - start > FILENAME_MAX_STEM) {
		sb->len = start + CUT_AT;
		strbuf_addf(sb, "-%08x", (unsigned)hash_name(name, len));
	}
	/* Nothing was left (an empty name): a name is still needed. */
	if (sb->len == start)
		strbuf_addch(sb, '_');
	/* "name." + ".jsonl" would hold "..". */
	if (sb->buf[sb->len - 1] == '.')
		sb->buf[sb->len - 1] = '_';
	sb->buf[sb->len] = '\0';
}

void filename_set_init(struct filename_set *s)
{
	s->taken = json_object();
}

void filename_set_release(struct filename_set *s)
{
	json_decref(s->taken);
	s->taken = NULL;
}

/* The key a name is taken under: ASCII letters folded to lower case. */
static void fold(struct strbuf *key, const char *s, size_t len)
{
	strbuf_reset(key);
	for (size_t i = 0; i < len; i++) {
		char c = s[i];
		strbuf_addch(key, c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c);
	}
}

char *filename_set_claim(struct filename_set *s, const char *name, size_t len)
{
	struct strbuf stem = STRBUF_INIT, key = STRBUF_INIT;
	filename_clean(&stem, name, len);
	size_t base_len = stem.len;

	fold(&key, stem.buf, stem.len);
	json_t *next = json_object_get(s->taken, key.buf);
	if (next) {
		/*
		 * Taken: try "-N" from where the last collision on this stem
		 * stopped, so many colliding names cost linear time.
		 */
		json_int_t n = json_integer_value(next);
		for (;; n++) {
			stem.len = base_len;
			strbuf_addf(&stem, "-%lld", (long long)n);
			fold(&key, stem.buf, stem.len);
			if (!json_object_get(s->taken, key.buf))
				break;
		}
		json_object_set_new(s->taken, key.buf, json_integer(2));
		fold(&key, stem.buf, base_len);
		json_object_set_new(s->taken, key.buf, json_integer(n + 1));
	} else {
		json_object_set_new(s->taken, key.buf, json_integer(2));
	}
	strbuf_addstr(&stem, FILENAME_EXTENSION);
	strbuf_release(&key);
	return stem.buf;
}
