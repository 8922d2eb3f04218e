/*
 * db_sqlite.c - the SQLite backend of db.h, through libsqlite3.
 *
 * A database is opened read-only (SQLITE_OPEN_READONLY): adkev never
 * writes to it, never creates it, and never runs a statement that would
 * take a write lock.  A reader still takes SQLite's shared lock while a
 * statement runs, which in a database in rollback-journal mode keeps a
 * writer (the agent's server) waiting; sessiondb.c therefore reads a
 * session's events in pages, each query finished before its rows are
 * handed on, so the lock is held only while a page is copied out.  In WAL
 * mode readers never block writers; a WAL database whose -shm file cannot
 * be created (a folder adkev may not write) is still read where SQLite
 * can, else reported.  A lock held by a writer is waited on for up to
 * BUSY_TIMEOUT_MS, then reported.
 */
#include "read/db.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>

#ifdef ADKEV_NO_SQLITE

bool db_sqlite_threads(void)
{
	return false;
}

struct db *db_sqlite_open(const char *path, char *why, size_t size, int *status)
{
	(void)path;
	snprintf(why, size,
	         "an SQLite database, and this adkev was built without libsqlite3: install "
	         "libsqlite3-dev (Debian) or sqlite (elsewhere) and build it again");
	*status = EXIT_DATAERR;
	return NULL;
}

#else

#include <sqlite3.h>
#include <string.h>

/*
 * The functions of libsqlite3 adkev calls.  The library is loaded when the
 * first SQLite database is opened, not linked: every other run then starts
 * without it and its dependencies (doc/speed.md, "Starting"), and an
 * adkev copied to a machine without it still reads everything else.
 */
#define SQLITE_CALLS(X)                                                                            \
	X(sqlite3_bind_null)                                                                       \
	X(sqlite3_bind_text)                                                                       \
	X(sqlite3_busy_timeout)                                                                    \
	X(sqlite3_close)                                                                           \
	X(sqlite3_column_blob)                                                                     \
	X(sqlite3_column_bytes)                                                                    \
	X(sqlite3_column_text)                                                                     \
	X(sqlite3_column_type)                                                                     \
	X(sqlite3_errmsg)                                                                          \
	X(sqlite3_errstr)                                                                          \
	X(sqlite3_exec)                                                                            \
	X(sqlite3_finalize)                                                                        \
	X(sqlite3_open_v2)                                                                         \
	X(sqlite3_prepare_v2)                                                                      \
	X(sqlite3_step)                                                                            \
	X(sqlite3_threadsafe)

/* The functions' addresses in lib, once libsqlite3 is loaded (library_load()). */
LIBRARY_DEFINE(libsqlite3, SQLITE_CALLS, "ADKEV_LIBSQLITE3", "libsqlite3.so.0", "libsqlite3.so");

/* How long a lock held by a writer is waited on before adkev gives up. */
#define BUSY_TIMEOUT_MS 5000

struct sqlite_db {
	struct db base;
	sqlite3 *handle;
	int status;
	char error[256];
};

struct sqlite_rows {
	struct sqlite_db *db;
	sqlite3_stmt *stmt;
};

static int status_of(int code)
{
	switch (code & 0xff) {
	case SQLITE_NOTADB:
	case SQLITE_CORRUPT:
	case SQLITE_FORMAT:
	case SQLITE_ERROR: /* a statement the tables do not fit */
	case SQLITE_MISMATCH:
	case SQLITE_TOOBIG:
		return EXIT_DATAERR;
	case SQLITE_BUSY:
	case SQLITE_LOCKED:
	case SQLITE_CANTOPEN:
	case SQLITE_PERM:
	case SQLITE_AUTH:
		return EXIT_NOINPUT;
	case SQLITE_NOMEM:
		util_out_of_memory(0);
	default:
		return EXIT_IOERR;
	}
}

static void set_error(struct sqlite_db *db, int code)
{
	const char *what = db->handle ? lib.sqlite3_errmsg(db->handle) : lib.sqlite3_errstr(code);
	if ((code & 0xff) == SQLITE_BUSY || (code & 0xff) == SQLITE_LOCKED)
		snprintf(db->error, sizeof db->error,
		         "database is locked by another process (waited %d s): try again "
		         "when its writer is done",
		         BUSY_TIMEOUT_MS / 1000);
	else
		snprintf(db->error, sizeof db->error, "%s", what);
	db->status = status_of(code);
}

static struct db_rows *sqlite_query(struct db *base, const char *sql, const char *const *params,
                                    int nparams)
{
	struct sqlite_db *db = (struct sqlite_db *)base;
	sqlite3_stmt *stmt = NULL;
	int rc = lib.sqlite3_prepare_v2(db->handle, sql, -1, &stmt, NULL);
	for (int i = 0; rc == SQLITE_OK && i < nparams; i++)
		rc = params[i] ? lib.sqlite3_bind_text(stmt, i + 1, params[i], -1, SQLITE_STATIC)
		               : lib.sqlite3_bind_null(stmt, i + 1);
	if (rc != SQLITE_OK) {
		set_error(db, rc);
		lib.sqlite3_finalize(stmt);
		return NULL;
	}
	struct sqlite_rows *rows = xcalloc(1, sizeof *rows);
	rows->db = db;
	rows->stmt = stmt;
	return (struct db_rows *)rows;
}

static int sqlite_next(struct db_rows *r)
{
	struct sqlite_rows *rows = (struct sqlite_rows *)r;
	int rc = lib.sqlite3_step(rows->stmt);
	if (rc == SQLITE_ROW)
		return 1;
	if (rc == SQLITE_DONE)
		return 0;
	set_error(rows->db, rc);
	return -1;
}

static const char *sqlite_column(struct db_rows *r, int col, size_t *len)
{
	struct sqlite_rows *rows = (struct sqlite_rows *)r;
	int type = lib.sqlite3_column_type(rows->stmt, col);
	if (type == SQLITE_NULL)
		return NULL;
	const char *p = type == SQLITE_BLOB ? lib.sqlite3_column_blob(rows->stmt, col)
	                                    : (const char *)lib.sqlite3_column_text(rows->stmt, col);
	*len = (size_t)lib.sqlite3_column_bytes(rows->stmt, col);
	/* An empty blob is a NULL pointer: an empty text here. */
	return p ? p : "";
}

static void sqlite_finish(struct db_rows *r)
{
	struct sqlite_rows *rows = (struct sqlite_rows *)r;
	if (!rows)
		return;
	lib.sqlite3_finalize(rows->stmt);
	free(rows);
}

static const char *sqlite_error(struct db *base)
{
	return ((struct sqlite_db *)base)->error;
}

static int sqlite_status(struct db *base)
{
	return ((struct sqlite_db *)base)->status;
}

static void sqlite_close(struct db *base)
{
	struct sqlite_db *db = (struct sqlite_db *)base;
	lib.sqlite3_close(db->handle);
	free(db);
}

static const struct db_ops sqlite_ops = {
    .query = sqlite_query,
    .next = sqlite_next,
    .column = sqlite_column,
    .finish = sqlite_finish,
    .error = sqlite_error,
    .status = sqlite_status,
    .close = sqlite_close,
};

bool db_sqlite_threads(void)
{
	return library_load(&libsqlite3) && lib.sqlite3_threadsafe() != 0;
}

struct db *db_sqlite_open(const char *path, char *why, size_t size, int *status)
{
	if (!library_load(&libsqlite3)) {
		snprintf(why, size,
		         "an SQLite database, and libsqlite3 could not be loaded (%s): install "
		         "libsqlite3-0 (Debian) or sqlite (elsewhere)",
		         libsqlite3.why);
		*status = EXIT_DATAERR;
		return NULL;
	}
	struct sqlite_db *db = xcalloc(1, sizeof *db);
	db->base = (struct db){&sqlite_ops, false};
	/* No URI filenames: a file named "file:x" is that file. */
	int rc =
	    lib.sqlite3_open_v2(path, &db->handle, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, NULL);
	if (rc == SQLITE_OK)
		rc = lib.sqlite3_busy_timeout(db->handle, BUSY_TIMEOUT_MS);
	/*
	 * A session's rowids are sorted by time (sessiondb.c): in memory, not
	 * through a temporary file written and read back.
	 */
	if (rc == SQLITE_OK)
		rc = lib.sqlite3_exec(db->handle, "PRAGMA temp_store = MEMORY", NULL, NULL, NULL);
	/* The first read of the schema is where a damaged or locked file shows. */
	if (rc == SQLITE_OK)
		rc = lib.sqlite3_exec(db->handle, "SELECT count(*) FROM sqlite_master", NULL, NULL,
		                  NULL);
	if (rc != SQLITE_OK) {
		set_error(db, rc);
		snprintf(why, size, "%s", db->error);
		*status = db->status;
		sqlite_close(&db->base);
		return NULL;
	}
	return &db->base;
}

#endif
