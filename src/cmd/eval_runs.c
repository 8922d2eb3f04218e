/*
 * eval_runs.c - a RUN operand of eval and evalset read as its runs
 * (eval_runs.h).  A session database's events carry no session object, so
 * its sessions are read one by one, as --per-session reads them.
 */
#include "cmd/eval_runs.h"
#include "read/dirwalk.h"
#include "read/sessiondb.h"

/*
 * A read done: an operand without events is reported as bad input, then the
 * run finished.  A database's session without events (adk web leaves one
 * for each page opened) is passed over with a note: it is no recording that
 * went wrong, and the database's other sessions are the runs.
 */
static int finish(const struct eval_runs *how, int status, const char *session)
{
	if (!status && !how->run->any) {
		if (session) {
			warnx_msg("%s: session %s holds no event: passed over", *how->file, session);
		} else {
			warnx_msg("%s: no event in it: not a run", *how->file);
			status = EXIT_DATAERR;
		}
	}
	how->finish(how->ctx, status);
	return status;
}

/* Each session chosen (--session, --app, --user) read alone, as one run. */
static int read_database(const struct eval_runs *how, char *operand)
{
	struct run_sessions l = {0};
	int status = run_sessions_list(operand, &how->o->sessions, &l);
	struct run_options o = *how->o;
	for (size_t i = 0; i < l.count; i++) {
		const struct session_info *s = &l.list[i];
		o.sessions = (struct session_choice){s->id, false, s->app, s->user};
		int read = run_read(how->plan, &o, 1, &operand);
		eval_run_name_session(how->run, s->id, s->app, s->user);
		status = exit_status_worst(status, finish(how, read, s->id));
	}
	run_sessions_release(&l);
	return status;
}

static int read_one(const struct eval_runs *how, char *operand)
{
	if (sessiondb_claims(operand))
		return read_database(how, operand);
	/* Its runs are named by their file until a second session shows there are several. */
	how->run->among_several = false;
	return finish(how, run_read(how->plan, how->o, 1, &operand), NULL);
}

int eval_runs_read(const struct eval_runs *how, char *operand)
{
	if (!dirwalk_is_dir(operand))
		return read_one(how, operand);
	/* A folder: each file in it, in path order, a run of its own, named by it. */
	const char *label = *how->file;
	struct dirwalk *w = dirwalk_new(operand, NULL);
	const char *path;
	int walked = 0, status = 0;
	while ((path = dirwalk_next(w, &walked))) {
		*how->file = path;
		status = exit_status_worst(status, read_one(how, (char *)path));
	}
	dirwalk_free(w);
	*how->file = label;
	return exit_status_worst(status, walked);
}
