/*
 * sessiondb.c - ADK session databases read as inputs of records
 * (sessiondb.h): the operands that name them, the layouts ADK writes, the
 * sessions chosen, and the events a page at a time.
 *
 * The layouts (sources.md section 2), told apart by the tables:
 * - events.event_data and no adk_internal_metadata table: ADK Python's
 *   SqliteSessionService; with that table, DatabaseSessionService schema 1
 *   (ADK Python >= 1.22, ADK JS).  event_data is the whole event.
 * - events.author and no event_data: schema 0 (ADK Python <= 1.21) or ADK
 *   Go's session/database (its own columns, routes_json and the like), one
 *   column per member, made into an event here.  Python pickles actions,
 *   which adkev cannot read (said once per database); Go writes JSON.
 * Anything else is not an ADK session database (EXIT_DATAERR).
 */
#include "read/sessiondb.h"
#include "adk/event.h"
#include "read/chunks.h"
#include "read/db.h"
#include "read/dbpages.h"
#include "read/preparse.h"
#include "read/source.h"
#include "stamp.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A page of a session's events (SQLite): at most DB_PAGE_ROWS rows, and no
 * more once this many bytes are copied, so memory stays bounded. */
#define PAGE_BYTES (4u << 20)

enum layout { LAYOUT_SQLITE_SERVICE, LAYOUT_SCHEMA1, LAYOUT_SCHEMA0, LAYOUT_GO };

enum spelling { SPELL_NONE, SPELL_SQLITE, SPELL_POSTGRES, SPELL_MYSQL };

/* How a schema-0 column becomes an event member. */
enum col_kind { COL_TEXT, COL_JSON, COL_BOOL, COL_TIME, COL_ACTIONS };

/* The schema-0 columns (ADK Python <= 1.21, ADK Go) and the members they hold. */
static const struct event_column {
	const char *column;
	enum adk_field field;
	enum col_kind kind;
} event_columns[] = {
    {"id", ADK_ID, COL_TEXT},
    {"invocation_id", ADK_INVOCATION_ID, COL_TEXT},
    {"author", ADK_AUTHOR, COL_TEXT},
    {"branch", ADK_BRANCH, COL_TEXT},
    {"timestamp", ADK_TIMESTAMP, COL_TIME},
    {"actions", ADK_ACTIONS, COL_ACTIONS},
    {"long_running_tool_ids_json", ADK_LONG_RUNNING_TOOL_IDS, COL_JSON},
    {"content", ADK_CONTENT, COL_JSON},
    {"grounding_metadata", ADK_GROUNDING_METADATA, COL_JSON},
    {"custom_metadata", ADK_CUSTOM_METADATA, COL_JSON},
    {"usage_metadata", ADK_USAGE_METADATA, COL_JSON},
    {"citation_metadata", ADK_CITATION_METADATA, COL_JSON},
    {"partial", ADK_PARTIAL, COL_BOOL},
    {"turn_complete", ADK_TURN_COMPLETE, COL_BOOL},
    {"error_code", ADK_ERROR_CODE, COL_TEXT},
    {"error_message", ADK_ERROR_MESSAGE, COL_TEXT},
    {"interrupted", ADK_INTERRUPTED, COL_BOOL},
    {"input_transcription", ADK_INPUT_TRANSCRIPTION, COL_JSON},
    {"output_transcription", ADK_OUTPUT_TRANSCRIPTION, COL_JSON},
};
#define EVENT_COLUMNS (sizeof event_columns / sizeof *event_columns)

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
	bool warned_pickle;
	char error[512];
};

/* ------------------------------------------------------------- operands */

/* What an operand's scheme (before "://", without a "+driver") names. */
static enum spelling spelling_of(const char *operand, const char **rest)
{
	const char *sep = strstr(operand, "://");
	if (!sep)
		return SPELL_NONE;
	size_t n = strcspn(operand, "+:");
	*rest = sep + 3;
	if (n == 6 && strncmp(operand, "sqlite", 6) == 0)
		return SPELL_SQLITE;
	if ((n == 10 && strncmp(operand, "postgresql", 10) == 0) ||
	    (n == 8 && strncmp(operand, "postgres", 8) == 0))
		return SPELL_POSTGRES;
	if ((n == 5 && strncmp(operand, "mysql", 5) == 0) ||
	    (n == 7 && strncmp(operand, "mariadb", 7) == 0))
		return SPELL_MYSQL;
	return SPELL_NONE;
}

/* Whether path is a regular file whose first 16 bytes are SQLite's header. */
static bool sqlite_header(const char *path)
{
	struct stat st;
	if (stat(path, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size < 16)
		return false;
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0)
		return false;
	char head[16];
	bool is = read(fd, head, sizeof head) == 16 && memcmp(head, "SQLite format 3", 16) == 0;
	close(fd);
	return is;
}

bool sessiondb_claims(const char *operand)
{
	const char *rest;
	return spelling_of(operand, &rest) != SPELL_NONE || sqlite_header(operand);
}

/* Appends s[0..n) with every query parameter's value as "***". */
static void add_masked_query(struct strbuf *sb, const char *s, size_t n)
{
	bool in_value = false;
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '&' || s[i] == '#')
			in_value = false;
		if (!in_value)
			strbuf_addch(sb, s[i]);
		if (s[i] == '=' && !in_value) {
			strbuf_addstr(sb, "***");
			in_value = true;
		}
	}
}

char *sessiondb_masked(const char *operand)
{
	const char *rest = operand;
	if (spelling_of(operand, &rest) == SPELL_NONE)
		return xstrdup(operand);
	struct strbuf sb = {0};
	/* The scheme and "://" as they are. */
	strbuf_addf(&sb, "%.*s", (int)strcspn(operand, ":"), operand);
	strbuf_addstr(&sb, "://");
	size_t host_len = strcspn(rest, "/?#");
	/* The last '@' before the path ends the user information. */
	const char *at = NULL;
	for (size_t i = 0; i < host_len; i++)
		if (rest[i] == '@')
			at = rest + i;
	const char *colon = at ? memchr(rest, ':', (size_t)(at - rest)) : NULL;
	if (colon) {
		strbuf_add(&sb, rest, (size_t)(colon + 1 - rest));
		strbuf_addstr(&sb, "***");
		rest = at;
	}
	const char *q = strchr(rest, '?');
	size_t before = q ? (size_t)(q - rest) : strlen(rest);
	strbuf_add(&sb, rest, before);
	if (q)
		add_masked_query(&sb, q, strlen(q));
	return sb.buf ? sb.buf : xstrdup("");
}

/* The file a sqlite:// URL names: ADK Python's "sqlite:///rel" and "sqlite:////abs", ADK JS's
 * "sqlite://path". */
static char *sqlite_path(const char *rest)
{
	if (*rest == '/')
		rest++;
	return xstrndup(rest, strcspn(rest, "?"));
}

/*
 * Opens the database operand names, an SQLite file's path into *path (the
 * caller frees it); NULL after reporting why (*status raised).
 */
static struct db *open_db(const char *operand, const char *name, char **path, int *status)
{
	const char *rest = NULL;
	char why[512] = "";
	struct db *db = NULL;
	int failed = EXIT_NOINPUT;
	switch (spelling_of(operand, &rest)) {
	case SPELL_MYSQL:
		snprintf(
		    why, sizeof why,
		    "MySQL databases, which ADK also writes, are not read by adkev (SQLite and "
		    "PostgreSQL are): export the sessions as JSON first");
		break;
	case SPELL_POSTGRES: {
		char *url = xmalloc(strlen(rest) + sizeof "postgresql://");
		sprintf(url, "postgresql://%s", rest);
		db = db_pq_open(url, why, sizeof why, &failed);
		free(url);
		break;
	}
	case SPELL_SQLITE:
		*path = sqlite_path(rest);
		if (access(*path, F_OK) != 0) {
			snprintf(why, sizeof why, "%s", strerror(errno));
		} else {
			db = db_sqlite_open(*path, why, sizeof why, &failed);
		}
		break;
	case SPELL_NONE:
		*path = xstrdup(operand);
		db = db_sqlite_open(operand, why, sizeof why, &failed);
		break;
	}
	if (!db) {
		warnx_msg("%s: %s", name, why);
		*status = failed;
	}
	return db;
}

/* ------------------------------------------------------------- layouts */

/* Reports the database's last error; returns the exit status it asks for. */
static int db_failed(const struct sdb_input *in)
{
	warnx_msg("%s: %s", in->name, in->db->ops->error(in->db));
	return in->db->ops->status(in->db);
}

/*
 * The names of table's columns, each followed by a ',' and the list begun
 * with one (",id,app_name,"), into *cols; an empty list when there is no
 * such table; false after an error.
 */
static bool table_columns(struct db *db, const char *table, struct strbuf *cols)
{
	const char *sql = db->postgres ? "SELECT column_name FROM information_schema.columns "
	                                 "WHERE table_schema = current_schema() AND table_name = $1"
	                               : "SELECT name FROM pragma_table_info($1)";
	struct db_rows *rows = db->ops->query(db, sql, &table, 1);
	if (!rows)
		return false;
	strbuf_reset(cols);
	int got;
	while ((got = db->ops->next(rows)) > 0) {
		size_t len = 0;
		const char *name = db->ops->column(rows, 0, &len);
		if (!cols->len)
			strbuf_addch(cols, ',');
		strbuf_add(cols, name ? name : "", name ? len : 0);
		strbuf_addch(cols, ',');
	}
	db->ops->finish(rows);
	return got == 0;
}

static bool has_column(const struct strbuf *cols, const char *name)
{
	char key[64];
	snprintf(key, sizeof key, ",%s,", name);
	return cols->len && strstr(cols->buf, key);
}

/* The select list of the events' columns: event_data, or each schema-0 column there is. */
static void choose_columns(struct sdb_input *in, const struct strbuf *cols)
{
	strbuf_reset(&in->select);
	if (in->layout == LAYOUT_SQLITE_SERVICE || in->layout == LAYOUT_SCHEMA1) {
		strbuf_addstr(&in->select, "\"id\", \"event_data\"");
		in->ncols = 2;
		return;
	}
	for (size_t i = 0; i < EVENT_COLUMNS; i++) {
		in->columns[i] = has_column(cols, event_columns[i].column);
		strbuf_addf(&in->select, "%s%s%s%s", i ? ", " : "", in->columns[i] ? "\"" : "NULL",
		            in->columns[i] ? event_columns[i].column : "",
		            in->columns[i] ? "\"" : "");
	}
	in->ncols = (int)EVENT_COLUMNS;
}

/* Tells the layout apart by its tables; returns an exit status after reporting. */
static int find_layout(struct sdb_input *in)
{
	struct strbuf events = {0}, sessions = {0}, meta = {0};
	int status = 0;
	if (!table_columns(in->db, "events", &events) ||
	    !table_columns(in->db, "sessions", &sessions) ||
	    !table_columns(in->db, "adk_internal_metadata", &meta)) {
		status = db_failed(in);
	} else if (!has_column(&sessions, "id") || !has_column(&sessions, "app_name") ||
	           !has_column(&events, "session_id") ||
	           !(has_column(&events, "event_data") || has_column(&events, "author"))) {
		warnx_msg("%s: not an ADK session database (no events table with event_data or "
		          "author beside a sessions table)",
		          in->name);
		status = EXIT_DATAERR;
	} else if (has_column(&events, "event_data")) {
		in->layout = meta.len ? LAYOUT_SCHEMA1 : LAYOUT_SQLITE_SERVICE;
	} else {
		bool go =
		    has_column(&events, "routes_json") || has_column(&events, "output_json") ||
		    has_column(&events, "node_info_json") || has_column(&events, "isolation_scope");
		in->layout = go ? LAYOUT_GO : LAYOUT_SCHEMA0;
	}
	if (!status)
		choose_columns(in, &events);
	strbuf_release(&events);
	strbuf_release(&sessions);
	strbuf_release(&meta);
	return status;
}

/* ------------------------------------------------------------- sessions */

static char *column_dup(struct db *db, struct db_rows *rows, int col)
{
	size_t len = 0;
	const char *p = db->ops->column(rows, col, &len);
	return p ? xstrndup(p, len) : NULL;
}

static void session_keys_free(struct sdb_input *in)
{
	for (size_t i = 0; i < in->nsessions; i++) {
		struct session_key *k = &in->sessions[i];
		free(k->app);
		free(k->user);
		free(k->id);
		free(k->create_time);
		free(k->update_time);
	}
	free(in->sessions);
	in->sessions = NULL;
	in->nsessions = 0;
}

/* The sessions choice picks (but --session last: all of them), in update order. */
static bool load_sessions(struct sdb_input *in, const struct session_choice *c, bool prefix)
{
	struct db *db = in->db;
	char sql[640];
	/* substr() and length(), not LIKE: an id may hold '_' and '%'. */
	snprintf(sql, sizeof sql,
	         "SELECT app_name, user_id, id, create_time, update_time FROM sessions "
	         "WHERE (CAST($1 AS TEXT) IS NULL OR app_name = CAST($1 AS TEXT)) "
	         "AND (CAST($2 AS TEXT) IS NULL OR user_id = CAST($2 AS TEXT)) "
	         "AND (CAST($3 AS TEXT) IS NULL OR %s = CAST($3 AS TEXT)) "
	         "ORDER BY update_time, %s",
	         prefix ? "substr(id, 1, length(CAST($3 AS TEXT)))" : "id",
	         db->postgres ? "ctid" : "rowid");
	const char *params[] = {c ? c->app : NULL, c ? c->user : NULL,
	                        c && !c->last ? c->session : NULL};
	struct db_rows *rows = db->ops->query(db, sql, params, 3);
	if (!rows)
		return false;
	size_t cap = 0;
	int got;
	while ((got = db->ops->next(rows)) > 0) {
		if (in->nsessions == cap) {
			cap = cap ? 2 * cap : 16;
			in->sessions = xrealloc(in->sessions, cap * sizeof *in->sessions);
		}
		struct session_key *k = &in->sessions[in->nsessions++];
		k->app = column_dup(db, rows, 0);
		k->user = column_dup(db, rows, 1);
		k->id = column_dup(db, rows, 2);
		k->create_time = column_dup(db, rows, 3);
		k->update_time = column_dup(db, rows, 4);
	}
	db->ops->finish(rows);
	return got == 0;
}

/* How many sessions the database holds, for the message of a --session that matches none. */
static long long session_count(struct db *db)
{
	struct db_rows *rows = db->ops->query(db, "SELECT count(*) FROM sessions", NULL, 0);
	long long n = -1;
	size_t len;
	const char *p;
	if (rows && db->ops->next(rows) > 0 && (p = db->ops->column(rows, 0, &len)))
		n = atoll(p);
	db->ops->finish(rows);
	return n;
}

/* Says which apps and users hold session id; EXIT_DATAERR. */
static int ambiguous(const struct sdb_input *in, const char *id)
{
	struct strbuf sb = {0};
	for (size_t i = 0; i < in->nsessions; i++)
		strbuf_addf(&sb, "%s--app %s --user %s", i ? ", " : "", in->sessions[i].app,
		            in->sessions[i].user);
	warnx_msg("%s: session '%s' is held by %zu apps and users (%s): choose with --app and "
	          "--user",
	          in->name, id, in->nsessions, sb.buf);
	strbuf_release(&sb);
	return EXIT_DATAERR;
}

/* Whether the sessions loaded hold more than one id (a prefix's matches). */
static bool several_ids(const struct sdb_input *in)
{
	for (size_t i = 1; i < in->nsessions; i++)
		if (strcmp(in->sessions[i].id, in->sessions[0].id) != 0)
			return true;
	return false;
}

/* Says which sessions a --session prefix matches; EXIT_USAGE, as an ambiguous --invocation. */
static int ambiguous_prefix(const struct sdb_input *in, const char *prefix)
{
	struct strbuf sb = {0};
	size_t shown = in->nsessions < 8 ? in->nsessions : 8;
	for (size_t i = 0; i < shown; i++)
		strbuf_addf(&sb, "%s%s (app %s, user %s)", i ? ", " : "", in->sessions[i].id,
		            in->sessions[i].app, in->sessions[i].user);
	if (shown < in->nsessions)
		strbuf_addf(&sb, " and %zu more", in->nsessions - shown);
	warnx_msg("%s: session '%s' is the beginning of %zu sessions' ids: %s; give more of the id",
	          in->name, prefix, in->nsessions, sb.buf);
	strbuf_release(&sb);
	return EXIT_USAGE;
}

/*
 * Narrows the sessions to what --session asks: an id, else the one id that
 * begins with it (as --invocation and git take a unique prefix), or the
 * last; returns an exit status after reporting.
 */
static int apply_choice(struct sdb_input *in, const struct session_choice *c)
{
	if (!c || (!c->session && !c->last))
		return 0;
	if (in->nsessions == 0 && c->session && !load_sessions(in, c, true))
		return db_failed(in);
	if (in->nsessions > 1 && c->session && several_ids(in))
		return ambiguous_prefix(in, c->session);
	if (in->nsessions == 0) {
		long long n = session_count(in->db);
		const char *what = c->last ? "sessions" : "session";
		warnx_msg("%s: no %s%s%s%s (the database holds %lld session%s: 'adkev sessions %s' "
		          "lists them)",
		          in->name, what, c->last ? "" : " '", c->last ? "" : c->session,
		          c->last ? " to choose from" : "'", n, n == 1 ? "" : "s", in->name);
		return EXIT_DATAERR;
	}
	if (c->last) {
		/* The most recently updated: the last in update order. */
		struct session_key last = in->sessions[in->nsessions - 1];
		in->sessions[in->nsessions - 1] = in->sessions[0];
		in->sessions[0] = last;
		size_t all = in->nsessions;
		in->nsessions = 1;
		for (size_t i = 1; i < all; i++) {
			free(in->sessions[i].app);
			free(in->sessions[i].user);
			free(in->sessions[i].id);
			free(in->sessions[i].create_time);
			free(in->sessions[i].update_time);
		}
		return 0;
	}
	return in->nsessions > 1 ? ambiguous(in, c->session) : 0;
}

/* ------------------------------------------------------------- pages */

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

/*
 * The next page of the current session's events.  SQLite: up to DB_PAGE_ROWS
 * rows or PAGE_BYTES bytes, copied out of a query that is finished before
 * they are handed on, so SQLite's lock is never held while adkev waits on
 * its output.  PostgreSQL: the next row of one query.  false after an error.
 */
static bool fill_page(struct sdb_input *in)
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

static const char *cell_text(const struct sdb_input *in, size_t row, int col, size_t *len)
{
	return db_page_cell(&in->page, in->ncols, row, col, len);
}

/* ------------------------------------------------------------- schema 0 */

/* PostgreSQL's bytea in its text form ("\x7b22...") as the bytes, into *out. */
static bool unhex_bytea(const char *p, size_t len, struct strbuf *out)
{
	strbuf_reset(out);
	if (len < 2 || p[0] != '\\' || p[1] != 'x')
		return false;
	for (size_t i = 2; i + 1 < len; i += 2) {
		char byte[3] = {p[i], p[i + 1], 0};
		char *end;
		long v = strtol(byte, &end, 16);
		if (*end)
			return false;
		strbuf_addch(out, (char)v);
	}
	return true;
}

/* The actions column: Go's JSON as a value; NULL for Python's pickle (said once). */
static json_t *actions_value(struct sdb_input *in, const char *p, size_t len)
{
	struct strbuf bytes = {0};
	if (in->db->postgres && unhex_bytea(p, len, &bytes)) {
		p = bytes.buf;
		len = bytes.len;
	}
	json_t *v = len && p[0] == '{' ? json_loadb(p, len, 0, NULL) : NULL;
	if (!v && !in->warned_pickle) {
		warnx_msg("%s: schema-0 database: event actions are Python pickles, which adkev "
		          "cannot read: state deltas, transfers and escalations are left out "
		          "('adk migrate session' converts the database to schema 1)",
		          in->name);
		in->warned_pickle = true;
	}
	strbuf_release(&bytes);
	return v;
}

/* One schema-0 cell as its member's value; NULL to leave it out; false when it is bad. */
static bool cell_value(struct sdb_input *in, const struct event_column *col, const char *p,
                       size_t len, json_t **out)
{
	*out = NULL;
	char *text = xstrndup(p, len);
	double t;
	bool ok = true;
	switch (col->kind) {
	case COL_TEXT:
		*out = json_stringn_nocheck(p, len);
		break;
	case COL_JSON:
		ok = (*out = json_loadb(p, len, JSON_DECODE_ANY, NULL)) != NULL;
		break;
	case COL_BOOL:
		*out = json_boolean(strcmp(text, "1") == 0 || strcmp(text, "t") == 0 ||
		                    strcmp(text, "true") == 0);
		break;
	case COL_TIME:
		ok = stamp_parse_db_time(text, in->layout == LAYOUT_SCHEMA0, &t);
		if (ok)
			*out = json_real(t);
		break;
	case COL_ACTIONS:
		*out = actions_value(in, p, len);
		break;
	}
	free(text);
	return ok;
}

/* The event a schema-0 row holds, as JSON text into in->record; false after setting in->error. */
static bool row_event(struct sdb_input *in, size_t row)
{
	json_t *event = json_object();
	bool ok = true;
	for (size_t i = 0; i < EVENT_COLUMNS && ok; i++) {
		size_t len;
		const char *p = cell_text(in, row, (int)i, &len);
		json_t *v;
		if (!in->columns[i] || !p)
			continue;
		ok = cell_value(in, &event_columns[i], p, len, &v);
		if (!ok)
			snprintf(in->error, sizeof in->error, "%s: column %s holds no %s",
			         in->where.buf, event_columns[i].column,
			         event_columns[i].kind == COL_TIME ? "time" : "valid JSON");
		else if (v)
			json_object_set_new_nocheck(event, adk_field_name(event_columns[i].field),
			                            v);
	}
	if (ok) {
		/* Into our own buffer: jansson's allocator may not be free()'s. */
		size_t n = json_dumpb(event, NULL, 0, JSON_COMPACT);
		strbuf_reset(&in->record);
		strbuf_grow(&in->record, n);
		in->record.len = json_dumpb(event, in->record.buf, n, JSON_COMPACT);
		in->record.buf[in->record.len] = '\0';
	}
	json_decref(event);
	return ok;
}

/* ------------------------------------------------------------- the input */

static struct sdb_input *sdb_of(struct input *in)
{
	return (struct sdb_input *)in;
}

/* Moves to the next session; false when none is left. */
static bool next_session(struct sdb_input *in)
{
	in->db->ops->finish(in->live);
	in->live = NULL;
	in->cur = in->cur == in->nsessions ? 0 : in->cur + 1;
	in->rowids_read = false;
	in->session_done = false;
	in->page.nrows = in->row = 0;
	if (in->ahead)
		dbpages_end(in->ahead);
	return in->cur < in->nsessions;
}

/* Hands out row as a record. */
static int give_row(struct sdb_input *in, size_t row, struct input_record *rec)
{
	size_t idlen;
	const char *id = cell_text(in, row, 0, &idlen);
	strbuf_reset(&in->where);
	strbuf_addf(&in->where, "session %s, event %.*s", in->sessions[in->cur].id,
	            id ? (int)idlen : 6, id ? id : "(none)");
	size_t len;
	const char *text;
	if (in->ncols == 2) {
		text = cell_text(in, row, 1, &len);
		if (!text) {
			snprintf(in->error, sizeof in->error, "%s: event_data is NULL",
			         in->where.buf);
			return SOURCE_DAMAGED;
		}
	} else {
		if (!row_event(in, row))
			return SOURCE_DAMAGED;
		text = in->record.buf;
		len = in->record.len;
	}
	*rec = (struct input_record){text, len, in->where.buf};
	return 1;
}

static int sdb_next_record(struct input *base, struct input_record *rec)
{
	struct sdb_input *in = sdb_of(base);
	for (;;) {
		if (in->cur < in->nsessions && in->row < in->page.nrows)
			return give_row(in, in->row++, rec);
		if ((in->cur == in->nsessions || in->session_done) && !next_session(in))
			return 0;
		if (!fill_page(in))
			return in->failed == EXIT_DATAERR ? SOURCE_DAMAGED : INPUT_FAILED;
	}
}

static const char *sdb_error(const struct input *base)
{
	return ((const struct sdb_input *)base)->error;
}

static void sdb_close(struct input *base)
{
	struct sdb_input *in = sdb_of(base);
	/* The workers first: they read the rowids and the query. */
	dbpages_free(in->ahead);
	if (in->db) {
		in->db->ops->finish(in->live);
		in->db->ops->close(in->db);
	}
	session_keys_free(in);
	free(in->rowids);
	db_page_release(&in->page);
	strbuf_release(&in->page_head);
	free(in->path);
	strbuf_release(&in->select);
	strbuf_release(&in->record);
	strbuf_release(&in->where);
	free(in->name);
	free(in);
}

static const struct input_ops sdb_ops = {
    .next_record = sdb_next_record,
    .error = sdb_error,
    .close = sdb_close,
};

/* Opens operand's database, its layout found and its sessions chosen; NULL after reporting. */
static struct sdb_input *sdb_open(const char *operand, const struct session_choice *choice,
                                  int *status)
{
	struct sdb_input *in = xcalloc(1, sizeof *in);
	in->name = sessiondb_masked(operand);
	const char *rest;
	in->base = (struct input){.ops = &sdb_ops,
	                          .name = in->name,
	                          .may_block = spelling_of(operand, &rest) == SPELL_POSTGRES};
	int failed = 0;
	in->db = open_db(operand, in->name, &in->path, &failed);
	if (in->db)
		failed = find_layout(in);
	if (in->db && !failed)
		failed =
		    load_sessions(in, choice, false) ? apply_choice(in, choice) : db_failed(in);
	if (failed) {
		*status = failed;
		sdb_close(&in->base);
		return NULL;
	}
	in->cur = in->nsessions;
	return in;
}

static struct input *sessiondb_open(const char *operand, const struct input_how *how, int *status)
{
	struct sdb_input *in = sdb_open(operand, how->sessions, status);
	if (in)
		in->jobs = how->jobs;
	return in ? &in->base : NULL;
}

const struct input_kind sessiondb_kind = {
    .name = "session database",
    .claims = sessiondb_claims,
    .open = sessiondb_open,
};

/* The events and invocations of session k. */
static bool count_events(struct sdb_input *in, const struct session_key *k, struct session_info *s)
{
	const char *params[] = {k->app, k->user, k->id};
	struct db_rows *rows = in->db->ops->query(
	    in->db,
	    "SELECT count(*), count(DISTINCT invocation_id) FROM events WHERE app_name = $1 "
	    "AND user_id = $2 AND session_id = $3",
	    params, 3);
	size_t len;
	const char *p;
	bool ok = rows && in->db->ops->next(rows) > 0;
	if (ok && (p = in->db->ops->column(rows, 0, &len)))
		s->events = strtoull(p, NULL, 10);
	if (ok && (p = in->db->ops->column(rows, 1, &len)))
		s->invocations = strtoull(p, NULL, 10);
	in->db->ops->finish(rows);
	return ok;
}

int sessiondb_list(const char *operand, const struct session_choice *choice, bool counts,
                   void (*fn)(void *ctx, const struct session_info *s), void *ctx)
{
	int status = 0;
	struct sdb_input *in = sdb_open(operand, choice, &status);
	if (!in)
		return status;
	for (size_t i = 0; i < in->nsessions && !status; i++) {
		const struct session_key *k = &in->sessions[i];
		struct session_info s = {in->name, k->app, k->user, k->id, 0, 0, false, 0, 0};
		s.times_known = stamp_parse_db_time(k->create_time, false, &s.create_time) &&
		                stamp_parse_db_time(k->update_time, false, &s.update_time);
		if (counts && !count_events(in, k, &s))
			status = db_failed(in);
		else
			fn(ctx, &s);
	}
	sdb_close(&in->base);
	return status;
}
