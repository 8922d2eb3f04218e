/*
 * eval_baseline.c - an earlier eval's scores, and the change of each case
 * from them (eval_baseline.h).
 */
#include "cmd/eval_baseline.h"
#include "adk/event.h"
#include "cmd/run.h"
#include "read/reader.h"
#include "util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *eval_limit_take(void *at, const char *arg)
{
	struct eval_limits *l = at;
	const char *eq = strchr(arg, '=');
	char pct[64];
	double v;
	if (!eq || eq == arg || snprintf(pct, sizeof pct, "%s", eq + 1) >= (int)sizeof pct)
		return "invalid value for --max-increase: NAME=PCT is needed (token_usage_v1=10%)";
	size_t n = strlen(pct);
	if (n && pct[n - 1] == '%')
		pct[n - 1] = '\0';
	if (!parse_double(pct, &v) || v < 0 || !isfinite(v))
		return "invalid value for --max-increase: PCT is a percentage, 0 or more";
	if (l->count == EVAL_MAX_LIMITS)
		return "too many --max-increase options";
	l->list[l->count++] = (struct eval_limit){arg, (size_t)(eq - arg), v / 100};
	return NULL;
}

/* Adds score to the sum and count of metric name of case id. */
static void add_score(struct eval_baseline *b, const char *id, const char *name,
                      const json_t *score)
{
	if (!id || !name || !json_is_number(score))
		return;
	json_t *c = json_object_get(b->scores, id);
	if (!c) {
		c = json_object();
		json_object_set_new(b->scores, id, c);
	}
	json_t *m = json_object_get(c, name);
	double sum = json_number_value(json_array_get(m, 0)) + json_number_value(score);
	json_int_t count = json_integer_value(json_array_get(m, 1)) + 1;
	json_object_set_new(c, name, json_pack("[f,I]", sum, count));
}

/* An EvalSetResult's cases, each with its overall metric results. */
static void add_adk_result(struct eval_baseline *b, const json_t *set)
{
	json_t *c, *m;
	size_t i, k;
	json_array_foreach(adk_get(set, ADK_EVAL_CASE_RESULTS), i, c)
	{
		const char *id = adk_get_string(c, ADK_EVAL_ID);
		json_array_foreach(adk_get(c, ADK_OVERALL_EVAL_METRIC_RESULTS), k, m)
		    add_score(b, id, adk_get_string(m, ADK_METRIC_NAME), adk_get(m, ADK_SCORE));
	}
}

/*
 * One value of the baseline: adkev's line, ADK's EvalSetResult, or that
 * result as a JSON string (as older ADK wrote its eval_history files).
 * false for anything else.
 */
static bool add_value(struct eval_baseline *b, const json_t *v, int depth)
{
	if (json_is_string(v) && depth == 0) {
		json_t *inner = json_loadb(json_string_value(v), json_string_length(v), 0, NULL);
		bool ok = inner && add_value(b, inner, 1);
		json_decref(inner);
		return ok;
	}
	if (json_is_array(adk_get(v, ADK_EVAL_CASE_RESULTS))) {
		add_adk_result(b, v);
		return true;
	}
	const char *id = adk_get_string(v, ADK_EVAL_ID), *name;
	json_t *metrics = json_object_get(v, "metrics"), *m;
	if (!id || !json_is_object(metrics))
		return false;
	json_object_foreach(metrics, name, m) add_score(b, id, name, json_object_get(m, "score"));
	return true;
}

int eval_baseline_read(struct eval_baseline *b)
{
	char *operands[] = {(char *)b->path};
	struct reader *r = reader_new(
	    operands, 1, &(struct reader_options){.flags = READER_ANY_VALUE | READER_WHOLE_VALUE});
	struct reader_item item;
	enum reader_result res;
	b->scores = json_object();
	int status = 0;
	while ((res = reader_next(r, &item)) == READ_ITEM) {
		if (add_value(b, item.value, 0))
			continue;
		if (!reader_reject(
		        r, &item.pos,
		        "not an eval result (a line of adkev eval, or ADK's EvalSetResult)")) {
			status = EXIT_DATAERR;
			break;
		}
	}
	status = exit_status_worst(status, reader_status(r));
	reader_free(r);
	if (!status && json_object_size(b->scores) == 0) {
		warnx_msg("%s: no eval result in it", b->path);
		status = EXIT_DATAERR;
	}
	return status;
}

static const struct eval_limit *limit_of(const struct eval_baseline *b, const char *name)
{
	for (size_t i = 0; b->limits && i < b->limits->count; i++) {
		const struct eval_limit *l = &b->limits->list[i];
		if (strlen(name) == l->name_len && strncmp(l->name, name, l->name_len) == 0)
			return l;
	}
	return NULL;
}

/* Fails metric m (named name, its score now, was before) past its limit; whether it did. */
static bool past_limit(const struct eval_limit *limit, json_t *m, double now, double was)
{
	if (!limit || now <= was * (1 + limit->fraction))
		return false;
	char reason[256], a[32], b[32], pct[32];
	snprintf(a, sizeof a, "%.6g", was);
	snprintf(b, sizeof b, "%.6g", now);
	snprintf(pct, sizeof pct, "%g%%", limit->fraction * 100);
	if (was > 0)
		snprintf(reason, sizeof reason,
		         "%s \xe2\x86\x92 %s, %+.0f%% over the baseline (--max-increase %s)", a, b,
		         (now / was - 1) * 100, pct);
	else
		snprintf(reason, sizeof reason,
		         "%s \xe2\x86\x92 %s over the baseline (--max-increase %s)", a, b, pct);
	json_object_set_new(m, "status", json_string("FAILED"));
	json_object_set_new(m, "reason", json_string(reason));
	return true;
}

void eval_baseline_apply(struct eval_baseline *b, json_t *line)
{
	json_t *c = json_object_get(b->scores, json_string_value(json_object_get(line, "eval_id")));
	if (!c)
		return;
	b->matched++;
	const char *name;
	json_t *m;
	bool failed = false;
	json_object_foreach(json_object_get(line, "metrics"), name, m)
	{
		json_t *sums = json_object_get(c, name), *score = json_object_get(m, "score");
		if (!sums || !json_is_number(score)) {
			/* A limit with nothing to hold it against fails: it must not pass unseen.
			 */
			if (limit_of(b, name)) {
				json_object_set_new(m, "status", json_string("FAILED"));
				json_object_set_new(
				    m, "reason",
				    json_string("no score here or in the baseline to hold "
				                "against --max-increase"));
				failed = true;
			}
			continue;
		}
		double was = json_number_value(json_array_get(sums, 0)) /
		             (double)json_integer_value(json_array_get(sums, 1));
		double now = json_number_value(score);
		json_object_set_new(m, "baseline", json_real(was));
		json_object_set_new(m, "change", was != 0 ? json_real(now / was - 1) : json_null());
		failed |= past_limit(limit_of(b, name), m, now, was);
	}
	if (failed)
		json_object_set_new(line, "status", json_string("FAILED"));
}

void eval_baseline_release(struct eval_baseline *b)
{
	json_decref(b->scores);
	b->scores = NULL;
}
