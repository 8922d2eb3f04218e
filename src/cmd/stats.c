/*
 * stats.c - adkev stats: a run in numbers.
 *
 * Events per author and per kind (the kinds `adkev show` prints), the
 * number of invocations, tool calls per tool with how many of their results
 * reported a failure, token totals by the trajectory's rule (one count per
 * model call), and the time from the first to the last event.  JSON by
 * default; --table writes an aligned text table instead.  Kinds and tools
 * leave out what a rewind undid (stats_rewind.h), and "rewound" says how
 * much that was.
 */
#include "adk/eventview.h"
#include "adk/partial.h"
#include "adk/redact.h"
#include "cmd/extract.h"
#include "cmd/stats_rewind.h"
#include "read/sessiondb.h"
#include "write/output.h"
#include "write/termtext.h"
#include "adk/usage.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/*
 * round(3) and floor(3) for the times stats prints, written here so adkev
 * needs no libm: its pages were a twentieth of the 8 MB memory budget with
 * -j.  Doubles of magnitude 2^52 or more are whole already; below that the
 * cast is exact, and so is the fraction x - trunc(x).
 */
#define WHOLE_FROM 4503599627370496.0 /* 2^52 */

static double whole_toward_zero(double x)
{
	return fabs(x) < WHOLE_FROM ? (double)(long long)x : x;
}

static double round_half_away(double x)
{
	double w = whole_toward_zero(x), fraction = x - w;
	if (fraction >= 0.5)
		w += 1;
	else if (fraction <= -0.5)
		w -= 1;
	return w;
}

static double floor_of(double x)
{
	double w = whole_toward_zero(x);
	return w > x ? w - 1 : w;
}

/*
 * How the --table tables are written: set apart by a blank line, each under
 * lines that say whose it is.  Over session databases each session gets a
 * table of its own, under its header; the first waits for a second, so that
 * a database of one session (or --session) shows as it always did, with no
 * header.
 */
struct stats_tables {
	bool printed;    /* a table has been written: the next one is set apart */
	bool by_session; /* --table over session databases, without --per-session */
	bool holding;    /* the first session's table waits for a second */
	bool several;    /* a session was left out: the others are under headings */
	struct strbuf held_header, held_body;
};

struct stats_config {
	struct run_options run;
	bool table;
	struct stats_tables *tables;
	bool redact;                     /* --redact */
	const struct redactor *redactor; /* the --redact redactor, or NULL */
};

struct stats {
	const struct redactor *redactor;
	json_int_t events, stream_errors;
	json_t *authors; /* name -> count */
	/*
	 * The distinct invocation ids: as a set (id -> true) in a state that is
	 * folded (--partial, a chunk's), which must hand the ids on; else, in a
	 * run's or a merge's state, only counted, by the 64-bit hash of each id
	 * (16 bytes an id, as usage.c keeps its keys, and with its odds of a
	 * collision).
	 */
	json_t *invocations;
	struct store_table invocation_hashes;
	json_int_t invocation_count;
	/* A chunk's state (run_in_chunks()): the hashes it counted, for stats_join(). */
	bool chunk;
	uint64_t *new_hashes;
	size_t new_cap;
	int store_status; /* the table's, which stays in memory and never fails */
	json_t *tools;       /* name -> {"calls", "errors"} */
	json_int_t kinds[ITEM_KIND_COUNT];
	bool seen[ITEM_KIND_COUNT]; /* the kinds of the event being counted */
	bool partial;               /* whether that event is partial */
	struct usage_total usage;
	struct stats_rewind rewind; /* the spans' kinds and tools, until a rewind is settled */
	bool have_time;
	double first, last;
};

static void *stats_start(const void *config, const char *file)
{
	const struct stats_config *cfg = config;
	(void)file;
	struct stats *s = xcalloc(1, sizeof *s);
	s->redactor = cfg->redactor;
	s->authors = json_object();
	s->tools = json_object();
	store_table_init(&s->invocation_hashes, "stats", STORE_IN_MEMORY, &s->store_status);
	usage_total_init(&s->usage);
	stats_rewind_init(&s->rewind);
	if (cfg->run.partial || cfg->run.merge) {
		s->invocations = json_object();
		usage_total_keep_edges(&s->usage);
	} else if (run_in_chunks()) {
		/* A chunk's state, joined in this process (stats_join()): hashes, no JSON. */
		s->chunk = true;
		usage_total_keep_firsts(&s->usage);
	}
	return s;
}

/* Counts the invocation whose id has hash once; a chunk's state lists it for stats_join(). */
static void count_invocation_hash(struct stats *s, uint64_t hash)
{
	size_t at;
	store_table_reserve(&s->invocation_hashes);
	if (store_table_find(&s->invocation_hashes, hash, NULL, NULL, &at))
		return;
	store_table_put(&s->invocation_hashes, at, (struct store_slot){hash, 1});
	if (s->chunk) {
		if ((size_t)s->invocation_count == s->new_cap) {
			s->new_cap = s->new_cap ? 2 * s->new_cap : 64;
			s->new_hashes = xrealloc(s->new_hashes, s->new_cap * sizeof *s->new_hashes);
		}
		s->new_hashes[s->invocation_count] = hash;
	}
	s->invocation_count++;
}

/* Counts invocation id[0..len) once however often it comes. */
static void count_invocation(struct stats *s, const char *id, size_t len)
{
	if (s->invocations)
		json_object_setn_new_nocheck(s->invocations, id, len, json_true());
	else
		count_invocation_hash(s, store_hash(id, len));
}

/* Counts each id of set (id -> true) once. */
static void count_invocation_set(struct stats *s, const json_t *set)
{
	const char *id;
	size_t len;
	json_t *v;
	json_object_keylen_foreach((json_t *)set, id, len, v)
	{
		(void)v;
		count_invocation(s, id, len);
	}
}

/*
 * A state that absorbs folds is a merge's, which is finished, never folded
 * (merge.h): its ids are only counted from then on.
 */
static void count_invocations_only(struct stats *s)
{
	json_t *set = s->invocations;
	s->invocations = NULL;
	count_invocation_set(s, set);
	json_decref(set);
}

/*
 * The tables are keyed by names with their length: "a\u0000evil" and "a"
 * are two authors (jansson's keys hold any bytes through the *n calls).
 */
static void bump(json_t *obj, const char *key, size_t len)
{
	json_t *n = json_object_getn(obj, key, len);
	json_object_setn_new_nocheck(obj, key, len,
	                             json_integer(n ? json_integer_value(n) + 1 : 1));
}

static void bump_tool(struct stats *s, const json_t *name, const char *what)
{
	const char *key = json_string_value(name);
	size_t len = json_string_length(name);
	json_t *tool = json_object_getn(s->tools, key, len);
	if (!tool) {
		tool = json_pack("{s:I,s:I}", "calls", (json_int_t)0, "errors", (json_int_t)0);
		json_object_setn_new_nocheck(s->tools, key, len, tool);
	}
	bump(tool, what, strlen(what));
}

/*
 * A name or usage object as stats counts it: with --redact, the copy of it
 * redact_json() makes (secrets by their shape hidden, and in usage the
 * values of sensitive keys), else v itself.  A new reference either way.
 * Nothing else of an event is redacted: adkev-stats(1) counts nothing
 * else that redaction could change (an item's kind, a failed result and a
 * time are the same in the redacted event), so the event is never copied.
 */
static json_t *counted(const struct stats *s, const json_t *v)
{
	if (s->redactor && redact_hides(s->redactor, v))
		return redact_json(s->redactor, v);
	return json_incref((json_t *)v);
}

static void bump_tool_named(struct stats *s, const json_t *value, enum adk_field field,
                            const char *what)
{
	json_t *name = adk_get(adk_get(value, field), ADK_NAME);
	if (!json_is_string(name))
		return;
	name = counted(s, name);
	bump_tool(s, name, what);
	stats_rewind_tool(&s->rewind, name, what);
	json_decref(name);
}

static void count_item(void *ctx, enum item_kind kind, const json_t *value)
{
	struct stats *s = ctx;
	s->seen[kind] = true;
	/* Streaming repeats a call in the aggregate event; partial events are not counted. */
	if (s->partial)
		return;
	if (kind == ITEM_CALL)
		bump_tool_named(s, value, ADK_FUNCTION_CALL, "calls");
	else if (kind == ITEM_RESULT && function_response_failed(value))
		bump_tool_named(s, value, ADK_FUNCTION_RESPONSE, "errors");
}

/* Sums the event's usage, keyed by its author and invocation as they are counted. */
static void count_usage(struct stats *s, const json_t *event, json_t *author, json_t *id)
{
	json_t *usage = adk_get(event, ADK_USAGE_METADATA);
	if (!json_is_object(usage) || s->partial)
		return;
	usage = counted(s, usage);
	usage_total_add_call(&s->usage, usage, author, id);
	json_decref(usage);
}

static void stats_add(void *state, const struct reader_item *item)
{
	struct stats *s = state;
	if (item->kind == VALUE_STREAM_ERROR) {
		s->stream_errors++;
		return;
	}
	const json_t *event = item->value;
	/* With --redact, names that are secrets by their shape are counted as "[REDACTED]". */
	const json_t *author_string = event_author_string(event);
	const json_t *id_string = event_invocation_id_string(event);
	json_t *author = author_string ? counted(s, author_string) : NULL;
	json_t *id = id_string ? counted(s, id_string) : NULL;
	double t;

	s->events++;
	stats_rewind_event(&s->rewind, event);
	if (author)
		bump(s->authors, json_string_value(author), json_string_length(author));
	if (id)
		count_invocation(s, json_string_value(id), json_string_length(id));
	if (event_timestamp(event, &t)) {
		if (!s->have_time || t < s->first)
			s->first = t;
		if (!s->have_time || t > s->last)
			s->last = t;
		s->have_time = true;
	}
	memset(s->seen, 0, sizeof s->seen);
	s->partial = event_is_partial(event);
	event_items(event, count_item, s);
	for (int k = 0; k < ITEM_KIND_COUNT; k++)
		s->kinds[k] += s->seen[k];
	stats_rewind_kinds(&s->rewind, s->seen);
	count_usage(s, event, author, id);
	json_decref(author);
	json_decref(id);
}

static json_t *stats_finish(void *state, int *status)
{
	struct stats *s = state;
	(void)status;
	json_t *rewound = stats_rewind_settle(&s->rewind, s->kinds, s->tools);
	json_t *kinds = json_object();
	for (int k = 0; k < ITEM_KIND_COUNT; k++)
		if (s->kinds[k])
			json_object_set_new(kinds, item_kind_name((enum item_kind)k),
			                    json_integer(s->kinds[k]));
	json_t *r = json_object();
	json_object_set_new(r, "events", json_integer(s->events));
	json_object_set_new(r, "stream_errors", json_integer(s->stream_errors));
	json_object_set_new(r, "invocations",
	                    json_integer(s->invocations ? (json_int_t)json_object_size(s->invocations)
	                                                : s->invocation_count));
	json_object_set(r, "authors", s->authors);
	json_object_set_new(r, "kinds", kinds);
	json_object_set(r, "tools", s->tools);
	json_object_set_new(r, "token_usage", usage_total_json(&s->usage));
	if (s->have_time) {
		json_object_set_new(r, "first_timestamp", json_real(s->first));
		json_object_set_new(r, "last_timestamp", json_real(s->last));
		/* To the microsecond: differences of doubles carry noise below it. */
		double d = round_half_away((s->last - s->first) * 1e6) / 1e6;
		/* Far-apart hostile timestamps can overflow: JSON has no infinity. */
		json_object_set_new(r, "duration", isfinite(d) ? json_real(d) : json_null());
	} else {
		json_object_set_new(r, "first_timestamp", json_null());
		json_object_set_new(r, "last_timestamp", json_null());
		json_object_set_new(r, "duration", json_null());
	}
	if (rewound)
		json_object_set_new(r, "rewound", rewound);
	return r;
}

/* A time of the fold, or null. */
static json_t *time_json(const struct stats *s, double t)
{
	return s->have_time ? json_real(t) : json_null();
}

/*
 * What a later piece's stats continue from: the counts, the names and ids
 * as sets with their counts, the usage's edges (usage.h) and the first and
 * last times.  Owned by the caller.
 */
static json_t *stats_fold(void *state)
{
	struct stats *s = state;
	/* A piece's rewinds are settled within it; a later piece's cannot reach back. */
	json_decref(stats_rewind_settle(&s->rewind, s->kinds, s->tools));
	json_t *kinds = json_object();
	for (int k = 0; k < ITEM_KIND_COUNT; k++)
		if (s->kinds[k])
			json_object_set_new(kinds, item_kind_name((enum item_kind)k),
			                    json_integer(s->kinds[k]));
	return json_pack("{s:I,s:I,s:O,s:O,s:o,s:O,s:o,s:o,s:o}", "events", s->events,
	                 "stream_errors", s->stream_errors, "authors", s->authors, "invocations",
	                 s->invocations, "kinds", kinds, "tools", s->tools, "usage",
	                 usage_total_partial(&s->usage), "first_timestamp", time_json(s, s->first),
	                 "last_timestamp", time_json(s, s->last));
}

/* Adds the kinds of a fold to s's counts; false when one is not a kind or not a count. */
static bool absorb_kinds(struct stats *s, const json_t *kinds)
{
	const char *key;
	json_t *n;
	if (!json_is_object(kinds))
		return false;
	json_object_foreach((json_t *)kinds, key, n)
	{
		int k = 0;
		while (k < ITEM_KIND_COUNT && strcmp(item_kind_name((enum item_kind)k), key) != 0)
			k++;
		if (k == ITEM_KIND_COUNT || !json_is_integer(n) || json_integer_value(n) < 0)
			return false;
		s->kinds[k] += json_integer_value(n);
	}
	return true;
}

/* Counts the ids of a later piece's set; false when it is not a set. */
static bool absorb_invocations(struct stats *s, const json_t *set)
{
	if (!partial_set_valid(set))
		return false;
	count_invocation_set(s, set);
	return true;
}

/* Takes in a later piece's first and last times, both null or both numbers. */
/* Widens s's span of time to take in first..last, the times of events after s's. */
static void join_times(struct stats *s, double first, double last)
{
	if (!s->have_time || first < s->first)
		s->first = first;
	if (!s->have_time || last > s->last)
		s->last = last;
	s->have_time = true;
}

static bool absorb_times(struct stats *s, const json_t *first, const json_t *last)
{
	if (json_is_null(first) && json_is_null(last))
		return true;
	if (!json_is_number(first) || !json_is_number(last))
		return false;
	join_times(s, json_number_value(first), json_number_value(last));
	return true;
}

static bool stats_absorb(void *state, const json_t *fold)
{
	struct stats *s = state;
	json_int_t events, errors;
	json_t *authors, *invocations, *kinds, *tools, *usage, *first, *last;
	if (json_unpack((json_t *)fold, "{s:I,s:I,s:o,s:o,s:o,s:o,s:o,s:o,s:o!}", "events", &events,
	                "stream_errors", &errors, "authors", &authors, "invocations", &invocations,
	                "kinds", &kinds, "tools", &tools, "usage", &usage, "first_timestamp",
	                &first, "last_timestamp", &last) != 0 ||
	    events < 0 || errors < 0)
		return false;
	s->events += events;
	s->stream_errors += errors;
	if (s->invocations)
		count_invocations_only(s);
	return partial_counts_merge(s->authors, authors, 1) &&
	       absorb_invocations(s, invocations) && absorb_kinds(s, kinds) &&
	       partial_counts_merge(s->tools, tools, 2) && usage_total_merge(&s->usage, usage) &&
	       absorb_times(s, first, last);
}

/*
 * Folds in chunk, a chunk's state of the events after s's, as if s had
 * read them (struct result_extractor's join()): its counts as they are,
 * its invocations by the hashes -j 1 counts them by.  The partial counts
 * of two states this run made are always of the right shape.
 */
static void stats_join(void *state, void *chunk)
{
	struct stats *s = state;
	struct stats *c = chunk;
	s->events += c->events;
	s->stream_errors += c->stream_errors;
	partial_counts_merge(s->authors, c->authors, 1);
	partial_counts_merge(s->tools, c->tools, 2);
	for (json_int_t i = 0; i < c->invocation_count; i++)
		count_invocation_hash(s, c->new_hashes[i]);
	for (int k = 0; k < ITEM_KIND_COUNT; k++)
		s->kinds[k] += c->kinds[k];
	usage_total_absorb(&s->usage, &c->usage);
	stats_rewind_join(&s->rewind, &c->rewind);
	if (c->have_time)
		join_times(s, c->first, c->last);
}

/* --no-redact changes the names counted; --table only how the result is written. */
static json_t *stats_fold_options(const void *config)
{
	const struct stats_config *cfg = config;
	return json_pack("{s:b}", "redact", cfg->redact);
}

static void stats_release(void *state)
{
	struct stats *s = state;
	json_decref(s->authors);
	json_decref(s->invocations);
	store_table_release(&s->invocation_hashes);
	json_decref(s->tools);
	usage_total_release(&s->usage);
	stats_rewind_release(&s->rewind);
	free(s->new_hashes);
	free(s);
}

/* The table: rows of a name and numbers, the names padded to one width. */
struct table {
	struct strbuf *sb;
	int name_width;
};

/* A row's name, len bytes, escaped for the terminal (it comes from the input) and padded. */
static void row_head_n(struct table *t, const char *name, size_t len)
{
	size_t w = termtext_append(t->sb, name, len);
	for (; w < (size_t)t->name_width; w++)
		strbuf_addch(t->sb, ' ');
}

static void row_head(struct table *t, const char *name)
{
	row_head_n(t, name, strlen(name));
}

static void row_int_n(struct table *t, const char *name, size_t len, json_int_t n)
{
	row_head_n(t, name, len);
	strbuf_addf(t->sb, "  %8" JSON_INTEGER_FORMAT "\n", n);
}

static void row_int(struct table *t, const char *name, json_int_t n)
{
	row_head(t, name);
	strbuf_addf(t->sb, "  %8" JSON_INTEGER_FORMAT "\n", n);
}

static void row_text(struct table *t, const char *name, const char *text)
{
	row_head(t, name);
	strbuf_addf(t->sb, "  %8s\n", text);
}

/* Past this many seconds (about 30,000 years) times are written as plain numbers. */
#define TIME_LIMIT 1e12

static void time_text(char *buf, size_t size, double t)
{
	if (!(fabs(t) < TIME_LIMIT)) {
		snprintf(buf, size, "%g", t);
		return;
	}
	time_t secs = (time_t)floor_of(t);
	struct tm tm;
	long ms = (long)round_half_away((t - floor_of(t)) * 1000);
	if (ms == 1000) {
		secs++;
		ms = 0;
	}
	gmtime_r(&secs, &tm);
	size_t n = strftime(buf, size, "%Y-%m-%d %H:%M:%S", &tm);
	snprintf(buf + n, size - n, ".%03ld UTC", ms);
}

/* 0.766s, 2:05.250 or 13:00:32.172: hours, minutes and seconds as a person reads them. */
static void duration_text(char *buf, size_t size, double d)
{
	if (!(fabs(d) < TIME_LIMIT)) {
		snprintf(buf, size, "%gs", d);
		return;
	}
	long ms = (long)round_half_away(d * 1000);
	long h = ms / 3600000, m = ms / 60000 % 60, sec = ms / 1000 % 60;
	if (ms < 60000)
		snprintf(buf, size, "%.3fs", d);
	else if (h == 0)
		snprintf(buf, size, "%ld:%02ld.%03ld", m, sec, ms % 1000);
	else
		snprintf(buf, size, "%ld:%02ld:%02ld.%03ld", h, m, sec, ms % 1000);
}

/* The wider of width and obj's widest key, in the columns the table writes it in. */
static int widest_key(const json_t *obj, int width)
{
	const char *key;
	size_t key_len;
	json_t *v;
	json_object_keylen_foreach((json_t *)obj, key, key_len, v)
	{
		int len = (int)termtext_columns(key, key_len, SIZE_MAX);
		if (len > width)
			width = len;
	}
	return width;
}

static json_int_t int_member(const json_t *obj, const char *key)
{
	return json_integer_value(json_object_get(obj, key));
}

/* The --table text's first rows: counts, time and tokens. */
static void summary_rows(struct table *t, const json_t *r)
{
	static const struct {
		const char *key, *label;
	} token_rows[] = {
	    {"input_tokens", "tokens in"},      {"output_tokens", "tokens out"},
	    {"total_tokens", "tokens total"},   {"thoughts_tokens", "tokens thoughts"},
	    {"cached_tokens", "tokens cached"},
	};
	json_t *usage = json_object_get(r, "token_usage");
	char buf[64];

	row_int(t, "events", int_member(r, "events"));
	row_int(t, "stream errors", int_member(r, "stream_errors"));
	row_int(t, "invocations", int_member(r, "invocations"));
	json_t *rewound = json_object_get(r, "rewound");
	if (rewound) {
		row_int(t, "rewinds", int_member(rewound, "rewinds"));
		row_int(t, "rewound invocations", int_member(rewound, "invocations"));
		row_int(t, "rewound events", int_member(rewound, "events"));
	}
	if (json_is_real(json_object_get(r, "first_timestamp"))) {
		json_t *d = json_object_get(r, "duration");
		if (json_is_real(d))
			duration_text(buf, sizeof buf, json_real_value(d));
		else
			snprintf(buf, sizeof buf, "-");
		row_text(t, "duration", buf);
		time_text(buf, sizeof buf, json_real_value(json_object_get(r, "first_timestamp")));
		row_head(t, "first event");
		strbuf_addf(t->sb, "  %s\n", buf);
		time_text(buf, sizeof buf, json_real_value(json_object_get(r, "last_timestamp")));
		row_head(t, "last event");
		strbuf_addf(t->sb, "  %s\n", buf);
	}
	for (size_t i = 0; i < sizeof token_rows / sizeof token_rows[0]; i++) {
		json_t *n = json_object_get(usage, token_rows[i].key);
		if (json_is_integer(n))
			row_int(t, token_rows[i].label, json_integer_value(n));
	}
}

/* The sections of events per author and kind, and of calls and errors per tool. */
static void count_sections(struct table *t, json_t *authors, json_t *kinds, json_t *tools)
{
	const char *key;
	size_t key_len;
	json_t *v;
	if (json_object_size(authors)) {
		strbuf_addf(t->sb, "\n%-*s  %8s\n", t->name_width, "AUTHOR", "EVENTS");
		json_object_keylen_foreach(authors, key, key_len, v)
		{
			row_int_n(t, key, key_len, json_integer_value(v));
		}
	}
	if (json_object_size(kinds)) {
		strbuf_addf(t->sb, "\n%-*s  %8s\n", t->name_width, "KIND", "EVENTS");
		json_object_foreach(kinds, key, v)
		{
			row_int(t, key, json_integer_value(v));
		}
	}
	if (json_object_size(tools)) {
		strbuf_addf(t->sb, "\n%-*s  %8s  %8s\n", t->name_width, "TOOL", "CALLS", "ERRORS");
		json_object_keylen_foreach(tools, key, key_len, v)
		{
			row_head_n(t, key, key_len);
			strbuf_addf(t->sb,
			            "  %8" JSON_INTEGER_FORMAT "  %8" JSON_INTEGER_FORMAT "\n",
			            int_member(v, "calls"), int_member(v, "errors"));
		}
	}
}

/* Renders a stats result as the --table text, its names as wide as the widest. */
static void stats_table(struct strbuf *sb, const json_t *r)
{
	json_t *authors = json_object_get(r, "authors");
	json_t *kinds = json_object_get(r, "kinds");
	json_t *tools = json_object_get(r, "tools");
	/* "rewound invocations", the longest summary row, only where there was a rewind. */
	int least = json_object_get(r, "rewound") ? 19 : 15;
	struct table t = {sb, widest_key(tools, widest_key(kinds, widest_key(authors, least)))};
	summary_rows(&t, r);
	count_sections(&t, authors, kinds, tools);
}

/* "session ID, app APP, user USER", escaped, when the result is a named session's. */
static void session_line(struct strbuf *sb, const struct stats_config *cfg,
                         const struct session_info *session)
{
	if (!session || !session->id)
		return;
	struct strbuf text = STRBUF_INIT;
	run_session_heading(&text, session, cfg->redactor, NULL);
	termtext_append(sb, text.buf, text.len);
	strbuf_addch(sb, '\n');
	strbuf_release(&text);
}

/* The lines above a table that say whose it is: file, session, invocation. */
static void tag_lines(struct strbuf *sb, const struct stats_config *cfg,
                      const struct result_tag *tag)
{
	if (tag->file) {
		/* A file name is bytes: made UTF-8 first, then escaped as any text. */
		json_t *name = json_string_lossy(tag->file);
		strbuf_addstr(sb, "file ");
		termtext_append(sb, json_string_value(name), json_string_length(name));
		strbuf_addch(sb, '\n');
		json_decref(name);
	}
	session_line(sb, cfg, tag->session);
	if (tag->id) {
		strbuf_addstr(sb, "invocation ");
		if (json_is_string(tag->id))
			termtext_append(sb, json_string_value(tag->id), json_string_length(tag->id));
		else
			strbuf_addstr(sb, "(none)");
		strbuf_addch(sb, '\n');
	}
}

/* Whether a session's table is left out: none of its events passed --author or --invocation. */
static bool filtered_out(const struct stats_config *cfg, const json_t *result)
{
	return run_filters_events(&cfg->run) &&
	       json_integer_value(json_object_get(result, "events")) == 0;
}

/* Writes one table under its header (NULL for none), set apart from the one before. */
static void table_write(struct stats_tables *tables, const struct strbuf *header,
                        const struct strbuf *body)
{
	if (tables->printed)
		output_bytes("\n", 1);
	if (header)
		output_bytes(header->buf, header->len);
	output_bytes(body->buf, body->len);
	tables->printed = true;
}

static bool stats_print(const void *config, const struct result_tag *tag, const json_t *result)
{
	const struct stats_config *cfg = config;
	if (!cfg->table)
		return false;
	struct stats_tables *tables = cfg->tables;
	struct strbuf header = STRBUF_INIT, body = STRBUF_INIT;
	if (tables->by_session)
		session_line(&header, cfg, tag->session);
	else
		tag_lines(&header, cfg, tag);
	stats_table(&body, result);
	if (tables->by_session && filtered_out(cfg, result)) {
		/* The table is left out, but a table held waits no more: the source has several. */
		tables->several = true;
		strbuf_release(&header);
		strbuf_release(&body);
		return true;
	}
	if (tables->by_session && !tables->printed && !tables->holding && !tables->several) {
		tables->held_header = header;
		tables->held_body = body;
		tables->holding = true;
		return true;
	}
	if (tables->holding)
		table_write(tables, &tables->held_header, &tables->held_body);
	tables->holding = false;
	table_write(tables, &header, &body);
	tables->several = true;
	strbuf_release(&header);
	strbuf_release(&body);
	return true;
}

/*
 * Ends the tables: a first session's that no second followed is written,
 * with no header; where no session matched, the table of no events, which
 * a database read whole gave.
 */
static void tables_end(struct stats_config *cfg, int status)
{
	struct stats_tables *tables = cfg->tables;
	/* Only a read that went well and matched nothing: after an error there is no result. */
	if (tables->by_session && !tables->printed && !tables->holding && status == 0 &&
	    !output_failed()) {
		int ignored = 0;
		void *none = stats_start(cfg, NULL);
		json_t *result = stats_finish(none, &ignored);
		struct strbuf body = STRBUF_INIT;
		if (result)
			stats_table(&body, result);
		table_write(tables, NULL, &body);
		strbuf_release(&body);
		json_decref(result);
		stats_release(none);
	}
	if (tables->holding)
		table_write(tables, tables->several ? &tables->held_header : NULL, &tables->held_body);
	tables->holding = false;
	strbuf_release(&tables->held_header);
	strbuf_release(&tables->held_body);
}

/*
 * Whether --table gives each session of the operands a table of its own:
 * when every operand is a session database and no option says otherwise.
 * A file's events keep one table, as several files' do.
 */
static bool tables_by_session(const struct stats_config *cfg, int argc, char *const argv[])
{
	const struct run_options *o = &cfg->run;
	/*
	 * --invocation last means the database's last invocation, and a partial
	 * result is one piece's: both stay one table, as JSON is one result.
	 */
	if (!cfg->table || argc == 0 || o->per_session || o->per_file || o->per_invocation ||
	    o->follow || o->invocation_last || o->partial || o->merge)
		return false;
	for (int i = 0; i < argc; i++)
		if (!sessiondb_claims(argv[i]))
			return false;
	return true;
}

/*
 * What stats_add() reads: the names, time and usage it counts; of content
 * only the parts; of the actions the ones event_items() counts when they
 * are not empty, and what event_is_final() reads; of each part the text
 * (is it empty?), the thought flag, and the calls and results, whose names
 * and failures are counted (their arguments and data are not built).  Every
 * other member (errorCode, inlineData, executableCode, thoughtSignature, ...)
 * is only asked whether it is there.
 */
static const struct adk_reads stats_reads = {
    .event = ADK_READS_FINAL_EVENT | ADK_MEMBER(ADK_INVOCATION_ID) | ADK_MEMBER(ADK_TIMESTAMP) |
             ADK_MEMBER(ADK_USAGE_METADATA) | ADK_MEMBER(ADK_NODE_INFO),
    .content = ADK_READS_FINAL_CONTENT,
    .actions = ADK_READS_FINAL_ACTIONS | ADK_MEMBER(ADK_REWIND_BEFORE_INVOCATION_ID) |
               ADK_MEMBER(ADK_STATE_DELTA) |
               ADK_MEMBER(ADK_ARTIFACT_DELTA) | ADK_MEMBER(ADK_TRANSFER_TO_AGENT) |
               ADK_MEMBER(ADK_ESCALATE) | ADK_MEMBER(ADK_REQUESTED_AUTH_CONFIGS) |
               ADK_MEMBER(ADK_REQUESTED_TOOL_CONFIRMATIONS),
    .part =
        ADK_READS_FINAL_PART | ADK_MEMBER(ADK_FUNCTION_CALL) | ADK_MEMBER(ADK_FUNCTION_RESPONSE),
    /* A call's name; a result's name, "error", "status", "isError" (function_response_failed()). */
    .tool_levels = 2,
};

static const struct fold_hooks stats_partial = {
    .fold = stats_fold,
    .absorb = stats_absorb,
    .options = stats_fold_options,
};

static const struct result_extractor stats_extractor = {
    .reads = &stats_reads,
    .name = "stats",
    .start = stats_start,
    .add = stats_add,
    .finish = stats_finish,
    .release = stats_release,
    .print = stats_print,
    .partial = &stats_partial,
    .join = stats_join,
};

static const struct option_row stats_options[] = {
    OPTION_TRUE_ROW(0, "table", struct stats_config, table,
                    "an aligned text table instead of JSON"),
    OPTION_FALSE_ROW(0, "no-redact", struct stats_config, redact,
                     "count names that are secrets under their own names"),
    OPTION_INCLUDE_ROW(run_option_table, RUN_ALL | RUN_MERGE, struct stats_config, run),
    OPTION_END_ROW,
};

static int run_stats(int argc, char *argv[])
{
	struct stats_tables tables = {.held_header = STRBUF_INIT, .held_body = STRBUF_INIT};
	/* Names that are secrets by their shape are counted as [REDACTED] unless --no-redact. */
	struct stats_config cfg = {.tables = &tables, .redact = true};
	int status = command_parse(&command_stats, argc, argv, &cfg);
	if (status >= 0)
		return status;
	tables.by_session = tables_by_session(&cfg, argc - optind, argv + optind);
	cfg.run.per_session |= tables.by_session;
	const char *refused = partial_refusal(&cfg.run);
	if (refused)
		return command_usage_error(&command_stats, "%s", refused);
	struct redactor redactor;
	if (cfg.redact) {
		redactor_init(&redactor, false, NULL, 0);
		cfg.redactor = &redactor;
	}
	status = extract_results(&stats_extractor, &cfg, &cfg.run, argc - optind, argv + optind);
	tables_end(&cfg, status);
	if (cfg.redact)
		redactor_release(&redactor);
	return status;
}

const struct command command_stats = {
    .name = "stats",
    .summary = "Count events, invocations, tool calls, tokens and time.",
    .options = stats_options,
    .operands = "[FILE ...]",
    .run = run_stats,
};
