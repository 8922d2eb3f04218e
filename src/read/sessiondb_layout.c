/*
 * sessiondb_layout.c - which layout of ADK's a session database has, told
 * apart by its tables, and the select list of its events' columns
 * (sessiondb.h).
 *
 * The layouts (sources.md section 2):
 * - events.event_data and no adk_internal_metadata table: ADK Python's
 *   SqliteSessionService; with that table, DatabaseSessionService schema 1
 *   (ADK Python >= 1.22, ADK JS).  event_data is the whole event.
 * - events.author and no event_data: schema 0 (ADK Python <= 1.21) or ADK
 *   Go's session/database (its own columns, routes_json and the like), one
 *   column per member, made into an event by sessiondb_row.c.  Python
 *   pickles actions, which adkev cannot read (said once per database; its
 *   tables' state stands in for adkev state, sessiondb_state.c); Go writes
 *   JSON.
 * Anything else is not an ADK session database (EXIT_DATAERR).
 */
#include "read/sessiondb_int.h"

#include <stdio.h>
#include <string.h>

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
		in->columns[i] = has_column(cols, sdb_event_columns[i].column);
		strbuf_addf(&in->select, "%s%s%s%s", i ? ", " : "", in->columns[i] ? "\"" : "NULL",
		            in->columns[i] ? sdb_event_columns[i].column : "",
		            in->columns[i] ? "\"" : "");
	}
	in->ncols = (int)EVENT_COLUMNS;
}

/* Schema 0: which of the tables of app and user states there are; an exit status. */
static int find_state_tables(struct sdb_input *in)
{
	struct strbuf app = {0}, user = {0};
	int status = 0;
	if (!table_columns(in->db, "app_states", &app) ||
	    !table_columns(in->db, "user_states", &user))
		status = sdb_failed(in);
	in->app_states = has_column(&app, "state") && has_column(&app, "app_name");
	in->user_states = has_column(&user, "state") && has_column(&user, "user_id");
	strbuf_release(&app);
	strbuf_release(&user);
	return status;
}

int sdb_find_layout(struct sdb_input *in)
{
	struct strbuf events = {0}, sessions = {0}, meta = {0};
	int status = 0;
	if (!table_columns(in->db, "events", &events) ||
	    !table_columns(in->db, "sessions", &sessions) ||
	    !table_columns(in->db, "adk_internal_metadata", &meta)) {
		status = sdb_failed(in);
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
		if (!go)
			status = find_state_tables(in);
	}
	if (!status)
		choose_columns(in, &events);
	strbuf_release(&events);
	strbuf_release(&sessions);
	strbuf_release(&meta);
	return status;
}
