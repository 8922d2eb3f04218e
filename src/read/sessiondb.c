/*
 * sessiondb.c - ADK session databases read as inputs of records
 * (sessiondb.h): the operands that name them (SQLite files by their
 * header, sqlite:// and postgresql:// URLs, their passwords masked in
 * messages), the input kind that opens one, its layout found and its
 * sessions chosen, and hands its events out as records, and the list of
 * `adkev sessions`.  The layouts are sessiondb_layout.c's, the sessions
 * chosen sessiondb_sessions.c's, the pages of events sessiondb_pages.c's
 * and the events of schema-0 rows sessiondb_row.c's.
 */
#include "read/sessiondb_int.h"
#include "read/source.h"
#include "stamp.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum spelling { SPELL_NONE, SPELL_SQLITE, SPELL_POSTGRES, SPELL_MYSQL };

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

int sdb_failed(const struct sdb_input *in)
{
	warnx_msg("%s: %s", in->name, in->db->ops->error(in->db));
	return in->db->ops->status(in->db);
}

/* ------------------------------------------------------------- the input */

static struct sdb_input *sdb_of(struct input *in)
{
	return (struct sdb_input *)in;
}

/* Makes session i (nsessions for none) the one read, from its first event. */
static void start_session(struct sdb_input *in, size_t i)
{
	in->db->ops->finish(in->live);
	in->live = NULL;
	in->cur = i;
	in->rowids_read = false;
	in->session_done = false;
	in->state_given = false;
	in->page.nrows = in->row = 0;
	if (in->ahead)
		dbpages_end(in->ahead);
}

/* Moves to the next session; false when none is left. */
static bool next_session(struct sdb_input *in)
{
	start_session(in, in->cur == in->nsessions ? 0 : in->cur + 1);
	return in->cur < in->nsessions;
}

/* Hands out row as a record. */
static int give_row(struct sdb_input *in, size_t row, struct input_record *rec)
{
	size_t idlen;
	const char *id = sdb_cell_text(in, row, 0, &idlen);
	strbuf_reset(&in->where);
	strbuf_addf(&in->where, "session %s, event %.*s", in->sessions[in->cur].id,
	            id ? (int)idlen : 6, id ? id : "(none)");
	size_t len;
	const char *text;
	if (in->ncols == 2) {
		text = sdb_cell_text(in, row, 1, &len);
		if (!text) {
			snprintf(in->error, sizeof in->error, "%s: event_data is NULL",
			         in->where.buf);
			return SOURCE_DAMAGED;
		}
	} else {
		if (!sdb_row_event(in, row))
			return SOURCE_DAMAGED;
		text = in->record.buf;
		len = in->record.len;
	}
	*rec = (struct input_record){text, len, in->where.buf, false};
	return 1;
}

/* Hands out the current session's stored state as a record (schema 0, sessiondb_state.c). */
static int give_stored_state(struct sdb_input *in, struct input_record *rec)
{
	in->state_given = true;
	/* A PostgreSQL connection runs one query at a time: the events' is over. */
	in->db->ops->finish(in->live);
	in->live = NULL;
	strbuf_reset(&in->where);
	strbuf_addf(&in->where, "session %s, its stored state", in->sessions[in->cur].id);
	int got = sdb_stored_session(in);
	if (got == 1)
		*rec = (struct input_record){in->record.buf, in->record.len, in->where.buf, true};
	return got;
}

static int sdb_next_record(struct input *base, struct input_record *rec)
{
	struct sdb_input *in = sdb_of(base);
	for (;;) {
		if (in->cur < in->nsessions && in->row < in->page.nrows)
			return give_row(in, in->row++, rec);
		if (in->cur < in->nsessions && in->session_done && in->session_states &&
		    !in->state_given)
			return give_stored_state(in, rec);
		if ((in->cur == in->nsessions || in->session_done) && !next_session(in))
			return 0;
		if (!sdb_fill_page(in))
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
	sdb_session_keys_free(in);
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
		failed = sdb_find_layout(in);
	if (in->db && !failed)
		failed = sdb_load_sessions(in, choice, false) ? sdb_apply_choice(in, choice)
		                                              : sdb_failed(in);
	if (failed) {
		*status = failed;
		sdb_close(&in->base);
		return NULL;
	}
	in->cur = in->nsessions;
	return in;
}

/*
 * The databases whose schema-0 hint has been given, by a hash of their
 * names: a run opens a database again for each session it reads alone
 * (--per-session, eval), and the hint is for the database.  A hash that
 * matches another's only leaves a hint out; past HINTED the hint is
 * given again.
 */
#define HINTED 256
static uint64_t hinted[HINTED];
static size_t nhinted;
static pthread_mutex_t hinted_lock = PTHREAD_MUTEX_INITIALIZER;

/* Whether name's hint is still to be given, which it is once this returns true. */
static bool hint_first(const char *name)
{
	uint64_t h = 14695981039346656037u; /* FNV-1a */
	for (const char *p = name; *p; p++)
		h = (h ^ (unsigned char)*p) * 1099511628211u;
	pthread_mutex_lock(&hinted_lock);
	bool seen = false;
	for (size_t i = 0; i < nhinted && !seen; i++)
		seen = hinted[i] == h;
	if (!seen && nhinted < HINTED)
		hinted[nhinted++] = h;
	pthread_mutex_unlock(&hinted_lock);
	return !seen;
}

/*
 * ADK Python's schema 0 pickles each event's actions: said once per
 * database as it is opened, whether or not the sessions read have events.
 */
static void hint_schema0(const struct sdb_input *in)
{
	if (in->layout == LAYOUT_SCHEMA0 && hint_first(in->name))
		warnx_msg("%s: schema-0 database: event actions are Python pickles, which adkev "
		          "cannot read: state deltas, transfers and escalations are left out "
		          "(adkev state reads the state the tables hold; 'adk migrate session' "
		          "converts the database to schema 1)",
		          in->name);
}

static struct input *sessiondb_open(const char *operand, const struct input_how *how, int *status)
{
	struct sdb_input *in = sdb_open(operand, how->sessions, status);
	if (!in)
		return NULL;
	in->jobs = how->jobs;
	in->session_states = how->session_states && in->layout == LAYOUT_SCHEMA0;
	hint_schema0(in);
	return &in->base;
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

/* Appends the text parts of a user's event (JSON text[0..len)) to out; whether it had any. */
static bool user_text(const char *text, size_t len, struct strbuf *out)
{
	json_t *event = json_loadb(text, len, 0, NULL);
	json_t *parts = event && event_is_user(event) ? event_parts(event) : NULL;
	size_t i, n;
	json_t *part;
	json_array_foreach(parts, i, part)
	{
		const char *t = part_text(part, &n);
		if (t && n) {
			if (out->len)
				strbuf_addch(out, ' ');
			strbuf_add(out, t, n);
		}
	}
	json_decref(event);
	return out->len > 0;
}

/*
 * A session's first message is looked for among its first events only: a
 * session that opens with this many events of its agents' has no first
 * message a person would pick it by.
 */
#define FIRST_MESSAGE_EVENTS 64

/* Looks for session i's first message among its first events; false after reporting why. */
static bool find_first_message(struct sdb_input *in, size_t i, struct strbuf *out)
{
	struct input_record rec;
	start_session(in, i);
	for (size_t seen = 0; seen < FIRST_MESSAGE_EVENTS;) {
		if (in->row < in->page.nrows) {
			/* A damaged row is for the commands that read it to report, not the list. */
			if (give_row(in, in->row++, &rec) == 1 && user_text(rec.text, rec.len, out))
				return true;
			seen++;
		} else if (in->session_done) {
			return true;
		} else if (!sdb_fill_page(in)) {
			warnx_msg("%s: %s", in->name, in->error);
			return false;
		}
	}
	return true;
}

bool sdb_first_message(struct sdb_input *in, size_t i, struct strbuf *out)
{
	strbuf_reset(out);
	bool ok = find_first_message(in, i, out);
	/*
	 * The page's query is ended here: a PostgreSQL connection runs one query
	 * at a time, and the next thing asked of it is another session's.
	 */
	start_session(in, in->nsessions);
	return ok;
}

int sessiondb_list(const char *operand, const struct session_choice *choice, bool counts,
                   void (*fn)(void *ctx, const struct session_info *s), void *ctx)
{
	int status = 0;
	struct sdb_input *in = sdb_open(operand, choice, &status);
	if (!in)
		return status;
	struct strbuf first = {0};
	for (size_t i = 0; i < in->nsessions && !status; i++) {
		const struct session_key *k = &in->sessions[i];
		struct session_info s = {in->name, k->app, k->user, k->id, 0, 0, false, 0, 0, NULL};
		s.times_known = stamp_parse_db_time(k->create_time, false, &s.create_time) &&
		                stamp_parse_db_time(k->update_time, false, &s.update_time);
		if (counts && !count_events(in, k, &s)) {
			status = sdb_failed(in);
		} else if (counts && !sdb_first_message(in, i, &first)) {
			status = in->failed ? in->failed : EXIT_IOERR;
		} else {
			s.first_message = first.len ? first.buf : NULL;
			fn(ctx, &s);
		}
	}
	strbuf_release(&first);
	sdb_close(&in->base);
	return status;
}
