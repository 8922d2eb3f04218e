/*
 * trajectory.c - adkev trajectory: what the agent did.
 *
 * One object per stream (or per invocation): the tool calls paired with
 * their results, the non-empty state deltas, the token usage summed once per
 * model call, the final output and the last error, with secrets hidden and
 * long strings cut (events.md section 3.3).  The one result of a whole
 * stream keeps its values in temporary files past TRAJECTORY_IN_MEMORY
 * bytes (trajectory_spill()), so memory does not grow with the tool results
 * and state deltas; --per-invocation builds its results in memory.
 */
#include "cmd/extract.h"
#include "cmd/trajectory.h"
#include "adk/trajectory.h"

#include <stdlib.h>

/* The trajectory options' values lie above this command's own. */
_Static_assert(OPT_TRAJECTORY_NO_REDACT > OPT_COMMAND + 10, "trajectory option values overlap");

struct trajectory_cmd_config {
	struct trajectory_config traj;
	int bad; /* the option whose value was rejected, or 0 */
	bool per_invocation;
	bool pretty;
	struct trajectory_prep prep; /* for the workers, with one result */
};

/*
 * Every result is written straight from the state (trajectory_write()),
 * laid out where it stands: alone, or inside its --per-invocation line.
 * One result (no --per-invocation) keeps its pieces in temporary files
 * once they outgrow memory, and copies them out at the end.  The layout
 * is chosen here, not in a writer's begin(), as nothing is written while
 * the stream is read: so a --progress line on the terminal changes
 * nothing.
 */
static void *trajectory_start(const void *config)
{
	const struct trajectory_cmd_config *cfg = config;
	struct trajectory *t = trajectory_new(&cfg->traj);
	trajectory_layout(t, cfg->pretty, cfg->per_invocation ? 1 : 0);
	if (!cfg->per_invocation)
		trajectory_spill(t, TRAJECTORY_IN_MEMORY);
	return t;
}

static void trajectory_add_item(void *state, const struct reader_item *item)
{
	trajectory_add(state, item);
}

static void trajectory_release(void *state)
{
	trajectory_free(state);
}

/* An object of five members, never empty; *status says when a temporary file failed. */
static bool trajectory_write_result(void *state, struct json_writer *out, int *status)
{
	*status = trajectory_write(state, out);
	return false;
}

/* The workers redact, cut and print each event's tool values and delta (trajectory_prepare()). */
static void *trajectory_map(const json_t *value, void *config)
{
	struct trajectory_cmd_config *cfg = config;
	return trajectory_prepare(value, &cfg->prep);
}

static const struct extractor trajectory_extractor = {
    .name = "trajectory",
    .start = trajectory_start,
    .add = trajectory_add_item,
    .release = trajectory_release,
    .write = trajectory_write_result,
    .map = trajectory_map,
    .map_release = trajectory_prepared_free,
    .map_keeps = &trajectory_keeps,
};

const struct option_row trajectory_option_table[] = {
    {.kind = OPTION_FLAG,
     .id = OPT_TRAJECTORY_NO_REDACT,
     .long_name = "no-redact",
     .groups = TRAJECTORY_VALUES,
     .help = "keep secrets in tool arguments, results and state"},
    {.kind = OPTION_VALUE,
     .id = OPT_TRAJECTORY_REDACT_KEY,
     .long_name = "redact-key",
     .arg_name = "WORD",
     .groups = TRAJECTORY_VALUES,
     .help = "also hide keys ending in WORD (repeatable)"},
    {.kind = OPTION_FLAG,
     .id = OPT_TRAJECTORY_REDACT_EXACT,
     .long_name = "redact-exact",
     .groups = TRAJECTORY_VALUES,
     .help = "hide only keys spelled exactly as a listed word"},
    {.kind = OPTION_VALUE,
     .id = OPT_TRAJECTORY_MAX_STRING,
     .long_name = "max-string",
     .arg_name = "N",
     .groups = TRAJECTORY_VALUES,
     .help = "cut strings longer than N code points (10000)"},
    {.kind = OPTION_FLAG,
     .id = OPT_TRAJECTORY_NO_TRUNCATE,
     .long_name = "no-truncate",
     .groups = TRAJECTORY_VALUES,
     .help = "never cut strings"},
    {.kind = OPTION_FLAG,
     .id = OPT_TRAJECTORY_NO_TOOL_CALLS,
     .long_name = "no-tool-calls",
     .groups = TRAJECTORY_PARTS,
     .help = "leave out tool calls"},
    {.kind = OPTION_FLAG,
     .id = OPT_TRAJECTORY_NO_STATE_DELTAS,
     .long_name = "no-state-deltas",
     .groups = TRAJECTORY_PARTS,
     .help = "leave out state deltas"},
    {.kind = OPTION_FLAG,
     .id = OPT_TRAJECTORY_NO_TOKEN_USAGE,
     .long_name = "no-token-usage",
     .groups = TRAJECTORY_PARTS,
     .help = "leave out token usage"},
    OPTION_END_ROW,
};

static const struct option_row trajectory_options[] = {
    OPTION_INCLUDE_ROW(trajectory_option_table, TRAJECTORY_ALL),
    OPTION_INCLUDE_ROW(extract_option_table, EXTRACT_ALL),
    OPTION_END_ROW,
};

static bool trajectory_cmd_option(void *config, int c, const char *arg)
{
	struct trajectory_cmd_config *cfg = config;
	bool bad = false;
	if (!trajectory_option(&cfg->traj, c, arg, &bad))
		return false;
	if (bad && !cfg->bad)
		cfg->bad = c;
	return true;
}

static int run_trajectory(int argc, char *argv[])
{
	struct extract_options o = {0};
	struct trajectory_cmd_config cfg = {.bad = 0};
	trajectory_config_init(&cfg.traj);
	int status =
	    extract_parse_options(&command_trajectory, argc, argv, &o, trajectory_cmd_option, &cfg);
	if (status < 0 && cfg.bad) {
		/* The value itself is not repeated: it may be a secret word. */
		warnx_msg("trajectory: invalid value for --%s",
		          command_option_name(&command_trajectory, cfg.bad));
		status = command_usage(&command_trajectory);
	}
	cfg.per_invocation = o.per_invocation;
	cfg.pretty = o.style.pretty;
	if (status < 0) {
		trajectory_prep_init(&cfg.prep, &cfg.traj, cfg.pretty);
		status = extract_run(&trajectory_extractor, &cfg, &o, argc - optind, argv + optind);
		trajectory_prep_release(&cfg.prep);
	}
	trajectory_config_release(&cfg.traj);
	return status;
}

const struct command command_trajectory = {
    .name = "trajectory",
    .summary = "Print tool calls, state deltas, token usage, answer and error.",
    .options = trajectory_options,
    .operands = "[FILE ...]",
    .run = run_trajectory,
};
