/*
 * partition.c - adkev partition: the events of each agent (events.md
 * section 3.4, gepa's partition_events_by_agent).
 *
 * Events without an author, with an empty one or written by "user" are
 * dropped; agents come in order of first appearance, each with its events
 * in order.  Events are passed through as their original bytes, never
 * re-serialised: as one JSON object {"agent": [event, ...], ...}, as one
 * JSONL file per agent in a directory (--split, streaming), or, with
 * --trajectories, each agent's events become its trajectory (section 3.3).
 */
#include "cmd/drive.h"
#include "cmd/extract.h"
#include "cmd/trajectory.h"
#include "cmd/partition_dir.h"
#include "write/filename.h"
#include "adk/trajectory.h"

#include <stdlib.h>
#include <string.h>

enum { OPT_SPLIT = OPT_COMMAND, OPT_FORCE, OPT_TRAJECTORIES };

struct partition_config {
	const char *split; /* the directory, or NULL */
	bool force;
	bool trajectories;
	bool pretty, per_invocation; /* -p, --per-invocation: where a trajectory stands */
	struct trajectory_config trajectory;
	int trajectory_option; /* the first trajectory option given, for messages */
	int bad_option;        /* a trajectory option with a bad value, or 0 */
};

/*
 * The object form's array of one agent's events, written as they are read
 * and ended when printed.  On the heap, so that the writer's pointer to
 * its text stays put while the agents' list grows.
 */
struct event_array {
	struct strbuf text;
	struct json_writer w;
};

struct agent {
	char *name; /* may hold NUL: use len */
	size_t len;
	struct event_array *events;    /* object form: NULL until the first event */
	size_t file;                   /* --split: the agent's file in the directory */
	const char *path;              /* --split: its path, borrowed from the directory */
	struct trajectory *trajectory; /* --trajectories */
};

struct agents {
	struct agent *list;
	size_t count, cap;
	json_t *index; /* agent name -> position in list */
	const struct partition_config *cfg;
};

static void agents_init(struct agents *a, const struct partition_config *cfg)
{
	memset(a, 0, sizeof *a);
	a->index = json_object();
	a->cfg = cfg;
}

static void agents_release(struct agents *a)
{
	for (size_t i = 0; i < a->count; i++) {
		free(a->list[i].name);
		if (a->list[i].events) {
			jw_release(&a->list[i].events->w);
			strbuf_release(&a->list[i].events->text);
			free(a->list[i].events);
		}
		if (a->list[i].trajectory)
			trajectory_free(a->list[i].trajectory);
	}
	free(a->list);
	json_decref(a->index);
}

/* The agents of one group (--per-invocation) or of the whole stream, as a state. */
static void *agents_new(const void *config)
{
	struct agents *a = xmalloc(sizeof *a);
	agents_init(a, config);
	return a;
}

static void agents_free(void *state)
{
	agents_release(state);
	free(state);
}

/*
 * The agent that wrote item, added if it is new (*added), or NULL when
 * partition drops the item: a stream error, or an event whose author is
 * missing, not a string, empty or exactly "user" (gepa compares
 * case-sensitively, so "User" is an agent).
 */
static struct agent *agent_of(struct agents *a, const struct reader_item *item, bool *added)
{
	*added = false;
	if (item->kind != VALUE_EVENT)
		return NULL;
	json_t *author = adk_get(item->value, ADK_AUTHOR);
	if (!json_is_string(author))
		return NULL;
	const char *name = json_string_value(author);
	size_t len = json_string_length(author);
	if (len == 0 || (len == 4 && memcmp(name, "user", 4) == 0))
		return NULL;
	json_t *known = json_object_getn(a->index, name, len);
	if (known)
		return &a->list[json_integer_value(known)];
	if (a->count == a->cap) {
		a->cap = a->cap ? a->cap * 2 : 8;
		a->list = xrealloc(a->list, a->cap * sizeof *a->list);
	}
	struct agent *ag = &a->list[a->count];
	memset(ag, 0, sizeof *ag);
	ag->name = xstrndup(name, len);
	ag->len = len;
	json_object_setn_new(a->index, name, len, json_integer((json_int_t)a->count));
	a->count++;
	*added = true;
	return ag;
}

/* Writes {"agent": VALUE, ...} for every agent; value() writes one agent's value. */
static void write_by_agent(struct json_writer *w, struct agents *a,
                           void (*value)(struct json_writer *, struct agent *))
{
	jw_object_begin(w);
	for (size_t i = 0; i < a->count; i++) {
		jw_keyn(w, a->list[i].name, a->list[i].len);
		value(w, &a->list[i]);
	}
	jw_object_end(w);
}

/* Writes the agent's events: their array, ended now, spliced in as it was laid out. */
static void write_events(struct json_writer *w, struct agent *ag)
{
	if (!ag->events) {
		jw_array_begin(w);
		jw_array_end(w);
		return;
	}
	jw_array_end(&ag->events->w);
	jw_raw(w, ag->events->text.buf, ag->events->text.len);
}

static void write_file(struct json_writer *w, struct agent *ag)
{
	jw_string(w, ag->path, strlen(ag->path));
}

/* Ends a finished result's line on standard output; its -e status. */
static int end_result(const struct extract_options *o, struct json_writer *w, bool empty)
{
	jw_line_end(w);
	return o->exit_status && empty ? EXIT_FALSE : 0;
}

/* The object form. */

/*
 * Adds one event's bytes to the agent's array, standing at level (the
 * array's own level is one less): on one line in compact output, as they
 * came with -p.
 */
static void add_event(struct agent *ag, const struct reader_item *item, unsigned flags, int level)
{
	if (!ag->events) {
		ag->events = xmalloc(sizeof *ag->events);
		ag->events->text = (struct strbuf)STRBUF_INIT;
		jw_init_buf(&ag->events->w, &ag->events->text, flags);
		jw_set_level(&ag->events->w, level - 1);
		jw_array_begin(&ag->events->w);
	}
	jw_raw(&ag->events->w, item->raw, item->raw_len);
}

static int print_groups(const struct extract_options *o, struct invocation_groups *g)
{
	struct json_writer *w = output_writer();
	int assertion = o->exit_status ? EXIT_FALSE : 0;
	for (size_t i = 0; i < g->count && !output_failed(); i++) {
		struct agents *a = g->list[i].state;
		if (o->per_invocation) {
			jw_object_begin(w);
			jw_key(w, "invocation_id");
			jw_value(w, g->list[i].id);
			jw_key(w, "partition");
			write_by_agent(w, a, write_events);
			jw_object_end(w);
		} else {
			write_by_agent(w, a, write_events);
		}
		/* Like jq -e, the last result decides. */
		assertion = end_result(o, w, a->count == 0);
	}
	return assertion;
}

/* Events are written as their bytes are: only the author (and the invocation, drive's) is read. */
static const struct adk_reads partition_reads = {.event = ADK_MEMBER(ADK_AUTHOR)};

/* What run_objects() hands drive(): the groups of agents, and where their events stand. */
struct objects_run {
	const struct extract_options *o;
	struct invocation_groups groups;
	int level;
};

static int objects_item(void *ctx, struct reader *r, const struct reader_item *item)
{
	struct objects_run *run = ctx;
	(void)r;
	/* A stream error has no author: partition never keeps it. */
	if (item->kind != VALUE_EVENT)
		return 0;
	struct agents *a = invocation_groups_state(&run->groups, item);
	bool added;
	struct agent *ag = agent_of(a, item, &added);
	if (ag)
		add_event(ag, item, output_flags(run->o->style), run->level);
	return 0;
}

static int objects_done(void *ctx, struct reader *r)
{
	struct objects_run *run = ctx;
	(void)r;
	return print_groups(run->o, &run->groups);
}

static int run_objects(const struct partition_config *cfg, const struct extract_options *o,
                       int argc, char *argv[])
{
	/* Events sit one level deeper inside a --per-invocation line. */
	struct objects_run run = {.o = o, .level = o->per_invocation ? 3 : 2};
	struct drive d = {
	    .reads = &partition_reads, .item = objects_item, .done = objects_done, .ctx = &run};
	invocation_groups_init(&run.groups, o->per_invocation, agents_new, cfg);
	int status = drive(&d, o, argc, argv);
	invocation_groups_release(&run.groups, agents_free);
	return status;
}

/* --split DIR: one JSONL file per agent, written as the events stream by. */

/* What run_split() hands drive(). */
struct split_run {
	const struct extract_options *o;
	struct partition_dir *dir;
	struct agents agents;
	struct filename_set names;
	struct strbuf line;
	struct json_writer one_line; /* each event as a compact JSON line */
	int written;                 /* the status of a file that could not be made or written */
};

static int split_item(void *ctx, struct reader *r, const struct reader_item *item)
{
	struct split_run *run = ctx;
	bool added;
	(void)r;
	struct agent *ag = agent_of(&run->agents, item, &added);
	if (!ag)
		return 0;
	if (added) {
		char *name = filename_set_claim(&run->names, ag->name, ag->len);
		run->written = partition_dir_add(run->dir, name, &ag->file);
		free(name);
		if (run->written)
			return run->written;
		ag->path = partition_dir_path(run->dir, ag->file);
	}
	strbuf_reset(&run->line);
	jw_raw(&run->one_line, item->raw, item->raw_len);
	jw_line_end(&run->one_line);
	run->written = partition_dir_write(run->dir, ag->file, run->line.buf, run->line.len);
	return run->written;
}

/*
 * Bad input stops the run, but what was read before it is kept, as the
 * other subcommands print their result over it.  A file that could not
 * be written is never given its name.
 */
static int split_done(void *ctx, struct reader *r)
{
	struct split_run *run = ctx;
	(void)r;
	int written = run->written ? run->written : partition_dir_commit(run->dir);
	if (written)
		return written;
	write_by_agent(output_writer(), &run->agents, write_file);
	return end_result(run->o, output_writer(), run->agents.count == 0);
}

static int run_split(const struct partition_config *cfg, const struct extract_options *o, int argc,
                     char *argv[])
{
	int status = 0;
	struct split_run run = {.o = o, .line = STRBUF_INIT};
	/* The directory first: a bad one is reported before any input is read. */
	run.dir = partition_dir_open(cfg->split, cfg->force, &status);
	if (!run.dir)
		return status;
	agents_init(&run.agents, cfg);
	filename_set_init(&run.names);
	jw_init_buf(&run.one_line, &run.line, 0);
	struct drive d = {
	    .reads = &partition_reads, .item = split_item, .done = split_done, .ctx = &run};
	status = drive(&d, o, argc, argv);
	partition_dir_free(run.dir);
	strbuf_release(&run.line);
	filename_set_release(&run.names);
	agents_release(&run.agents);
	return status;
}

/* --trajectories: an extractor whose state is every agent's trajectory. */

static void trajectories_add(void *state, const struct reader_item *item)
{
	struct agents *a = state;
	bool added;
	/*
	 * A server stream error has no author, so by the partition rule it
	 * belongs to no agent: pinning it on the agent that happened to run last
	 * would blame one agent for a failure of the server or another's.
	 */
	if (item->kind != VALUE_EVENT)
		return;
	struct agent *ag = agent_of(a, item, &added);
	if (!ag)
		return;
	if (added) {
		ag->trajectory = trajectory_new(&a->cfg->trajectory);
		/* It stands in the object of agents, itself in a --per-invocation line. */
		trajectory_layout(ag->trajectory, a->cfg->pretty, a->cfg->per_invocation ? 2 : 1);
	}
	trajectory_add(ag->trajectory, item);
}

/* Each agent's trajectory, written straight from its state; empty when there is no agent. */
static bool trajectories_write(void *state, struct json_writer *out, int *status)
{
	struct agents *a = state;
	jw_object_begin(out);
	for (size_t i = 0; i < a->count && !*status; i++) {
		jw_keyn(out, a->list[i].name, a->list[i].len);
		*status = trajectory_write(a->list[i].trajectory, out);
	}
	if (!*status)
		jw_object_end(out);
	return a->count == 0;
}

static const struct extractor trajectories_extractor = {
    .name = "partition",
    .start = agents_new,
    .add = trajectories_add,
    .release = agents_free,
    .write = trajectories_write,
};

/* Options. */

static const struct option_row partition_options[] = {
    OPTION_PATH_ROW(OPT_SPLIT, "split", "DIR", COMPLETE_DIR,
                    "write DIR/AGENT.jsonl per agent; print the file names"),
    OPTION_FLAG_ROW(OPT_FORCE, "force", "with --split, overwrite existing files"),
    OPTION_FLAG_ROW(OPT_TRAJECTORIES, "trajectories",
                    "each agent's trajectory instead of its events"),
    OPTION_INCLUDE_ROW(extract_option_table, EXTRACT_ALL),
    OPTION_HEADING_ROW("With --trajectories, the options of adkev trajectory:"),
    OPTION_INCLUDE_ROW(trajectory_option_table, TRAJECTORY_ALL),
    OPTION_END_ROW,
};

static bool partition_option(void *config, int c, const char *arg)
{
	struct partition_config *cfg = config;
	bool bad = false;
	switch (c) {
	case OPT_SPLIT:
		cfg->split = arg;
		return true;
	case OPT_FORCE:
		cfg->force = true;
		return true;
	case OPT_TRAJECTORIES:
		cfg->trajectories = true;
		return true;
	}
	if (!trajectory_option(&cfg->trajectory, c, arg, &bad))
		return false;
	if (!cfg->trajectory_option)
		cfg->trajectory_option = c;
	if (bad && !cfg->bad_option)
		cfg->bad_option = c;
	return true;
}

/* Options that make no sense together: a usage error rather than a silent choice. */
static int check_options(const struct partition_config *cfg, const struct extract_options *o)
{
	const char *problem = NULL;
	if (cfg->bad_option) {
		warnx_msg("partition: invalid value for --%s",
		          command_option_name(&command_partition, cfg->bad_option));
		return command_usage(&command_partition);
	}
	if (cfg->split && !*cfg->split)
		problem = "--split needs a directory name";
	else if (cfg->split && cfg->trajectories)
		problem = "--split and --trajectories cannot be combined";
	else if (cfg->split && o->per_invocation)
		problem = "--split and --per-invocation cannot be combined";
	else if (o->per_file && !cfg->trajectories)
		problem = "--per-file applies only with --trajectories";
	else if (cfg->force && !cfg->split)
		problem = "--force applies only with --split";
	if (problem) {
		warnx_msg("partition: %s", problem);
		return command_usage(&command_partition);
	}
	if (cfg->trajectory_option && !cfg->trajectories) {
		warnx_msg("partition: '--%s' applies only with --trajectories",
		          command_option_name(&command_partition, cfg->trajectory_option));
		return command_usage(&command_partition);
	}
	return -1;
}

static int run_partition(int argc, char *argv[])
{
	/* Its groups are written as they are read; --invocation last is refused. */
	struct extract_options o = {.streams = true};
	struct partition_config cfg = {0};
	trajectory_config_init(&cfg.trajectory);
	int status =
	    extract_parse_options(&command_partition, argc, argv, &o, partition_option, &cfg);
	if (status < 0)
		status = check_options(&cfg, &o);
	if (status < 0) {
		argc -= optind;
		argv += optind;
		if (cfg.trajectories) {
			cfg.pretty = o.style.pretty;
			cfg.per_invocation = o.per_invocation;
			status = extract_run(&trajectories_extractor, &cfg, &o, argc, argv);
		} else {
			output_set_style(o.style);
			status = cfg.split ? run_split(&cfg, &o, argc, argv)
			                   : run_objects(&cfg, &o, argc, argv);
		}
	}
	trajectory_config_release(&cfg.trajectory);
	return status;
}

const struct command command_partition = {
    .name = "partition",
    .summary = "Split the events by agent, passing them through byte for byte.",
    .options = partition_options,
    .operands = "[FILE ...]",
    .run = run_partition,
};
