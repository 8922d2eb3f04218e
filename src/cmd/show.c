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
 * An event a later rewind undid is greyed, or marked with '~' without
 * colour, where the input can be read twice (cmd/show_rewind.h).
 *
 * This file says what each line shows and in which colour; write/termlayout
 * lays the lines out in their columns, cuts them and writes input values
 * escaped, so a log cannot move the cursor, recolour the screen or hide text.
 */
#include "command.h"
#include "adk/event.h"
#include "adk/eventview.h"
#include "adk/redact.h"
#include "adk/rewind.h"
#include "cmd/run.h"
#include "cmd/show.h"
#include "cmd/show_rewind.h"
#include "write/output.h"
#include "read/reader.h"
#include "read/sessiondb.h"
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
	struct strbuf *sink; /* where the lines go (a session's, held), or NULL: standard output */
	bool any_heading;
	size_t author_width;

	/* The event being shown, and the columns its block is written in. */
	const json_t *event;
	bool faded; /* a later rewind undid the event (show_rewind.h) */
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
	case ITEM_REWIND: {
		/* What it undoes is its target and every invocation after it (adk/rewind.h). */
		const json_t *target = event_rewind_target(value);
		add_segment(v, "before invocation ", 18, SGR_DIM);
		add_segment(v, json_string_value(target), json_string_length(target), NULL);
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
	/* ADK JS writes a compaction event under the empty id; a blank heading would say nothing. */
	size_t len = json_string_length(id);
	termlayout_heading(&s->line, !s->any_heading, "invocation ",
	                   len ? json_string_value(id) : "(no id)", len ? len : strlen("(no id)"));
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
	struct termlayout_head head = {.indent = 2 * branch_depth(event), .faded = s->faded};
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
	if (s->sink)
		strbuf_add(s->sink, s->out.buf, s->out.len);
	else
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

/*
 * One session of a source of several (a session database, files of
 * session objects), as it is read: its names as written (NULL where
 * absent), the times of its first and last events, and its lines, held
 * until it ends, since its header names both times.
 */
struct session_part {
	char *app, *user, *id;
	bool named; /* read from a session (false: events outside any) */
	struct run_span span; /* the times of its first and last events */
	size_t shown; /* the values that passed the filters */
	struct strbuf body;
};

/*
 * The sessions of the run.  The first one is held until a second begins:
 * a source of one session is shown as it always was, with no header, and
 * only a source of several has each under its own.
 */
struct show_sessions {
	bool any;             /* a session has begun: the run is shown session by session */
	bool open;            /* cur is being read */
	bool from_db;         /* cur is a database's, read alone: its events name no session */
	bool live;            /* -f: one run shown as it comes, never held for a header */
	struct session_split split; /* a file's: the session object cur was read from */
	struct session_part cur;
	struct session_part held; /* the first session, once it ended, until a second */
	bool holding;
	bool shown;   /* something is on standard output already */
	size_t ended; /* the sessions ended so far */
};

/* What run_show() hands run_read(): the text form's state or the diagram, and --redact's redactor.
 */
struct show_run {
	struct show s;
	const struct show_options *o;
	struct show_mermaid *mermaid; /* --format=mermaid, once begun, else NULL */
	const struct redactor *redactor;
	struct show_sessions ss;
	/*
	 * Whether the operands can be read twice (show_rewind_readable()), and
	 * then the events of the read under way that a later rewind undid.
	 */
	bool rereadable;
	struct show_rewound rewound;
};

static void part_clear(struct session_part *p)
{
	free(p->app);
	free(p->user);
	free(p->id);
	strbuf_release(&p->body);
	*p = (struct session_part){.body = STRBUF_INIT};
}

/* The header's text: "session ID, app APP, user USER, FIRST to LAST". */
static void header_text(struct strbuf *sb, const struct show_run *run, const struct session_part *p)
{
	struct session_info names = {.app = p->app, .user = p->user, .id = p->id};
	run_session_heading(sb, p->named ? &names : NULL, run->redactor, &p->span);
}

/* Text for a Markdown heading: no line breaks, Markdown's punctuation taken as it is. */
static void markdown_escaped(struct strbuf *out, const char *text, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)text[i];
		if (c < 0x20 || c == 0x7f)
			c = ' ';
		else if (strchr("\\`*_[]<>#|~&", c))
			strbuf_addch(out, '\\');
		strbuf_addch(out, (char)c);
	}
}

/*
 * Writes a session ended: alone, its lines as they are; one of several,
 * under its header (a bold line, a blank line between sessions), or, as a
 * diagram, under a Markdown heading in a ```mermaid block, as GitHub draws.
 */
static void write_part(struct show_run *run, const struct session_part *p, bool several)
{
	struct strbuf out = STRBUF_INIT;
	struct strbuf text = STRBUF_INIT;
	if (several) {
		header_text(&text, run, p);
		if (run->mermaid || run->o->mermaid) {
			strbuf_addstr(&out, run->ss.shown ? "\n## " : "## ");
			markdown_escaped(&out, text.buf, text.len);
			strbuf_addstr(&out, "\n\n```mermaid\n");
		} else {
			struct termlayout h = run->s.line;
			h.out = &out;
			termlayout_heading(&h, !run->ss.shown, "", text.buf, text.len);
		}
	}
	strbuf_add(&out, p->body.buf, p->body.len);
	if (several && run->o->mermaid)
		strbuf_addstr(&out, "```\n");
	output_bytes(out.buf, out.len);
	run->ss.shown = true;
	strbuf_release(&out);
	strbuf_release(&text);
}

/* Ends the session being read: written, unless it is the first, which waits for a second. */
static void session_end(struct show_run *run)
{
	struct show_sessions *ss = &run->ss;
	if (run->mermaid) {
		show_mermaid_end(run->mermaid);
		show_mermaid_free(run->mermaid);
		run->mermaid = NULL;
	}
	ss->open = false;
	/*
	 * A session none of whose events passed --author or --invocation is
	 * left out, header and all; it still counts, so that the sessions shown
	 * of a source of several are always under their headers.
	 */
	if (ss->cur.shown == 0 && run_filters_events(&run->o->run)) {
		ss->ended++;
		if (ss->holding)
			write_part(run, &ss->held, true);
		ss->holding = false;
		part_clear(&ss->held);
		part_clear(&ss->cur);
		return;
	}
	if (ss->ended++ == 0 && !ss->shown) {
		ss->held = ss->cur;
		ss->holding = true;
		ss->cur = (struct session_part){.body = STRBUF_INIT};
		return;
	}
	if (ss->holding)
		write_part(run, &ss->held, true);
	ss->holding = false;
	part_clear(&ss->held);
	write_part(run, &ss->cur, true);
	part_clear(&ss->cur);
}

/* Begins a session (named: app, user and id as written, each NULL where absent). */
static void session_begin(struct show_run *run, const struct session_info *names)
{
	struct show_sessions *ss = &run->ss;
	if (ss->open)
		session_end(run);
	if (run->mermaid) {
		/* A diagram of events read before any session: it ends where they do. */
		show_mermaid_end(run->mermaid);
		show_mermaid_free(run->mermaid);
		run->mermaid = NULL;
	}
	ss->any = ss->open = true;
	part_clear(&ss->cur);
	ss->cur.named = names != NULL;
	if (names) {
		ss->cur.app = names->app ? xstrdup(names->app) : NULL;
		ss->cur.user = names->user ? xstrdup(names->user) : NULL;
		ss->cur.id = names->id ? xstrdup(names->id) : NULL;
	}
	/* Each session on its own: its times from its first event, its own headings and columns. */
	struct show *s = &run->s;
	s->have_start = false;
	json_decref(s->invocation);
	s->invocation = NULL;
	s->any_heading = false;
	s->author_width = AUTHOR_MIN_WIDTH;
	s->sink = &ss->cur.body;
	if (run->o->mermaid)
		run->mermaid = show_mermaid_new(&ss->cur.body);
}

/*
 * A file's events: a new session begins where they come from another
 * session object than the last (or from none after one), as --per-session
 * splits a file (session_split_begins()); events from none before any are
 * shown as they are, without a header.  A database's session was begun
 * before its read.
 */
static void split_at_session(struct show_run *run, const json_t *object)
{
	struct show_sessions *ss = &run->ss;
	if (ss->live || ss->from_db || (!object && !ss->any) ||
	    !session_split_begins(&ss->split, object))
		return;
	session_split_take(&ss->split, object);
	struct session_info names = {
	    .app = ss->split.app, .user = ss->split.user, .id = ss->split.id};
	session_begin(run, object ? &names : NULL);
}

static int show_read_item(void *ctx, struct reader *r, const struct reader_item *item)
{
	struct show_run *run = ctx;
	/* The reader counts the items it handed out, as the first read counted them. */
	unsigned long long place = reader_get_progress(r)->items - 1;
	run->s.faded = item->kind == VALUE_EVENT && show_rewound_at(&run->rewound, place);
	split_at_session(run, item->session);
	run->ss.cur.shown++;
	if (run->ss.open)
		run_span_add(&run->ss.cur.span, item);
	if (!run->ss.any)
		run->ss.shown = true;
	/* The filters saw the event as written; the screen sees it redacted. */
	struct reader_item shown = *item;
	json_t *clean = redact_json(run->redactor, item->value);
	shown.value = clean;
	if (run->o->mermaid) {
		if (!run->mermaid)
			run->mermaid = show_mermaid_new(NULL);
		show_mermaid_add(run->mermaid, &shown);
	} else {
		show_event(&run->s, &shown);
	}
	json_decref(clean);
	return 0;
}

/* What the run still owes at its end: the last session, the one held, the diagram's end. */
static void show_finish(struct show_run *run)
{
	if (run->ss.open)
		session_end(run);
	if (run->ss.holding)
		write_part(run, &run->ss.held, false);
	run->ss.holding = false;
	part_clear(&run->ss.held);
	if (run->o->mermaid && !run->ss.any) {
		if (!run->mermaid)
			run->mermaid = show_mermaid_new(NULL);
		show_mermaid_end(run->mermaid);
	}
}

static int show_done(void *ctx, struct reader *r)
{
	(void)r;
	show_finish(ctx);
	return 0;
}

/*
 * One read of the operands: a first one through the rewind walk where they
 * can be read twice, for the text form (a diagram leaves undone events
 * unmarked), then the one that shows them.
 */
static int show_read(struct show_run *run, const struct run_plan *plan, const struct run_options *o,
                     int argc, char *argv[])
{
	if (run->rereadable && !run->o->mermaid)
		show_rewind_scan(&run->rewound, o, argc, argv);
	int status = run_read(plan, o, argc, argv);
	show_rewound_release(&run->rewound);
	return status;
}

/* What show hands run_each_session(): the run and how to read each session. */
struct show_database_read {
	struct show_run *run;
	const struct run_plan *plan;
	char *operand;
};

/* One session of a database, read alone under its own header. */
static int show_session(void *ctx, const struct run_options *one, const struct session_info *session)
{
	struct show_database_read *d = ctx;
	/* The file read next begins a session of its own, whatever it names. */
	if (!d->run->ss.live) {
		session_begin(d->run, session);
		session_split_release(&d->run->ss.split);
	}
	d->run->ss.from_db = true;
	int status = show_read(d->run, d->plan, one, 1, &d->operand);
	d->run->ss.from_db = false;
	return status;
}

/* A session database's sessions that --session, --app and --user choose, each read alone. */
static int show_database(struct show_run *run, const struct run_plan *plan,
                         const struct run_options *o, char *operand)
{
	struct show_database_read d = {run, plan, operand};
	return run_each_session(operand, o, show_session, &d);
}

/*
 * The operands: as one run, unless one is a session database; then each in
 * turn, a database's sessions one by one, and the skipped values and the
 * filters' matches reported once at the end.
 */
static int show_operands(struct show_run *run, struct run_plan *plan, const struct run_options *o,
                         int argc, char *argv[])
{
	bool db = false;
	for (int i = 0; i < argc; i++)
		db = db || sessiondb_claims(argv[i]);
	run->rereadable = show_rewind_readable(o, argc, argv);
	if (!db)
		return show_read(run, plan, o, argc, argv);
	struct run_end end = {0};
	int status = 0;
	plan->end = &end;
	plan->done = NULL;
	for (int i = 0; i < argc && !output_failed(); i++) {
		if (sessiondb_claims(argv[i]))
			status = exit_status_worst(status, show_database(run, plan, o, argv[i]));
		else
			status = exit_status_worst(status, show_read(run, plan, o, 1, argv + i));
	}
	if (status != EXIT_USAGE)
		show_finish(run);
	return exit_status_worst(status, run_end_report(o, &end));
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
	    .o = &o,
	    .redactor = o.redact ? &redactor : NULL,
	    /*
	     * A session is held until it ends, for its header's times; a run
	     * followed with -f is shown as it comes instead, as one run.
	     */
	    .ss = {.split = SESSION_SPLIT_INIT,
	           .cur.body = STRBUF_INIT,
	           .held.body = STRBUF_INIT,
	           .live = o.run.follow},
	};
	run.s.line.out = &run.s.out;
	run.s.line.color = o.color;
	run.s.line.width = o.full ? 0 : (size_t)o.width;
	run.s.line.breaks = o.full;
	struct run_plan plan = {
	    .streams = true, .item = show_read_item, .done = show_done, .ctx = &run};
	status = show_operands(&run, &plan, &o.run, argc - optind, argv + optind);
	show_mermaid_free(run.mermaid);
	part_clear(&run.ss.cur);
	part_clear(&run.ss.held);
	session_split_release(&run.ss.split);
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
