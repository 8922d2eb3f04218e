/*
 * sessiondb_state.c - the state a schema-0 database's tables hold for a
 * session (sessiondb.h), for the layout whose events do not carry their
 * state deltas: ADK Python <= 1.21 pickles an event's actions, which adkev
 * cannot read, but keeps each session's state in sessions.state, its
 * app's in app_states and its user's in user_states, as JSON text (JSONB
 * on PostgreSQL).  The session is handed out as ADK gives it back
 * (session_stored_new()), after its events, when the reader asks for it
 * (READER_SESSION_STATES).
 */
#include "read/sessiondb_int.h"
#include "read/source.h"

#include <stdio.h>

/*
 * The state column of the one row sql finds for params into *state (owned;
 * NULL for no row or SQL NULL); 1, else INPUT_FAILED or SOURCE_DAMAGED with
 * in->error saying why.
 */
static int stored_column(struct sdb_input *in, const char *sql, const char *const *params,
                         int nparams, const char *what, json_t **state)
{
	*state = NULL;
	struct db_rows *rows = in->db->ops->query(in->db, sql, params, nparams);
	int got = rows ? in->db->ops->next(rows) : -1;
	size_t len = 0;
	const char *text = got > 0 ? in->db->ops->column(rows, 0, &len) : NULL;
	if (got < 0) {
		snprintf(in->error, sizeof in->error, "%s", in->db->ops->error(in->db));
		in->db->ops->finish(rows);
		return INPUT_FAILED;
	}
	/* As an event's text: a NUL escaped in a string is data, not an error. */
	json_error_t e;
	*state = text ? json_loadb(text, len, JSON_ALLOW_NUL, &e) : NULL;
	in->db->ops->finish(rows);
	if (text && !json_is_object(*state)) {
		snprintf(in->error, sizeof in->error, "session %s: %s is %s",
		         in->sessions[in->cur].id, what, *state ? "not a JSON object" : "not JSON");
		json_decref(*state);
		*state = NULL;
		return SOURCE_DAMAGED;
	}
	return 1;
}

int sdb_stored_session(struct sdb_input *in)
{
	const struct session_key *k = &in->sessions[in->cur];
	const char *params[] = {k->app, k->user, k->id};
	json_t *session = NULL, *app = NULL, *user = NULL;
	int got = stored_column(
	    in, "SELECT state FROM sessions WHERE app_name = $1 AND user_id = $2 AND id = $3",
	    params, 3, "sessions.state", &session);
	if (got == 1 && in->app_states)
		got = stored_column(in, "SELECT state FROM app_states WHERE app_name = $1", params,
		                    1, "app_states.state", &app);
	if (got == 1 && in->user_states)
		got = stored_column(in,
		                    "SELECT state FROM user_states WHERE app_name = $1 AND "
		                    "user_id = $2",
		                    params, 2, "user_states.state", &user);
	if (got == 1) {
		json_t *stored = session_stored_new(k->app, k->user, k->id, app, user, session);
		/* Into our own buffer: jansson's allocator may not be free()'s. */
		size_t n = json_dumpb(stored, NULL, 0, JSON_COMPACT);
		strbuf_reset(&in->record);
		strbuf_grow(&in->record, n);
		in->record.len = json_dumpb(stored, in->record.buf, n, JSON_COMPACT);
		in->record.buf[in->record.len] = '\0';
		json_decref(stored);
	}
	json_decref(session);
	json_decref(app);
	json_decref(user);
	return got;
}
