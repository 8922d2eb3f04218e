/*
 * dbpages.h - pages of a table's rows fetched by rowid, on the calling
 * thread or ahead of it on worker threads (-j N on an SQLite session
 * database).
 *
 * A page is the rows of a run of known rowids, copied out of one query
 * that is finished before the page is handed on (so SQLite's shared lock
 * is held only while a page is copied).  With workers, each opens a
 * read-only connection of its own to the same file; the pages of a list
 * of rowids are planned a worker's request at a time, fetched ahead into
 * a bounded ring (workers + 2 pages) and handed back in rowid-list order,
 * whole: no row crosses threads apart from the page that holds it.  Each
 * page's query is its own read, as on one thread: a row gone since the
 * rowids were read is left out, wherever the pages are cut.
 */
#ifndef ADKEV_DBPAGES_H
#define ADKEV_DBPAGES_H

#include "read/db.h"
#include "util.h"

#include <stdbool.h>
#include <stddef.h>

/* One cell of a page: bytes[off..off+len) of the page's buffer, or SQL NULL. */
struct db_cell {
	size_t off, len;
	bool null;
};

/* The rows of a page, ncols cells each, their bytes in one buffer. */
struct db_page {
	struct strbuf bytes;
	struct db_cell *cells;
	size_t cells_cap, nrows;
};

/*
 * The query of a page: head, the rowids joined by ',', then tail, with
 * params[0..nparams) bound; its first ncols columns are copied, column
 * ncols is the row's rowid.  The strings are borrowed.
 */
struct db_page_query {
	const char *head, *tail;
	const char *const *params;
	int nparams;
	int ncols;
};

/* The most rowids a page asks for, in one query. */
#define DB_PAGE_ROWS 4096

/*
 * Fetches the rows of rowids[0..n) (n <= DB_PAGE_ROWS) into page (emptied
 * first) by q, which gives them in rowid order (ORDER BY rowid, which
 * SQLite's rowid lookups give without a sort); the page holds them in the
 * order of rowids[], a rowid with no row left out (it went since the
 * rowids were read).  The fetch stops once max_bytes bytes are copied
 * (*cut): the page then holds the rows before the first rowid not yet
 * fetched, and *taken says how many rowids it covers (n when not cut; 0
 * when the first was not reached: the next page asks for fewer).  false
 * after an error of db (its error() says why).
 */
bool db_page_fetch(struct db *db, const struct db_page_query *q, const long long *rowids, size_t n,
                   size_t max_bytes, struct db_page *page, size_t *taken, bool *cut);

/* Copies the row's first ncols columns into the page. */
void db_page_add_row(struct db *db, struct db_rows *rows, int ncols, struct db_page *page);

/* Column col of the page's row, NULL for SQL NULL. */
const char *db_page_cell(const struct db_page *page, int ncols, size_t row, int col, size_t *len);

void db_page_release(struct db_page *page);

struct dbpages;

/*
 * Workers that fetch pages of the SQLite file path, each on a connection
 * of its own; NULL when no connection can be opened, libsqlite3 was
 * built without threads, or threads cannot be started (the caller then
 * reads on its own thread).
 */
struct dbpages *dbpages_new(const char *path, unsigned workers);

/*
 * Starts fetching the pages of rowids[0..n) (borrowed, with q, until
 * dbpages_end()), each planned at about page_bytes of rows.
 */
void dbpages_begin(struct dbpages *dp, const struct db_page_query *q, const long long *rowids,
                   size_t n, size_t page_bytes);

/* What dbpages_next() hands back besides the page. */
struct dbpages_got {
	/*
	 * The rowids the page did not reach, rowids[rest..end): a page is cut
	 * short at twice page_bytes, and the caller fetches the rest itself.
	 */
	size_t rest, end;
	int status;      /* 0, or the exit status the failed query asks for */
	char error[256]; /* with status: why */
};

/*
 * The next page in order, swapped into *page (its old buffers kept for a
 * later page); false when the rowids are all handed back.
 */
bool dbpages_next(struct dbpages *dp, struct db_page *page, struct dbpages_got *got);

/* Waits for the pages under way and drops those not handed back. */
void dbpages_end(struct dbpages *dp);

/* Stops the workers and closes their connections; NULL is fine. */
void dbpages_free(struct dbpages *dp);

#endif
