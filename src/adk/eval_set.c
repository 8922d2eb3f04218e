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
			json_array_append_new(
			    cases, json_pack("{s:s,s:o}", "eval_id", path, "conversation", conv));
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
	return json_pack("{s:s,s:o}", "eval_set_id", base_name(path), "eval_cases", cases);
}

/* --- criteria --- */

static const struct {
	const char *name;
	enum eval_kind kind;
} metrics[] = {
    {"tool_trajectory_avg_score", EVAL_TRAJECTORY},
    {"response_match_score", EVAL_RESPONSE},
    {"tool_call_count_v1", EVAL_INFORMATIONAL},
    {"inference_call_count_v1", EVAL_INFORMATIONAL},
    {"token_usage_v1", EVAL_INFORMATIONAL},
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
	       "inference_call_count_v1, token_usage_v1, final_session_state_match; and, "
	       "reported NOT_EVALUATED, final_response_match_v2, response_evaluation_score, "
	       "safety_v1, hallucinations_v1, per_turn_user_simulator_quality_v1, "
	       "rubric_based_*, multi_turn_*";
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

bool eval_match_parse(const char *word, enum eval_match *out)
{
	static const char *const words[] = {"EXACT", "IN_ORDER", "ANY_ORDER"};
	for (int i = 0; i < 3; i++)
		if (strcmp(word, words[i]) == 0) {
			*out = (enum eval_match)i;
			return true;
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
		*cr = (struct eval_criterion){.name = xstrdup(name), .kind = kind};
	}
	return cr;
}

/* ToolTrajectoryCriterion's match_type and ignore_args; NULL or why refused. */
static const char *trajectory_options(struct eval_criterion *cr, const json_t *value)
{
	json_t *match = adk_get(value, ADK_MATCH_TYPE);
	if (match &&
	    !(json_is_string(match) && eval_match_parse(json_string_value(match), &cr->match)))
		return "match_type must be EXACT, IN_ORDER or ANY_ORDER";
	json_t *ignore = adk_get(value, ADK_IGNORE_ARGS);
	if (ignore && !json_is_boolean(ignore))
		return "ignore_args must be true or false";
	if (ignore)
		cr->ignore_args = json_is_true(ignore);
	return NULL;
}

const char *eval_criteria_set(struct eval_criteria *c, const char *name, const json_t *value)
{
	enum eval_kind kind;
	if (!kind_of(name, &kind))
		return "unknown metric";
	json_t *threshold = json_is_object(value) ? adk_get(value, ADK_THRESHOLD) : (json_t *)value;
	/* _efficiency_evaluators.py _reject_threshold(): any criterion at all is refused. */
	if (kind == EVAL_INFORMATIONAL)
		return "informational metric: it takes no threshold (it is always reported)";
	if (threshold && !json_is_number(threshold))
		return "the threshold must be a number";
	if (!threshold && kind != EVAL_JUDGE && kind != EVAL_STATE && !json_is_object(value))
		return "the threshold must be a number";
	struct eval_criterion *cr = criterion_add(c, name, kind);
	cr->has_threshold = threshold != NULL || kind == EVAL_STATE;
	cr->threshold = threshold ? json_number_value(threshold) : 1.0;
	if (kind == EVAL_TRAJECTORY && json_is_object(value))
		return trajectory_options(cr, value);
	return NULL;
}

const char *eval_criteria_load(struct eval_criteria *c, const json_t *config, const char **name_out)
{
	json_t *criteria = adk_get(config, ADK_CRITERIA);
	if (!json_is_object(criteria))
		return "no \"criteria\" object";
	const char *name;
	json_t *value;
	json_object_foreach((json_t *)criteria, name, value)
	{
		const char *why = eval_criteria_set(c, name, value);
		if (why) {
			*name_out = name;
			return why;
		}
	}
	return NULL;
}

void eval_criteria_defaults(struct eval_criteria *c)
{
	json_t *t = json_real(1.0), *r = json_real(0.8);
	eval_criteria_set(c, "tool_trajectory_avg_score", t);
	eval_criteria_set(c, "response_match_score", r);
	json_decref(t);
	json_decref(r);
}

void eval_criteria_clear(struct eval_criteria *c)
{
	for (size_t i = 0; i < c->count; i++)
		free(c->list[i].name);
	free(c->list);
	c->list = NULL;
	c->count = 0;
}
