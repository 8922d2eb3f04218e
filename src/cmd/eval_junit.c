/*
 * eval_junit.c - adkev eval --junit FILE: the results as a JUnit XML report,
 * the form CI systems (Jenkins, GitLab, GitHub's test reporters) display.
 *
 * One testsuite for the eval set, one testcase per case and run: a failure
 * names the metrics that failed, with their scores and thresholds, and its
 * text holds the expected and actual tool calls and responses of each
 * failing invocation; a case NOT_EVALUATED is skipped, with why.  The
 * report is written under a temporary name beside FILE and renamed over it
 * only when whole, so a CI system never reads half of one (eval_report.h).
 */
#include "adk/event.h"
#include "cmd/eval_report.h"
#include "write/replace.h"
#include "write/xml.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

struct eval_junit {
	struct replacement file;
	struct strbuf out;
	const char *classname;
	bool require_all; /* a case without a run, or not evaluated, is a failure, not skipped */
	unsigned pass_at; /* --pass-at K: an evaluated run shows its case's outcome */
};

struct eval_junit *eval_junit_open(const char *path, bool require_all, unsigned pass_at,
                                   int *status)
{
	struct eval_junit *j = xcalloc(1, sizeof *j);
	if (!replacement_open(&j->file, path)) {
		warn_errno(errno, "%s: cannot create the report", path);
		free(j);
		*status = EXIT_CANTCREAT;
		return NULL;
	}
	j->require_all = require_all;
	j->pass_at = pass_at;
	return j;
}

static void drain(struct eval_junit *j, bool all)
{
	if (j->out.len < 65536 && !all)
		return;
	replacement_write(&j->file, j->out.buf, j->out.len);
	strbuf_reset(&j->out);
}

static void add(struct eval_junit *j, const char *text)
{
	strbuf_addstr(&j->out, text);
}

/* name="value", value escaped. */
static void attr(struct eval_junit *j, const char *name, const char *value, size_t len)
{
	strbuf_addf(&j->out, " %s=\"", name);
	xml_attr(&j->out, value, len);
	strbuf_addch(&j->out, '"');
}

static void attr_json(struct eval_junit *j, const char *name, const json_t *v)
{
	if (json_is_string(v))
		attr(j, name, json_string_value(v), json_string_length(v));
	else
		attr(j, name, "", 0);
}

static void property(struct eval_junit *j, const char *name, const char *value, size_t len,
                     const char *indent)
{
	add(j, indent);
	add(j, "<property");
	attr(j, "name", name, strlen(name));
	attr(j, "value", value, len);
	add(j, "/>\n");
}

/*
 * The totals: a run that matched no case is an error; a case NOT_EVALUATED
 * (no run matched it among them) is skipped, or with --require-all a failure.
 */
static void counts(struct eval_junit *j, const struct eval_tally *t)
{
	size_t tests = t->passed + t->failed + t->unevaluated + t->unmatched;
	size_t failed = j->pass_at ? t->case_failed_runs : t->failed;
	size_t failures = failed + (j->require_all ? t->unevaluated : 0);
	strbuf_addf(&j->out, " tests=\"%zu\" failures=\"%zu\" errors=\"%zu\" skipped=\"%zu\">\n",
	            tests, failures, t->unmatched, j->require_all ? 0 : t->unevaluated);
}

void eval_junit_begin(struct eval_junit *j, const json_t *set, const char *expected,
                      const struct eval_criteria *c, const struct eval_tally *t)
{
	const json_t *id = adk_get(set, ADK_EVAL_SET_ID);
	j->classname = json_is_string(id) ? json_string_value(id) : "";
	add(j, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"adkev eval\"");
	counts(j, t);
	add(j, "  <testsuite");
	attr(j, "name", j->classname, strlen(j->classname));
	counts(j, t);
	add(j, "    <properties>\n");
	property(j, "expected", expected, strlen(expected), "      ");
	for (size_t i = 0; i < c->count; i++) {
		const struct eval_criterion *cr = &c->list[i];
		struct strbuf v = STRBUF_INIT, name = STRBUF_INIT;
		char num[32] = "none";
		if (cr->has_threshold)
			eval_number(num, sizeof num, cr->threshold);
		strbuf_addf(&v, "threshold=%s", num);
		if (cr->kind == EVAL_TRAJECTORY)
			strbuf_addf(&v, " match_type=%s ignore_args=%s",
			            cr->match == EVAL_EXACT      ? "EXACT"
			            : cr->match == EVAL_IN_ORDER ? "IN_ORDER"
			                                         : "ANY_ORDER",
			            cr->ignore_args ? "true" : "false");
		strbuf_addf(&name, "criterion.%s", cr->name);
		property(j, name.buf, v.buf, v.len, "      ");
		strbuf_release(&v);
		strbuf_release(&name);
	}
	add(j, "    </properties>\n");
}

static void score_text(struct strbuf *sb, const json_t *m, const char *key)
{
	json_t *v = json_object_get(m, key);
	char num[32] = "none";
	if (json_is_number(v))
		eval_number(num, sizeof num, json_number_value(v));
	strbuf_addstr(sb, num);
}

/* The failure's message: each failed metric, "NAME SCORE < THRESHOLD" or "NAME: REASON". */
static void failed_metrics(const json_t *line, struct strbuf *sb, const char *want)
{
	const char *key;
	json_t *m;
	json_object_foreach(json_object_get(line, "metrics"), key, m)
	{
		if (!json_string_equals(json_object_get(m, "status"), want))
			continue;
		json_t *reason = json_object_get(m, "reason");
		if (sb->len && sb->buf[sb->len - 1] != ' ')
			strbuf_addstr(sb, "; ");
		strbuf_addstr(sb, key);
		if (json_is_string(reason)) {
			strbuf_addf(sb, ": %s", json_string_value(reason));
		} else if (strcmp(want, "FAILED") == 0) {
			strbuf_addch(sb, ' ');
			score_text(sb, m, "score");
			strbuf_addstr(sb, " < ");
			score_text(sb, m, "threshold");
		}
	}
}

static void side_text(struct strbuf *sb, const json_t *side, bool calls)
{
	if (!json_is_object(side)) {
		strbuf_addstr(sb, "(no invocation)");
	} else if (calls) {
		json_t *call, *list = json_object_get(side, "tool_calls");
		size_t i;
		if (json_array_size(list) == 0)
			strbuf_addstr(sb, "(none)");
		json_array_foreach(list, i, call)
		{
			if (i)
				strbuf_addstr(sb, "; ");
			eval_call_text(call, sb);
		}
	} else {
		json_t *text = json_object_get(side, "response");
		strbuf_add(sb, json_string_value(text), json_string_length(text));
	}
}

/* The failure's text: the expected and actual side of each failing invocation. */
static void invocation_text(const json_t *inv, size_t n, struct strbuf *sb)
{
	json_t *id = json_object_get(inv, "invocation_id"), *user = json_object_get(inv, "user");
	strbuf_addf(sb, "invocation %zu (%s): %s\n", n,
	            json_is_string(id) ? json_string_value(id) : "",
	            json_is_string(user) ? json_string_value(user) : "");
	const char *key;
	json_t *m;
	json_object_foreach(json_object_get(inv, "metrics"), key, m)
	{
		strbuf_addf(sb, "  %s ", key);
		score_text(sb, m, "score");
		strbuf_addf(sb, " %s\n", json_string_value(json_object_get(m, "status")));
	}
	static const char *const labels[] = {"expected tool calls: ", "actual tool calls:   ",
	                                     "expected response:   ", "actual response:     "};
	for (int k = 0; k < 4; k++) {
		strbuf_addf(sb, "  %s", labels[k]);
		side_text(sb, json_object_get(inv, k % 2 ? "actual" : "expected"), k < 2);
		strbuf_addch(sb, '\n');
	}
}

/* How the case fared by --pass-at: "the case passes --pass-at 2: 2 of 3 runs passed". */
static void case_text(struct strbuf *sb, const json_t *repeats)
{
	json_t *why = json_object_get(repeats, "reason");
	if (sb->len)
		strbuf_addstr(sb, "; ");
	strbuf_addf(sb, "the case %s --pass-at %" JSON_INTEGER_FORMAT ": ",
	            json_string_equals(json_object_get(repeats, "status"), "FAILED") ? "fails"
	                                                                             : "passes",
	            json_integer_value(json_object_get(repeats, "k")));
	if (json_is_string(why))
		strbuf_addstr(sb, json_string_value(why));
	else
		strbuf_addf(sb, "%" JSON_INTEGER_FORMAT " of %" JSON_INTEGER_FORMAT " runs passed",
		            json_integer_value(json_object_get(repeats, "passed")),
		            json_integer_value(json_object_get(repeats, "evaluated")));
}

/* A failure: its message, and as its text the failing invocations side by side. */
static void failure(struct eval_junit *j, const json_t *line, const struct strbuf *msg)
{
	struct strbuf text = STRBUF_INIT;
	json_t *inv;
	size_t i;
	json_array_foreach(json_object_get(line, "invocations"), i,
	                   inv) if (eval_invocation_shown(line, inv, false))
	    invocation_text(inv, i + 1, &text);
	add(j, "      <failure");
	attr(j, "message", msg->buf ? msg->buf : "", msg->len);
	add(j, " type=\"FAILED\">");
	xml_text(&j->out, text.buf ? text.buf : "", text.len);
	add(j, "</failure>\n");
	strbuf_release(&text);
}

/*
 * With --pass-at, an evaluated run shows its case's outcome, as the exit
 * status does: a run that failed in a case that passes is no failure (its
 * metrics are told in system-out), and every run of a case that fails is.
 */
static void outcome_by_case(struct eval_junit *j, const json_t *line, const json_t *repeats)
{
	struct strbuf msg = STRBUF_INIT;
	bool failed = json_string_equals(json_object_get(line, "status"), "FAILED");
	if (failed)
		failed_metrics(line, &msg, "FAILED");
	case_text(&msg, repeats);
	if (json_string_equals(json_object_get(repeats, "status"), "FAILED")) {
		failure(j, line, &msg);
	} else if (failed) {
		add(j, "      <system-out>this run FAILED: ");
		xml_text(&j->out, msg.buf, msg.len);
		add(j, "</system-out>\n");
	}
	strbuf_release(&msg);
}

static void outcome(struct eval_junit *j, const json_t *line)
{
	const json_t *status = json_object_get(line, "status"), *run = json_object_get(line, "run");
	const json_t *repeats = j->pass_at ? json_object_get(line, "repeats") : NULL;
	struct strbuf msg = STRBUF_INIT;
	bool failed = json_string_equals(status, "FAILED");
	bool unevaluated =
	    !failed && (!json_is_string(run) || json_string_equals(status, "NOT_EVALUATED"));
	if (repeats && !unevaluated) {
		outcome_by_case(j, line, repeats);
	} else if (failed || (unevaluated && j->require_all)) {
		if (!json_is_string(run))
			strbuf_addstr(&msg, "no run matched this case (--require-all)");
		else if (unevaluated)
			strbuf_addstr(&msg, "not evaluated (--require-all): ");
		failed_metrics(line, &msg, failed ? "FAILED" : "NOT_EVALUATED");
		failure(j, line, &msg);
	} else if (json_string_equals(status, "NOT_EVALUATED")) {
		if (!json_is_string(run))
			strbuf_addstr(&msg, "no run matched this case");
		failed_metrics(line, &msg, "NOT_EVALUATED");
		add(j, "      <skipped");
		attr(j, "message", msg.buf ? msg.buf : "no metric was evaluated",
		     msg.buf ? msg.len : strlen("no metric was evaluated"));
		add(j, "/>\n");
	}
	strbuf_release(&msg);
}

/* The case's repeats as properties: runs, passed, pass@K and pass^K. */
static void repeat_properties(struct eval_junit *j, const json_t *repeats)
{
	json_int_t k = json_integer_value(json_object_get(repeats, "k"));
	static const char *const keys[] = {"runs", "evaluated", "passed", "pass_at_k",
	                                   "pass_hat_k"};
	for (int i = 0; i < 5; i++) {
		struct strbuf name = STRBUF_INIT, v = STRBUF_INIT;
		if (i < 3)
			strbuf_addf(&name, "case.%s", keys[i]);
		else
			strbuf_addf(&name, "case.pass%c%" JSON_INTEGER_FORMAT, i == 3 ? '@' : '^',
			            k);
		score_text(&v, repeats, keys[i]);
		property(j, name.buf, v.buf, v.len, "        ");
		strbuf_release(&name);
		strbuf_release(&v);
	}
}

void eval_junit_case(struct eval_junit *j, const json_t *line, bool several)
{
	json_t *id = json_object_get(line, "eval_id"), *run = json_object_get(line, "run");
	struct strbuf name = STRBUF_INIT;
	if (json_is_string(id))
		strbuf_add(&name, json_string_value(id), json_string_length(id));
	if (several && json_is_string(run))
		strbuf_addf(&name, " (%s)", json_string_value(run));
	add(j, "    <testcase");
	attr(j, "name", name.buf ? name.buf : "", name.len);
	attr(j, "classname", j->classname, strlen(j->classname));
	if (json_is_string(run))
		attr_json(j, "file", run);
	add(j, ">\n      <properties>\n");
	if (json_is_string(run))
		property(j, "run", json_string_value(run), json_string_length(run), "        ");
	const char *status = json_string_value(json_object_get(line, "status"));
	property(j, "status", status ? status : "", status ? strlen(status) : 0, "        ");
	const char *key;
	json_t *m;
	json_object_foreach(json_object_get(line, "metrics"), key, m)
	{
		struct strbuf v = STRBUF_INIT;
		score_text(&v, m, "score");
		property(j, key, v.buf, v.len, "        ");
		strbuf_release(&v);
	}
	if (json_object_get(line, "repeats"))
		repeat_properties(j, json_object_get(line, "repeats"));
	add(j, "      </properties>\n");
	outcome(j, line);
	add(j, "    </testcase>\n");
	strbuf_release(&name);
	drain(j, false);
}

void eval_junit_unmatched(struct eval_junit *j, const json_t *run)
{
	json_t *file = json_object_get(run, "run"), *name = json_object_get(run, "name");
	struct strbuf msg = STRBUF_INIT;
	strbuf_addf(&msg,
	            "no eval case matches this run (by --case, its name '%s' or its user "
	            "messages)",
	            json_string_value(name));
	add(j, "    <testcase");
	attr(j, "name", json_string_value(name), json_string_length(name));
	attr(j, "classname", j->classname, strlen(j->classname));
	attr_json(j, "file", file);
	add(j, ">\n      <properties>\n");
	property(j, "run", json_string_value(file), json_string_length(file), "        ");
	add(j, "      </properties>\n      <error");
	attr(j, "message", msg.buf, msg.len);
	add(j, " type=\"NO_CASE\"/>\n    </testcase>\n");
	strbuf_release(&msg);
	drain(j, false);
}

int eval_junit_commit(struct eval_junit *j)
{
	add(j, "  </testsuite>\n</testsuites>\n");
	drain(j, true);
	int error = replacement_commit(&j->file);
	if (error) {
		warn_errno(error, "%s", j->file.path);
		return EXIT_IOERR;
	}
	return 0;
}

void eval_junit_free(struct eval_junit *j)
{
	replacement_release(&j->file);
	strbuf_release(&j->out);
	free(j);
}
