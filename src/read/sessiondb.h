/*
 * sessiondb.h - ADK session databases as inputs of records (sources.md).
 *
 * An SQLite file (known by its first 16 bytes, whatever its name), a
 * "sqlite://" URL in ADK Python's or ADK JS's spelling, or a
 * "postgresql://" URL (ADK's "+driver" spellings too) is read as the
 * events of its sessions: every layout ADK writes (SqliteSessionService,
 * DatabaseSessionService schema 1 and 0, ADK Go's session/database), told
 * apart by its tables.  Each event is one record, "session ID, event ID" in
 * messages, read in the order ADK reads them back (by timestamp, equal
 * timestamps in insertion order) a page at a time, never all at once.
 * With READER_SESSION_STATES, a schema-0 session's state as its tables
 * hold it follows its events (sessiondb_state.c).
 */
#ifndef ADKEV_SESSIONDB_H
#define ADKEV_SESSIONDB_H

#include <stdbool.h>

#include "read/input.h"

/* The kind of input of session databases: a row of input_kinds[]. */
extern const struct input_kind sessiondb_kind;

/* Whether operand names a session database (or a URL of one adkev refuses, as MySQL). */
bool sessiondb_claims(const char *operand);

/* One session, as `adkev sessions` lists it. */
struct session_info {
	const char *name; /* the operand as messages show it (a URL's password masked) */
	const char *app;
	const char *user;
	const char *id;
	double create_time, update_time; /* epoch seconds; times_known false when unreadable */
	bool times_known;
	unsigned long long events, invocations; /* with counts only */
	/* With counts: the text of the first user message, as written; NULL when none. */
	const char *first_message;
};

/*
 * Calls fn for each session of operand that choice picks, in update order
 * (with counts, its events and invocations counted and its first message
 * read, valid during the call); returns the exit
 * status after reporting what went wrong: EXIT_NOINPUT, EXIT_DATAERR,
 * EXIT_IOERR.
 */
int sessiondb_list(const char *operand, const struct session_choice *choice, bool counts,
                   void (*fn)(void *ctx, const struct session_info *s), void *ctx);

/*
 * The operand as messages write it: a URL with its password and the value
 * of every query parameter replaced by "***"; other operands as they are.
 * The caller owns the result.
 */
char *sessiondb_masked(const char *operand);

#endif
