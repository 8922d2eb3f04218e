/*
 * termtext.h - text from the input made safe and measured for a terminal.
 *
 * What adkev writes for people (show, stats --table) may come from anyone's
 * log.  Control characters (C0, DEL, C1), the escape character among them,
 * and the Unicode bidirectional controls are written as escapes (\e, \n,
 * \x07, \u202e), so input can never move the cursor, recolour the screen or
 * reorder what is shown.  Widths are terminal columns: wide (East Asian,
 * emoji) characters count two, combining marks none.
 */
#ifndef ADKEV_TERMTEXT_H
#define ADKEV_TERMTEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util.h"

/* Decodes the code point at p[0..n) (valid UTF-8, as jansson hands out); returns its length. */
size_t utf8_decode(const char *p, size_t n, uint32_t *cp);
/* Whether cp is written as an escape rather than as itself. */
bool termtext_unsafe(uint32_t cp);
/* Writes the escape of an unsafe cp into buf (16 bytes are enough); returns its length. */
size_t termtext_escape(uint32_t cp, char *buf, size_t size);
/* The columns a printable cp takes. */
size_t termtext_width(uint32_t cp);
/* Appends s[0..len) with unsafe code points escaped; returns the columns it takes. */
size_t termtext_append(struct strbuf *sb, const char *s, size_t len);

#endif
