/*
 * db.h - a connection to a session database, as its backend gives it: SQL
 * in, rows of text out, one row at a time.
 *
 * Two backends: SQLite (db_sqlite.c, libsqlite3) and PostgreSQL (db_pq.c,
 * libpq).  Each may be left out of the build (ADKEV_NO_SQLITE,
 * ADKEV_NO_PQ); its open function then says what this adkev lacks.
 * sessiondb.c knows ADK's tables and asks them its questions through this;
 * nothing here knows ADK.
 */
#ifndef ADKEV_DB_H
#define ADKEV_DB_H

#include <stdbool.h>
#include <stddef.h>

struct db;
struct db_rows;

struct db_ops {
	/*
	 * Runs sql with params[0..nparams) bound as text to $1, $2, ... (in
	 * that order in sql); NULL after an error (error() says why).
	 */
	struct db_rows *(*query)(struct db *db, const char *sql, const char *const *params,
	                         int nparams);
	/* The next row: 1, 0 at the end, -1 after an error. */
	int (*next)(struct db_rows *rows);
	/* Column col of the row as text (blobs as their bytes), NULL for SQL NULL; valid until
	 * next(). */
	const char *(*column)(struct db_rows *rows, int col, size_t *len);
	/* Ends the query and frees rows; NULL is fine. */
	void (*finish)(struct db_rows *rows);
	/* The last error, one line, never a password. */
	const char *(*error)(struct db *db);
	/* The exit status the last error asks for: EXIT_DATAERR, EXIT_NOINPUT or EXIT_IOERR. */
	int (*status)(struct db *db);
	void (*close)(struct db *db);
};

struct db {
	const struct db_ops *ops;
	bool postgres; /* the SQL dialect: PostgreSQL's, else SQLite's */
};

/*
 * Opens the SQLite file path read-only; NULL after writing why into
 * why[0..size) with *status the exit status that asks for.
 */
struct db *db_sqlite_open(const char *path, char *why, size_t size, int *status);
/*
 * Whether libsqlite3 lets each of several threads use a connection of its
 * own: false where it was built without threads (SQLITE_THREADSAFE=0) or
 * cannot be loaded.
 */
bool db_sqlite_threads(void);
/* Connects to the PostgreSQL server conninfo (a URL libpq takes); the same. */
struct db *db_pq_open(const char *conninfo, char *why, size_t size, int *status);

#endif
