/*
 * eval_set.c - eval sets in either spelling, the legacy .test.json shapes,
 * and the criteria of an EvalConfig (eval.h).
 */
#include "adk/eval.h"
#include "adk/event.h"

#include <stdlib.h>
#include <string.h>

enum eval_shape eval_shape_of(const json_t *value)
{
	if (adk_get(value, ADK_EVAL_CASES))
		return EVAL_SHAPE_SET;
	if (json_is_object(value) && json_object_get(value, "query"))
		return EVAL_SHAPE_TURNS;
	if (json_is_object(value) && json_object_get(value, "data") &&
	    json_object_get(value, "name"))
		return EVAL_SHAPE_CASES;
	return EVAL_SHAPE_NONE;
}

static json_t *text_content(const char *text, const char *role)
{
	return json_pack("{s:[{s:s}],s:s}", "parts", "text", text, "role", role);
}

/* local_eval_sets_manager.py _convert_invocation_to_pydantic_schema(). */
static json_t *legacy_invocation(const json_t *turn, size_t index, const char **why)
{
	const char *query = json_string_value(json_object_get(turn, "query"));
	json_t *ref = json_object_get(turn, "reference");
	if (!query) {
		*why = "a legacy turn has no string \"query\"";
		return NULL;
	}
	json_t *uses = json_array();
	json_t *tool, *list = json_object_get(turn, "expected_tool_use");
	size_t i;
	json_array_foreach(list, i, tool)
	{
		const char *name = json_string_value(json_object_get(tool, "tool_name"));
		json_t *args = json_object_get(tool, "tool_input");
		if (!name) {
			json_decref(uses);
			*why = "an expected_tool_use entry has no string \"tool_name\"";
			return NULL;
		}
		json_array_append_new(uses, json_pack("{s:s,s:O}", "name", name, "args",
		                                      args ? args : json_object()));
	}
	/* ADK gives each a fresh uuid4; adkev numbers them, so the output is the same each run. */
	char id[32];
	snprintf(id, sizeof id, "turn-%zu", index + 1);
	return json_pack("{s:s,s:o,s:o,s:{s:o}}", "invocation_id", id, "user_content",
	                 text_content(query, "user"), "final_response",
	                 text_content(json_is_string(ref) ? json_string_value(ref) : "", "model"),
	                 "intermediate_data", "tool_uses", uses);
}

static json_t *legacy_conversation(const json_t *turns, const char **why)
{
	json_t *conv = json_array(), *turn;
	size_t i;
	json_array_foreach(turns, i, turn)
	{
		json_t *inv = legacy_invocation(turn, i, why);
		if (!inv) {
			json_decref(conv);
			return NULL;
		}
		json_array_append_new(conv, inv);
	}
	return conv;
}

/* The base name of path, without a directory. */
static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash ? slash + 1 : path;
}

json_t *eval_set_from(enum eval_shape shape, json_t *values, const char *path, const char **why)
{
	if (shape == EVAL_SHAPE_SET)
		return json_incref(json_array_get(values, 0));
	json_t *cases = json_array();
	if (shape == EVAL_SHAPE_TURNS) {
		/* agent_evaluator.py _get_eval_set_from_old_format(): one case named by the file.
		 */
		json_t *conv = legacy_conversation(values, why);
		if (conv)
			json_array_append_new(cases, json_pack("{s:o,s:o}", "eval_id",
			                                       json_string_lossy(path),
			                                       "conversation", conv));
	} else {
		json_t *c;
		size_t i;
		json_array_foreach(values, i, c)
		{
			const char *name = json_string_value(json_object_get(c, "name"));
			json_t *conv =
			    name ? legacy_conversation(json_object_get(c, "data"), why) : NULL;
			if (!name)
				*why = "a legacy case has no string \"name\"";
			if (!conv)
				break;
			json_t *ec = json_pack("{s:s,s:o}", "eval_id", name, "conversation", conv);
			json_t *init = json_object_get(c, "initial_session");
			if (json_is_object(init) && json_object_size(init))
				json_object_set(ec, "session_input", init);
			json_array_append_new(cases, ec);
		}
	}
	if (*why) {
		json_decref(cases);
		return NULL;
	}
	/* A file's name need not be UTF-8; JSON's strings must. */
	return json_pack("{s:o,s:o}", "eval_set_id", json_string_lossy(base_name(path)),
	                 "eval_cases", cases);
}

const char *eval_case_problem(const json_t *c)
{
	if (!json_is_object(c))
		return "an eval case is not an object";
	if (!json_is_string(adk_get(c, ADK_EVAL_ID)))
		return "an eval case has no eval_id string, which ADK requires";
	json_t *conv = adk_get(c, ADK_CONVERSATION), *inv;
	if (!conv && adk_get(c, ADK_CONVERSATION_SCENARIO))
		return NULL;
	if (!json_is_array(conv))
		return "the eval case's conversation is not a list of invocations";
	size_t i;
	json_array_foreach(conv, i, inv)
	{
		if (!json_is_object(inv) || !json_is_object(adk_get(inv, ADK_USER_CONTENT)))
			return "an invocation of the eval case has no user_content object, "
			       "which ADK requires";
	}
	return NULL;
}

/* --- criteria --- */

/* eval_metrics.py PrebuiltMetrics, and adkev's own final_session_state_match. */
static const struct {
	const char *name;
	enum eval_kind kind;
} metrics[] = {
    {"tool_trajectory_avg_score", EVAL_TRAJECTORY},
    {"response_match_score", EVAL_RESPONSE},
    {"tool_call_count_v1", EVAL_INFORMATIONAL},
    {"inference_call_count_v1", EVAL_INFORMATIONAL},
    {"token_usage_v1", EVAL_INFORMATIONAL},
    {"invocation_duration_v1", EVAL_INFORMATIONAL},
    {"final_session_state_match", EVAL_STATE},
    {"final_response_match_v2", EVAL_JUDGE},
    {"response_evaluation_score", EVAL_JUDGE},
    {"safety_v1", EVAL_JUDGE},
    {"hallucinations_v1", EVAL_JUDGE},
    {"per_turn_user_simulator_quality_v1", EVAL_JUDGE},
};

const char *eval_known_metrics(void)
{
	return "tool_trajectory_avg_score, response_match_score, tool_call_count_v1, "
	       "inference_call_count_v1, token_usage_v1, invocation_duration_v1, "
	       "final_session_state_match; and, reported NOT_EVALUATED, final_response_match_v2, "
	       "response_evaluation_score, safety_v1, hallucinations_v1, "
	       "per_turn_user_simulator_quality_v1, rubric_based_*, multi_turn_*, and the "
	       "config's custom_metrics";
}

static bool kind_of(const char *name, enum eval_kind *kind)
{
	for (size_t i = 0; i < sizeof metrics / sizeof *metrics; i++)
		if (strcmp(metrics[i].name, name) == 0) {
			*kind = metrics[i].kind;
			return true;
		}
	if (strncmp(name, "rubric_based_", 13) == 0 || strncmp(name, "multi_turn_", 11) == 0) {
		*kind = EVAL_JUDGE;
		return true;
	}
	return false;
}

void eval_scored_metric_names(struct strbuf *out)
{
	size_t n = 0, k = 0;
	for (size_t i = 0; i < sizeof metrics / sizeof *metrics; i++)
		n += metrics[i].kind != EVAL_JUDGE;
	for (size_t i = 0; i < sizeof metrics / sizeof *metrics; i++) {
		if (metrics[i].kind == EVAL_JUDGE)
			continue;
		if (k++)
			strbuf_addstr(out, k == n ? " and " : ", ");
		strbuf_addstr(out, metrics[i].name);
	}
}

bool eval_metric_scored(const char *name, size_t len)
{
	for (size_t i = 0; i < sizeof metrics / sizeof *metrics; i++)
		if (metrics[i].kind != EVAL_JUDGE && strlen(metrics[i].name) == len &&
		    strncmp(metrics[i].name, name, len) == 0)
			return true;
	return false;
}

static const char *const match_words[] = {"EXACT", "IN_ORDER", "ANY_ORDER"};

bool eval_match_parse(const char *word, enum eval_match *out)
{
	/* eval_metrics.py ToolTrajectoryCriterion._coerce_match_type() */
	while (*word == ' ' || (*word >= '\t' && *word <= '\r'))
		word++;
	size_t n = strlen(word);
	while (n && (word[n - 1] == ' ' || (word[n - 1] >= '\t' && word[n - 1] <= '\r')))
		n--;
	for (int i = 0; i < 3; i++) {
		size_t k = 0;
		for (; k < n && match_words[i][k]; k++) {
			char c = word[k] == '-' || word[k] == ' ' ? '_' : word[k];
			if ((c >= 'a' && c <= 'z' ? c - 32 : c) != match_words[i][k])
				break;
		}
		if (k == n && !match_words[i][k]) {
			*out = (enum eval_match)i;
			return true;
		}
	}
	return false;
}

struct eval_criterion *eval_criteria_find(struct eval_criteria *c, const char *name)
{
	for (size_t i = 0; i < c->count; i++)
		if (strcmp(c->list[i].name, name) == 0)
			return &c->list[i];
	return NULL;
}

static struct eval_criterion *criterion_add(struct eval_criteria *c, const char *name,
                                            enum eval_kind kind)
{
	struct eval_criterion *cr = eval_criteria_find(c, name);
	if (!cr) {
		c->list = xrealloc(c->list, (c->count + 1) * sizeof *c->list);
		cr = &c->list[c->count++];
		*cr = (struct eval_criterion){.name = xstrdup(name)};
	}
	json_decref(cr->criterion);
	cr->criterion = NULL;
	cr->kind = kind;
	cr->match = EVAL_EXACT;
	cr->ignore_args = false;
	return cr;
}

/*
 * ToolTrajectoryCriterion's match_type (a word, or MatchType's integer)
 * and ignore_args; NULL or why refused.
 */
static const char *trajectory_options(struct eval_criterion *cr, const json_t *value)
{
	json_t *match = adk_get(value, ADK_MATCH_TYPE);
	json_int_t i = json_is_integer(match) ? json_integer_value(match) : -1;
	if (i >= 0 && i <= 2)
		cr->match = (enum eval_match)i;
	else if (match &&
	         !(json_is_string(match) && eval_match_parse(json_string_value(match), &cr->match)))
		return "match_type must be EXACT, IN_ORDER or ANY_ORDER";
	json_t *ignore = adk_get(value, ADK_IGNORE_ARGS);
	if (ignore && !json_is_boolean(ignore))
		return "ignore_args must be true or false";
	if (ignore)
		cr->ignore_args = json_is_true(ignore);
	return NULL;
}

/*
 * The BaseCriterion of eval_metrics.py as pydantic dumps it: threshold,
 * include_intermediate_responses_in_final, then the members it keeps
 * beside them (extra="allow") as they were given.
 */
static json_t *base_criterion(const json_t *value, double threshold)
{
	json_t *o = json_pack("{s:f}", "threshold", threshold), *v;
	json_t *include = json_is_object(value) ? adk_get(value, ADK_INCLUDE_INTERMEDIATE) : NULL;
	json_object_set_new(o, "include_intermediate_responses_in_final",
	                    json_boolean(json_is_true(include)));
	const char *key;
	json_object_foreach((json_t *)value, key, v)
	{
		size_t n = strlen(key);
		if (!adk_key_is(ADK_THRESHOLD, key, n) &&
		    !adk_key_is(ADK_INCLUDE_INTERMEDIATE, key, n))
			json_object_set(o, key, v);
	}
	return o;
}

void eval_criterion_trajectory(struct eval_criterion *cr, bool match_given, enum eval_match match,
                               bool ignore)
{
	const char *key;
	json_t *v;
	void *tmp;
	json_object_foreach_safe(cr->criterion, tmp, key, v)
	{
		size_t n = strlen(key);
		if ((match_given && adk_key_is(ADK_MATCH_TYPE, key, n)) ||
		    (ignore && adk_key_is(ADK_IGNORE_ARGS, key, n)))
			json_object_del(cr->criterion, key);
	}
	if (match_given) {
		cr->match = match;
		json_object_set_new(cr->criterion, "match_type", json_string(match_words[match]));
	}
	if (ignore) {
		cr->ignore_args = true;
		json_object_set_new(cr->criterion, "ignore_args", json_true());
	}
}

/* A metric of custom_metrics: NOT_EVALUATED, with its code_config's name. */
static const char *custom_criterion(struct eval_criteria *c, const char *name, const json_t *value,
                                    const json_t *custom)
{
	json_t *threshold = json_is_object(value) ? adk_get(value, ADK_THRESHOLD) : (json_t *)value;
	if (!threshold && json_is_object(value))
		return "the criterion has no threshold, which ADK requires";
	if (!json_is_number(threshold))
		return "the threshold must be a number";
	struct eval_criterion *cr = criterion_add(c, name, EVAL_CUSTOM);
	cr->has_threshold = true;
	cr->threshold = json_number_value(threshold);
	cr->criterion = base_criterion(value, cr->threshold);
	json_t *path = adk_get(adk_get(custom, ADK_CODE_CONFIG), ADK_NAME);
	json_decref(cr->custom_function_path);
	cr->custom_function_path = json_is_string(path) ? json_incref(path) : NULL;
	return NULL;
}

const char *eval_criteria_set(struct eval_criteria *c, const char *name, const json_t *value)
{
	enum eval_kind kind;
	if (!kind_of(name, &kind))
		return "unknown metric";
	/* _efficiency_evaluators.py _reject_threshold(): any criterion at all is refused. */
	if (kind == EVAL_INFORMATIONAL)
		return "informational metric: it takes no threshold (it is always reported)";
	json_t *threshold = json_is_object(value) ? adk_get(value, ADK_THRESHOLD) : (json_t *)value;
	/* eval_config.py: a criterion is a number or a BaseCriterion, whose threshold is required.
	 */
	if (!threshold && json_is_object(value) && kind != EVAL_STATE)
		return "the criterion has no threshold, which ADK requires";
	if (threshold ? !json_is_number(threshold) : !json_is_object(value))
		return "the threshold must be a number";
	struct eval_criterion *cr = criterion_add(c, name, kind);
	cr->has_threshold = true;
	cr->threshold = threshold ? json_number_value(threshold) : 1.0;
	cr->criterion = base_criterion(value, cr->threshold);
	if (kind == EVAL_TRAJECTORY && json_is_object(value))
		return trajectory_options(cr, value);
	return NULL;
}

const char *eval_criteria_load(struct eval_criteria *c, const json_t *config, const char **name_out)
{
	json_t *criteria = adk_get(config, ADK_CRITERIA);
	json_t *custom = adk_get(config, ADK_CUSTOM_METRICS);
	if (!json_is_object(criteria))
		return "no \"criteria\" object";
	const char *name;
	json_t *value;
	json_object_foreach((json_t *)criteria, name, value)
	{
		json_t *mine = json_object_get(custom, name);
		const char *why = mine ? custom_criterion(c, name, value, mine)
		                       : eval_criteria_set(c, name, value);
		if (why) {
			*name_out = name;
			return why;
		}
	}
	return NULL;
}

void eval_criteria_defaults(struct eval_criteria *c)
{
	/* eval_config.py _DEFAULT_EVAL_CONFIG */
	json_t *t = json_real(1.0), *r = json_real(0.8);
	eval_criteria_set(c, "tool_trajectory_avg_score", t);
	eval_criteria_set(c, "response_match_score", r);
	json_decref(t);
	json_decref(r);
}

void eval_criteria_clear(struct eval_criteria *c)
{
	for (size_t i = 0; i < c->count; i++) {
		free(c->list[i].name);
		json_decref(c->list[i].criterion);
		json_decref(c->list[i].custom_function_path);
	}
	free(c->list);
	c->list = NULL;
	c->count = 0;
}
