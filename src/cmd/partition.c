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
#include "cmd/extract.h"
#include "cmd/groups.h"
#include "cmd/trajectory.h"
#include "cmd/partition_dir.h"
#include "write/filename.h"
#include "adk/trajectory.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

struct partition_config {
	struct run_options run; /* its -p and --per-invocation say where a trajectory stands */
	const char *split;      /* the directory, or NULL */
	bool force;
	bool trajectories;
	bool by_node; /* --by-node: a workflow node's events go by its node path */
	struct trajectory_config trajectory;
	const char *trajectory_option; /* the first trajectory option given, for messages */
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
static struct agent *agent_named(struct agents *a, const char *name, size_t len, bool *added);

/*
 * --by-node: the node path of a workflow node's event (nodeInfo.path) with
 * each name's run id ("@1", ADK Python's) left out, so that every run of a
 * node is one group: "wf/A@1/B@2" is "wf/A/B", ADK JS's "wf.node" stays.
 */
static struct agent *node_named(struct agents *a, const json_t *node, bool *added)
{
	const char *path = json_string_value(node);
	size_t len = json_string_length(node);
	char sep = memchr(path, '/', len) ? '/' : '.';
	struct strbuf key = STRBUF_INIT;
	bool run = false;
	for (size_t i = 0; i < len; i++) {
		if (path[i] == sep)
			run = false;
		else if (path[i] == '@')
			run = true;
		if (!run)
			strbuf_addch(&key, path[i]);
	}
	struct agent *ag = agent_named(a, key.buf ? key.buf : "", key.len, added);
	strbuf_release(&key);
	return ag;
}

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
	const json_t *node = a->cfg->by_node ? event_node_path(item->value) : NULL;
	if (node && json_string_length(node))
		return node_named(a, node, added);
	return agent_named(a, name, len, added);
}

/* The agent called name[0..len), added if it is new (*added). */
static struct agent *agent_named(struct agents *a, const char *name, size_t len, bool *added)
{
	*added = false;
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
static int end_result(const struct run_options *o, struct json_writer *w, bool empty)
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

static int print_groups(const struct run_options *o, struct invocation_groups *g)
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

/*
 * Events are written as their bytes are: only the author, the node (for
 * --by-node) and the invocation (run_read()'s) are read.
 */
static const struct adk_reads partition_reads = {.event = ADK_MEMBER(ADK_AUTHOR) |
                                                          ADK_MEMBER(ADK_NODE_INFO)};

/* What run_objects() hands run_read(): the groups of agents, and where their events stand. */
struct objects_run {
	const struct run_options *o;
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
	/* The arrays are spliced into the output with jw_raw(), which colours them there. */
	if (ag)
		add_event(ag, item, output_flags(run->o->style) & ~JW_COLOR, run->level);
	return 0;
}

static int objects_done(void *ctx, struct reader *r)
{
	struct objects_run *run = ctx;
	(void)r;
	return print_groups(run->o, &run->groups);
}

static int run_objects(const struct partition_config *cfg, const struct run_options *o, int argc,
                       char *argv[])
{
	/* Events sit one level deeper inside a --per-invocation line. */
	struct objects_run run = {.o = o, .level = o->per_invocation ? 3 : 2};
	struct run_plan d = {
	    .reads = &partition_reads, .item = objects_item, .done = objects_done, .ctx = &run};
	invocation_groups_init(&run.groups, o->per_invocation, agents_new, cfg);
	int status = run_read(&d, o, argc, argv);
	invocation_groups_release(&run.groups, agents_free);
	return status;
}

/* --split DIR: one JSONL file per agent, written as the events stream by. */

/*
 * The line buffers of merged chunks, kept for the chunks workers begin
 * next: a buffer of a chunk's size freed and another taken is fresh
 * memory for every chunk (glibc maps and trims blocks this large), 45 MB
 * of page faults on the 100 MB bench.  Taken and given back under lock,
 * the one thing in the run that workers change.
 */
#define SPARE_LINES 16
struct spare_lines {
	pthread_mutex_t lock;
	struct strbuf list[SPARE_LINES];
	size_t count;
};

/* What run_split() hands run_read(). */
struct split_run {
	struct spare_lines spares;
	const struct run_options *o;
	struct partition_dir *dir;
	struct agents agents;
	struct filename_set names;
	struct strbuf line;
	struct json_writer one_line; /* each event as a compact JSON line */
	int written;                 /* the status of a file that could not be made or written */
};

/* Makes ag's file when ag is new (added); the status. */
static int split_start(struct split_run *run, struct agent *ag, bool added)
{
	if (added) {
		char *name = filename_set_claim(&run->names, ag->name, ag->len);
		run->written = partition_dir_add(run->dir, name, &ag->file);
		free(name);
		if (!run->written)
			ag->path = partition_dir_path(run->dir, ag->file);
	}
	return run->written;
}

/* An event as its line of an agent's file: its bytes, compact, then a line end. */
static void event_line(struct json_writer *w, const struct reader_item *item)
{
	jw_raw(w, item->raw, item->raw_len);
	jw_line_end(w);
}

static int split_item(void *ctx, struct reader *r, const struct reader_item *item)
{
	struct split_run *run = ctx;
	bool added;
	(void)r;
	struct agent *ag = agent_of(&run->agents, item, &added);
	if (!ag)
		return 0;
	if (split_start(run, ag, added))
		return run->written;
	strbuf_reset(&run->line);
	event_line(&run->one_line, item);
	run->written = partition_dir_write(run->dir, ag->file, run->line.buf, run->line.len);
	return run->written;
}

/*
 * --split in chunks (cmd/run.h): every kept event's line of a chunk, in
 * input order, in one buffer, and where each of the chunk's agents has
 * its lines in it.  A line is copied once, on the worker; the merge
 * appends each agent's lines to its file with a few writev() calls and
 * copies none, as split_item() would have appended them one by one.
 */
struct split_chunk {
	struct agents agents; /* the chunk's, in order of first appearance */
	struct strbuf lines;
	struct json_writer w;   /* writes into lines */
	struct agent_lines *of; /* of[i]: where agents.list[i]'s lines lie */
	size_t of_cap;
};

/* Where one agent's lines lie in its chunk's buffer, lines next to each other as one piece. */
struct agent_lines {
	struct dir_piece *list;
	size_t count, cap;
};

/* A spare line buffer, emptied, or a new one. */
static struct strbuf take_spare(struct spare_lines *s)
{
	struct strbuf lines = STRBUF_INIT;
	pthread_mutex_lock(&s->lock);
	if (s->count)
		lines = s->list[--s->count];
	pthread_mutex_unlock(&s->lock);
	strbuf_reset(&lines);
	return lines;
}

/* Keeps lines for a later chunk, or frees it when enough are kept. */
static void give_back(struct spare_lines *s, struct strbuf *lines)
{
	pthread_mutex_lock(&s->lock);
	if (s->count < SPARE_LINES) {
		s->list[s->count++] = *lines;
		*lines = (struct strbuf)STRBUF_INIT;
	}
	pthread_mutex_unlock(&s->lock);
	strbuf_release(lines);
}

static void *split_chunk_begin(const void *ctx)
{
	struct split_run *run = (struct split_run *)ctx;
	struct split_chunk *c = xcalloc(1, sizeof *c);
	agents_init(&c->agents, run->agents.cfg);
	c->lines = take_spare(&run->spares);
	jw_init_buf(&c->w, &c->lines, 0);
	return c;
}

/* Notes a line of l's agent at lines[at..at+len): the last piece grows when it ends there. */
static void add_piece(struct agent_lines *l, size_t at, size_t len)
{
	struct dir_piece *last = l->count ? &l->list[l->count - 1] : NULL;
	if (last && last->at + last->len == at) {
		last->len += len;
		return;
	}
	if (l->count == l->cap) {
		l->cap = l->cap ? l->cap * 2 : 16;
		l->list = xrealloc(l->list, l->cap * sizeof *l->list);
	}
	l->list[l->count++] = (struct dir_piece){.at = at, .len = len};
}

static void split_chunk_add(const void *ctx, void *state, const struct reader_item *item)
{
	struct split_chunk *c = state;
	bool added;
	(void)ctx;
	struct agent *ag = agent_of(&c->agents, item, &added);
	if (!ag)
		return;
	size_t i = (size_t)(ag - c->agents.list);
	if (added) {
		if (i == c->of_cap) {
			c->of_cap = c->agents.cap;
			c->of = xrealloc(c->of, c->of_cap * sizeof *c->of);
		}
		c->of[i] = (struct agent_lines){0};
	}
	size_t at = c->lines.len;
	event_line(&c->w, item);
	add_piece(&c->of[i], at, c->lines.len - at);
}

static void *split_chunk_end(const void *ctx, void *state)
{
	(void)ctx;
	return state;
}

static void split_chunk_release(const void *ctx, void *state)
{
	struct split_run *run = (struct split_run *)ctx;
	struct split_chunk *c = state;
	for (size_t i = 0; i < c->agents.count; i++)
		free(c->of[i].list);
	free(c->of);
	agents_release(&c->agents);
	jw_release(&c->w);
	give_back(&run->spares, &c->lines);
	free(c);
}

static int split_chunk_merge(const void *ctx, void *state)
{
	struct split_run *run = (struct split_run *)ctx;
	struct split_chunk *c = state;
	for (size_t i = 0; i < c->agents.count && !run->written; i++) {
		struct agent *mine = &c->agents.list[i];
		bool added;
		struct agent *ag = agent_named(&run->agents, mine->name, mine->len, &added);
		if (!split_start(run, ag, added))
			run->written = partition_dir_write_pieces(run->dir, ag->file, c->lines.buf,
			                                          c->of[i].list, c->of[i].count);
	}
	split_chunk_release(ctx, c);
	return run->written;
}

static const struct chunk_work split_chunks = {
    split_chunk_begin, split_chunk_add,     split_chunk_end,
    split_chunk_merge, split_chunk_release, NULL, NULL,
};

/*
 * Bad input stops the run, but what was read before it is kept, as the
 * other subcommands print their result over it.  A file that could not
 * be written is never given its name, and neither is any when the result
 * that names them could not be written (standard output on a full disk):
 * the files are written out and their names checked first, the result is
 * written and flushed, and only then do the files get their names.
 */
static int split_done(void *ctx, struct reader *r)
{
	struct split_run *run = ctx;
	(void)r;
	int written = run->written ? run->written : partition_dir_prepare(run->dir);
	if (written)
		return written;
	write_by_agent(output_writer(), &run->agents, write_file);
	int status = end_result(run->o, output_writer(), run->agents.count == 0);
	output_flush();
	if (output_failed())
		return EXIT_IOERR;
	written = partition_dir_commit(run->dir);
	return written ? written : status;
}

static int run_split(const struct partition_config *cfg, const struct run_options *o, int argc,
                     char *argv[])
{
	int status = 0;
	struct split_run run = {.o = o, .line = STRBUF_INIT};
	/* The directory first: a bad one is reported before any input is read. */
	run.dir = partition_dir_open(cfg->split, cfg->force, &status);
	if (!run.dir)
		return status;
	agents_init(&run.agents, cfg);
	pthread_mutex_init(&run.spares.lock, NULL);
	filename_set_init(&run.names);
	jw_init_buf(&run.one_line, &run.line, 0);
	struct chunk_work chunks = split_chunks;
	chunks.ctx = &run;
	struct run_plan d = {.reads = &partition_reads,
	                     .item = split_item,
	                     .done = split_done,
	                     .ctx = &run,
	                     .chunks = &chunks};
	status = run_read(&d, o, argc, argv);
	partition_dir_free(run.dir);
	for (size_t i = 0; i < run.spares.count; i++)
		strbuf_release(&run.spares.list[i]);
	pthread_mutex_destroy(&run.spares.lock);
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
		trajectory_layout(ag->trajectory, output_flags(a->cfg->run.style) & JW_PRETTY,
		                  a->cfg->run.per_invocation ? 2 : 1);
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

static void *trajectories_begin(const void *config, struct json_writer *out)
{
	(void)out;
	return agents_new(config);
}

static const struct streaming_extractor trajectories_extractor = {
    .name = "partition",
    .begin = trajectories_begin,
    .add = trajectories_add,
    .end = trajectories_write,
    .release = agents_free,
};

/* Options. */

static const struct option_row partition_options[] = {
    OPTION_PATH_ROW(0, "split", "DIR", COMPLETE_DIR, struct partition_config, split,
                    "write DIR/AGENT.jsonl per agent; print the file names"),
    OPTION_TRUE_ROW(0, "force", struct partition_config, force,
                    "with --split, overwrite existing files"),
    OPTION_TRUE_ROW(0, "trajectories", struct partition_config, trajectories,
                    "each agent's trajectory instead of its events"),
    OPTION_TRUE_ROW(0, "by-node", struct partition_config, by_node,
                    "a workflow node's events by its node path, not its author"),
    OPTION_INCLUDE_ROW(run_option_table, RUN_ALL, struct partition_config, run),
    OPTION_HEADING_ROW("With --trajectories, the options of adkev trajectory:"),
    {.kind = OPTION_INCLUDE,
     .include = trajectory_option_table,
     .groups = TRAJECTORY_ALL,
     .offset = offsetof(struct partition_config, trajectory),
     .noted = true,
     .noted_at = offsetof(struct partition_config, trajectory_option)},
    OPTION_END_ROW,
};

/* Options that make no sense together: a usage error rather than a silent choice. */
static const char *conflict(const struct partition_config *cfg)
{
	const struct run_options *o = &cfg->run;
	if (cfg->split && !*cfg->split)
		return "--split needs a directory name";
	if (cfg->split && cfg->trajectories)
		return "--split and --trajectories cannot be combined";
	if (cfg->split && o->per_invocation)
		return "--split and --per-invocation cannot be combined";
	if (cfg->split && o->invocation_last)
		return "--invocation last needs the whole run, and --split writes the files as it "
		       "reads";
	if (o->per_file && !cfg->trajectories)
		return "--per-file applies only with --trajectories";
	if (o->per_session && !cfg->trajectories)
		return "--per-session applies only with --trajectories";
	if (cfg->force && !cfg->split)
		return "--force applies only with --split";
	return NULL;
}

static int check_options(const struct partition_config *cfg)
{
	const char *problem = conflict(cfg);
	if (problem)
		return command_usage_error(&command_partition, "%s", problem);
	if (cfg->trajectory_option && !cfg->trajectories)
		return command_usage_error(&command_partition,
		                           "'--%s' applies only with --trajectories",
		                           cfg->trajectory_option);
	return -1;
}

static int run_partition(int argc, char *argv[])
{
	/* --invocation last is refused with --split (conflict()), whose files are written as read.
	 */
	struct partition_config cfg = {.force = false};
	trajectory_config_init(&cfg.trajectory);
	int status = command_parse(&command_partition, argc, argv, &cfg);
	if (status < 0)
		status = check_options(&cfg);
	if (status < 0) {
		argc -= optind;
		argv += optind;
		if (cfg.trajectories)
			status =
			    extract_stream(&trajectories_extractor, &cfg, &cfg.run, argc, argv);
		else if (cfg.split)
			status = run_split(&cfg, &cfg.run, argc, argv);
		else
			status = run_objects(&cfg, &cfg.run, argc, argv);
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
