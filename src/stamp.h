/*
 * stamp.h - the dates and ids adkev stamps on what it makes: RFC 3339
 * times read as seconds since the epoch, and fresh version 4 UUIDs.
 *
 * It sits at the bottom beside util.h, as any layer may date or name what
 * it makes, and apart from it, as util is about memory, buffers and
 * messages while this is about clocks and the kernel's random bytes.
 */
#ifndef ADKEV_STAMP_H
#define ADKEV_STAMP_H

#include <stdbool.h>

/* A UUID's text: 36 characters and a NUL. */
#define STAMP_UUID_SIZE 37

/*
 * A time in RFC 3339's form (a "T", "t" or space between date and time,
 * any number of fraction digits, "Z", "z" or an +hh:mm / -hh:mm offset) as
 * float seconds since 1970-01-01T00:00:00Z.  False, with *seconds
 * unchanged, for NULL and for anything else, trailing bytes included.
 */
bool stamp_parse_rfc3339(const char *s, double *seconds);

/*
 * A time as a session database keeps it, as float seconds since the epoch:
 * a number (seconds, or milliseconds when past 1e11, as ADK JS writes them
 * on SQLite), or a date and time with a space or "T" between them, any
 * fraction, then optionally an offset ("Z", "+01", "+0100", "+01:00", with
 * or without a space before it), a zone name ("CET") and Go's monotonic
 * clock reading (" m=+0.001").  Without an offset the time is UTC, or with
 * naive_local the local time (ADK Python's schema-0 event times).  False
 * for anything else.
 */
bool stamp_parse_db_time(const char *s, bool naive_local, double *seconds);

/*
 * Epoch seconds from a time written as a number: ADK JS writes integer
 * milliseconds, ADK Python float seconds, and no seconds count of this era
 * is above 1e11 (the year 5138), so a larger number is milliseconds.
 */
double stamp_seconds_of_number(double number);

/*
 * A fresh random (version 4) UUID, lowercase.  It cannot fail: where the
 * kernel gives no random bytes, the bytes come from the clocks, the process
 * id and a count instead (stamp.c says why that is sound).  Safe to call
 * from several threads at once.
 */
void stamp_uuid(char out[STAMP_UUID_SIZE]);

/* The UUID text of 16 bytes, with the version 4 and variant bits set over theirs. */
void stamp_uuid_of_bytes(const unsigned char bytes[16], char out[STAMP_UUID_SIZE]);

/*
 * A time for a person to read, to the second: "2026-01-01 08:00:15 CET" in
 * local time, or "2026-01-01 07:00:15 UTC" with utc; "-" when not known
 * or not representable.  The caller owns it.  sessions --table and show's
 * session headers print times with it, so the two read alike.
 */
char *stamp_time_text(bool utc, bool known, double t);

/* For tests: the 16 bytes stamp_uuid() uses where the kernel gives none. */
void stamp_fallback_bytes(unsigned char bytes[16]);

#endif
