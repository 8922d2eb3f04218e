/*
 * sessiondb_int.h - what the files of the session database input share
 * (sessiondb.h): the input's state, a session's key, the layouts and the
 * schema-0 columns, and the calls across the files.  Only
 * read/sessiondb*.c include it.
 *
 * sessiondb.c names the databases (operands, URLs) and is the input kind;
 * sessiondb_layout.c tells the layouts apart by their tables;
 * sessiondb_sessions.c chooses the sessions (--session, --app, --user);
 * sessiondb_pages.c fetches a session's events a page at a time;
 * sessiondb_row.c makes an event of a schema-0 row; sessiondb_state.c
 * reads the state a schema-0 session's tables hold.
 */
#ifndef ADKEV_SESSIONDB_INT_H
#define ADKEV_SESSIONDB_INT_H

#include "adk/event.h"
#include "read/db.h"
#include "read/dbpages.h"
#include "read/input.h"
#include "read/sessiondb.h"
#include "util.h"

#include <stdbool.h>
#include <stddef.h>

enum layout { LAYOUT_SQLITE_SERVICE, LAYOUT_SCHEMA1, LAYOUT_SCHEMA0, LAYOUT_GO };

/* How a schema-0 column becomes an event member. */
enum col_kind { COL_TEXT, COL_JSON, COL_BOOL, COL_TIME, COL_ACTIONS };

/* A schema-0 column (ADK Python <= 1.21, ADK Go) and the member it holds. */
struct event_column {
	const char *column;
	enum adk_field field;
	enum col_kind kind;
};

/*
 * How many schema-0 columns there are.  sessiondb_row.c defines the table
 * with no size of its own, so a table of another length does not compile.
 */
#define EVENT_COLUMNS 24

/* The schema-0 columns and the members they hold (sessiondb_row.c). */
extern const struct event_column sdb_event_columns[EVENT_COLUMNS];

/* A session chosen: its key, and its times as the database stores them. */
struct session_key {
	char *app, *user, *id;
	char *create_time, *update_time; /* as stored; NULL when NULL */
};

struct sdb_input {
	struct input base;
	char *name; /* the operand, its password masked */
	char *path; /* SQLite: the file, which -j's workers open too */
	struct db *db;
	unsigned jobs; /* -j: with more than 1, pages are fetched ahead (dbpages.h) */
	struct dbpages *ahead;
	enum layout layout;
	bool columns[EVENT_COLUMNS]; /* which schema-0 columns the events table has */
	struct strbuf select;        /* the select list of an event's columns */
	int ncols;
	struct session_key *sessions;
	size_t nsessions, cur; /* cur: the session being read, nsessions when none is */
	/* The page of the session's events being handed out, and its next row. */
	struct db_page page;
	size_t row;
	/*
	 * SQLite: the session's rowids in event order, read once when its read
	 * begins (so its events are those it held then), and the next to fetch
	 * on this thread, up to rowid_end (nrowids, or with -j the end of a
	 * page fetched ahead and cut short).
	 */
	long long *rowids;
	size_t nrowids, rowids_cap, rowid_at, rowid_end;
	/*
	 * How many rowids a page asks for: DB_PAGE_ROWS, or as many rows as
	 * fit in PAGE_BYTES last time, as rows past those are fetched for nothing.
	 */
	size_t window;
	struct strbuf page_head;    /* SQLite: a page's query up to its rowids ... */
	const char *params[3];      /* ... the session it binds ... */
	struct db_page_query query; /* ... and the whole of it */
	int failed;                 /* the exit status of the last failed fetch; error says why */
	bool rowids_read;
	bool session_done;
	struct db_rows *live; /* PostgreSQL: the session's query, read a row at a time */
	struct strbuf record, where;
	/*
	 * Schema 0: whether each session's stored state follows its events
	 * (input_how's session_states), and whether it has been given; which
	 * of the tables of app and user states the database has.
	 */
	bool session_states, state_given;
	bool app_states, user_states;
	char error[512];
};

/* sessiondb.c: the input. */

/* Reports the database's last error; returns the exit status it asks for. */
int sdb_failed(const struct sdb_input *in);

/* sessiondb_layout.c: the layout. */

/* Tells the layout apart by its tables; returns an exit status after reporting. */
int sdb_find_layout(struct sdb_input *in);

/* sessiondb_sessions.c: the sessions chosen. */

/* Lets go of the sessions loaded. */
void sdb_session_keys_free(struct sdb_input *in);

/* The sessions choice picks (but --session last: all of them), in update order. */
bool sdb_load_sessions(struct sdb_input *in, const struct session_choice *c, bool prefix);

/*
 * Narrows the sessions to what --session asks: an id, else the one id that
 * begins with it (as --invocation and git take a unique prefix), or the
 * last; returns an exit status after reporting.
 */
int sdb_apply_choice(struct sdb_input *in, const struct session_choice *c);

/*
 * The text of session i's first user message, its text parts joined by
 * spaces, into out (empty when none opens the session); false after
 * reporting a read that failed (in->failed says how).  Leaves no session
 * being read and no query open on the connection.
 */
bool sdb_first_message(struct sdb_input *in, size_t i, struct strbuf *out);

/* sessiondb_pages.c: the events a page at a time. */

/*
 * The next page of the current session's events.  SQLite: up to DB_PAGE_ROWS
 * rows or PAGE_BYTES bytes, copied out of a query that is finished before
 * they are handed on, so SQLite's lock is never held while adkev waits on
 * its output.  PostgreSQL: the next row of one query.  false after an error.
 */
bool sdb_fill_page(struct sdb_input *in);

/* The text of a cell of the page being handed out, or NULL for SQL NULL. */
static inline const char *sdb_cell_text(const struct sdb_input *in, size_t row, int col,
                                        size_t *len)
{
	return db_page_cell(&in->page, in->ncols, row, col, len);
}

/* sessiondb_state.c: a schema-0 session's stored state. */

/*
 * The current session as ADK gives it back from its tables, without its
 * events, as JSON text into in->record; 1, else INPUT_FAILED or
 * SOURCE_DAMAGED with in->error saying why.
 */
int sdb_stored_session(struct sdb_input *in);

/* sessiondb_row.c: a schema-0 row's event. */

/* The event a schema-0 row holds, as JSON text into in->record; false after setting in->error. */
bool sdb_row_event(struct sdb_input *in, size_t row);

#endif
