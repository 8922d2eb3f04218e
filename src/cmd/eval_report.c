/*
 * eval_report.c - adkev eval's results kept in a spool as they come and
 * written in case order at the end, in the format chosen (eval_report.h).
 */
#include "adk/event.h"
#include "cmd/eval_report.h"
#include "read/scan.h"
#include "write/json.h"
#include "write/output.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* --- the eval set's cases --- */

/* How many bytes of cases are kept in memory before they go to a temporary file. */
#define CASES_IN_MEMORY ((size_t)4 << 20)

void eval_cases_init(struct eval_cases *b)
{
	*b = (struct eval_cases){0};
	store_init(&b->text, "eval", CASES_IN_MEMORY, &b->status);
}

void eval_cases_add(struct eval_cases *b, const json_t *c, const char *raw, size_t len)
{
	struct strbuf text = STRBUF_INIT;
	if (!raw) {
		struct json_writer w;
		jw_init_buf(&w, &text, 0);
		jw_value(&w, c);
		jw_release(&w);
		raw = text.buf;
		len = text.len;
	}
	if (b->count == b->alloc) {
		b->alloc = b->alloc ? 2 * b->alloc : 64;
		b->list = xrealloc(b->list, b->alloc * sizeof *b->list);
	}
	const char *id = json_string_value(adk_get(c, ADK_EVAL_ID));
	b->list[b->count++] = (struct eval_case_ref){
	    .at = store_append(&b->text, raw, len),
	    .len = len,
	    .id = id ? xstrdup(id) : NULL,
	    .users = eval_user_texts_hash(adk_get(c, ADK_CONVERSATION), NULL),
	};
	strbuf_release(&text);
}

json_t *eval_cases_get(struct eval_cases *b, size_t i)
{
	const struct eval_case_ref *ref = &b->list[i];
	char *text = xmalloc(ref->len + 1);
	/* The text was read as JSON, or written from a value: it parses. */
	json_error_t err;
	json_t *c = store_read(&b->text, ref->at, text, ref->len)
	                ? scan_load(text, ref->len, NULL, &err)
	                : NULL;
	free(text);
	if (!b->status && !c)
		b->status = EXIT_IOERR;
	return c;
}

long eval_cases_find(const struct eval_cases *b, const char *id)
{
	for (size_t i = 0; i < b->count; i++)
		if (b->list[i].id && strcmp(b->list[i].id, id) == 0)
			return (long)i;
	return -1;
}

void eval_cases_release(struct eval_cases *b)
{
	for (size_t i = 0; i < b->count; i++)
		free(b->list[i].id);
	free(b->list);
	store_release(&b->text);
}

/* Adds one text, its length first, so that ["ab"] and ["a", "b"] differ. */
static void add_text(struct strbuf *all, const char *text, size_t len)
{
	uint64_t n = len;
	strbuf_add(all, (const char *)&n, sizeof n);
	strbuf_add(all, text, len);
}

uint64_t eval_user_texts_hash(const json_t *conversation, const json_t *texts)
{
	struct strbuf all = STRBUF_INIT, one = STRBUF_INIT;
	json_t *v;
	size_t i;
	json_array_foreach(conversation, i, v)
	{
		strbuf_reset(&one);
		if (eval_user_text(v, &one))
			add_text(&all, one.buf, one.len);
	}
	json_array_foreach(texts, i, v) add_text(&all, json_string_value(v), json_string_length(v));
	uint64_t h = all.len ? store_hash(all.buf, all.len) : 0;
	strbuf_release(&one);
	strbuf_release(&all);
	return h;
}

int eval_report_open(struct eval_report *r)
{
	r->spool = tmpfile();
	if (!r->spool) {
		warn_errno(errno, "cannot make a temporary file for the results");
		return EXIT_CANTCREAT;
	}
	if (r->o->junit) {
		int status = 0;
		r->junit = eval_junit_open(r->o->junit, r->require_all, r->o->pass_at, &status);
		if (!r->junit)
			return status;
	}
	return 0;
}

int eval_report_add(struct eval_report *r, size_t case_index, const json_t *line, const json_t *adk)
{
	json_t *both = adk ? json_pack("{s:O,s:O}", "line", line, "adk", adk) : NULL;
	struct strbuf text = STRBUF_INIT;
	struct json_writer w;
	jw_init_buf(&w, &text, 0);
	jw_value(&w, both ? both : line);
	jw_release(&w);
	json_decref(both);
	if (r->count == r->alloc) {
		r->alloc = r->alloc ? 2 * r->alloc : 64;
		r->records = xrealloc(r->records, r->alloc * sizeof *r->records);
	}
	const char *status = json_string_value(json_object_get(line, "status"));
	struct eval_record *rec = &r->records[r->count];
	*rec = (struct eval_record){.case_index = case_index,
	                            .seq = r->count,
	                            .offset = ftell(r->spool),
	                            .len = text.len,
	                            .failed = status && strcmp(status, "FAILED") == 0,
	                            .skipped = status && strcmp(status, "NOT_EVALUATED") == 0};
	bool ok = fwrite(text.buf, 1, rec->len, r->spool) == rec->len;
	strbuf_release(&text);
	if (!ok) {
		warn_errno(errno, "cannot keep a result in the temporary file");
		return EXIT_IOERR;
	}
	r->count++;
	return 0;
}

static int by_case(const void *a, const void *b)
{
	const struct eval_record *x = a, *y = b;
	if (x->case_index != y->case_index)
		return x->case_index < y->case_index ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* A record read back: {"line", "adk"} with --format=adk, else the line alone. */
static json_t *load_record(struct eval_report *r, const struct eval_record *rec)
{
	char *text = xmalloc(rec->len + 1);
	bool ok = fseek(r->spool, rec->offset, SEEK_SET) == 0 &&
	          fread(text, 1, rec->len, r->spool) == rec->len;
	json_t *v = ok ? json_loadb(text, rec->len, 0, NULL) : NULL;
	free(text);
	if (!v)
		warn_errno(errno ? errno : EIO,
		           "cannot read a result back from the temporary file");
	return v;
}

void eval_number(char *buf, size_t size, double v)
{
	if (v > -1e15 && v < 1e15 && v == (double)(long long)v) {
		snprintf(buf, size, "%lld", (long long)v);
		return;
	}
	for (int digits = 1; digits <= 17; digits++) {
		snprintf(buf, size, "%.*g", digits, v);
		if (strtod(buf, NULL) == v)
			return;
	}
}

bool eval_invocation_shown(const json_t *line, const json_t *inv, bool all)
{
	if (all)
		return true;
	const char *key;
	json_t *m;
	/* A run whose invocations do not pair has no per-invocation scores: show them all. */
	json_object_foreach(
	    json_object_get(line, "metrics"), key,
	    m) if (json_object_get(m, "reason") && !json_object_get(m, "baseline") &&
	           json_string_equals(json_object_get(m, "status"), "FAILED")) return true;
	json_object_foreach(
	    json_object_get(inv, "metrics"), key,
	    m) if (json_string_equals(json_object_get(m, "status"), "FAILED")) return true;
	return false;
}

void eval_call_text(const json_t *call, struct strbuf *out)
{
	json_t *name = json_object_get(call, "name"), *args = json_object_get(call, "args");
	if (json_is_string(name))
		strbuf_add(out, json_string_value(name), json_string_length(name));
	else
		strbuf_addstr(out, "(no name)");
	if (args) {
		struct json_writer w;
		strbuf_addch(out, ' ');
		jw_init_buf(&w, out, 0);
		jw_value(&w, args);
		jw_release(&w);
	}
}

/* The line of a case no run matched (eval.md 1.5). */
static json_t *no_run_line(const struct eval_report *r, const json_t *c)
{
	return json_pack("{s:O?,s:O?,s:n,s:s,s:{},s:[]}", "eval_set_id",
	                 adk_get(r->set, ADK_EVAL_SET_ID), "eval_id", adk_get(c, ADK_EVAL_ID),
	                 "run", "status", "NOT_EVALUATED", "metrics", "invocations");
}

static void emit(struct eval_report *r, const json_t *line, const json_t *adk, bool several)
{
	if (r->o->format == EVAL_FORMAT_LINES) {
		output_json(line);
	} else if (r->o->format == EVAL_FORMAT_TABLE) {
		struct strbuf sb = STRBUF_INIT;
		eval_table_line(&sb, line, r->o);
		output_bytes(sb.buf, sb.len);
		strbuf_release(&sb);
	} else {
		jw_value(output_writer(), adk);
	}
	if (r->junit)
		eval_junit_case(r->junit, line, several);
}

/* Case i, which no run matched: NOT_EVALUATED, a failure only with --require-all. */
static int emit_no_run(struct eval_report *r, size_t i)
{
	/* Only ADK's shape needs the case's conversation; else its eval_id, kept, will do. */
	const char *id = r->cases->list[i].id;
	json_t *c = r->o->format != EVAL_FORMAT_ADK && id ? json_pack("{s:s}", "eval_id", id)
	                                                  : eval_cases_get(r->cases, i);
	if (!c)
		return EXIT_IOERR;
	json_t *line = no_run_line(r, c), *adk = NULL;
	if (r->o->format == EVAL_FORMAT_ADK) {
		struct eval_adk_case k = {.eval_set_id = adk_get(r->set, ADK_EVAL_SET_ID),
		                          .eval_id = adk_get(c, ADK_EVAL_ID),
		                          .result = line,
		                          .expected = adk_get(c, ADK_CONVERSATION),
		                          .criteria = r->criteria};
		adk = eval_adk_case_result(&k);
	}
	emit(r, line, adk, false);
	json_decref(adk);
	json_decref(line);
	json_decref(c);
	return 0;
}

/*
 * The chance that k runs drawn from n, of which bad are bad, are all bad:
 * C(bad, k) / C(n, k), taken factor by factor, as no factorial fits a double.
 */
static double all_drawn(size_t n, size_t bad, unsigned k)
{
	double p = 1;
	for (size_t i = 0; i < k && p > 0; i++)
		p *= bad > i ? (double)(bad - i) / (double)(n - i) : 0;
	return p;
}

/* A chance to twelve decimals: 1 - 0.1 is 0.9 to a reader, not 0.90000000000000002. */
static double decimals12(double p)
{
	return (double)(long long)(p * 1e12 + 0.5) / 1e12;
}

struct eval_repeats eval_repeats_of(const struct eval_record *records, size_t first, size_t end,
                                    unsigned pass_at)
{
	struct eval_repeats rep = {.runs = end - first, .k = pass_at ? pass_at : 1};
	bool failed = false;
	for (size_t i = first; i < end; i++) {
		rep.evaluated += !records[i].skipped;
		rep.passed += !records[i].skipped && !records[i].failed;
		failed |= records[i].failed;
	}
	size_t n = rep.evaluated, bad = n - rep.passed;
	rep.at_k = rep.hat_k = NAN;
	if (n >= rep.k) {
		rep.at_k = decimals12(1 - all_drawn(n, bad, rep.k));
		rep.hat_k = decimals12(all_drawn(n, rep.passed, rep.k));
	}
	if (!pass_at)
		rep.status = failed ? "FAILED" : rep.passed ? "PASSED" : "NOT_EVALUATED";
	else if (n == 0)
		rep.status = "NOT_EVALUATED";
	else if ((rep.short_of_runs = n < rep.k) || bad >= rep.k)
		rep.status = "FAILED"; /* some k runs drawn would all fail: pass@k is below 1 */
	else
		rep.status = "PASSED";
	return rep;
}

json_t *eval_repeats_json(const struct eval_repeats *rep)
{
	json_t *v = json_pack(
	    "{s:I,s:I,s:I,s:I,s:o,s:o,s:s}", "runs", (json_int_t)rep->runs, "evaluated",
	    (json_int_t)rep->evaluated, "passed", (json_int_t)rep->passed, "k", (json_int_t)rep->k,
	    "pass_at_k", isnan(rep->at_k) ? json_null() : json_real(rep->at_k), "pass_hat_k",
	    isnan(rep->hat_k) ? json_null() : json_real(rep->hat_k), "status", rep->status);
	if (rep->short_of_runs) {
		struct strbuf why = STRBUF_INIT;
		strbuf_addf(&why, "%zu run%s evaluated; --pass-at %u needs %u", rep->evaluated,
		            rep->evaluated == 1 ? "" : "s", rep->k, rep->k);
		json_object_set_new(v, "reason", json_string(why.buf));
		strbuf_release(&why);
	}
	return v;
}

/*
 * The results of cases [first, end) of the records, in case order; each
 * line carries the case's repeats when it has several runs or --pass-at
 * judges it, and the table shows them after its runs.
 */
static int emit_case(struct eval_report *r, size_t first, size_t end)
{
	json_t *repeats = NULL;
	if (end - first > 1 || r->o->pass_at) {
		struct eval_repeats rep = eval_repeats_of(r->records, first, end, r->o->pass_at);
		repeats = eval_repeats_json(&rep);
	}
	bool adk = r->o->format == EVAL_FORMAT_ADK;
	for (size_t k = first; k < end; k++) {
		json_t *v = load_record(r, &r->records[k]);
		if (!v) {
			json_decref(repeats);
			return EXIT_IOERR;
		}
		json_t *line = adk ? json_object_get(v, "line") : v;
		if (repeats)
			json_object_set(line, "repeats", repeats);
		emit(r, line, adk ? json_object_get(v, "adk") : NULL, end - first > 1);
		if (repeats && k + 1 == end && r->o->format == EVAL_FORMAT_TABLE) {
			struct strbuf sb = STRBUF_INIT;
			eval_table_repeats(&sb, line, r->o);
			output_bytes(sb.buf, sb.len);
			strbuf_release(&sb);
		}
		json_decref(v);
	}
	json_decref(repeats);
	return 0;
}

/* Counts the results kept (in case order) and the cases no run matched. */
static struct eval_tally tally(const struct eval_report *r)
{
	struct eval_tally t = {.unmatched = json_array_size(r->unmatched)};
	size_t k = 0;
	for (size_t i = 0; i < r->cases->count; i++) {
		size_t first = k;
		for (; k < r->count && r->records[k].case_index == i; k++) {
			t.failed += r->records[k].failed;
			t.unevaluated += r->records[k].skipped;
			t.passed += !r->records[k].failed && !r->records[k].skipped;
		}
		t.no_run += k == first;
		if (k == first || !r->o->pass_at)
			continue;
		struct eval_repeats rep = eval_repeats_of(r->records, first, k, r->o->pass_at);
		bool failed = strcmp(rep.status, "FAILED") == 0;
		t.cases_failed += failed;
		t.cases_passed += strcmp(rep.status, "PASSED") == 0;
		t.case_failed_runs += failed ? rep.evaluated : 0;
	}
	t.unevaluated += t.no_run;
	return t;
}

void eval_report_unmatched(struct eval_report *r, const char *run, const char *name)
{
	if (!r->unmatched)
		r->unmatched = json_array();
	json_array_append_new(r->unmatched, json_pack("{s:o,s:o}", "run", json_string_lossy(run),
	                                              "name", json_string_lossy(name)));
}

/* What follows the results: the runs that matched no case in JUnit, the table's last line. */
static void emit_end(struct eval_report *r, const struct eval_tally *t)
{
	json_t *run;
	size_t i;
	if (r->junit)
		json_array_foreach(r->unmatched, i, run) eval_junit_unmatched(r->junit, run);
	if (r->o->format == EVAL_FORMAT_TABLE) {
		struct strbuf sb = STRBUF_INIT;
		eval_table_summary(&sb, t, r->o);
		output_bytes(sb.buf, sb.len);
		strbuf_release(&sb);
	}
}

int eval_report_write(struct eval_report *r, int *gate)
{
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	double now = (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
	const json_t *set_id = adk_get(r->set, ADK_EVAL_SET_ID);
	if (r->count) /* qsort() of no records would be handed NULL */
		qsort(r->records, r->count, sizeof *r->records, by_case);
	struct eval_tally t = tally(r);
	if (r->junit)
		eval_junit_begin(r->junit, r->set, r->expected, r->criteria, &t);
	if (r->o->format == EVAL_FORMAT_ADK)
		eval_adk_set_result_begin(output_writer(), r->app_name ? r->app_name : "adkev",
		                          json_is_string(set_id) ? json_string_value(set_id) : "",
		                          now);
	*gate = 0;
	size_t k = 0, scored = 0;
	for (size_t i = 0; i < r->cases->count; i++) {
		size_t first = k;
		while (k < r->count && r->records[k].case_index == i) {
			if (r->require_all && r->records[k].skipped)
				*gate = EXIT_FALSE;
			scored += !r->records[k].skipped;
			k++;
		}
		/* Without --pass-at, a case fails when any of its runs failed: each must pass. */
		if (k > first && strcmp(eval_repeats_of(r->records, first, k, r->o->pass_at).status,
		                        "FAILED") == 0)
			*gate = EXIT_FALSE;
		if (k == first) {
			if (emit_no_run(r, i))
				return EXIT_IOERR;
			if (r->require_all)
				*gate = EXIT_FALSE;
		} else if (emit_case(r, first, k)) {
			return EXIT_IOERR;
		}
	}
	emit_end(r, &t);
	if (r->o->format == EVAL_FORMAT_ADK) {
		eval_adk_set_result_end(output_writer(), now);
		jw_line_end(output_writer());
	}
	r->scored = scored;
	return r->junit ? eval_junit_commit(r->junit) : 0;
}

void eval_report_release(struct eval_report *r)
{
	if (r->spool)
		fclose(r->spool);
	if (r->junit)
		eval_junit_free(r->junit);
	free(r->records);
	free(r->app_name);
	json_decref(r->unmatched);
}
