/*
 * dbpages.c - pages of rows by rowid, fetched on the calling thread or
 * ahead of it by workers with connections of their own (dbpages.h).
 *
 * The workers share one lock.  A worker that is free plans the next page
 * (the rowids from where the last plan ended, as many as the pages so far
 * say fit in page_bytes), fetches it into the ring's slot of its sequence
 * number without the lock, and marks it ready; the consumer takes the
 * slots in sequence order.  A worker plans only while the ring has a free
 * slot, so at most workers + 2 pages are held besides the consumer's.
 */
#include "read/dbpages.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* The rowids the first pages ask for, before a page has said how long rows are. */
#define FIRST_ROWS 64

const char *db_page_cell(const struct db_page *page, int ncols, size_t row, int col, size_t *len)
{
	const struct db_cell *c = &page->cells[row * (size_t)ncols + (size_t)col];
	*len = c->len;
	return c->null ? NULL : page->bytes.buf + c->off;
}

void db_page_release(struct db_page *page)
{
	strbuf_release(&page->bytes);
	free(page->cells);
	*page = (struct db_page){0};
}

void db_page_add_row(struct db *db, struct db_rows *rows, int ncols, struct db_page *page)
{
	size_t need = (page->nrows + 1) * (size_t)ncols;
	if (need > page->cells_cap) {
		page->cells_cap = 2 * need;
		page->cells = xrealloc(page->cells, page->cells_cap * sizeof *page->cells);
	}
	for (int c = 0; c < ncols; c++) {
		size_t len = 0;
		const char *p = db->ops->column(rows, c, &len);
		struct db_cell *cell = &page->cells[page->nrows * (size_t)ncols + (size_t)c];
		*cell = (struct db_cell){page->bytes.len, p ? len : 0, !p};
		if (p)
			strbuf_add(&page->bytes, p, len);
	}
	page->nrows++;
}

/* A rowid asked for, and its place in the page's order. */
struct asked {
	long long rowid;
	size_t at;
};

static int by_rowid(const void *a, const void *b)
{
	long long x = ((const struct asked *)a)->rowid, y = ((const struct asked *)b)->rowid;
	return (x > y) - (x < y);
}

/*
 * Puts the page's rows, which came in rowid order (came[i]: the row of
 * rowids[i], or -1), in the order of the rowids, up to the first of them
 * not fetched when the fetch stopped at rowid last (all of them when it was
 * not cut); returns how many rowids that covers.
 */
static size_t put_in_order(struct db_page *page, int ncols, const long long *rowids, size_t n,
                           const long *came, bool cut, long long last)
{
	size_t covered = 0;
	while (covered < n && (!cut || rowids[covered] <= last))
		covered++;
	size_t width = (size_t)ncols;
	struct db_cell *cells = xmalloc((covered ? covered : 1) * width * sizeof *cells);
	size_t rows = 0;
	for (size_t i = 0; i < covered; i++)
		if (came[i] >= 0)
			memcpy(&cells[rows++ * width], &page->cells[(size_t)came[i] * width],
			       width * sizeof *cells);
	free(page->cells);
	page->cells = cells;
	page->cells_cap = (covered ? covered : 1) * width;
	page->nrows = rows;
	return covered;
}

/* The query of the rows of rowids[0..n), by q, in rowid order. */
static struct db_rows *page_rows(struct db *db, const struct db_page_query *q,
                                 const long long *rowids, size_t n)
{
	struct strbuf sql = {0};
	strbuf_addstr(&sql, q->head);
	for (size_t i = 0; i < n; i++)
		strbuf_addf(&sql, "%s%lld", i ? "," : "", rowids[i]);
	strbuf_addstr(&sql, q->tail);
	struct db_rows *rows = db->ops->query(db, sql.buf, q->params, q->nparams);
	strbuf_release(&sql);
	return rows;
}

bool db_page_fetch(struct db *db, const struct db_page_query *q, const long long *rowids, size_t n,
                   size_t max_bytes, struct db_page *page, size_t *taken, bool *cut)
{
	strbuf_reset(&page->bytes);
	page->nrows = 0;
	struct db_rows *rows = page_rows(db, q, rowids, n);
	if (!rows)
		return false;
	struct asked *asked = xmalloc(n * sizeof *asked);
	long *came = xmalloc(n * sizeof *came);
	for (size_t i = 0; i < n; i++) {
		asked[i] = (struct asked){rowids[i], i};
		came[i] = -1;
	}
	qsort(asked, n, sizeof *asked, by_rowid);
	int got = 1;
	size_t next = 0;
	long long last = -1;
	while (page->bytes.len < max_bytes && (got = db->ops->next(rows)) > 0) {
		size_t len;
		const char *text = db->ops->column(rows, q->ncols, &len);
		last = text ? strtoll(text, NULL, 10) : -1;
		/* Those passed over went since the rowids were read. */
		while (next < n && asked[next].rowid < last)
			next++;
		if (next < n && asked[next].rowid == last) {
			came[asked[next++].at] = (long)page->nrows;
			db_page_add_row(db, rows, q->ncols, page);
		}
	}
	db->ops->finish(rows);
	*cut = page->bytes.len >= max_bytes;
	*taken = put_in_order(page, q->ncols, rowids, n, came, *cut, last);
	free(asked);
	free(came);
	return got >= 0;
}

/* ------------------------------------------------------------- workers */

enum slot_state { SLOT_FREE, SLOT_FILLING, SLOT_READY };

/* A page of the ring, and what its fetch came to. */
struct slot {
	enum slot_state state;
	struct db_page page;
	struct dbpages_got got;
};

struct worker {
	struct dbpages *dp;
	struct db *db;
	pthread_t thread;
	bool started;
};

struct dbpages {
	pthread_mutex_t lock;
	pthread_cond_t work; /* a slot was freed, a list begun, or the workers stopped */
	pthread_cond_t done; /* a page is ready, or a worker is idle */
	struct worker *workers;
	unsigned nworkers;
	struct slot *ring;
	size_t depth;
	/* The list of rowids being fetched (dbpages_begin()) and its planning. */
	struct db_page_query query;
	const long long *rowids;
	size_t nrowids, planned; /* rowids[0..planned) are in a page */
	size_t page_bytes;
	unsigned long long planned_pages, taken_pages, busy;
	unsigned long long rows_seen, bytes_seen; /* over the pages fetched, for the plans */
	bool stopping;
};

/* How many rowids the next page asks for: about page_bytes of rows. */
static size_t plan_rows(const struct dbpages *dp)
{
	size_t n = FIRST_ROWS;
	if (dp->rows_seen) {
		unsigned long long per_row = dp->bytes_seen / dp->rows_seen;
		n = per_row ? (size_t)(dp->page_bytes / per_row) : DB_PAGE_ROWS;
	}
	n = n < 1 ? 1 : n > DB_PAGE_ROWS ? DB_PAGE_ROWS : n;
	return n < dp->nrowids - dp->planned ? n : dp->nrowids - dp->planned;
}

/* Whether a worker may plan a page now (the lock held). */
static bool may_plan(const struct dbpages *dp)
{
	return dp->planned < dp->nrowids && dp->planned_pages < dp->taken_pages + dp->depth;
}

/* Fetches rowids[start..end) into slot without the lock held, then marks it ready. */
static void fill_slot(struct worker *w, struct slot *slot, size_t start, size_t end)
{
	struct dbpages *dp = w->dp;
	size_t taken = 0;
	bool cut = false;
	slot->got = (struct dbpages_got){0};
	pthread_mutex_unlock(&dp->lock);
	bool ok = db_page_fetch(w->db, &dp->query, dp->rowids + start, end - start,
	                        2 * dp->page_bytes, &slot->page, &taken, &cut);
	slot->got.rest = cut ? start + taken : end;
	slot->got.end = end;
	if (!ok) {
		slot->got.status = w->db->ops->status(w->db);
		snprintf(slot->got.error, sizeof slot->got.error, "%s", w->db->ops->error(w->db));
	}
	pthread_mutex_lock(&dp->lock);
	dp->rows_seen += slot->page.nrows;
	dp->bytes_seen += slot->page.bytes.len;
	slot->state = SLOT_READY;
}

static void *worker_main(void *arg)
{
	struct worker *w = arg;
	struct dbpages *dp = w->dp;
	pthread_mutex_lock(&dp->lock);
	for (;;) {
		while (!dp->stopping && !may_plan(dp))
			pthread_cond_wait(&dp->work, &dp->lock);
		if (dp->stopping)
			break;
		struct slot *slot = &dp->ring[dp->planned_pages++ % dp->depth];
		size_t start = dp->planned;
		dp->planned += plan_rows(dp);
		slot->state = SLOT_FILLING;
		dp->busy++;
		fill_slot(w, slot, start, dp->planned);
		dp->busy--;
		pthread_cond_broadcast(&dp->done);
	}
	pthread_mutex_unlock(&dp->lock);
	return NULL;
}

/* Opens a connection for each worker; how many opened. */
static unsigned open_connections(struct dbpages *dp, const char *path, unsigned workers)
{
	unsigned n = 0;
	for (unsigned i = 0; i < workers; i++) {
		char why[256];
		int status = 0;
		struct db *db = db_sqlite_open(path, why, sizeof why, &status);
		if (db)
			dp->workers[n++] = (struct worker){.dp = dp, .db = db};
	}
	return n;
}

struct dbpages *dbpages_new(const char *path, unsigned workers)
{
	if (!db_sqlite_threads())
		return NULL;
	struct dbpages *dp = xcalloc(1, sizeof *dp);
	dp->workers = xcalloc(workers, sizeof *dp->workers);
	dp->nworkers = open_connections(dp, path, workers);
	dp->depth = (size_t)dp->nworkers + 2;
	dp->ring = xcalloc(dp->depth, sizeof *dp->ring);
	pthread_mutex_init(&dp->lock, NULL);
	pthread_cond_init(&dp->work, NULL);
	pthread_cond_init(&dp->done, NULL);
	unsigned started = 0;
	for (unsigned i = 0; i < dp->nworkers; i++) {
		struct worker *w = &dp->workers[i];
		w->started = pthread_create(&w->thread, NULL, worker_main, w) == 0;
		started += w->started;
	}
	if (!started) {
		dbpages_free(dp);
		return NULL;
	}
	return dp;
}

void dbpages_begin(struct dbpages *dp, const struct db_page_query *q, const long long *rowids,
                   size_t n, size_t page_bytes)
{
	pthread_mutex_lock(&dp->lock);
	dp->query = *q;
	dp->rowids = rowids;
	dp->nrowids = n;
	dp->planned = 0;
	dp->page_bytes = page_bytes ? page_bytes : 1;
	dp->planned_pages = dp->taken_pages = 0;
	dp->rows_seen = dp->bytes_seen = 0;
	pthread_cond_broadcast(&dp->work);
	pthread_mutex_unlock(&dp->lock);
}

bool dbpages_next(struct dbpages *dp, struct db_page *page, struct dbpages_got *got)
{
	pthread_mutex_lock(&dp->lock);
	if (dp->taken_pages == dp->planned_pages && dp->planned == dp->nrowids) {
		pthread_mutex_unlock(&dp->lock);
		return false;
	}
	struct slot *slot = &dp->ring[dp->taken_pages % dp->depth];
	while (dp->taken_pages == dp->planned_pages || slot->state != SLOT_READY)
		pthread_cond_wait(&dp->done, &dp->lock);
	pthread_mutex_unlock(&dp->lock);
	/* The slot is the consumer's until it is freed: no worker plans into it. */
	struct db_page mine = *page;
	*page = slot->page;
	slot->page = mine;
	*got = slot->got;
	pthread_mutex_lock(&dp->lock);
	slot->state = SLOT_FREE;
	dp->taken_pages++;
	pthread_cond_broadcast(&dp->work);
	pthread_mutex_unlock(&dp->lock);
	return true;
}

void dbpages_end(struct dbpages *dp)
{
	pthread_mutex_lock(&dp->lock);
	/* No more plans; the pages under way are let finish, then dropped. */
	dp->nrowids = dp->planned;
	while (dp->busy)
		pthread_cond_wait(&dp->done, &dp->lock);
	for (size_t i = 0; i < dp->depth; i++)
		dp->ring[i].state = SLOT_FREE;
	dp->rowids = NULL;
	dp->nrowids = dp->planned = 0;
	dp->planned_pages = dp->taken_pages = 0;
	pthread_mutex_unlock(&dp->lock);
}

void dbpages_free(struct dbpages *dp)
{
	if (!dp)
		return;
	pthread_mutex_lock(&dp->lock);
	dp->stopping = true;
	pthread_cond_broadcast(&dp->work);
	pthread_mutex_unlock(&dp->lock);
	for (unsigned i = 0; i < dp->nworkers; i++) {
		if (dp->workers[i].started)
			pthread_join(dp->workers[i].thread, NULL);
		dp->workers[i].db->ops->close(dp->workers[i].db);
	}
	for (size_t i = 0; i < dp->depth; i++)
		db_page_release(&dp->ring[i].page);
	pthread_cond_destroy(&dp->work);
	pthread_cond_destroy(&dp->done);
	pthread_mutex_destroy(&dp->lock);
	free(dp->ring);
	free(dp->workers);
	free(dp);
}
