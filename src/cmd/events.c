/*
 * events.c - adkev events: the events of any input adkev reads, one per
 * line, for jq.
 *
 * A session database, an SSE capture, a session object, an array, a
 * compressed log: whatever the source, what comes out is JSON lines of
 * events, the form every jq filter is written for.  An event is passed
 * through as the bytes its source held where they are one line (a JSONL or
 * SSE source, a database row), else written compactly; --camel and --snake
 * write every key ADK wrote in one spelling instead.  Filters pick events
 * by what is in them (--kind, --tool), by time (--since, --until), and by
 * the shared --author, --invocation, --session, --app and --user.  The
 * lines are made one event at a time, in input order at any -j
 * (cmd/event_lines.h).
 */
#include "adk/event.h"
#include "adk/store.h"
#include "cmd/event_lines.h"
#include "read/dirwalk.h"
#include "read/sessiondb.h"
#include "read/source.h"
#include "stamp.h"
#include "write/json.h"

#include <inttypes.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* What --kind picks: an event passes when it is of any kind given. */
enum event_kind {
	KIND_TEXT = 1 << 0,    /* a text part that is not a thought */
	KIND_THOUGHT = 1 << 1, /* a thought's text */
	KIND_CALL = 1 << 2,    /* a function call */
	KIND_RESULT = 1 << 3,  /* a function response */
	KIND_STATE = 1 << 4,   /* a state delta with a key */
	KIND_ERROR = 1 << 5,   /* an error code or message, or the server's stream error */
	KIND_USER = 1 << 6,    /* written by the user */
	KIND_FINAL = 1 << 7,   /* an agent's final response, as ADK's is_final_response() */
};
static const char *const kind_names[] = {"text",  "thought", "call", "result",
                                         "state", "error",   "user", "final"};
#define KIND_COUNT (sizeof kind_names / sizeof *kind_names)

enum spelling { SPELLING_AS_READ, SPELLING_CAMEL, SPELLING_SNAKE };

/* --since or --until: a time, and whether one was given. */
struct time_bound {
	double seconds;
	bool given;
};

/* The session the lines of --per-session are tagged with, while its events are read. */
struct session_tag {
	const char *file;              /* the operand as messages show it */
	const struct session_info *db; /* a database's session, or NULL for a file's */
};

struct events_options {
	struct run_options run;
	enum spelling spelling;         /* --camel, --snake */
	unsigned kinds;                 /* --kind, as enum event_kind bits; 0: every kind */
	const char *tool;               /* --tool NAME */
	struct time_bound since, until; /* --since, --until */
	bool per_session;               /* --per-session: each line tagged with its session */
	struct session_tag tag;         /* --per-session's session being read */
	json_t *seen; /* -f over a database: the keys of the events written (seen_before()) */
};

static const char *take_kind(void *at, const char *arg)
{
	unsigned *kinds = at;
	const char *p = arg;
	while (*p) {
		size_t n = strcspn(p, ",");
		size_t k = 0;
		while (k < KIND_COUNT &&
		       !(strlen(kind_names[k]) == n && !strncmp(p, kind_names[k], n)))
			k++;
		if (k == KIND_COUNT)
			return "invalid value for --kind: text, thought, call, result, state, "
			       "error, "
			       "user or final (or several, with commas) is needed";
		*kinds |= 1u << k;
		p += n + (p[n] == ',');
	}
	return *arg ? NULL : "--kind needs a kind";
}

/*
 * A time: RFC 3339 (2026-12-01T10:00:00Z), seconds since the epoch, or
 * relative to now: -90s, -30m, -2h, -1d (+ for the future).
 */
static bool parse_time(const char *arg, double *seconds)
{
	size_t n = strlen(arg);
	if ((arg[0] == '-' || arg[0] == '+') && n > 2 && strchr("smhd", arg[n - 1])) {
		static const double unit[] = {
		    ['s' - 'a'] = 1, ['m' - 'a'] = 60, ['h' - 'a'] = 3600, ['d' - 'a'] = 86400};
		char *number = xstrndup(arg, n - 1);
		double v;
		bool ok = parse_double(number, &v);
		free(number);
		*seconds = (double)time(NULL) + v * unit[arg[n - 1] - 'a'];
		return ok;
	}
	return stamp_parse_rfc3339(arg, seconds) || parse_double(arg, seconds);
}

#define TIME_FORMS "RFC 3339 (2026-12-01T10:00:00Z), epoch seconds, or relative to now (-2h)"

static const char *take_since(void *at, const char *arg)
{
	struct time_bound *b = at;
	b->given = parse_time(arg, &b->seconds);
	return b->given ? NULL : "invalid value for --since: " TIME_FORMS " is needed";
}

static const char *take_until(void *at, const char *arg)
{
	struct time_bound *b = at;
	b->given = parse_time(arg, &b->seconds);
	return b->given ? NULL : "invalid value for --until: " TIME_FORMS " is needed";
}

static const char *take_camel(void *at, const char *arg)
{
	(void)arg;
	enum spelling *s = at;
	if (*s == SPELLING_SNAKE)
		return "--camel and --snake are exclusive";
	*s = SPELLING_CAMEL;
	return NULL;
}

static const char *take_snake(void *at, const char *arg)
{
	(void)arg;
	enum spelling *s = at;
	if (*s == SPELLING_CAMEL)
		return "--camel and --snake are exclusive";
	*s = SPELLING_SNAKE;
	return NULL;
}

/* The kinds of an event (enum event_kind bits), and whether a call or result of --tool is in it. */
static unsigned kinds_of(const json_t *event, const char *tool, bool *has_tool)
{
	unsigned kinds = 0;
	json_t *part, *delta = adk_get(adk_get(event, ADK_ACTIONS), ADK_STATE_DELTA);
	size_t i;
	json_array_foreach(event_parts(event), i, part)
	{
		size_t len = 0;
		bool thought = part_is_thought(part);
		if (part_text(part, &len) && len)
			kinds |= thought ? KIND_THOUGHT : KIND_TEXT;
		json_t *call = adk_get(part, ADK_FUNCTION_CALL);
		json_t *result = adk_get(part, ADK_FUNCTION_RESPONSE);
		kinds |= (call ? KIND_CALL : 0) | (result ? KIND_RESULT : 0);
		if (tool && (json_string_equals(adk_get(call, ADK_NAME), tool) ||
		             json_string_equals(adk_get(result, ADK_NAME), tool)))
			*has_tool = true;
	}
	if (json_object_size(delta))
		kinds |= KIND_STATE;
	if (adk_get(event, ADK_ERROR_CODE) || adk_get(event, ADK_ERROR_MESSAGE))
		kinds |= KIND_ERROR;
	/* ADK calls a user's message a final response too; --kind final means the agent's. */
	if (event_is_user(event))
		kinds |= KIND_USER;
	else if (event_is_answer(event))
		kinds |= KIND_FINAL;
	return kinds;
}

/* Whether the item passes --kind, --tool, --since and --until. */
static bool wanted(const struct events_options *o, const struct reader_item *item)
{
	if (item->kind == VALUE_STREAM_ERROR)
		return (!o->kinds || (o->kinds & KIND_ERROR)) && !o->tool && !o->since.given &&
		       !o->until.given;
	/* The parts are looked through only when a filter asks what is in them. */
	bool has_tool = false;
	unsigned kinds = o->kinds || o->tool ? kinds_of(item->value, o->tool, &has_tool) : 0;
	if ((o->kinds && !(kinds & o->kinds)) || (o->tool && !has_tool))
		return false;
	double t;
	if (!o->since.given && !o->until.given)
		return true;
	/* An event without a time is in no span of time. */
	return event_timestamp(item->value, &t) && (!o->since.given || t >= o->since.seconds) &&
	       (!o->until.given || t < o->until.seconds);
}

/*
 * The event as one line's JSON: its own bytes, with the line breaks and the
 * blanks after them left out where it was written over several lines (a
 * raw line break stands only between tokens), or respelled.
 */
static void event_value(const struct events_options *o, const struct reader_item *item,
                        struct json_writer *w)
{
	if (o->spelling == SPELLING_AS_READ || item->kind != VALUE_EVENT) {
		jw_raw(w, item->raw, item->raw_len);
		return;
	}
	json_t *v = adk_respelled(item->value, o->spelling == SPELLING_SNAKE);
	jw_value(w, v);
	json_decref(v);
}

/*
 * What the filters read of an event (kinds_of(), event_timestamp()): where
 * the events are passed through as their bytes, only that is built, a
 * call's or result's name the deepest of it.
 */
static const struct adk_reads filter_reads = {
    .event = ADK_READS_FINAL_EVENT | ADK_MEMBER(ADK_ERROR_CODE) | ADK_MEMBER(ADK_ERROR_MESSAGE) |
             ADK_MEMBER(ADK_TIMESTAMP),
    .content = ADK_READS_FINAL_CONTENT,
    .actions = ADK_READS_FINAL_ACTIONS | ADK_MEMBER(ADK_STATE_DELTA),
    .part =
        ADK_READS_FINAL_PART | ADK_MEMBER(ADK_FUNCTION_CALL) | ADK_MEMBER(ADK_FUNCTION_RESPONSE),
    .tool_levels = 2,
};

/*
 * --per-session's tags, in an object the event then ends: the file, then the
 * session's app, user and id (null where unknown), as every command's
 * --per-session lines have them.
 */
static void session_tags(const struct events_options *o, const struct reader_item *item,
                         struct json_writer *w)
{
	const struct session_info *db = o->tag.db;
	const char *file = o->tag.file ? o->tag.file : item->pos.file;
	const char *values[] = {file ? file : "-",
	                        db ? db->app : adk_get_string(item->session, ADK_APP_NAME),
	                        db ? db->user : adk_get_string(item->session, ADK_USER_ID),
	                        db ? db->id : adk_get_string(item->session, ADK_ID)};
	static const char *const keys[] = {"file", "app_name", "user_id", "session_id"};
	jw_object_begin(w);
	for (size_t i = 0; i < 4; i++) {
		json_t *v = values[i] ? json_string_lossy(values[i]) : json_null();
		jw_key(w, keys[i]);
		jw_value(w, v);
		json_decref(v);
	}
	jw_key(w, "event");
}

/*
 * -f over a database, which is read again and again: whether the event was
 * written by an earlier read, by its place ("session S, event E") and its
 * bytes, and if not, remembers it.
 */
static bool seen_before(json_t *seen, const struct reader_item *item)
{
	char key[64];
	uint64_t place =
	    item->pos.record ? store_hash(item->pos.record, strlen(item->pos.record)) : 0;
	snprintf(key, sizeof key, "%016" PRIx64 "%016" PRIx64, place,
	         store_hash(item->raw, item->raw_len));
	if (json_object_get(seen, key))
		return true;
	json_object_set_new(seen, key, json_true());
	return false;
}

static int event_line(const void *ctx, struct reader *r, const struct reader_item *item,
                      struct strbuf *out)
{
	const struct events_options *o = ctx;
	(void)r;
	if (!wanted(o, item) || (o->seen && seen_before(o->seen, item)))
		return 0;
	struct json_writer w;
	jw_init_buf(&w, out, 0);
	if (o->per_session)
		session_tags(o, item, &w);
	event_value(o, item, &w);
	if (o->per_session)
		jw_object_end(&w);
	jw_line_end(&w);
	jw_release(&w);
	return 0;
}

/* --per-session over a session database: each session chosen read alone, its lines tagged. */
/* What read_database() hands run_each_session(). */
struct events_database_read {
	struct events_options *o;
	const struct event_lines *how;
	char *operand;
};

/* One session of a database: its lines, tagged with its names. */
static int read_database_session(void *ctx, const struct run_options *one,
                                 const struct session_info *session)
{
	struct events_database_read *d = ctx;
	d->o->tag.db = session;
	return event_lines_run(d->how, one, 1, &d->operand);
}

static int read_database(struct events_options *o, const struct event_lines *how,
                         const struct run_options *run, char *operand)
{
	char *name = sessiondb_masked(operand);
	o->tag.file = name;
	struct events_database_read d = {o, how, operand};
	int status = run_each_session(operand, run, read_database_session, &d);
	o->tag = (struct session_tag){0};
	free(name);
	return status;
}

/*
 * One operand: with --per-session a database's sessions one by one (also
 * those of a folder, each database in it so), else its events.
 */
static int read_operand(struct events_options *o, const struct event_lines *how,
                        const struct run_options *run, char *operand)
{
	if (!o->per_session || !dirwalk_is_dir(operand)) {
		if (o->per_session && sessiondb_claims(operand))
			return read_database(o, how, run, operand);
		return event_lines_run(how, run, 1, &operand);
	}
	struct dirwalk *w = dirwalk_new(operand, NULL);
	const char *path;
	int walked = 0, status = 0;
	while (!output_failed() && (path = dirwalk_next(w, &walked)))
		status = exit_status_worst(status, read_operand(o, how, run, (char *)path));
	dirwalk_free(w);
	return exit_status_worst(status, walked);
}

/*
 * -f over a session database (a live adk web session): it is read again
 * every FOLLOW_POLL_MS, until a signal ends the run, and what came since
 * is written; the events written before are passed over (seen_before()).
 * Each read opens the database anew and reads it a page at a time, so it
 * holds no lock that ADK's writer would wait on for longer than a page:
 * in WAL mode none at all, in rollback-journal mode a shared one per page.
 */
static int follow_database(struct events_options *o, const struct event_lines *how, char *operand)
{
	struct run_options once = o->run;
	once.follow = false;
	o->seen = json_object();
	source_follow_start();
	int status = 0;
	while (!status && !source_interrupted() && !output_failed()) {
		status = read_operand(o, how, &once, operand);
		output_flush();
		poll(NULL, 0, FOLLOW_POLL_MS);
	}
	json_decref(o->seen);
	o->seen = NULL;
	return status;
}

/*
 * The operands in order: with --per-session each alone; with -f, the last
 * one followed, as a file grows or as a database's sessions do.
 */
static int read_operands(struct events_options *o, const struct event_lines *how, int argc,
                         char *argv[])
{
	bool follow_db = o->run.follow && sessiondb_claims(argv[argc - 1]);
	if (!o->per_session && !follow_db)
		return event_lines_run(how, &o->run, argc, argv);
	struct run_options once = o->run;
	once.follow = false;
	int status = 0;
	for (int i = 0; i < argc && !output_failed(); i++) {
		bool last = i == argc - 1;
		int s = last && follow_db ? follow_database(o, how, argv[i])
		        : last            ? read_operand(o, how, &o->run, argv[i])
		                          : read_operand(o, how, &once, argv[i]);
		status = exit_status_worst(status, s);
	}
	return status;
}

#define EVENTS_CALL_FLAG(long_, take_, help_)                                                      \
	OPTION_CALL_FLAG_ROW(0, long_, take_, struct events_options, spelling, help_)

static const struct option_row events_option_table[] = {
    EVENTS_CALL_FLAG("camel", take_camel, "write every key ADK wrote in camelCase (ADK JS's)"),
    EVENTS_CALL_FLAG("snake", take_snake,
                     "write every key ADK wrote in snake_case (ADK Python's model_dump)"),
    OPTION_CALL_ROW(0, "kind", "KIND[,KIND...]", take_kind, struct events_options, kinds,
                    "only events with text, thought, call, result, state, error, user or final"),
    OPTION_STRING_ROW(0, "tool", "NAME", struct events_options, tool,
                      "only events that call tool NAME or hold its result"),
    OPTION_CALL_ROW(0, "since", "TIME", take_since, struct events_options, since,
                    "only events at TIME or later (RFC 3339, epoch seconds, or -2h)"),
    OPTION_CALL_ROW(0, "until", "TIME", take_until, struct events_options, until,
                    "only events before TIME"),
    OPTION_TRUE_ROW(0, "per-session", struct events_options, per_session,
                    "wrap each event in a line with its file, app, user and session"),
    OPTION_INCLUDE_ROW(run_option_table,
                       RUN_COMPACT | RUN_FILTERS | RUN_INPUT | RUN_JOBS | RUN_FOLLOW | RUN_SESSIONS,
                       struct events_options, run),
    OPTION_END_ROW,
};

static int run_events(int argc, char *argv[])
{
	struct events_options o = {.run.streams = true};
	int status = command_parse(&command_events, argc, argv, &o);
	if (status >= 0)
		return status;
	argc -= optind;
	argv += optind;
	struct event_lines how = {.line = event_line,
	                          .ctx = &o,
	                          .name = "events",
	                          .no_chunks = o.per_session,
	                          .reads = o.spelling == SPELLING_AS_READ ? &filter_reads : NULL};
	char dash[] = "-";
	char *standard_input[] = {dash};
	return argc ? read_operands(&o, &how, argc, argv)
	            : read_operands(&o, &how, 1, standard_input);
}

const struct command command_events = {
    .name = "events",
    .summary = "Write the events of any input as JSON lines, for jq.",
    .options = events_option_table,
    .operands = "[FILE ...]",
    .run = run_events,
};
