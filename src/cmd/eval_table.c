/*
 * eval_table.c - adkev eval --table: the results for a person.  Per case
 * and run, a heading, a row per metric, then, for each failing invocation
 * (each one with --all-invocations), the expected and actual tool calls and
 * responses side by side (eval_report.h).
 *
 * Text from the input goes through termtext's escapes, so a response cannot
 * move the cursor or recolour the screen; colours are written only when
 * chosen (on a terminal, as show chooses them).  On a terminal the sides
 * are cut to its width with an ellipsis; elsewhere nothing is cut.
 */
#include "cmd/eval_report.h"
#include "write/termlayout.h"
#include "write/termtext.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define ELLIPSIS "\xe2\x80\xa6"
#define BAR      "\xe2\x94\x82" /* │ */

static void sgr(struct strbuf *out, const struct eval_report_options *o, const char *code)
{
	if (o->color && code)
		strbuf_addf(out, "\033[%sm", code);
}

static void sgr_end(struct strbuf *out, const struct eval_report_options *o, const char *code)
{
	if (o->color && code)
		strbuf_addstr(out, "\033[0m");
}

static const char *status_style(const char *status)
{
	if (!status)
		return NULL;
	if (strcmp(status, "PASSED") == 0)
		return SGR_GREEN_BOLD;
	if (strcmp(status, "FAILED") == 0)
		return SGR_RED_BOLD;
	if (strcmp(status, "NOT_EVALUATED") == 0)
		return SGR_YELLOW;
	return SGR_DIM;
}

static void styled(struct strbuf *out, const struct eval_report_options *o, const char *style,
                   const char *text)
{
	sgr(out, o, style);
	strbuf_addstr(out, text);
	sgr_end(out, o, style);
}

static void pad(struct strbuf *out, size_t n)
{
	while (n--)
		strbuf_addch(out, ' ');
}

/* Appends s escaped, cut to limit columns with an ellipsis (limit 0: whole); returns columns. */
static size_t cell(struct strbuf *out, const char *s, size_t len, size_t limit)
{
	struct strbuf sb = STRBUF_INIT;
	size_t cols = termtext_append(&sb, s, len);
	if (limit == 0 || cols <= limit) {
		strbuf_add(out, sb.buf ? sb.buf : "", sb.len);
		strbuf_release(&sb);
		return cols;
	}
	size_t i = 0, used = 0;
	while (i < sb.len) {
		uint32_t cp;
		size_t n = utf8_decode(sb.buf + i, sb.len - i, &cp), w = termtext_width(cp);
		if (used + w + 1 > limit)
			break;
		strbuf_add(out, sb.buf + i, n);
		used += w;
		i += n;
	}
	strbuf_addstr(out, ELLIPSIS);
	strbuf_release(&sb);
	return used + 1;
}

static const char *str(const json_t *v)
{
	return json_is_string(v) ? json_string_value(v) : "";
}

/* The start of a case's heading and of its repeats' line: its eval_id in bold, then status. */
static void case_and_status(struct strbuf *out, const json_t *line, const char *status,
                            const struct eval_report_options *o)
{
	const char *id = str(json_object_get(line, "eval_id"));
	sgr(out, o, SGR_BOLD);
	cell(out, id, strlen(id), 0);
	sgr_end(out, o, SGR_BOLD);
	strbuf_addstr(out, "  ");
	styled(out, o, status_style(status), status);
}

static void heading(struct strbuf *out, const json_t *line, const struct eval_report_options *o)
{
	json_t *run = json_object_get(line, "run");
	case_and_status(out, line, str(json_object_get(line, "status")), o);
	strbuf_addstr(out, "  ");
	if (json_is_string(run))
		cell(out, json_string_value(run), json_string_length(run), 0);
	else
		styled(out, o, SGR_DIM, "(no run matched this case)");
	strbuf_addch(out, '\n');
}

/*
 * A number for a person: whole numbers as they are, others to four
 * significant digits (0.3333, 161.3), or whole past 1000; "-" for none.
 * A score that would read as its threshold without being it (0.79996
 * against 0.8) keeps every digit, so that a FAILED row never shows "0.8  0.8".
 */
static void rounded(char *buf, size_t size, const json_t *v, const json_t *beside)
{
	if (!json_is_number(v)) {
		snprintf(buf, size, "-");
		return;
	}
	double x = json_number_value(v);
	if (x > -1e15 && x < 1e15 && x == (double)(long long)x)
		snprintf(buf, size, "%lld", (long long)x);
	else if (x >= 1000 || x <= -1000)
		snprintf(buf, size, "%.0f", x);
	else
		snprintf(buf, size, "%.4g", x);
	if (json_is_number(beside) && json_number_value(beside) != x) {
		char other[32];
		rounded(other, sizeof other, beside, NULL);
		if (strcmp(buf, other) == 0)
			eval_number(buf, size, x);
	}
}

/* The score and threshold of m, as rounded() writes them. */
static void score_cells(const json_t *m, char score[32], char threshold[32])
{
	json_t *t = json_object_get(m, "threshold");
	rounded(score, 32, json_object_get(m, "score"), t);
	rounded(threshold, 32, t, NULL);
}

static void cell_padded(struct strbuf *out, const char *text, size_t width)
{
	strbuf_addstr(out, text);
	pad(out, width > strlen(text) ? width - strlen(text) : 0);
}

/* token_usage_v1's input and output tokens, as ADK's _format_metric_cell() shows them. */
static void token_split(struct strbuf *out, const json_t *m)
{
	json_t *d = json_object_get(json_object_get(m, "details"), "token_usage_details");
	static const char *const keys[] = {"input_tokens", "output_tokens"};
	char n[2][32] = {"n/a", "n/a"};
	if (!json_is_object(d))
		return;
	for (int i = 0; i < 2; i++)
		if (json_is_number(json_object_get(d, keys[i])))
			rounded(n[i], sizeof n[i], json_object_get(d, keys[i]), NULL);
	strbuf_addf(out, "  (in %s, out %s)", n[0], n[1]);
}

/* The baseline's score and the change from it, where --baseline gave one: "(184 → 420, +128%)". */
static void baseline_change(struct strbuf *out, const json_t *m)
{
	json_t *was = json_object_get(m, "baseline"), *change = json_object_get(m, "change");
	if (!json_is_number(was) || (json_is_number(change) && json_number_value(change) == 0))
		return; /* the same as before: nothing to say */
	char before[32], after[32];
	rounded(before, sizeof before, was, NULL);
	rounded(after, sizeof after, json_object_get(m, "score"), NULL);
	strbuf_addf(out, "  (%s \xe2\x86\x92 %s", before, after);
	if (json_is_number(change))
		strbuf_addf(out, ", %+.0f%%", json_number_value(change) * 100);
	strbuf_addch(out, ')');
}

/* A row per metric: name, score, threshold, status, and the reason where there is one. */
static void metrics(struct strbuf *out, const json_t *line, const struct eval_report_options *o)
{
	const json_t *all = json_object_get(line, "metrics");
	const char *key;
	json_t *m;
	size_t w = strlen("metric"), ws = strlen("score"), wt = strlen("threshold"), wst = 0;
	json_object_foreach((json_t *)all, key, m)
	{
		char score[32], threshold[32];
		score_cells(m, score, threshold);
		size_t status = strlen(str(json_object_get(m, "status")));
		w = strlen(key) > w ? strlen(key) : w;
		ws = strlen(score) > ws ? strlen(score) : ws;
		wt = strlen(threshold) > wt ? strlen(threshold) : wt;
		wst = status > wst ? status : wst;
	}
	if (json_object_size(all) == 0)
		return;
	strbuf_addstr(out, "  ");
	sgr(out, o, SGR_DIM);
	cell_padded(out, "metric", w + 2);
	cell_padded(out, "score", ws + 2);
	cell_padded(out, "threshold", wt + 2);
	strbuf_addstr(out, "status");
	sgr_end(out, o, SGR_DIM);
	strbuf_addch(out, '\n');
	json_object_foreach((json_t *)all, key, m)
	{
		const char *status = str(json_object_get(m, "status"));
		json_t *reason = json_object_get(m, "reason");
		char score[32], threshold[32];
		score_cells(m, score, threshold);
		strbuf_addf(out, "  %s", key);
		pad(out, w - strlen(key) + 2);
		cell_padded(out, score, ws + 2);
		cell_padded(out, threshold, wt + 2);
		styled(out, o, status_style(status), status);
		/* What follows the status starts in one column: tokens, the baseline, the reason.
		 */
		struct strbuf more = STRBUF_INIT;
		token_split(&more, m);
		if (json_is_string(reason)) {
			strbuf_addstr(&more, "  ");
			cell(&more, json_string_value(reason), json_string_length(reason), 0);
		} else {
			baseline_change(&more, m);
		}
		if (more.len) {
			pad(out, wst - strlen(status));
			strbuf_add(out, more.buf, more.len);
		}
		strbuf_release(&more);
		strbuf_addch(out, '\n');
	}
}

/* The lines of one side's cell: each tool call, or each line of the response. */
static json_t *side_lines(const json_t *side, bool calls)
{
	json_t *lines = json_array();
	if (!json_is_object(side)) {
		json_array_append_new(lines, json_string("(no invocation)"));
	} else if (calls) {
		json_t *call;
		size_t i;
		json_array_foreach(json_object_get(side, "tool_calls"), i, call)
		{
			struct strbuf sb = STRBUF_INIT;
			eval_call_text(call, &sb);
			json_array_append_new(lines, json_stringn(sb.buf, sb.len));
			strbuf_release(&sb);
		}
		if (json_array_size(lines) == 0)
			json_array_append_new(lines, json_string("(none)"));
	} else {
		const char *text = str(json_object_get(side, "response"));
		for (const char *nl; (nl = strchr(text, '\n')); text = nl + 1)
			json_array_append_new(lines, json_stringn(text, (size_t)(nl - text)));
		json_array_append_new(lines, json_string(text));
	}
	return lines;
}

struct sides {
	json_t *left[2], *right[2]; /* tool calls, response */
	size_t left_width, limit;
};

static void side_row(struct strbuf *out, const struct sides *s, int k,
                     const struct eval_report_options *o)
{
	static const char *const labels[] = {"tool calls", "response  "};
	size_t n = json_array_size(s->left[k]), m = json_array_size(s->right[k]);
	for (size_t i = 0; i < (n > m ? n : m); i++) {
		json_t *l = json_array_get(s->left[k], i), *r = json_array_get(s->right[k], i);
		strbuf_addstr(out, "    ");
		styled(out, o, SGR_DIM, i == 0 ? labels[k] : "          ");
		strbuf_addstr(out, "  ");
		size_t used =
		    l ? cell(out, json_string_value(l), json_string_length(l), s->limit) : 0;
		pad(out, s->left_width - used);
		strbuf_addch(out, ' ');
		styled(out, o, SGR_DIM, BAR);
		strbuf_addch(out, ' ');
		if (r)
			cell(out, json_string_value(r), json_string_length(r), s->limit);
		strbuf_addch(out, '\n');
	}
}

static void invocation(struct strbuf *out, const json_t *inv, size_t n,
                       const struct eval_report_options *o)
{
	struct sides s = {.limit = 0};
	if (o->width > 20 + 16)
		s.limit = (o->width - 20) / 2;
	else if (o->width)
		s.limit = 8;
	for (int k = 0; k < 2; k++) {
		s.left[k] = side_lines(json_object_get(inv, "expected"), k == 0);
		s.right[k] = side_lines(json_object_get(inv, "actual"), k == 0);
		json_t *l;
		size_t i;
		json_array_foreach(s.left[k], i, l)
		{
			size_t c =
			    termtext_columns(json_string_value(l), json_string_length(l), SIZE_MAX);
			c = s.limit && c > s.limit ? s.limit : c;
			s.left_width = c > s.left_width ? c : s.left_width;
		}
	}
	s.left_width = s.left_width < 8 ? 8 : s.left_width;
	strbuf_addf(out, "  invocation %zu (", n);
	cell(out, str(json_object_get(inv, "invocation_id")),
	     strlen(str(json_object_get(inv, "invocation_id"))), 0);
	strbuf_addstr(out, "): ");
	const char *user = str(json_object_get(inv, "user"));
	cell(out, user, strlen(user), o->width > 40 ? o->width - 30 : 0);
	strbuf_addstr(out, "\n                ");
	styled(out, o, SGR_DIM, "expected");
	pad(out, s.left_width - 8 + 1);
	styled(out, o, SGR_DIM, BAR " actual");
	strbuf_addch(out, '\n');
	for (int k = 0; k < 2; k++)
		side_row(out, &s, k, o);
	for (int k = 0; k < 2; k++) {
		json_decref(s.left[k]);
		json_decref(s.right[k]);
	}
}

void eval_table_line(struct strbuf *out, const json_t *line, const struct eval_report_options *o)
{
	heading(out, line, o);
	metrics(out, line, o);
	json_t *inv;
	size_t i;
	json_array_foreach(json_object_get(line, "invocations"), i,
	                   inv) if (eval_invocation_shown(line, inv, o->all_invocations))
	    invocation(out, inv, i + 1, o);
	strbuf_addch(out, '\n');
}

void eval_table_repeats(struct strbuf *out, const json_t *line, const struct eval_report_options *o)
{
	json_t *rep = json_object_get(line, "repeats"), *why = json_object_get(rep, "reason");
	const char *status = str(json_object_get(rep, "status"));
	json_int_t k = json_integer_value(json_object_get(rep, "k"));
	char at[32], hat[32];
	rounded(at, sizeof at, json_object_get(rep, "pass_at_k"), NULL);
	rounded(hat, sizeof hat, json_object_get(rep, "pass_hat_k"), NULL);
	case_and_status(out, line, status, o);
	strbuf_addf(out,
	            "  %" JSON_INTEGER_FORMAT " of %" JSON_INTEGER_FORMAT
	            " runs passed (%" JSON_INTEGER_FORMAT " evaluated): pass@%" JSON_INTEGER_FORMAT
	            " %s, pass^%" JSON_INTEGER_FORMAT " %s%s%s\n\n",
	            json_integer_value(json_object_get(rep, "passed")),
	            json_integer_value(json_object_get(rep, "runs")),
	            json_integer_value(json_object_get(rep, "evaluated")), k, at, k, hat,
	            json_is_string(why) ? "; " : "",
	            json_is_string(why) ? json_string_value(why) : "");
}

void eval_table_summary(struct strbuf *out, const struct eval_tally *t,
                        const struct eval_report_options *o)
{
	char passed[64], failed[64];
	snprintf(passed, sizeof passed, "%zu passed", t->passed);
	snprintf(failed, sizeof failed, "%zu failed", t->failed);
	styled(out, o, t->passed ? SGR_GREEN_BOLD : NULL, passed);
	strbuf_addstr(out, ", ");
	styled(out, o, t->failed ? SGR_RED_BOLD : NULL, failed);
	strbuf_addf(out, ", %zu not evaluated", t->unevaluated);
	if (t->no_run)
		strbuf_addf(out, " (%zu with no run)", t->no_run);
	if (t->unmatched)
		strbuf_addf(out, "; %zu run%s matched no case", t->unmatched,
		            t->unmatched > 1 ? "s" : "");
	if (o->pass_at)
		strbuf_addf(out, "; by --pass-at %u: %zu case%s passed, %zu failed", o->pass_at,
		            t->cases_passed, t->cases_passed == 1 ? "" : "s", t->cases_failed);
	strbuf_addch(out, '\n');
}
