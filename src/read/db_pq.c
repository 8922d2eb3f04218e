/*
 * db_pq.c - the PostgreSQL backend of db.h, through libpq.
 *
 * The URL goes to libpq as it is (sessiondb.c has dropped the
 * "+driver" of ADK's SQLAlchemy spellings), so the password comes from
 * it, from ?password=, PGPASSWORD or ~/.pgpass as libpq finds it.  The
 * session is read-only, in UTF-8, and rows come one at a time (libpq's
 * single-row mode): a large session is never held whole.  A reader never
 * blocks ADK's writers on PostgreSQL (MVCC).  libpq's messages name the
 * server and the user, never the password; a password that still shows in
 * one is replaced by "***".
 */
#include "read/db.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>

#ifdef ADKEV_NO_PQ

struct db *db_pq_open(const char *conninfo, char *why, size_t size, int *status)
{
	(void)conninfo;
	snprintf(why, size,
	         "a PostgreSQL database, and this adkev was built without libpq: install "
	         "libpq-dev (Debian) or libpq (elsewhere) and build it again");
	*status = EXIT_DATAERR;
	return NULL;
}

#else

#include <libpq-fe.h>
#include <string.h>

/*
 * The functions of libpq adkev calls.  The library is loaded when the first
 * PostgreSQL URL is opened, not linked: every other run then starts without
 * it and its many dependencies (doc/speed.md, "Starting"), and an adkev
 * copied to a machine without it still reads everything else.
 */
#define PQ_CALLS(X)                                                                                \
	X(PQcancel)                                                                                \
	X(PQclear)                                                                                 \
	X(PQconnectdbParams)                                                                       \
	X(PQerrorMessage)                                                                          \
	X(PQexec)                                                                                  \
	X(PQfinish)                                                                                \
	X(PQfreeCancel)                                                                            \
	X(PQgetCancel)                                                                             \
	X(PQgetResult)                                                                             \
	X(PQgetisnull)                                                                             \
	X(PQgetlength)                                                                             \
	X(PQgetvalue)                                                                              \
	X(PQpass)                                                                                  \
	X(PQresultErrorField)                                                                      \
	X(PQresultErrorMessage)                                                                    \
	X(PQresultStatus)                                                                          \
	X(PQsendQueryParams)                                                                       \
	X(PQsetClientEncoding)                                                                     \
	X(PQsetSingleRowMode)                                                                      \
	X(PQstatus)

/* The functions' addresses in lib, once libpq is loaded (library_load()). */
LIBRARY_DEFINE(libpq, PQ_CALLS, "ADKEV_LIBPQ", "libpq.so.5", "libpq.so");

struct pq_db {
	struct db base;
	PGconn *conn;
	int status;
	char error[512];
};

struct pq_rows {
	struct pq_db *db;
	PGresult *row; /* the current row's result (single-row mode) */
	bool done;
};

/* libpq's message on one line, with the password (if libpq knows one) masked. */
static void set_error(struct pq_db *db, const char *msg, int status)
{
	struct strbuf sb = {0};
	const char *pw = db->conn ? lib.PQpass(db->conn) : NULL;
	size_t pwlen = pw ? strlen(pw) : 0;
	for (const char *p = msg; *p; p++) {
		if (pwlen && strncmp(p, pw, pwlen) == 0) {
			strbuf_addstr(&sb, "***");
			p += pwlen - 1;
		} else if (*p == '\n') {
			while (p[1] == ' ' || p[1] == '\t')
				p++;
			if (p[1])
				strbuf_addstr(&sb, "; ");
		} else {
			strbuf_addch(&sb, *p);
		}
	}
	snprintf(db->error, sizeof db->error, "%s", sb.len ? sb.buf : "PostgreSQL error");
	strbuf_release(&sb);
	db->status = status;
}

static struct db_rows *pq_query(struct db *base, const char *sql, const char *const *params,
                                int nparams)
{
	struct pq_db *db = (struct pq_db *)base;
	if (!lib.PQsendQueryParams(db->conn, sql, nparams, NULL, params, NULL, NULL, 0) ||
	    !lib.PQsetSingleRowMode(db->conn)) {
		set_error(db, lib.PQerrorMessage(db->conn), EXIT_IOERR);
		return NULL;
	}
	struct pq_rows *rows = xcalloc(1, sizeof *rows);
	rows->db = db;
	return (struct db_rows *)rows;
}

static int pq_next(struct db_rows *r)
{
	struct pq_rows *rows = (struct pq_rows *)r;
	lib.PQclear(rows->row);
	rows->row = NULL;
	if (rows->done)
		return 0;
	PGresult *res = lib.PQgetResult(rows->db->conn);
	if (res && lib.PQresultStatus(res) == PGRES_SINGLE_TUPLE) {
		rows->row = res;
		return 1;
	}
	int got = 0;
	if (res && lib.PQresultStatus(res) != PGRES_TUPLES_OK) {
		/* A statement the tables do not fit is the data's fault; else the server's. */
		const char *state = lib.PQresultErrorField(res, PG_DIAG_SQLSTATE);
		bool schema = state && strncmp(state, "42", 2) == 0;
		set_error(rows->db, lib.PQresultErrorMessage(res), schema ? EXIT_DATAERR : EXIT_IOERR);
		got = -1;
	}
	lib.PQclear(res);
	/* The rest of the results, to leave the connection ready for the next query. */
	while ((res = lib.PQgetResult(rows->db->conn)))
		lib.PQclear(res);
	rows->done = true;
	return got;
}

static const char *pq_column(struct db_rows *r, int col, size_t *len)
{
	struct pq_rows *rows = (struct pq_rows *)r;
	if (lib.PQgetisnull(rows->row, 0, col))
		return NULL;
	*len = (size_t)lib.PQgetlength(rows->row, 0, col);
	return lib.PQgetvalue(rows->row, 0, col);
}

static void pq_finish(struct db_rows *r)
{
	struct pq_rows *rows = (struct pq_rows *)r;
	if (!rows)
		return;
	lib.PQclear(rows->row);
	if (!rows->done) {
		/* Rows not read: ask the server to stop sending them. */
		PGcancel *cancel = lib.PQgetCancel(rows->db->conn);
		char buf[256];
		if (cancel) {
			lib.PQcancel(cancel, buf, sizeof buf);
			lib.PQfreeCancel(cancel);
		}
		PGresult *res;
		while ((res = lib.PQgetResult(rows->db->conn)))
			lib.PQclear(res);
	}
	free(rows);
}

static const char *pq_error(struct db *base)
{
	return ((struct pq_db *)base)->error;
}

static int pq_status(struct db *base)
{
	return ((struct pq_db *)base)->status;
}

static void pq_close(struct db *base)
{
	struct pq_db *db = (struct pq_db *)base;
	lib.PQfinish(db->conn);
	free(db);
}

static const struct db_ops pq_ops = {
    .query = pq_query,
    .next = pq_next,
    .column = pq_column,
    .finish = pq_finish,
    .error = pq_error,
    .status = pq_status,
    .close = pq_close,
};

/* Read-only and UTF-8 for the whole connection; false after an error. */
static bool pq_setup(struct pq_db *db)
{
	PGresult *res = lib.PQexec(db->conn, "SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY");
	bool ok = lib.PQresultStatus(res) == PGRES_COMMAND_OK;
	lib.PQclear(res);
	if (ok && lib.PQsetClientEncoding(db->conn, "UTF8") != 0)
		ok = false;
	if (!ok)
		set_error(db, lib.PQerrorMessage(db->conn), EXIT_IOERR);
	return ok;
}

struct db *db_pq_open(const char *conninfo, char *why, size_t size, int *status)
{
	if (!library_load(&libpq)) {
		snprintf(why, size,
		         "a PostgreSQL database, and libpq could not be loaded (%s): install libpq5 "
		         "(Debian) or libpq (elsewhere)",
		         libpq.why);
		*status = EXIT_DATAERR;
		return NULL;
	}
	struct pq_db *db = xcalloc(1, sizeof *db);
	db->base = (struct db){&pq_ops, true};
	/* The URL's own settings win over these defaults (they come before it). */
	const char *const keys[] = {"connect_timeout", "fallback_application_name", "dbname", NULL};
	const char *const values[] = {"10", "adkev", conninfo, NULL};
	db->conn = lib.PQconnectdbParams(keys, values, 1);
	bool ok = db->conn && lib.PQstatus(db->conn) == CONNECTION_OK;
	if (!ok)
		set_error(db, db->conn ? lib.PQerrorMessage(db->conn) : "out of memory", EXIT_NOINPUT);
	if (ok && !pq_setup(db))
		ok = false;
	if (!ok) {
		snprintf(why, size, "%s", db->error);
		*status = db->status;
		pq_close(&db->base);
		return NULL;
	}
	return &db->base;
}

#endif
