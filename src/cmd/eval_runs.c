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

/* What read_database() hands run_each_session(). */
struct database_read {
	const struct eval_runs *how;
	char *operand;
};

/* One session of a database, read alone as one run, named by it. */
static int read_session(void *ctx, const struct run_options *one,
                        const struct session_info *session)
{
	struct database_read *d = ctx;
	int read = run_read(d->how->plan, one, 1, &d->operand);
	eval_run_name_session(d->how->run, session->id, session->app, session->user);
	return finish(d->how, read, session->id);
}

/* Each session chosen (--session, --app, --user) read alone, as one run. */
static int read_database(const struct eval_runs *how, char *operand)
{
	struct database_read d = {how, operand};
	return run_each_session(operand, how->o, read_session, &d);
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
