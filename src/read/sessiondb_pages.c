/*
 * sessiondb_pages.c - a session's events a page at a time (sessiondb.h):
 * on SQLite its rowids read once in event order and each page fetched by
 * rowid, here or ahead by -j's workers (dbpages.h), up to a number of rows
 * and of bytes; on PostgreSQL one query read a row at a time.
 */
#include "read/sessiondb_int.h"
#include "read/chunks.h"
#include "read/preparse.h"

#include <stdio.h>
#include <stdlib.h>

/* A page of a session's events (SQLite): at most DB_PAGE_ROWS rows, and no
 * more once this many bytes are copied, so memory stays bounded. */
#define PAGE_BYTES (4u << 20)

static const char *const session_where = "app_name = $1 AND user_id = $2 AND session_id = $3";
/* The same, written so that no index serves them: the rows are found by rowid or a scan. */
static const char *const session_scanned = "+app_name = $1 AND +user_id = $2 AND +session_id = $3";

/*
 * SQLite with -j N: has the session's pages fetched ahead by N workers
 * (dbpages.h), each with a connection of its own; where none can be
 * opened or started, the pages are fetched here as with -j 1.
 */
static void fetch_ahead(struct sdb_input *in, const struct db_page_query *q)
{
	/*
	 * No more workers than online CPUs: the pages go only as fast as the
	 * command's thread takes them, and each worker holds a connection (a
	 * file descriptor) and its pages.
	 */
	unsigned cpus = preparse_default_jobs();
	if (in->jobs > 1 && !in->ahead)
		in->ahead = dbpages_new(in->path, in->jobs < cpus ? in->jobs : cpus);
	if (!in->ahead) {
		in->jobs = 1;
		return;
	}
	/*
	 * Each page is planned at the chunk size of files (1 MiB, or
	 * ADKEV_CHUNK_BYTES), cut at twice it: N + 3 of them are held.
	 */
	dbpages_begin(in->ahead, q, in->rowids, in->nrowids, chunk_bytes(NULL));
	/* The pages come from the workers; this thread fetches only what one cut short. */
	in->rowid_end = 0;
}

/* SQLite: the query of a page of the current session's events, each row's rowid after in->ncols. */
static struct db_page_query page_query(struct sdb_input *in)
{
	const struct session_key *k = &in->sessions[in->cur];
	in->params[0] = k->app;
	in->params[1] = k->user;
	in->params[2] = k->id;
	/*
	 * The session's terms served by no index (session_scanned): SQLite
	 * otherwise walks the session's whole index for each page to test its
	 * rowids (as many walks as pages: 0.8 s of CPU for 100 MB, one
	 * session, where this takes 0.4 s), where the rowids alone find the
	 * page's rows.
	 */
	strbuf_reset(&in->page_head);
	strbuf_addf(&in->page_head, "SELECT %s, rowid FROM events WHERE %s AND rowid IN (",
	            in->select.buf, session_scanned);
	return (struct db_page_query){in->page_head.buf, ") ORDER BY rowid", in->params, 3,
	                              in->ncols};
}

/*
 * SQLite: whether the session holds more than a quarter of the table's
 * rowids, counted through the index.  Its time stamps are then read in one
 * pass over the table (a scan of 100 MB, one session: 0.05 s), not a seek
 * per row from the index (0.15 s), as the rows lie in no order of it.
 */
static bool mostly_session(struct sdb_input *in, const char *const *params)
{
	struct strbuf sql = {0};
	strbuf_addf(
	    &sql, "SELECT (SELECT count(*) FROM events WHERE %s), (SELECT max(rowid) FROM events)",
	    session_where);
	struct db_rows *rows = in->db->ops->query(in->db, sql.buf, params, 3);
	strbuf_release(&sql);
	long long count = 0, max = 0;
	if (rows && in->db->ops->next(rows) > 0) {
		size_t len;
		const char *p = in->db->ops->column(rows, 0, &len);
		count = p ? strtoll(p, NULL, 10) : 0;
		p = in->db->ops->column(rows, 1, &len);
		max = p ? strtoll(p, NULL, 10) : 0;
	}
	in->db->ops->finish(rows);
	return 4 * count > max;
}

/*
 * SQLite: reads the current session's rowids in event order, once.  Its
 * table has no index that orders a session's events by time, so each query
 * of a page by LIMIT and OFFSET read and sorted the whole table again (4.2 s
 * for 125 MB, where this takes 0.8 s: doc/speed.md); the keys are sorted
 * once and each page fetched by rowid.
 */
static bool read_rowids(struct sdb_input *in)
{
	const struct session_key *k = &in->sessions[in->cur];
	const char *params[] = {k->app, k->user, k->id};
	struct strbuf sql = {0};
	strbuf_addf(&sql, "SELECT rowid FROM events WHERE %s ORDER BY \"timestamp\", rowid",
	            mostly_session(in, params) ? session_scanned : session_where);
	struct db_rows *rows = in->db->ops->query(in->db, sql.buf, params, 3);
	strbuf_release(&sql);
	if (!rows)
		return false;
	in->nrowids = in->rowid_at = 0;
	in->window = DB_PAGE_ROWS;
	int got;
	while ((got = in->db->ops->next(rows)) > 0) {
		size_t len;
		const char *text = in->db->ops->column(rows, 0, &len);
		if (in->nrowids == in->rowids_cap) {
			in->rowids_cap = in->rowids_cap ? 2 * in->rowids_cap : 1024;
			in->rowids = xrealloc(in->rowids, in->rowids_cap * sizeof *in->rowids);
		}
		in->rowids[in->nrowids++] = text ? strtoll(text, NULL, 10) : 0;
	}
	in->db->ops->finish(rows);
	in->rowids_read = got == 0;
	in->rowid_end = in->nrowids;
	in->query = page_query(in);
	if (in->rowids_read)
		fetch_ahead(in, &in->query);
	return in->rowids_read;
}

/* SQLite: the end of the rowids the next page fetched on this thread asks for. */
static size_t page_end(const struct sdb_input *in)
{
	return in->rowid_end - in->rowid_at < in->window ? in->rowid_end
	                                                 : in->rowid_at + in->window;
}

/* Says why the last fetch failed, from db or as given; false. */
static bool fetch_failed(struct sdb_input *in, int status, const char *why)
{
	in->failed = status;
	snprintf(in->error, sizeof in->error, "%s", why);
	return false;
}

/*
 * SQLite: the next page fetched on this thread, of the rowids from
 * rowid_at: as many as the window holds, up to PAGE_BYTES of rows.  The
 * window shrinks to the rows of a page so cut, and grows back after each
 * that was not.
 */
static bool fetch_page_here(struct sdb_input *in)
{
	size_t taken = 0;
	bool cut = false;
	if (!db_page_fetch(in->db, &in->query, in->rowids + in->rowid_at,
	                   page_end(in) - in->rowid_at, PAGE_BYTES, &in->page, &taken, &cut))
		return fetch_failed(in, in->db->ops->status(in->db), in->db->ops->error(in->db));
	in->rowid_at += taken;
	if (cut)
		in->window = in->page.nrows ? in->page.nrows : 1;
	else if (in->window < DB_PAGE_ROWS)
		in->window = 2 * in->window < DB_PAGE_ROWS ? 2 * in->window : DB_PAGE_ROWS;
	in->session_done = !in->ahead && in->rowid_at == in->nrowids;
	return true;
}

/*
 * SQLite with -j N: the next page the workers fetched, in order; the rows
 * of one they cut short are then fetched here (fetch_page_here()).
 */
static bool take_page_ahead(struct sdb_input *in)
{
	struct dbpages_got got;
	if (!dbpages_next(in->ahead, &in->page, &got)) {
		in->session_done = true;
		return true;
	}
	if (got.status)
		return fetch_failed(in, got.status, got.error);
	in->rowid_at = got.rest;
	in->rowid_end = got.end;
	return true;
}

bool sdb_fill_page(struct sdb_input *in)
{
	strbuf_reset(&in->page.bytes);
	in->page.nrows = in->row = 0;
	if (!in->db->postgres) {
		if (!in->rowids_read && !read_rowids(in))
			return fetch_failed(in, in->db->ops->status(in->db),
			                    in->db->ops->error(in->db));
		if (in->rowid_at < in->rowid_end)
			return fetch_page_here(in);
		if (in->ahead)
			return take_page_ahead(in);
		in->session_done = true;
		return true;
	}
	const struct session_key *k = &in->sessions[in->cur];
	const char *params[] = {k->app, k->user, k->id};
	if (!in->live) {
		struct strbuf sql = {0};
		strbuf_addf(&sql, "SELECT %s FROM events WHERE %s ORDER BY \"timestamp\", ctid",
		            in->select.buf, session_where);
		in->live = in->db->ops->query(in->db, sql.buf, params, 3);
		strbuf_release(&sql);
	}
	int got = in->live ? in->db->ops->next(in->live) : -1;
	if (got > 0) {
		db_page_add_row(in->db, in->live, in->ncols, &in->page);
		return true;
	}
	in->db->ops->finish(in->live);
	in->live = NULL;
	in->session_done = true;
	return got == 0 ||
	       fetch_failed(in, in->db->ops->status(in->db), in->db->ops->error(in->db));
}
