/*
 * page.h - the timeline page: one self-contained HTML file.
 *
 * The page's markup, style and script are ours, in one source file,
 * src/write/timeline_page.html, which the build turns into the string
 * array timeline_page_lines (build/.../gen/timeline_page.c).  Its one line
 * "<!-- adkev:data -->" is replaced by the run, as JSON inside a
 * <script type="application/json"> element that the script reads.  The
 * page fetches nothing: no network, no other file.
 */
#ifndef ADKEV_PAGE_H
#define ADKEV_PAGE_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "util.h"

/* The template, one line (with its newline) per string; made by the build. */
extern const char *const timeline_page_lines[];
extern const size_t timeline_page_nlines;

/*
 * Appends value as JSON that is safe inside a <script> element, written by
 * the JSON writer with JW_GO: '<', '>' and '&' as \u003c, \u003e and \u0026
 * (so neither "</script>" nor "<!--" can occur), and U+2028 and U+2029 as
 * \u2028 and \u2029 (so the text is also a valid JavaScript literal).
 */
void page_append_script_json(struct strbuf *sb, const json_t *value);

/* Writes the page with data as the run it shows; false once writing has failed. */
bool page_write_timeline(const json_t *data);

#endif
