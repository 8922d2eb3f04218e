/*
 * sessiondb_sessions.c - the sessions of a session database that
 * --session, --app and --user choose (sessiondb.h), in update order: an id,
 * the one id a prefix begins, or the last; and the messages that say a
 * choice matched none, or more than one.
 */
#include "read/sessiondb_int.h"
#include "adk/redact.h"
#include "stamp.h"
#include "write/termtext.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *column_dup(struct db *db, struct db_rows *rows, int col)
{
	size_t len = 0;
	const char *p = db->ops->column(rows, col, &len);
	return p ? xstrndup(p, len) : NULL;
}

void sdb_session_keys_free(struct sdb_input *in)
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

/* A session's place in update order: its update time, then its place in the table. */
struct session_order {
	double update_time;
	size_t at;
};

static int by_update_time(const void *a, const void *b)
{
	const struct session_order *x = a, *y = b;
	if (x->update_time != y->update_time)
		return x->update_time < y->update_time ? -1 : 1;
	return x->at < y->at ? -1 : x->at > y->at;
}

/*
 * The sessions in order of their update times as times, not as the values
 * SQLite stores: ADK Python before 2.5.0 (#6352) could leave REAL epoch
 * seconds in a DATETIME column whose other rows hold text, and SQLite sorts
 * every number before every text.  A time that cannot be read goes first,
 * as SQL puts a NULL; ties keep the table's order.
 */
static void sort_by_update_time(struct sdb_input *in)
{
	struct session_order *order = xmalloc(in->nsessions * sizeof *order);
	struct session_key *keys = xmalloc(in->nsessions * sizeof *keys);
	for (size_t i = 0; i < in->nsessions; i++) {
		order[i].at = i;
		if (!stamp_parse_db_time(in->sessions[i].update_time, false, &order[i].update_time))
			order[i].update_time = -HUGE_VAL;
	}
	qsort(order, in->nsessions, sizeof *order, by_update_time);
	for (size_t i = 0; i < in->nsessions; i++)
		keys[i] = in->sessions[order[i].at];
	memcpy(in->sessions, keys, in->nsessions * sizeof *keys);
	free(keys);
	free(order);
}

bool sdb_load_sessions(struct sdb_input *in, const struct session_choice *c, bool prefix)
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
	if (in->nsessions > 1)
		sort_by_update_time(in);
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

/*
 * Appends ", first message "TEXT"" for session i, a secret in the text
 * hidden and the text cut to 40 columns, so a person sees which is which;
 * nothing when the session has none or it cannot be read.
 */
static void add_first_message(struct sdb_input *in, size_t i, struct strbuf *sb)
{
	struct strbuf text = STRBUF_INIT, hidden = STRBUF_INIT;
	if (sdb_first_message(in, i, &text) && text.len) {
		const struct strbuf *shown = redact_text(text.buf, text.len, &hidden) ? &hidden : &text;
		strbuf_addstr(sb, ", first message \"");
		termtext_append_cut(sb, shown->buf, shown->len, 40);
		strbuf_addch(sb, '"');
	}
	strbuf_release(&text);
	strbuf_release(&hidden);
}

/* Says which sessions a --session prefix matches; EXIT_USAGE, as an ambiguous --invocation. */
static int ambiguous_prefix(struct sdb_input *in, const char *prefix)
{
	struct strbuf sb = {0};
	size_t shown = in->nsessions < 8 ? in->nsessions : 8;
	for (size_t i = 0; i < shown; i++) {
		strbuf_addf(&sb, "%s%s (app %s, user %s", i ? ", " : "", in->sessions[i].id,
		            in->sessions[i].app, in->sessions[i].user);
		add_first_message(in, i, &sb);
		strbuf_addch(&sb, ')');
	}
	if (shown < in->nsessions)
		strbuf_addf(&sb, " and %zu more", in->nsessions - shown);
	warnx_msg("%s: session '%s' is the beginning of %zu sessions' ids: %s; give more of the id",
	          in->name, prefix, in->nsessions, sb.buf);
	strbuf_release(&sb);
	return EXIT_USAGE;
}

int sdb_apply_choice(struct sdb_input *in, const struct session_choice *c)
{
	if (!c || (!c->session && !c->last))
		return 0;
	if (in->nsessions == 0 && c->session && !sdb_load_sessions(in, c, true))
		return sdb_failed(in);
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
