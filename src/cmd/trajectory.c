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
 * --partial journals each piece's calls, results and deltas unpaired for
 * the merge (cmd/merge.h), which pairs them as one run would.
 *
 * A session ADK Python's runner rewound holds calls, deltas and answers a
 * later rewind undid, which a forward read has paired and stored by then:
 * where the input is regular files a first read finds the undone events
 * (cmd/trajectory_rewind.h) and this read passes over them.
 */
#include "cmd/extract.h"
#include "cmd/trajectory.h"
#include "cmd/trajectory_rewind.h"
#include "adk/trajectory.h"
#include "adk/store.h"

#include <stdlib.h>

/*
 * What a chunk's journal keeps in memory before its temporary file: a
 * chunk's pieces are most of its 4 MiB, and the run holds a few chunks
 * read ahead of the merge (read/chunks.h), so a quarter of a chunk keeps
 * memory small and most chunks' pieces out of files.
 */
#define TRAJECTORY_CHUNK_IN_MEMORY (1024 * 1024)

struct trajectory_cmd_config {
	struct run_options run;
	struct trajectory_config traj;
	struct trajectory_prep prep; /* for the workers, with one result */
	struct rewound rewound;      /* the events rewinds undid, found by a first read */
};

/* A result's or a chunk's state: the trajectory, and where its events are. */
struct traj_state {
	struct trajectory *t;
	const struct rewound *rewound; /* NULL: every event counts */
};

static struct traj_state *state_new(const struct trajectory_cmd_config *cfg, struct trajectory *t)
{
	struct traj_state *st = xcalloc(1, sizeof *st);
	st->t = t;
	if (cfg->rewound.count > 0 && !cfg->run.per_invocation)
		st->rewound = &cfg->rewound;
	return st;
}

/*
 * Every result is written straight from the state (trajectory_write()),
 * laid out where it stands: alone, or inside its --per-invocation line.
 * One result (no --per-invocation) keeps its pieces in temporary files
 * once they outgrow memory, and copies them out at the end.  Nothing is
 * written while the stream is read (out is used at the end only), so a
 * --progress line on the terminal changes nothing, and the same extractor
 * serves every run (it has no results built whole).
 */
static void *trajectory_begin(const void *config, struct json_writer *out)
{
	const struct trajectory_cmd_config *cfg = config;
	(void)out;
	bool per_invocation = cfg->run.per_invocation;
	struct trajectory *t = trajectory_new(&cfg->traj);
	trajectory_layout(t, output_flags(cfg->run.style) & JW_PRETTY, per_invocation ? 1 : 0);
	if (cfg->run.partial)
		trajectory_journal(t);
	if (!per_invocation)
		trajectory_spill(t, TRAJECTORY_IN_MEMORY);
	return state_new(cfg, t);
}

/*
 * A chunk's state in a run in chunks: its pieces journaled, laid out as the
 * one result's (trajectory_begin()), for trajectory_join() to pair.
 */
static void *trajectory_chunk_begin(const void *config)
{
	const struct trajectory_cmd_config *cfg = config;
	struct trajectory *t = trajectory_new(&cfg->traj);
	trajectory_journal_laid_out(t, output_flags(cfg->run.style) & JW_PRETTY, 0);
	trajectory_spill(t, TRAJECTORY_CHUNK_IN_MEMORY);
	return state_new(cfg, t);
}

static void trajectory_join(void *state, void *chunk)
{
	trajectory_replay(((struct traj_state *)state)->t, ((struct traj_state *)chunk)->t);
}

/*
 * An event a rewind undid is passed over, as ADK's history passes over it,
 * but for the tokens its model call spent.
 */
static void trajectory_add_item(void *state, const struct reader_item *item)
{
	struct traj_state *st = state;
	if (!st->rewound || !rewound_has(st->rewound, item))
		trajectory_add(st->t, item);
	else
		trajectory_add_spent(st->t, item);
}

static void trajectory_release(void *state)
{
	struct traj_state *st = state;
	trajectory_free(st->t);
	free(st);
}

/* An object of five members, never empty; *status says when a temporary file failed. */
static bool trajectory_end(void *state, struct json_writer *out, int *status)
{
	*status = trajectory_write(((struct traj_state *)state)->t, out);
	return false;
}

/* The workers redact, cut and print each event's tool values and delta (trajectory_prepare()). */
static void *trajectory_map(const json_t *value, void *config)
{
	struct trajectory_cmd_config *cfg = config;
	return trajectory_prepare(value, &cfg->prep);
}

static const struct item_map trajectory_workers = {
    .fn = trajectory_map,
    .release = trajectory_prepared_free,
    .keeps = &trajectory_keeps,
};

static json_t *trajectory_fold_state(void *state)
{
	return trajectory_fold(((struct traj_state *)state)->t);
}

static bool trajectory_absorb_fold(void *state, const json_t *fold)
{
	return trajectory_absorb(((struct traj_state *)state)->t, fold);
}

static int trajectory_state_records(void *state, bool (*take)(void *ctx, const json_t *record),
                                    void *ctx)
{
	return trajectory_records(((struct traj_state *)state)->t, take, ctx);
}

static bool trajectory_absorb_state_record(void *state, const json_t *record)
{
	return trajectory_absorb_record(((struct traj_state *)state)->t, record);
}

/*
 * What changes the values a partial result holds: what is left out, what
 * is hidden and where strings are cut.  The layout (-p) does not: the
 * merge lays the values out.
 */
static json_t *trajectory_fold_options(const void *config)
{
	const struct trajectory_config *c = &((const struct trajectory_cmd_config *)config)->traj;
	json_t *words = json_array();
	for (size_t i = 0; i < c->nredact_words; i++)
		json_array_append_new(words, json_string_lossy(c->redact_words[i]));
	return json_pack("{s:b,s:b,s:b,s:b,s:b,s:o,s:I}", "tool_calls", c->tool_calls,
	                 "state_deltas", c->state_deltas, "token_usage", c->token_usage, "redact",
	                 c->redact, "redact_exact", c->redact_exact, "redact_keys", words,
	                 "max_string", (json_int_t)c->max_string);
}

static const struct fold_hooks trajectory_partial = {
    .fold = trajectory_fold_state,
    .absorb = trajectory_absorb_fold,
    .options = trajectory_fold_options,
    .records = trajectory_state_records,
    .absorb_record = trajectory_absorb_state_record,
};

static const struct streaming_extractor trajectory_extractor = {
    .name = "trajectory",
    .begin = trajectory_begin,
    .add = trajectory_add_item,
    .end = trajectory_end,
    .release = trajectory_release,
    .map = &trajectory_workers,
    .partial = &trajectory_partial,
    .chunk_begin = trajectory_chunk_begin,
    .join = trajectory_join,
};

static const char *take_redact_key(void *at, const char *arg)
{
	if (!trajectory_config_add_redact_word(at, arg))
		return "invalid value for --redact-key";
	return NULL;
}

static const char *take_no_truncate(void *at, const char *arg)
{
	struct trajectory_config *c = at;
	(void)arg;
	c->max_string = -1;
	return NULL;
}

#define TRAJECTORY_ROW(kind_, long_, store_, field_, group_, help_)                                \
	{                                                                                          \
		.kind = (kind_), .long_name = (long_), .store = (store_),                          \
		.offset = offsetof(struct trajectory_config, field_), .groups = (group_),          \
		.help = (help_)                                                                    \
	}

const struct option_row trajectory_option_table[] = {
    TRAJECTORY_ROW(OPTION_FLAG, "no-redact", STORE_FALSE, redact, TRAJECTORY_VALUES,
                   "keep secrets in tool arguments, results and state"),
    {.kind = OPTION_VALUE,
     .long_name = "redact-key",
     .arg_name = "WORD",
     .store = STORE_CALL,
     .take = take_redact_key,
     .groups = TRAJECTORY_VALUES,
     .help = "also hide keys ending in WORD (repeatable)"},
    TRAJECTORY_ROW(OPTION_FLAG, "redact-exact", STORE_TRUE, redact_exact, TRAJECTORY_VALUES,
                   "hide only keys spelled exactly as a listed word"),
    {.kind = OPTION_VALUE,
     .long_name = "max-string",
     .arg_name = "N",
     .store = STORE_LONG,
     .offset = offsetof(struct trajectory_config, max_string),
     .min = 0,
     .groups = TRAJECTORY_VALUES,
     .help = "cut strings longer than N code points (10000)"},
    {.kind = OPTION_FLAG,
     .long_name = "no-truncate",
     .store = STORE_CALL,
     .take = take_no_truncate,
     .groups = TRAJECTORY_VALUES,
     .help = "never cut strings"},
    TRAJECTORY_ROW(OPTION_FLAG, "no-tool-calls", STORE_FALSE, tool_calls, TRAJECTORY_PARTS,
                   "leave out tool calls"),
    TRAJECTORY_ROW(OPTION_FLAG, "no-state-deltas", STORE_FALSE, state_deltas, TRAJECTORY_PARTS,
                   "leave out state deltas"),
    TRAJECTORY_ROW(OPTION_FLAG, "no-token-usage", STORE_FALSE, token_usage, TRAJECTORY_PARTS,
                   "leave out token usage"),
    OPTION_END_ROW,
};

static const struct option_row trajectory_options[] = {
    OPTION_INCLUDE_ROW(trajectory_option_table, TRAJECTORY_ALL, struct trajectory_cmd_config, traj),
    OPTION_INCLUDE_ROW(run_option_table, RUN_ALL | RUN_MERGE, struct trajectory_cmd_config, run),
    OPTION_END_ROW,
};

static int run_trajectory(int argc, char *argv[])
{
	struct trajectory_cmd_config cfg = {.run.jobs = 0};
	trajectory_config_init(&cfg.traj);
	int status = command_parse(&command_trajectory, argc, argv, &cfg);
	const char *refused = status < 0 ? partial_refusal(&cfg.run) : NULL;
	if (refused)
		status = command_usage_error(&command_trajectory, "%s", refused);
	if (status < 0) {
		/* A partial result's values are compact, on its lines; the merge lays them out. */
		bool pretty = (output_flags(cfg.run.style) & JW_PRETTY) && !cfg.run.partial;
		trajectory_prep_init(&cfg.prep, &cfg.traj, pretty);
		/*
		 * Without a temporary file, one reader, as -j 1: that run says the
		 * failure where its values pass the store's memory, before any bad
		 * input after them, and chunks held in memory would say it after.
		 */
		struct streaming_extractor extractor = trajectory_extractor;
		if (!store_file_possible())
			extractor.chunk_begin = NULL, extractor.join = NULL;
		if (!cfg.run.merge && !cfg.run.per_invocation)
			status = rewound_find(&cfg.rewound, &cfg.run, argc - optind, argv + optind);
		if (status <= 0)
			status = extract_stream(&extractor, &cfg, &cfg.run, argc - optind,
			                        argv + optind);
		rewound_release(&cfg.rewound);
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
