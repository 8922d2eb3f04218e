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
	const char *pw = db->conn ? PQpass(db->conn) : NULL;
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
	if (!PQsendQueryParams(db->conn, sql, nparams, NULL, params, NULL, NULL, 0) ||
	    !PQsetSingleRowMode(db->conn)) {
		set_error(db, PQerrorMessage(db->conn), EXIT_IOERR);
		return NULL;
	}
	struct pq_rows *rows = xcalloc(1, sizeof *rows);
	rows->db = db;
	return (struct db_rows *)rows;
}

static int pq_next(struct db_rows *r)
{
	struct pq_rows *rows = (struct pq_rows *)r;
	PQclear(rows->row);
	rows->row = NULL;
	if (rows->done)
		return 0;
	PGresult *res = PQgetResult(rows->db->conn);
	if (res && PQresultStatus(res) == PGRES_SINGLE_TUPLE) {
		rows->row = res;
		return 1;
	}
	int got = 0;
	if (res && PQresultStatus(res) != PGRES_TUPLES_OK) {
		/* A statement the tables do not fit is the data's fault; else the server's. */
		const char *state = PQresultErrorField(res, PG_DIAG_SQLSTATE);
		bool schema = state && strncmp(state, "42", 2) == 0;
		set_error(rows->db, PQresultErrorMessage(res), schema ? EXIT_DATAERR : EXIT_IOERR);
		got = -1;
	}
	PQclear(res);
	/* The rest of the results, to leave the connection ready for the next query. */
	while ((res = PQgetResult(rows->db->conn)))
		PQclear(res);
	rows->done = true;
	return got;
}

static const char *pq_column(struct db_rows *r, int col, size_t *len)
{
	struct pq_rows *rows = (struct pq_rows *)r;
	if (PQgetisnull(rows->row, 0, col))
		return NULL;
	*len = (size_t)PQgetlength(rows->row, 0, col);
	return PQgetvalue(rows->row, 0, col);
}

static void pq_finish(struct db_rows *r)
{
	struct pq_rows *rows = (struct pq_rows *)r;
	if (!rows)
		return;
	PQclear(rows->row);
	if (!rows->done) {
		/* Rows not read: ask the server to stop sending them. */
		PGcancel *cancel = PQgetCancel(rows->db->conn);
		char buf[256];
		if (cancel) {
			PQcancel(cancel, buf, sizeof buf);
			PQfreeCancel(cancel);
		}
		PGresult *res;
		while ((res = PQgetResult(rows->db->conn)))
			PQclear(res);
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
	PQfinish(db->conn);
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
	PGresult *res = PQexec(db->conn, "SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY");
	bool ok = PQresultStatus(res) == PGRES_COMMAND_OK;
	PQclear(res);
	if (ok && PQsetClientEncoding(db->conn, "UTF8") != 0)
		ok = false;
	if (!ok)
		set_error(db, PQerrorMessage(db->conn), EXIT_IOERR);
	return ok;
}

struct db *db_pq_open(const char *conninfo, char *why, size_t size, int *status)
{
	struct pq_db *db = xcalloc(1, sizeof *db);
	db->base = (struct db){&pq_ops, true};
	/* The URL's own settings win over these defaults (they come before it). */
	const char *const keys[] = {"connect_timeout", "fallback_application_name", "dbname", NULL};
	const char *const values[] = {"10", "adkev", conninfo, NULL};
	db->conn = PQconnectdbParams(keys, values, 1);
	bool ok = db->conn && PQstatus(db->conn) == CONNECTION_OK;
	if (!ok)
		set_error(db, db->conn ? PQerrorMessage(db->conn) : "out of memory", EXIT_NOINPUT);
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
