/*
 * state.c - adkev state: the session state the events leave behind.
 *
 * The stateDelta of every non-partial event is folded in order into one
 * object, the last write of a key winning and keys with the temp: prefix
 * dropped, as ADK's session service does (events.md section 3.5).  With
 * --key the value of one key is printed instead, null when it is absent.
 */
#include "adk/event.h"
#include "cmd/extract.h"

#include <stdlib.h>
#include <string.h>

enum { OPT_KEY = OPT_COMMAND };

/* ADK keeps keys with this prefix for the current invocation only. */
#define TEMP_PREFIX "temp:"

struct state_config {
	const char *key; /* --key, or NULL for the whole state */
	size_t key_len;
};

struct state_run {
	const struct state_config *cfg;
	json_t *state;
};

static void *state_start(const void *config)
{
	struct state_run *run = xmalloc(sizeof *run);
	run->cfg = config;
	run->state = json_object();
	return run;
}

static void state_add(void *state, const struct reader_item *item)
{
	struct state_run *run = state;
	if (item->kind != VALUE_EVENT || event_is_partial(item->value))
		return;
	json_t *delta = adk_get(adk_get(item->value, ADK_ACTIONS), ADK_STATE_DELTA);
	const char *key;
	size_t len;
	json_t *value;
	if (!json_is_object(delta))
		return;
	json_object_keylen_foreach(delta, key, len, value)
	{
		if (len >= strlen(TEMP_PREFIX) &&
		    memcmp(key, TEMP_PREFIX, strlen(TEMP_PREFIX)) == 0)
			continue;
		/* Replacing a value keeps the key where it was first written, as a Python dict
		 * does. */
		json_object_setn_nocheck(run->state, key, len, value);
	}
}

static json_t *state_finish(void *state, int *status)
{
	struct state_run *run = state;
	(void)status;
	if (!run->cfg->key)
		return json_incref(run->state);
	json_t *value = json_object_getn(run->state, run->cfg->key, run->cfg->key_len);
	return value ? json_incref(value) : json_null();
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

static const struct extractor state_extractor = {
    .reads = &state_reads,
    .name = "state",
    .start = state_start,
    .add = state_add,
    .finish = state_finish,
    .release = state_release,
};

static bool state_option(void *config, int c, const char *arg)
{
	struct state_config *cfg = config;
	if (c != OPT_KEY)
		return false;
	cfg->key = arg;
	cfg->key_len = strlen(arg);
	return true;
}

static const struct option_row state_options[] = {
    OPTION_VALUE_ROW(OPT_KEY, "key", "KEY", "print the value of KEY only (null when absent)"),
    OPTION_INCLUDE_ROW(extract_option_table, EXTRACT_ALL),
    OPTION_END_ROW,
};

static int run_state(int argc, char *argv[])
{
	struct extract_options o = {0};
	struct state_config cfg = {NULL, 0};
	int status = extract_parse_options(&command_state, argc, argv, &o, state_option, &cfg);
	if (status >= 0)
		return status;
	return extract_run(&state_extractor, &cfg, &o, argc - optind, argv + optind);
}

const struct command command_state = {
    .name = "state",
    .summary = "Print the session state the state deltas build.",
    .options = state_options,
    .operands = "[FILE ...]",
    .run = run_state,
};
