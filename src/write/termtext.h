/*
 * termtext.h - text from the input made safe and measured for a terminal.
 *
 * What adkev writes for people (show, stats --table) may come from anyone's
 * log.  Control characters (C0, DEL, C1), the escape character among them,
 * and the Unicode bidirectional controls are written as escapes (\e, \n,
 * \x07, \u202e), so input can never move the cursor, recolour the screen or
 * reorder what is shown.  The rules (text_unsafe, text_escape) live in
 * util.h, because every message on standard error follows them too.  Widths
 * are terminal columns: wide (East Asian, emoji) characters count two,
 * combining marks none.
 */
#ifndef ADKEV_TERMTEXT_H
#define ADKEV_TERMTEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util.h"

/* The columns a printable cp takes. */
size_t termtext_width(uint32_t cp);
/* Appends s[0..len) with unsafe code points escaped; returns the columns it takes. */
size_t termtext_append(struct strbuf *sb, const char *s, size_t len);
/*
 * The columns s[0..len) takes once escaped, counted only until they pass
 * limit (SIZE_MAX: all of it), so a long value costs no more than the room.
 */
size_t termtext_columns(const char *s, size_t len, size_t limit);
/*
 * Appends s[0..len) as termtext_append() does, cut to limit columns (0: no
 * cut) with "…" as the last column when it is cut; returns the columns.
 */
size_t termtext_append_cut(struct strbuf *sb, const char *s, size_t len, size_t limit);

#endif
