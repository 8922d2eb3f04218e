/*
 * filename.h - safe file names made from agent names (partition --split).
 *
 * An agent name comes from the input and may be hostile: "../../etc/passwd",
 * "/etc/passwd", ".bashrc", a newline, ten kilobytes of text.  The name made
 * from it is always one harmless path component:
 *
 *   - ASCII letters, digits, '-', '_' and '.' are kept; every other
 *     character (a slash, a backslash, a space, a control character, any
 *     non-ASCII character) becomes one '_';
 *   - a leading dot, a dot that follows a dot and a trailing dot become '_',
 *     so the name is never hidden and never holds "..";
 *   - a cleaned name longer than FILENAME_MAX_STEM bytes is cut, and the
 *     hash of the whole agent name is appended (-xxxxxxxx), so two long
 *     names that share a beginning still differ;
 *   - ".jsonl" is appended.
 *
 * A filename_set hands out distinct names: when the cleaned name is taken
 * already (ASCII case ignored, as on case-insensitive file systems), "-2",
 * "-3", ... is appended to it.
 */
#ifndef ADKEV_FILENAME_H
#define ADKEV_FILENAME_H

#include <jansson.h>
#include <stddef.h>

#include "util.h"

/* The longest cleaned name before a "-N" suffix and ".jsonl". */
#define FILENAME_MAX_STEM  100
#define FILENAME_EXTENSION ".jsonl"

/* Appends the cleaned form of name[0..len) (UTF-8, may hold NUL) to sb. */
void filename_clean(struct strbuf *sb, const char *name, size_t len);

struct filename_set {
	json_t *taken; /* lowercased name -> the next "-N" to try for it */
};

void filename_set_init(struct filename_set *s);
void filename_set_release(struct filename_set *s);

/*
 * A file name for name[0..len) that the set has not handed out before
 * (ASCII case ignored): cleaned, made distinct, with ".jsonl".  The caller
 * frees it.
 */
char *filename_set_claim(struct filename_set *s, const char *name, size_t len);

#endif
