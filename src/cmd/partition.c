/*
 * cmd_partition.c - adkev partition: the events of each agent (events.md
 * section 3.4, gepa's partition_events_by_agent).
 *
 * Events without an author, with an empty one or written by "user" are
 * dropped; agents come in order of first appearance, each with its events
 * in order.  Events are passed through as their original bytes, never
 * re-serialised: as one JSON object {"agent": [event, ...], ...}, as one
 * JSONL file per agent in a directory (--split, streaming), or, with
 * --trajectories, each agent's events become its trajectory (section 3.3).
 */
#include "cmd/extract.h"
#include "cmd/trajectory.h"
#include "write/filename.h"
#include "write/progress.h"
#include "adk/trajectory.h"

#include <stdlib.h>
#include <string.h>

enum { OPT_SPLIT = OPT_COMMAND, OPT_FORCE, OPT_TRAJECTORIES };

struct partition_config {
	const char *split; /* the directory, or NULL */
	bool force;
	bool trajectories;
	struct trajectory_config trajectory;
	int trajectory_option; /* the first trajectory option given, for messages */
	int bad_option;        /* a trajectory option with a bad value, or 0 */
};

struct agent {
	char *name; /* may hold NUL: use len */
	size_t len;
	struct strbuf events; /* object form: the events so far, with separators */
	size_t nevents;
	size_t file;                   /* --split: the agent's file in the directory */
	const char *path;              /* --split: its path, borrowed from the directory */
	struct trajectory *trajectory; /* --trajectories */
};

struct agents {
	struct agent *list;
	size_t count, cap;
	json_t *index; /* agent name -> position in list */
	long current;  /* the agent of the last event, or -1 */
	const struct partition_config *cfg;
};

static void agents_init(struct agents *a, const struct partition_config *cfg)
{
	memset(a, 0, sizeof *a);
	a->index = json_object();
	a->current = -1;
	a->cfg = cfg;
}

static void agents_release(struct agents *a)
{
	for (size_t i = 0; i < a->count; i++) {
		free(a->list[i].name);
		strbuf_release(&a->list[i].events);
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
	if (known) {
		a->current = (long)json_integer_value(known);
		return &a->list[a->current];
	}
	if (a->count == a->cap) {
		a->cap = a->cap ? a->cap * 2 : 8;
		a->list = xrealloc(a->list, a->cap * sizeof *a->list);
	}
	struct agent *ag = &a->list[a->count];
	memset(ag, 0, sizeof *ag);
	ag->name = xstrndup(name, len);
	ag->len = len;
	json_object_setn_new(a->index, name, len, json_integer((json_int_t)a->count));
	a->current = (long)a->count++;
	*added = true;
	return ag;
}

static void newline_indent(struct strbuf *sb, int level)
{
	strbuf_addch(sb, '\n');
	for (int i = 0; i < level; i++)
		strbuf_add(sb, "  ", 2);
}

/*
 * Appends {"agent": VALUE, ...} for every agent; value() appends one
 * agent's value.  Pretty output starts at indentation level.
 */
static void append_by_agent(struct strbuf *sb, const struct agents *a, bool pretty, int level,
                            void (*value)(struct strbuf *, const struct agent *, bool, int))
{
	strbuf_addch(sb, '{');
	for (size_t i = 0; i < a->count; i++) {
		if (i)
			strbuf_addch(sb, ',');
		if (pretty)
			newline_indent(sb, level + 1);
		json_append_string(sb, a->list[i].name, a->list[i].len);
		strbuf_add(sb, pretty ? ": " : ":", pretty ? 2 : 1);
		value(sb, &a->list[i], pretty, level + 1);
	}
	if (pretty && a->count)
		newline_indent(sb, level);
	strbuf_addch(sb, '}');
}

static void append_events(struct strbuf *sb, const struct agent *ag, bool pretty, int level)
{
	strbuf_addch(sb, '[');
	strbuf_add(sb, ag->events.buf, ag->events.len);
	if (pretty && ag->nevents)
		newline_indent(sb, level);
	strbuf_addch(sb, ']');
}

static void append_file(struct strbuf *sb, const struct agent *ag, bool pretty, int level)
{
	(void)pretty;
	(void)level;
	json_append_string(sb, ag->path, strlen(ag->path));
}

/* Prints a finished text result and a newline; its -e status. */
static int print_text(const struct extract_options *o, struct strbuf *text, bool empty)
{
	strbuf_addch(text, '\n');
	output_bytes(text->buf, text->len);
	return o->exit_status && empty ? EXIT_FALSE : 0;
}

/* The object form. */

/* Adds one event's bytes: on one line in compact output, as they came with -p. */
static void add_event(struct agent *ag, const struct reader_item *item, bool pretty, int level)
{
	if (ag->nevents++)
		strbuf_addch(&ag->events, ',');
	if (pretty) {
		newline_indent(&ag->events, level);
		strbuf_add(&ag->events, item->raw, item->raw_len);
	} else {
		json_append_one_line(&ag->events, item->raw, item->raw_len);
	}
}

static int print_groups(const struct extract_options *o, struct invocation_groups *g)
{
	struct strbuf text = STRBUF_INIT;
	bool pretty = o->style.pretty;
	int assertion = o->exit_status ? EXIT_FALSE : 0;
	for (size_t i = 0; i < g->count && !output_failed(); i++) {
		struct agents *a = g->list[i].state;
		strbuf_reset(&text);
		if (o->per_invocation) {
			strbuf_addch(&text, '{');
			if (pretty)
				newline_indent(&text, 1);
			strbuf_addstr(&text, pretty ? "\"invocation_id\": " : "\"invocation_id\":");
			json_append(&text, g->list[i].id, false, 0);
			strbuf_addch(&text, ',');
			if (pretty)
				newline_indent(&text, 1);
			strbuf_addstr(&text, pretty ? "\"partition\": " : "\"partition\":");
			append_by_agent(&text, a, pretty, 1, append_events);
			if (pretty)
				newline_indent(&text, 0);
			strbuf_addch(&text, '}');
		} else {
			append_by_agent(&text, a, pretty, 0, append_events);
		}
		/* Like jq -e, the last result decides. */
		assertion = print_text(o, &text, a->count == 0);
	}
	strbuf_release(&text);
	return assertion;
}

static int run_objects(const struct partition_config *cfg, const struct extract_options *o,
                       int argc, char *argv[])
{
	struct reader *r = reader_new(argv, argc, o->skip_invalid ? READER_SKIP_INVALID : 0);
	struct invocation_groups g;
	struct reader_item item;
	enum reader_result res;
	/* Events sit one level deeper inside a --per-invocation line. */
	int level = o->per_invocation ? 3 : 2;
	int status = 0;

	struct progress *progress = o->progress ? progress_start(r) : NULL;
	invocation_groups_init(&g, o->per_invocation, agents_new, cfg);
	while ((res = reader_next(r, &item)) == READ_ITEM) {
		/* A stream error has no author: partition never keeps it. */
		if (item.kind != VALUE_EVENT || !extract_passes_filters(o, &item))
			continue;
		struct agents *a = invocation_groups_state(&g, &item);
		bool added;
		struct agent *ag = agent_of(a, &item, &added);
		if (ag)
			add_event(ag, &item, o->style.pretty, level);
	}
	progress_finish(progress);
	if (res == READ_INVALID)
		status = EXIT_DATAERR;

	int assertion = print_groups(o, &g);
	invocation_groups_release(&g, agents_free);

	reader_report_skipped(r);
	status = exit_status_worst(status, reader_status(r));
	status = exit_status_worst(status, assertion);
	reader_free(r);
	return status;
}

/* --split DIR: one JSONL file per agent, written as the events stream by. */

static int run_split(const struct partition_config *cfg, const struct extract_options *o, int argc,
                     char *argv[])
{
	int status = 0;
	/* The directory first: a bad one is reported before any input is read. */
	struct output_dir *d = output_dir_open(cfg->split, cfg->force, &status);
	if (!d)
		return status;

	struct reader *r = reader_new(argv, argc, o->skip_invalid ? READER_SKIP_INVALID : 0);
	struct agents a;
	struct filename_set names;
	struct strbuf line = STRBUF_INIT;
	struct reader_item item;
	enum reader_result res = READ_END;
	int written = 0;

	struct progress *progress = o->progress ? progress_start(r) : NULL;
	agents_init(&a, cfg);
	filename_set_init(&names);
	while (!written && (res = reader_next(r, &item)) == READ_ITEM) {
		if (!extract_passes_filters(o, &item))
			continue;
		bool added;
		struct agent *ag = agent_of(&a, &item, &added);
		if (!ag)
			continue;
		if (added) {
			char *name = filename_set_claim(&names, ag->name, ag->len);
			written = output_dir_add(d, name, &ag->file);
			free(name);
			if (written)
				break;
			ag->path = output_dir_path(d, ag->file);
		}
		strbuf_reset(&line);
		json_append_one_line(&line, item.raw, item.raw_len);
		strbuf_addch(&line, '\n');
		written = output_dir_write(d, ag->file, line.buf, line.len);
	}
	progress_finish(progress);
	if (!written && res == READ_INVALID)
		status = EXIT_DATAERR;
	/*
	 * Bad input stops the run, but what was read before it is kept, as
	 * the other subcommands print their result over it.  A file that
	 * could not be written is never given its name.
	 */
	if (!written)
		written = output_dir_commit(d);
	if (!written) {
		strbuf_reset(&line);
		append_by_agent(&line, &a, o->style.pretty, 0, append_file);
		status = exit_status_worst(status, print_text(o, &line, a.count == 0));
	}
	status = exit_status_worst(status, written);

	output_dir_free(d);
	strbuf_release(&line);
	filename_set_release(&names);
	agents_release(&a);
	reader_report_skipped(r);
	status = exit_status_worst(status, reader_status(r));
	reader_free(r);
	return status;
}

/* --trajectories: an extractor whose state is every agent's trajectory. */

static void trajectories_add(void *state, const struct reader_item *item)
{
	struct agents *a = state;
	bool added;
	/* A server stream error interrupted the agent that was running. */
	if (item->kind == VALUE_STREAM_ERROR) {
		if (a->current >= 0)
			trajectory_add(a->list[a->current].trajectory, item);
		return;
	}
	struct agent *ag = agent_of(a, item, &added);
	if (!ag)
		return;
	if (added)
		ag->trajectory = trajectory_new(&a->cfg->trajectory);
	trajectory_add(ag->trajectory, item);
}

static json_t *trajectories_finish(void *state, int *status)
{
	struct agents *a = state;
	json_t *result = json_object();
	(void)status;
	for (size_t i = 0; i < a->count; i++)
		json_object_setn_new(result, a->list[i].name, a->list[i].len,
		                     trajectory_json(a->list[i].trajectory));
	return result;
}

static const struct extractor trajectories_extractor = {
    .name = "partition",
    .start = agents_new,
    .add = trajectories_add,
    .finish = trajectories_finish,
    .release = agents_free,
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
    OPTION_INCLUDE_ROW(trajectory_option_table, 0),
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
	struct extract_options o = {0};
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
