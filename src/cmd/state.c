/*
 * state.c - adkev state: the session state the events leave behind.
 *
 * The stateDelta of every non-partial event is folded in order into one
 * object, the last write of a key winning and keys with the temp: prefix
 * dropped, as ADK's session service does (events.md section 3.5).  With
 * --key the value of one key is printed instead, null when it is absent.
 * A session database of ADK Python's schema 0 pickles its events' actions,
 * so its sessions' states are read from its tables instead, each folded in
 * after the session's events (READER_SESSION_STATES).
 */
#include "adk/event.h"
#include "adk/partial.h"
#include "cmd/extract.h"

#include <stdlib.h>
#include <string.h>

struct state_config {
	struct run_options run;
	const char *key; /* --key, or NULL for the whole state */
	size_t key_len;
	bool internal; /* --internal: ADK's own keys too (state_key_is_internal()) */
};

struct state_run {
	const struct state_config *cfg;
	json_t *state;
};

static void *state_start(const void *config, const char *file)
{
	struct state_run *run = xmalloc(sizeof *run);
	(void)file;
	run->cfg = config;
	run->state = json_object();
	return run;
}

static void state_add(void *state, const struct reader_item *item)
{
	struct state_run *run = state;
	if (item->kind == VALUE_EVENT && !event_is_partial(item->value))
		event_fold_state_delta(run->state, item->value);
	else if (item->kind == VALUE_SESSION)
		session_fold_stored_state(run->state, item->value);
}

/*
 * The state as the result shows it, owned by the caller: ADK's own keys
 * left out unless --internal.  The fold keeps them, so that a merge of
 * pieces ends where one run does.
 */
static json_t *state_shown(const struct state_config *cfg, json_t *state)
{
	if (cfg->internal)
		return json_incref(state);
	json_t *shown = json_object();
	const char *key;
	size_t len;
	json_t *value;
	json_object_keylen_foreach(state, key, len, value)
	{
		if (!state_key_is_internal(key, len))
			json_object_setn_nocheck(shown, key, len, value);
	}
	return shown;
}

static json_t *state_finish(void *state, int *status)
{
	struct state_run *run = state;
	(void)status;
	if (!run->cfg->key)
		return state_shown(run->cfg, run->state);
	json_t *value = json_object_getn(run->state, run->cfg->key, run->cfg->key_len);
	return value ? json_incref(value) : json_null();
}

/* The state so far is all a later piece's fold continues from: the last write wins. */
static json_t *state_fold(void *state)
{
	struct state_run *run = state;
	return json_incref(run->state);
}

static bool state_absorb(void *state, const json_t *fold)
{
	struct state_run *run = state;
	return partial_state_merge(run->state, fold);
}

/* --key picks from the whole state at the end, so no option changes the fold. */
static json_t *state_fold_options(const void *config)
{
	(void)config;
	return json_object();
}

static void state_release(void *state)
{
	struct state_run *run = state;
	json_decref(run->state);
	free(run);
}

static const struct adk_reads state_reads = {
    .event = ADK_MEMBER(ADK_PARTIAL) | ADK_MEMBER(ADK_ACTIONS),
    .content = ADK_MEMBERS_ALL,
    .actions = ADK_MEMBER(ADK_STATE_DELTA),
    .part = ADK_MEMBERS_ALL,
};

static const struct fold_hooks state_partial = {
    .fold = state_fold,
    .absorb = state_absorb,
    .options = state_fold_options,
};

static const struct result_extractor state_extractor = {
    .reads = &state_reads,
    .name = "state",
    .start = state_start,
    .add = state_add,
    .finish = state_finish,
    .release = state_release,
    .partial = &state_partial,
};

static const struct option_row state_options[] = {
    OPTION_STRING_ROW(0, "key", "KEY", struct state_config, key,
                      "print the value of KEY only (null when absent)"),
    OPTION_TRUE_ROW(0, "internal", struct state_config, internal,
                    "also ADK's own keys (_adk_*, adk_oauth_*:*)"),
    OPTION_INCLUDE_ROW(run_option_table, RUN_ALL | RUN_MERGE, struct state_config, run),
    OPTION_END_ROW,
};

static int run_state(int argc, char *argv[])
{
	struct state_config cfg = {.key = NULL};
	int status = command_parse(&command_state, argc, argv, &cfg);
	if (status >= 0)
		return status;
	const char *refused = partial_refusal(&cfg.run);
	if (refused)
		return command_usage_error(&command_state, "%s", refused);
	if (cfg.key)
		cfg.key_len = strlen(cfg.key);
	/*
	 * A session's stored state is its state after all its events: no
	 * invocation's, nor any author's.
	 */
	struct result_extractor x = state_extractor;
	if (!cfg.run.per_invocation && !cfg.run.invocation_last && !cfg.run.invocation &&
	    !cfg.run.author)
		x.reader_flags = READER_SESSION_STATES;
	return extract_results(&x, &cfg, &cfg.run, argc - optind, argv + optind);
}

const struct command command_state = {
    .name = "state",
    .summary = "Print the session state the state deltas build.",
    .options = state_options,
    .operands = "[FILE ...]",
    .run = run_state,
};
