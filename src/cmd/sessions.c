/*
 * sessions.c - adkev sessions: the sessions a session database holds.
 *
 * For each operand (an SQLite file, a sqlite:// or postgresql:// URL, see
 * read/sessiondb.h) one JSON line per session, in update order: the
 * operand (its password masked), app, user, id, how many events and
 * invocations it holds, and its create and update times in epoch seconds;
 * --table writes the same for a person.  --app, --user and --session narrow
 * the list as they narrow what the other commands read.
 */
#include "command.h"
#include "cmd/run.h"
#include "read/dirwalk.h"
#include "read/sessiondb.h"
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
	bool table;
};

static const struct option_row sessions_options[] = {
    OPTION_TRUE_ROW(0, "table", struct sessions_options, table, "write a table for a person"),
    OPTION_INCLUDE_ROW(run_option_table, RUN_PRETTY | RUN_COMPACT | RUN_SESSIONS,
                       struct sessions_options, run),
    OPTION_END_ROW,
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

static void session_json(void *ctx, const struct session_info *s)
{
	(void)ctx;
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
	jw_object_end(w);
	jw_line_end(w);
}

/* "2026-01-01 07:00:15 UTC", or "-" when the time could not be read. */
static void time_text(char *buf, size_t size, bool known, double t)
{
	time_t secs = (time_t)t;
	struct tm tm;
	if (!known || !gmtime_r(&secs, &tm) || !strftime(buf, size, "%Y-%m-%d %H:%M:%S UTC", &tm))
		snprintf(buf, size, "-");
}

static void session_row(void *ctx, const struct session_info *s)
{
	(void)ctx;
	struct strbuf sb = STRBUF_INIT;
	char updated[64];
	time_text(updated, sizeof updated, s->times_known, s->update_time);
	strbuf_addf(&sb, "%-23s %7llu %11llu  ", updated, s->events, s->invocations);
	const char *cells[] = {s->app, s->user, s->id, s->name};
	for (size_t i = 0; i < 4; i++) {
		size_t cols = termtext_append(&sb, cells[i] ? cells[i] : "",
		                              strlen(cells[i] ? cells[i] : ""));
		for (size_t pad = cols; i < 3 && pad < 14; pad++)
			strbuf_addch(&sb, ' ');
		strbuf_addstr(&sb, i < 3 ? "  " : "\n");
	}
	output_bytes(sb.buf, sb.len);
	strbuf_release(&sb);
}

/* The sessions of one database, or of every database in a folder. */
static int list_one(const struct sessions_options *o, const char *operand)
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
	                      o->table ? session_row : session_json, NULL);
}

static int list_operand(const struct sessions_options *o, const char *operand)
{
	if (!dirwalk_is_dir(operand))
		return list_one(o, operand);
	/* A folder: the databases in it, in path order; its event files are not databases. */
	struct dirwalk *w = dirwalk_new(operand, NULL);
	int status = 0;
	const char *path;
	while ((path = dirwalk_next(w, &status)) && !output_failed())
		if (sessiondb_claims(path))
			status = exit_status_worst(status, list_one(o, path));
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
	if (o.table) {
		const char *head = "UPDATED                  EVENTS INVOCATIONS  APP             "
		                   "USER            SESSION         FILE\n";
		output_bytes(head, strlen(head));
	}
	status = 0;
	for (int i = 0; i < argc && !output_failed(); i++)
		status = exit_status_worst(status, list_operand(&o, argv[i]));
	return status;
}

const struct command command_sessions = {
    .name = "sessions",
    .summary = "List the sessions of ADK session databases, SQLite or PostgreSQL.",
    .options = sessions_options,
    .operands = "DATABASE ...",
    .run = run_sessions,
};
