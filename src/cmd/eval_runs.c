/*
 * eval_runs.c - a RUN operand of eval and evalset read as its runs
 * (eval_runs.h).  A session database's events carry no session object, so
 * its sessions are read one by one, as --per-session reads them.
 */
#include "cmd/eval_runs.h"
#include "read/sessiondb.h"

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
		how->finish(how->ctx, read);
		status = exit_status_worst(status, read);
	}
	run_sessions_release(&l);
	return status;
}

int eval_runs_read(const struct eval_runs *how, char *operand)
{
	if (sessiondb_claims(operand))
		return read_database(how, operand);
	int status = run_read(how->plan, how->o, 1, &operand);
	how->finish(how->ctx, status);
	return status;
}
