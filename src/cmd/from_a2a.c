/*
 * from_a2a.c - adkev from-a2a: Agent2Agent objects to ADK events.
 *
 * Every A2A object of a captured stream (Message, Task, status and artifact
 * updates; 0.3 or 1.0; bare, in a JSON-RPC envelope or behind an SSE
 * "data:" prefix) becomes zero or one ADK event, written as one JSON line
 * in input order (a2a.md section 6).  With --aggregate, artifact chunks are
 * also gathered into whole events as ADK Go's remote agent does (section 7);
 * that state is the only thing kept across input values.
 */
#include "adk/a2a.h"
#include "cmd/run.h"
#include "stamp.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The chunks of one artifact gathered so far (--aggregate). */
struct aggregation {
	char *artifact_id;
	json_t *parts;     /* genai parts */
	json_t *citations; /* citationMetadata.citations, appended */
	json_t *custom;    /* customMetadata, merged */
	json_t *grounding; /* the latest, or NULL */
	json_t *usage;
	/*
	 * The last part while it is text that chunks are joining: its text is
	 * gathered in text, and set on it only when another kind of part comes
	 * or the aggregate is written, so n chunks cost their length, not n
	 * times it (token-by-token streaming sends thousands).
	 */
	json_t *open_text; /* borrowed from parts, or NULL */
	struct strbuf text;
};

struct from_a2a {
	struct a2a_event_options ev;
	struct run_options run; /* -p, --skip-invalid, --progress, -j, ... */
	bool deterministic;
	bool aggregate;
	unsigned long produced;
	char invocation[40];
	/* Open aggregations, oldest first. */
	struct aggregation *aggs;
	size_t naggs, cap;
};

/* Writes one event: stamps body (stolen) with id, invocation, author, branch and time. */
static void emit(struct from_a2a *f, json_t *body, const char *status_time)
{
	char id[48];
	double ts;
	const double *tsp = NULL;
	f->produced++;
	if (f->deterministic) {
		snprintf(id, sizeof id, "a2a-%lu", f->produced);
		if (stamp_parse_rfc3339(status_time, &ts))
			tsp = &ts;
	} else {
		struct timespec now;
		stamp_uuid(id);
		clock_gettime(CLOCK_REALTIME, &now);
		ts = (double)now.tv_sec + (double)now.tv_nsec / 1e9;
		tsp = &ts;
	}
	json_t *event = a2a_event_finish(body, &f->ev, id, tsp);
	output_json(event);
	json_decref(event);
}

static void aggregation_release(struct aggregation *a)
{
	strbuf_release(&a->text);
	free(a->artifact_id);
	json_decref(a->parts);
	json_decref(a->citations);
	json_decref(a->custom);
	json_decref(a->grounding);
	json_decref(a->usage);
}

static void drop_aggregation(struct from_a2a *f, size_t i)
{
	aggregation_release(&f->aggs[i]);
	memmove(f->aggs + i, f->aggs + i + 1, (f->naggs - i - 1) * sizeof *f->aggs);
	f->naggs--;
}

static long find_aggregation(const struct from_a2a *f, const char *artifact_id)
{
	for (size_t i = 0; i < f->naggs; i++)
		if (strcmp(f->aggs[i].artifact_id, artifact_id ? artifact_id : "") == 0)
			return (long)i;
	return -1;
}

static struct aggregation *new_aggregation(struct from_a2a *f, const char *artifact_id)
{
	if (f->naggs == f->cap) {
		f->cap = f->cap ? f->cap * 2 : 4;
		f->aggs = xrealloc(f->aggs, f->cap * sizeof *f->aggs);
	}
	struct aggregation *a = &f->aggs[f->naggs++];
	a->artifact_id = xstrdup(artifact_id ? artifact_id : "");
	a->parts = json_array();
	a->citations = json_array();
	a->custom = json_object();
	a->grounding = NULL;
	a->usage = NULL;
	a->open_text = NULL;
	a->text = (struct strbuf)STRBUF_INIT;
	return a;
}

/* Sets the text gathered for the last part on it. */
static void close_text(struct aggregation *a)
{
	if (!a->open_text)
		return;
	json_object_set_new(a->open_text, adk_field_name(ADK_TEXT),
	                    json_stringn(a->text.buf, a->text.len));
	a->open_text = NULL;
	strbuf_reset(&a->text);
}

/* Adds one part: a text part joins a text part before it with the same thought flag. */
static void aggregate_part(struct aggregation *a, const json_t *part)
{
	json_t *text = adk_get(part, ADK_TEXT);
	if (json_is_string(text) && a->open_text &&
	    part_is_thought(part) == part_is_thought(a->open_text)) {
		strbuf_add(&a->text, json_string_value(text), json_string_length(text));
		return;
	}
	close_text(a);
	json_t *copy = json_deep_copy(part);
	json_array_append_new(a->parts, copy);
	if (json_is_string(text)) {
		a->open_text = copy;
		strbuf_add(&a->text, json_string_value(text), json_string_length(text));
	}
}

static void aggregate_event(struct aggregation *a, const json_t *body)
{
	size_t i;
	json_t *part;
	json_array_foreach(event_parts(body), i, part)
	{
		aggregate_part(a, part);
	}
	json_t *citations = adk_get(adk_get(body, ADK_CITATION_METADATA), ADK_CITATIONS);
	if (json_is_array(citations))
		json_array_extend(a->citations, citations);
	json_t *custom = adk_get(body, ADK_CUSTOM_METADATA);
	if (json_is_object(custom))
		json_object_update(a->custom, custom);
	json_t *grounding = adk_get(body, ADK_GROUNDING_METADATA);
	if (grounding) {
		json_decref(a->grounding);
		a->grounding = json_incref(grounding);
	}
	json_t *usage = adk_get(body, ADK_USAGE_METADATA);
	if (usage) {
		json_decref(a->usage);
		a->usage = json_incref(usage);
	}
}

/* Writes the aggregate of a[i] as one non-partial event and forgets it. */
static void flush_aggregation(struct from_a2a *f, size_t i)
{
	struct aggregation *a = &f->aggs[i];
	close_text(a);
	json_t *body = json_object();
	if (json_array_size(a->parts)) {
		json_t *content = json_object();
		json_object_set_new(content, adk_field_name(ADK_ROLE), json_string("model"));
		json_object_set(content, adk_field_name(ADK_PARTS), a->parts);
		json_object_set_new(body, adk_field_name(ADK_CONTENT), content);
	}
	if (json_object_size(a->custom))
		json_object_set(body, adk_field_name(ADK_CUSTOM_METADATA), a->custom);
	if (a->grounding)
		json_object_set(body, adk_field_name(ADK_GROUNDING_METADATA), a->grounding);
	if (json_array_size(a->citations)) {
		json_t *cm = json_object();
		json_object_set(cm, adk_field_name(ADK_CITATIONS), a->citations);
		json_object_set_new(body, adk_field_name(ADK_CITATION_METADATA), cm);
	}
	if (a->usage)
		json_object_set(body, adk_field_name(ADK_USAGE_METADATA), a->usage);
	drop_aggregation(f, i);
	emit(f, body, NULL);
}

/* Section 7: what --aggregate does with one converted object (body may be NULL; stolen). */
static void aggregate(struct from_a2a *f, const struct a2a_object *o, json_t *body)
{
	const char *when = o->timestamp;
	/* A server that set adk_partial has aggregated already. */
	if (o->adk_partial >= 0 || o->kind == A2A_MESSAGE || o->kind == A2A_RPC_ERROR) {
		if (body)
			emit(f, body, when);
		return;
	}
	if (o->kind == A2A_TASK) {
		while (f->naggs)
			drop_aggregation(f, 0);
		if (body)
			emit(f, body, when);
		return;
	}
	if (o->kind == A2A_STATUS_UPDATE) {
		if (a2a_state_is_terminal(o->state))
			while (f->naggs && !output_failed())
				flush_aggregation(f, 0);
		if (body)
			emit(f, body, when);
		return;
	}
	long i = find_aggregation(f, o->artifact_id);
	if (!o->append && i >= 0) {
		drop_aggregation(f, (size_t)i);
		i = -1;
	}
	if (!o->append && o->last_chunk) {
		if (body)
			emit(f, body, when);
		return;
	}
	if (body) {
		struct aggregation *a = i >= 0 ? &f->aggs[i] : new_aggregation(f, o->artifact_id);
		i = a - f->aggs;
		aggregate_event(a, body);
		emit(f, body, when);
	}
	if (o->last_chunk && i >= 0)
		flush_aggregation(f, (size_t)i);
}

static int from_a2a_item(void *ctx, struct reader *r, const struct reader_item *item)
{
	struct from_a2a *f = ctx;
	struct a2a_object o;
	const char *why = NULL;
	json_t *body = NULL;
	if (a2a_recognise(item->value, &o, &why))
		body = a2a_event_body(&o, &f->ev, &why);
	if (why)
		return reader_reject(r, &item->pos, "%s", why) ? 0 : EXIT_DATAERR;
	if (f->aggregate)
		aggregate(f, &o, body);
	else if (body)
		emit(f, body, o.timestamp);
	return 0;
}

static int from_a2a_loop(struct from_a2a *f, int argc, char *argv[])
{
	struct run_plan plan = {
	    .reader_flags = READER_ANY_VALUE,
	    .streams = true,
	    .item = from_a2a_item,
	    .ctx = f,
	};
	int status = run_read(&plan, &f->run, argc, argv);
	while (f->naggs)
		drop_aggregation(f, 0);
	free(f->aggs);
	return status;
}

static const struct option_row from_a2a_options[] = {
    OPTION_STRING_ROW(0, "set-author", "NAME", struct from_a2a, ev.author,
                      "every event's author (default: the message's, else \"a2a agent\")"),
    OPTION_STRING_ROW(0, "set-invocation-id", "ID", struct from_a2a, ev.invocation_id,
                      "every event's invocationId (default: the message's, else one fresh "
                      "e-UUID)"),
    OPTION_STRING_ROW(0, "branch", "BRANCH", struct from_a2a, ev.branch,
                      "every event's branch (default: the message's)"),
    OPTION_TRUE_ROW(0, "deterministic", struct from_a2a, deterministic,
                    "ids a2a-1, a2a-2, ... and times only from the A2A status, where the "
                    "message names none; invocation e-a2a unless given"),
    OPTION_TRUE_ROW(0, "no-peer-actions", struct from_a2a, ev.no_peer_actions,
                    "ignore escalate, transfer and other actions the peer sends"),
    OPTION_TRUE_ROW(0, "aggregate", struct from_a2a, aggregate,
                    "also write each artifact's chunks as one whole event"),
    OPTION_INCLUDE_ROW(run_option_table,
                       RUN_PRETTY | RUN_COMPACT | RUN_INPUT | RUN_JOBS | RUN_FOLLOW,
                       struct from_a2a, run),
    OPTION_END_ROW,
};

static int run_from_a2a(int argc, char *argv[])
{
	struct from_a2a f;
	memset(&f, 0, sizeof f);
	/* ADK Python's name for a remote agent, for events no message names. */
	f.ev.default_author = "a2a agent";
	int status = command_parse(&command_from_a2a, argc, argv, &f);
	if (status >= 0)
		return status;
	/* One invocation for the run's unnamed events; a fixed one when the output must be
	 * reproducible. */
	char uuid[STAMP_UUID_SIZE];
	if (f.deterministic)
		snprintf(uuid, sizeof uuid, "a2a");
	else
		stamp_uuid(uuid);
	snprintf(f.invocation, sizeof f.invocation, "e-%s", uuid);
	f.ev.default_invocation_id = f.invocation;
	return from_a2a_loop(&f, argc - optind, argv + optind);
}

const struct command command_from_a2a = {
    .name = "from-a2a",
    .summary = "Convert A2A messages, tasks and task updates to ADK events.",
    .options = from_a2a_options,
    .operands = "[FILE ...]",
    .run = run_from_a2a,
};
