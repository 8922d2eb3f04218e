/*
 * show.c - adkev show: a run as a person reads it.
 *
 * One line per thing that happened, in order: the time since the first
 * event, the author, what happened (input, text, chunk, thought, call,
 * result, state, transfer, error, the final answer, ...) and its value.
 * Events are grouped under a heading per invocation and indented by the
 * depth of their branch.  Values are cut to the width of the terminal (or
 * --width; output to a file or a pipe is whole) unless
 * --full is given; colours are used on a terminal unless NO_COLOR is set.
 *
 * This file says what each line shows and in which colour; write/termlayout
 * lays the lines out in their columns, cuts them and writes input values
 * escaped, so a log cannot move the cursor, recolour the screen or hide text.
 */
#include "command.h"
#include "adk/event.h"
#include "adk/eventview.h"
#include "adk/redact.h"
#include "cmd/run.h"
#include "cmd/show.h"
#include "write/output.h"
#include "read/reader.h"
#include "write/termlayout.h"
#include "util.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

/* The author column's width before any author is seen: it grows to the widest. */
#define AUTHOR_MIN_WIDTH 16

struct show_options {
	bool mermaid; /* --format=mermaid */
	bool color;
	bool full;
	long width;
	bool redact;
	const char *color_when; /* --color's value: auto, always or never */
	struct run_options run; /* --author, --invocation, --skip-invalid, --progress */
};

struct show {
	const struct show_options *o;
	struct strbuf out;     /* the block of the event being shown */
	struct strbuf scratch; /* values rendered as JSON */
	bool have_start;
	double start;
	json_t *invocation; /* the heading shown last, a JSON string, or NULL */
	bool any_heading;
	size_t author_width;

	/* The event being shown, and the columns its block is written in. */
	const json_t *event;
	struct termlayout line;
};

static const char *const label_styles[ITEM_KIND_COUNT] = {
    [ITEM_INPUT] = SGR_BOLD,          [ITEM_TEXT] = NULL,
    [ITEM_CHUNK] = SGR_DIM,           [ITEM_THOUGHT] = SGR_DIM_ITALIC,
    [ITEM_FINAL] = SGR_GREEN_BOLD,    [ITEM_CALL] = SGR_YELLOW,
    [ITEM_RESULT] = SGR_GREEN,        [ITEM_CODE] = SGR_BLUE,
    [ITEM_OUTPUT] = SGR_BLUE,         [ITEM_DATA] = SGR_BLUE,
    [ITEM_FILE] = SGR_BLUE,           [ITEM_STATE] = SGR_MAGENTA,
    [ITEM_ARTIFACT] = SGR_MAGENTA,    [ITEM_TRANSFER] = SGR_BLUE_BOLD,
    [ITEM_ESCALATE] = SGR_BLUE_BOLD,  [ITEM_AUTH] = SGR_YELLOW_BOLD,
    [ITEM_CONFIRM] = SGR_YELLOW_BOLD, [ITEM_ERROR] = SGR_RED_BOLD,
};

/* The style of the value itself, where it differs from plain text. */
static const char *value_style(enum item_kind kind)
{
	switch (kind) {
	case ITEM_CHUNK:
		return SGR_DIM;
	case ITEM_THOUGHT:
		return SGR_DIM_ITALIC;
	case ITEM_FINAL:
		return SGR_BOLD;
	case ITEM_ERROR:
		return SGR_RED_BOLD;
	default:
		return NULL;
	}
}

static const char *scratch_json(struct show *s, const json_t *v, size_t *len)
{
	struct json_writer w;
	strbuf_reset(&s->scratch);
	jw_init_buf(&w, &s->scratch, 0);
	jw_value(&w, v);
	*len = s->scratch.len;
	return s->scratch.buf;
}

static bool is_long_running(const json_t *event, const char *id)
{
	json_t *ids = adk_get(event, ADK_LONG_RUNNING_TOOL_IDS);
	size_t i;
	json_t *v;
	if (!id)
		return false;
	json_array_foreach(ids, i, v)
	{
		if (json_is_string(v) && strcmp(json_string_value(v), id) == 0)
			return true;
	}
	return false;
}

/* The keys of an object, joined by ", ": auth and confirmation requests show no values. */
static void keys_of(struct strbuf *sb, const json_t *obj)
{
	const char *key;
	json_t *v;
	json_object_foreach((json_t *)obj, key, v)
	{
		if (sb->len)
			strbuf_addstr(sb, ", ");
		strbuf_addstr(sb, key);
	}
}

/*
 * What one item shows: its label and its value in up to four segments,
 * which borrow from the item, from text (made here) or from owned.
 */
struct item_value {
	const char *label;
	struct termlayout_segment seg[4];
	size_t nseg;
	struct strbuf text;
	char *owned;
};

static void add_segment(struct item_value *v, const char *text, size_t len, const char *sgr)
{
	v->seg[v->nseg++] = (struct termlayout_segment){text, len, sgr};
}

/* A tool call with its arguments, or a result with its response, as JSON. */
static void call_value(struct show *s, struct item_value *v, enum item_kind kind,
                       const json_t *value)
{
	bool call = kind == ITEM_CALL;
	json_t *fc = adk_get(value, call ? ADK_FUNCTION_CALL : ADK_FUNCTION_RESPONSE);
	json_t *name = adk_get(fc, ADK_NAME);
	json_t *arg = adk_get(fc, call ? ADK_ARGS : ADK_RESPONSE);
	size_t len;
	if (!call && function_response_failed(value))
		v->label = "failed";
	if (json_is_string(name))
		strbuf_add(&v->text, json_string_value(name), json_string_length(name));
	else
		strbuf_addch(&v->text, '?');
	strbuf_addstr(&v->text, call ? " " : " \xE2\x86\x92 "); /* → */
	add_segment(v, v->text.buf, v->text.len, SGR_BOLD);
	if (arg) {
		const char *j = scratch_json(s, arg, &len);
		add_segment(v, j, len, NULL);
	}
	if (call && is_long_running(s->event, adk_get_string(fc, ADK_ID)))
		add_segment(v, " (long-running)", 15, SGR_DIM);
}

/* Code to run, or the outcome and output of code that ran. */
static void code_value(struct item_value *v, enum item_kind kind, const json_t *value)
{
	if (kind == ITEM_CODE) {
		const char *t = adk_get_string(adk_get(value, ADK_EXECUTABLE_CODE), ADK_CODE);
		add_segment(v, t ? t : "", t ? strlen(t) : 0, NULL);
		return;
	}
	json_t *res = adk_get(value, ADK_CODE_EXECUTION_RESULT);
	const char *outcome = adk_get_string(res, ADK_OUTCOME);
	const char *out = adk_get_string(res, ADK_OUTPUT);
	if (outcome) {
		strbuf_addstr(&v->text, outcome);
		strbuf_addstr(&v->text, out ? ": " : "");
		add_segment(v, v->text.buf, v->text.len, SGR_DIM);
	}
	if (out)
		add_segment(v, out, strlen(out), NULL);
}

/* Inline bytes or a file: its type and name, and its size or its URI; never the bytes. */
static void data_value(struct item_value *v, enum item_kind kind, const json_t *value)
{
	json_t *d = adk_get(value, kind == ITEM_DATA ? ADK_INLINE_DATA : ADK_FILE_DATA);
	const char *mime = adk_get_string(d, ADK_MIME_TYPE);
	const char *name = adk_get_string(d, ADK_DISPLAY_NAME);
	strbuf_addstr(&v->text, mime ? mime : "?");
	if (name)
		strbuf_addf(&v->text, " %s", name);
	if (kind == ITEM_DATA) {
		json_t *data = adk_get(d, ADK_DATA);
		size_t n = json_is_string(data) ? json_string_length(data) : 0;
		/* Base64: four characters carry three bytes. */
		strbuf_addf(&v->text, ", %zu bytes", n / 4 * 3);
	} else {
		const char *uri = adk_get_string(d, ADK_FILE_URI);
		if (uri)
			strbuf_addf(&v->text, " %s", uri);
	}
	add_segment(v, v->text.buf, v->text.len, NULL);
}

/* The artifacts an event saved, with their versions. */
static void artifact_value(struct show *s, struct item_value *v, const json_t *value)
{
	const char *key;
	json_t *version;
	size_t len;
	json_object_foreach((json_t *)value, key, version)
	{
		if (v->text.len)
			strbuf_addstr(&v->text, ", ");
		strbuf_addstr(&v->text, key);
		if (json_is_integer(version))
			strbuf_addf(&v->text, " v%" JSON_INTEGER_FORMAT,
			            json_integer_value(version));
	}
	if (!json_is_object(value))
		strbuf_addstr(&v->text, scratch_json(s, value, &len));
	add_segment(v, v->text.buf, v->text.len, NULL);
}

/* Texts, state, transfers, requests and errors: each a segment or two. */
static void other_value(struct show *s, struct item_value *v, enum item_kind kind,
                        const json_t *value)
{
	size_t len = 0;
	switch (kind) {
	case ITEM_STATE: {
		const char *j = scratch_json(s, value, &len);
		add_segment(v, j, len, NULL);
		break;
	}
	case ITEM_TRANSFER:
		if (json_is_string(value)) {
			strbuf_addstr(&v->text, "to ");
			strbuf_add(&v->text, json_string_value(value), json_string_length(value));
			add_segment(v, v->text.buf, v->text.len, NULL);
		}
		break;
	case ITEM_AUTH:
	case ITEM_CONFIRM:
		if (json_is_object(value)) {
			keys_of(&v->text, value);
			add_segment(v, "for ", 4, SGR_DIM);
			add_segment(v, v->text.buf, v->text.len, NULL);
		}
		break;
	case ITEM_ASK: {
		const char *t = part_input_request(value, &len);
		add_segment(v, t, len, NULL);
		break;
	}
	case ITEM_SUMMARY: {
		struct event_compaction c;
		if (event_compaction(value, &c) && c.text)
			add_segment(v, c.text, c.text_len, NULL);
		break;
	}
	case ITEM_NODE: {
		const json_t *path = event_node_path(value);
		add_segment(v, json_string_value(path), json_string_length(path), NULL);
		break;
	}
	case ITEM_ERROR:
		v->owned = event_error_text(value);
		if (v->owned)
			add_segment(v, v->owned, strlen(v->owned), NULL);
		break;
	case ITEM_INPUT:
	case ITEM_TEXT:
	case ITEM_CHUNK:
	case ITEM_THOUGHT:
	case ITEM_FINAL: {
		const char *t = part_text(value, &len);
		add_segment(v, t, len, NULL);
		break;
	}
	default: /* an escalation says all in its label; the others have functions of their own */
		break;
	}
}

/* event_items()'s callback: one line, or more with --full, for one thing that happened. */
static void show_item(void *ctx, enum item_kind kind, const json_t *value)
{
	struct show *s = ctx;
	struct item_value v = {.label = item_kind_name(kind), .text = STRBUF_INIT};
	switch (kind) {
	case ITEM_CALL:
	case ITEM_RESULT:
		call_value(s, &v, kind, value);
		break;
	case ITEM_CODE:
	case ITEM_OUTPUT:
		code_value(&v, kind, value);
		break;
	case ITEM_DATA:
	case ITEM_FILE:
		data_value(&v, kind, value);
		break;
	case ITEM_ARTIFACT:
		artifact_value(s, &v, value);
		break;
	default:
		other_value(s, &v, kind, value);
	}
	const char *lstyle = strcmp(v.label, "failed") == 0 ? SGR_RED_BOLD : label_styles[kind];
	termlayout_line(&s->line, v.label, lstyle);
	termlayout_value(&s->line, v.seg, v.nseg, value_style(kind));
	termlayout_line_end(&s->line);
	strbuf_release(&v.text);
	free(v.owned);
}

static size_t branch_depth(const json_t *event)
{
	const char *b = adk_get_string(event, ADK_BRANCH);
	size_t depth = 0;
	for (; b && *b; b++)
		depth += *b == '.';
	return depth;
}

static void heading(struct show *s, const json_t *id)
{
	if (json_strings_equal(s->invocation, id))
		return;
	json_decref(s->invocation);
	s->invocation = json_stringn_nocheck(json_string_value(id), json_string_length(id));
	termlayout_heading(&s->line, !s->any_heading, "invocation ", json_string_value(id),
	                   json_string_length(id));
	s->any_heading = true;
}

/* A server stream error: no event, so no author; its source said instead. */
static void show_stream_error(struct show *s, const json_t *error)
{
	const char *t = stream_error_text(error);
	struct termlayout_segment seg = {t, t ? strlen(t) : 0, NULL};
	struct termlayout_head head = {.author_width = s->author_width, .source = "(stream)"};
	s->event = NULL;
	termlayout_event(&s->line, &head);
	termlayout_line(&s->line, "error", SGR_RED_BOLD);
	termlayout_value(&s->line, &seg, 1, SGR_RED_BOLD);
	termlayout_line_end(&s->line);
}

/* The head of an event's first line: its time since the first event, its author, its depth. */
static struct termlayout_head event_head(struct show *s, const json_t *event)
{
	const json_t *author = event_author_string(event);
	struct termlayout_head head = {.indent = 2 * branch_depth(event)};
	double t;
	if (event_timestamp(event, &t)) {
		if (!s->have_start) {
			s->have_start = true;
			s->start = t;
		}
		head.timed = true;
		head.offset = t - s->start;
	}
	/* The author column grows to the widest author, as far as the indent leaves room. */
	if (author && json_string_length(author) > s->author_width)
		s->author_width = json_string_length(author);
	size_t limit = termlayout_author_limit(&s->line, head.indent);
	if (s->author_width > limit)
		s->author_width = limit;
	head.author_width = s->author_width;
	if (author) {
		head.author = json_string_value(author);
		head.author_len = json_string_length(author);
		head.author_style = json_string_equals(author, "user") ? SGR_BOLD : SGR_CYAN;
	}
	return head;
}

static void show_one_event(struct show *s, const json_t *event)
{
	const json_t *id = event_invocation_id_string(event);
	if (id)
		heading(s, id);
	struct termlayout_head head = event_head(s, event);
	s->event = event;
	termlayout_event(&s->line, &head);
	if (event_items(event, show_item, s) == 0) {
		/* Nothing happened in it; its flags are all there is to say. */
		termlayout_line(&s->line, "event", SGR_DIM);
		termlayout_ours(&s->line,
		                adk_truthy(event, ADK_TURN_COMPLETE) ? "turn complete"
		                : adk_truthy(event, ADK_INTERRUPTED) ? "interrupted"
		                                                     : "",
		                SGR_DIM);
		termlayout_line_end(&s->line);
	}
}

static void show_event(struct show *s, const struct reader_item *item)
{
	strbuf_reset(&s->out);
	/* Lines are cut to the width unless --full, which breaks them at their newlines. */
	if (item->kind == VALUE_STREAM_ERROR)
		show_stream_error(s, item->value);
	else
		show_one_event(s, item->value);
	output_bytes(s->out.buf, s->out.len);
}

static const char *take_format(void *at, const char *arg)
{
	bool *mermaid = at;
	if (strcmp(arg, "text") && strcmp(arg, "mermaid"))
		return "--format takes text or mermaid";
	*mermaid = strcmp(arg, "mermaid") == 0;
	return NULL;
}

static const struct option_row show_options[] = {
    OPTION_INCLUDE_ROW(run_color_table, 0, struct show_options, color_when),
    OPTION_TRUE_ROW(0, "full", struct show_options, full,
                    "show whole values, with their line breaks"),
    {.kind = OPTION_VALUE,
     .long_name = "width",
     .arg_name = "N",
     .store = STORE_LONG,
     .offset = offsetof(struct show_options, width),
     .min = 1,
     .invalid = "--width takes a whole number of columns, 1 or more",
     .help = "cut lines to N columns (default: the terminal's; no cut elsewhere)"},
    OPTION_FALSE_ROW(0, "no-redact", struct show_options, redact,
                     "show secrets; by default they are hidden, as trajectory does"),
    OPTION_CHOICE_ROW("format", "FORMAT", "text|mermaid", take_format, struct show_options, mermaid,
                      "text (the default), or mermaid: a sequenceDiagram"),
    OPTION_INCLUDE_ROW(run_option_table, RUN_FILTERS | RUN_INPUT | RUN_FOLLOW | RUN_SESSIONS,
                       struct show_options, run),
    OPTION_END_ROW,
};

/* What run_show() hands run_read(): the text form's state or the diagram, and --redact's redactor.
 */
struct show_run {
	struct show s;
	struct show_mermaid *mermaid; /* --format=mermaid, else NULL */
	const struct redactor *redactor;
};

static int show_read_item(void *ctx, struct reader *r, const struct reader_item *item)
{
	struct show_run *run = ctx;
	(void)r;
	/* The filters saw the event as written; the screen sees it redacted. */
	struct reader_item shown = *item;
	json_t *clean = redact_json(run->redactor, item->value);
	shown.value = clean;
	if (run->mermaid)
		show_mermaid_add(run->mermaid, &shown);
	else
		show_event(&run->s, &shown);
	json_decref(clean);
	return 0;
}

/* What the diagram still owes at the end of the run. */
static int show_done(void *ctx, struct reader *r)
{
	struct show_run *run = ctx;
	(void)r;
	if (run->mermaid)
		show_mermaid_end(run->mermaid);
	return 0;
}

static int run_show(int argc, char *argv[])
{
	/* Secrets are hidden unless --no-redact: what show writes is read by a person. */
	struct show_options o = {
	    .width = -1, .color_when = "auto", .redact = true, .run.streams = true};
	int status = command_parse(&command_show, argc, argv, &o);
	if (status >= 0)
		return status;
	o.color = run_color_on(o.color_when);
	if (o.width < 0)
		o.width = output_terminal_width();

	struct redactor redactor;
	if (o.redact)
		redactor_init(&redactor, false, NULL, 0);
	struct show_run run = {
	    .s = {.o = &o, .author_width = AUTHOR_MIN_WIDTH},
	    .mermaid = o.mermaid ? show_mermaid_new() : NULL,
	    .redactor = o.redact ? &redactor : NULL,
	};
	run.s.line.out = &run.s.out;
	run.s.line.color = o.color;
	run.s.line.width = o.full ? 0 : (size_t)o.width;
	run.s.line.breaks = o.full;
	struct run_plan plan = {
	    .streams = true, .item = show_read_item, .done = show_done, .ctx = &run};
	status = run_read(&plan, &o.run, argc - optind, argv + optind);
	show_mermaid_free(run.mermaid);
	if (o.redact)
		redactor_release(&redactor);
	strbuf_release(&run.s.out);
	strbuf_release(&run.s.scratch);
	json_decref(run.s.invocation);
	return status;
}

const struct command command_show = {
    .name = "show",
    .summary = "Show a run in the terminal, one line per thing that happened.",
    .options = show_options,
    .operands = "[FILE ...]",
    .run = run_show,
};
