/*
 * sessions.c - adkev sessions: the sessions a session database holds.
 *
 * For each operand (an SQLite file, a sqlite:// or postgresql:// URL, see
 * read/sessiondb.h) one JSON line per session, in update order: the
 * operand (its password masked), app, user, id, how many events and
 * invocations it holds, its create and update times in epoch seconds and
 * its first user message (a secret in it hidden); --table writes the same
 * for a person, in local time (--utc: UTC), in columns as wide as their
 * widest cell, the message last and cut to the terminal's width.  --app,
 * --user and --session narrow the list as they narrow what the other
 * commands read.
 */
#include "command.h"
#include "cmd/run.h"
#include "read/dirwalk.h"
#include "adk/redact.h"
#include "read/sessiondb.h"
#include "stamp.h"
#include "write/json.h"
#include "write/output.h"
#include "write/termtext.h"
#include "util.h"

#include <errno.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

struct sessions_options {
	struct run_options run; /* --session, --app, --user */
	bool table, utc;
};

static const struct option_row sessions_options[] = {
    OPTION_TRUE_ROW(0, "table", struct sessions_options, table, "write a table for a person"),
    OPTION_TRUE_ROW(0, "utc", struct sessions_options, utc,
                    "with --table, times in UTC, not local time"),
    OPTION_INCLUDE_ROW(run_option_table, RUN_PRETTY | RUN_COMPACT | RUN_SESSIONS,
                       struct sessions_options, run),
    OPTION_END_ROW,
};

enum column {
	COL_UPDATED,
	COL_EVENTS,
	COL_INVOCATIONS,
	COL_APP,
	COL_USER,
	COL_SESSION,
	COL_FILE,
	COL_MESSAGE,
	NCOLUMNS
};

static const char *const headings[NCOLUMNS] = {
    "UPDATED", "EVENTS", "INVOCATIONS", "APP", "USER", "SESSION", "FILE", "FIRST MESSAGE"};

/* What the listing keeps: --table's rows, and the text a hidden secret leaves. */
struct sessions_table {
	bool utc;
	bool several_files; /* the FILE column is shown only then */
	struct {
		char *cells[NCOLUMNS]; /* each owned */
	} *rows;
	size_t nrows, cap;
	struct strbuf held;
};

static void write_string(struct json_writer *w, const char *key, const char *s)
{
	jw_key(w, key);
	json_t *v = json_string_lossy(s ? s : "");
	jw_value(w, v);
	json_decref(v);
}

static void write_time(struct json_writer *w, const char *key, bool known, double t)
{
	jw_key(w, key);
	if (known)
		jw_real(w, t);
	else
		jw_null(w);
}

/*
 * The first message as a list shows it: a secret in it hidden by its shape,
 * as show hides it.  Returns the text to show, msg itself or held's.
 */
static const char *message_shown(const char *msg, struct strbuf *held)
{
	strbuf_reset(held);
	if (msg && redact_text(msg, strlen(msg), held))
		return held->buf;
	return msg;
}

static void session_json(void *ctx, const struct session_info *s)
{
	struct sessions_table *t = ctx;
	struct json_writer *w = output_writer();
	jw_object_begin(w);
	write_string(w, "file", s->name);
	write_string(w, "app_name", s->app);
	write_string(w, "user_id", s->user);
	write_string(w, "session_id", s->id);
	jw_key(w, "events");
	jw_int(w, (json_int_t)s->events);
	jw_key(w, "invocations");
	jw_int(w, (json_int_t)s->invocations);
	write_time(w, "create_time", s->times_known, s->create_time);
	write_time(w, "update_time", s->times_known, s->update_time);
	const char *msg = message_shown(s->first_message, &t->held);
	if (msg) {
		write_string(w, "first_message", msg);
	} else {
		jw_key(w, "first_message");
		jw_null(w);
	}
	jw_object_end(w);
	jw_line_end(w);
}

/* The message on one line, each run of white space one space; the caller owns it. */
static char *one_line(const char *msg)
{
	struct strbuf sb = STRBUF_INIT;
	for (const char *p = msg ? msg : ""; *p; p++) {
		bool space = *p == ' ' || *p == '\t' || *p == '\n' || *p == '\r';
		if (!space)
			strbuf_addch(&sb, *p);
		else if (sb.len && sb.buf[sb.len - 1] != ' ')
			strbuf_addch(&sb, ' ');
	}
	if (sb.len && sb.buf[sb.len - 1] == ' ')
		sb.buf[--sb.len] = '\0';
	return sb.buf ? sb.buf : xstrdup(""); /* the buffer is the caller's now */
}

/* Keeps a session's cells for --table, which is written when every width is known. */
static void session_row(void *ctx, const struct session_info *s)
{
	struct sessions_table *t = ctx;
	if (t->nrows == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 16;
		t->rows = xrealloc(t->rows, t->cap * sizeof *t->rows);
	}
	char **row = t->rows[t->nrows++].cells;
	char count[32];
	row[COL_UPDATED] = stamp_time_text(t->utc, s->times_known, s->update_time);
	snprintf(count, sizeof count, "%llu", s->events);
	row[COL_EVENTS] = xstrdup(count);
	snprintf(count, sizeof count, "%llu", s->invocations);
	row[COL_INVOCATIONS] = xstrdup(count);
	row[COL_APP] = xstrdup(s->app ? s->app : "");
	row[COL_USER] = xstrdup(s->user ? s->user : "");
	row[COL_SESSION] = xstrdup(s->id ? s->id : "");
	row[COL_FILE] = xstrdup(s->name);
	row[COL_MESSAGE] = one_line(message_shown(s->first_message, &t->held));
	if (strcmp(t->rows[0].cells[COL_FILE], s->name) != 0)
		t->several_files = true;
}

/* Whether column c is shown: FILE only when the rows come from several databases. */
static bool column_shown(const struct sessions_table *t, int c)
{
	return c != COL_FILE || t->several_files;
}

/* One line of cells, each padded to its column's width; the message cut to what is left. */
static void write_line(const struct sessions_table *t, char *const *cells, const size_t *widths,
                       size_t room)
{
	struct strbuf sb = STRBUF_INIT;
	size_t used = 0;
	for (int c = 0; c < NCOLUMNS; c++) {
		if (!column_shown(t, c))
			continue;
		if (c == COL_MESSAGE) {
			size_t left = room > used ? room - used : 0;
			termtext_append_cut(&sb, cells[c], strlen(cells[c]), room ? (left > 10 ? left : 10) : 0);
			break;
		}
		size_t cols = termtext_columns(cells[c], strlen(cells[c]), SIZE_MAX);
		bool number = c == COL_EVENTS || c == COL_INVOCATIONS;
		for (size_t pad = cols; number && pad < widths[c]; pad++)
			strbuf_addch(&sb, ' ');
		termtext_append(&sb, cells[c], strlen(cells[c]));
		for (size_t pad = cols; !number && pad < widths[c]; pad++)
			strbuf_addch(&sb, ' ');
		strbuf_addstr(&sb, "  ");
		used += widths[c] + 2;
	}
	while (sb.len && sb.buf[sb.len - 1] == ' ')
		sb.len--;
	strbuf_addch(&sb, '\n');
	output_bytes(sb.buf, sb.len);
	strbuf_release(&sb);
}

/* --table: the heading and the rows, every column as wide as its widest cell. */
static void write_table(const struct sessions_table *t)
{
	size_t widths[NCOLUMNS];
	for (int c = 0; c < NCOLUMNS; c++) {
		widths[c] = strlen(headings[c]);
		for (size_t r = 0; r < t->nrows; r++) {
			const char *cell = t->rows[r].cells[c];
			size_t cols = termtext_columns(cell, strlen(cell), SIZE_MAX);
			widths[c] = cols > widths[c] ? cols : widths[c];
		}
	}
	long room = output_terminal_width();
	write_line(t, (char *const *)headings, widths, room > 0 ? (size_t)room : 0);
	for (size_t r = 0; r < t->nrows && !output_failed(); r++)
		write_line(t, t->rows[r].cells, widths, room > 0 ? (size_t)room : 0);
}

static void sessions_table_release(struct sessions_table *t)
{
	for (size_t r = 0; r < t->nrows; r++)
		for (int c = 0; c < NCOLUMNS; c++)
			free(t->rows[r].cells[c]);
	free(t->rows);
	strbuf_release(&t->held);
}

/* The sessions of one database, or of every database in a folder. */
static int list_one(const struct sessions_options *o, struct sessions_table *t,
                    const char *operand)
{
	/* A file that is not there is 66 with the system's words, as in every command. */
	if (!sessiondb_claims(operand) && access(operand, F_OK) != 0) {
		warn_errno(errno, "%s", operand);
		return EXIT_NOINPUT;
	}
	if (!sessiondb_claims(operand)) {
		warnx_msg("%s: not a session database (an SQLite file, sqlite:// or postgresql://)",
		          operand);
		return EXIT_DATAERR;
	}
	return sessiondb_list(operand, &o->run.sessions, true,
	                      o->table ? session_row : session_json, t);
}

static int list_operand(const struct sessions_options *o, struct sessions_table *t,
                        const char *operand)
{
	if (!dirwalk_is_dir(operand))
		return list_one(o, t, operand);
	/* A folder: the databases in it, in path order; its event files are not databases. */
	struct dirwalk *w = dirwalk_new(operand, NULL);
	int status = 0;
	const char *path;
	while ((path = dirwalk_next(w, &status)) && !output_failed())
		if (sessiondb_claims(path))
			status = exit_status_worst(status, list_one(o, t, path));
	dirwalk_free(w);
	return status;
}

static int run_sessions(int argc, char *argv[])
{
	struct sessions_options o = {0};
	int status = command_parse(&command_sessions, argc, argv, &o);
	if (status >= 0)
		return status;
	argc -= optind;
	argv += optind;
	if (argc == 0)
		return command_usage_error(&command_sessions,
		                           "a session database is needed: .adk/session.db, "
		                           "sqlite:///FILE or postgresql://...");
	run_settings_apply(&o.run);
	struct sessions_table t = {.utc = o.utc, .held = STRBUF_INIT};
	status = 0;
	for (int i = 0; i < argc && !output_failed(); i++)
		status = exit_status_worst(status, list_operand(&o, &t, argv[i]));
	if (o.table)
		write_table(&t);
	sessions_table_release(&t);
	return status;
}

const struct command command_sessions = {
    .name = "sessions",
    .summary = "List the sessions of ADK session databases, SQLite or PostgreSQL.",
    .options = sessions_options,
    .operands = "DATABASE ...",
    .run = run_sessions,
};
