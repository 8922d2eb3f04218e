/*
 * scan.h - reads one JSON value as jansson would, and builds only what the
 * command reads.
 *
 * jansson builds every value of every event, and nearly all of adkev's time
 * went there.  This scanner reads each byte once and checks all of it by
 * jansson's rules (json_loadb() with SCAN_JSON_FLAGS): the same bytes are
 * accepted and refused, strict UTF-8, no control characters in strings,
 * paired surrogate escapes, no \u0000 in a key, integers within int64,
 * reals that do not overflow, depth at most JSON_PARSER_MAX_DEPTH.  It then
 * builds jansson values, with jansson's own constructors, for the members a
 * command asked for and skips the rest without allocating.  Refused bytes
 * are handed to jansson, whose error is the one reported: the message and
 * its line and column are jansson's by construction.
 */
#ifndef ADKEV_SCAN_H
#define ADKEV_SCAN_H

#include <jansson.h>
#include <stddef.h>

#include "adk/event.h"

/* How every input value is parsed: any value, more may follow it, "\u0000" allowed. */
#define SCAN_JSON_FLAGS (JSON_DECODE_ANY | JSON_DISABLE_EOF_CHECK | JSON_ALLOW_NUL)

/*
 * Parses the value at the start of p[0..n) (white space may come first) as
 * json_loadb(p, n, SCAN_JSON_FLAGS, e) does: NULL and jansson's error in *e
 * when jansson refuses it, else the value (the caller owns it) and in
 * e->position the offset just past it.
 *
 * reads (NULL: everything) says what to build of an event (adk/event.h):
 * a top-level object keeps every one of its members, in order, but only
 * the members reads names, and "error" (a server's stream error), hold
 * their values, and inside content, actions and each of content.parts
 * likewise; any other member holds true, or null where its value is null,
 * so value_kind() and the rule that a null member is absent see what they
 * see in the whole value.  A session (an object with an "events" array) is
 * built whole, as is any value that is not an object.
 */
json_t *scan_load(const char *p, size_t n, const struct adk_reads *reads, json_error_t *e);

/*
 * What scan_load() builds under reads, made from value, which holds every
 * member: a new value (the caller owns it) whose chosen members are value's
 * own (a reference each, so value can be released at once) and whose other
 * members stand in as above.  A value that is no object, or a session, is
 * handed back whole (a new reference).  The one difference from scanning
 * the text again: an object with an "events" key twice, an array first,
 * scans as a session, while value only shows the last.  A -j worker that
 * has done a command's work on a whole event (preparse_set_map) keeps just
 * what the reader's thread still reads of it.
 */
json_t *scan_select(json_t *value, const struct adk_reads *reads);

/*
 * The scanner alone, for the differential fuzz target and the unit tests:
 * whether it accepts p[0..n), and then where the value ends and the value
 * (built as above) in *value, the caller owning it.  jansson is not asked;
 * scan_load() is this with jansson's error on a refusal.
 */
bool scan_only(const char *p, size_t n, const struct adk_reads *reads, json_t **value, size_t *end);

#endif
