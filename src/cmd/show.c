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
 * Input values are never written to the terminal as they are: termtext
 * escapes control characters and bidirectional overrides, so a log cannot
 * move the cursor, recolour the screen or hide text.
 */
#include "command.h"
#include "adk/event.h"
#include "adk/eventview.h"
#include "adk/redact.h"
#include "cmd/drive.h"
#include "cmd/extract.h"
#include "cmd/show.h"
#include "write/output.h"
#include "read/reader.h"
#include "write/termtext.h"
#include "util.h"

#include <getopt.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

enum {
	OPT_COLOR = OPT_COMMAND,
	OPT_FULL,
	OPT_WIDTH,
	OPT_REDACT,
	OPT_FORMAT,
};

#define TIME_WIDTH       10
#define AUTHOR_MIN_WIDTH 16
/*
 * When lines are cut, author names are cut too, to what the line leaves
 * beside a value's minimum, within these bounds, so no line outgrows the width.
 */
#define AUTHOR_MAX_WIDTH 32
#define AUTHOR_CUT_MIN   8
#define LABEL_WIDTH      8
#define MIN_VALUE_WIDTH  10
#define ELLIPSIS         "\xE2\x80\xA6" /* U+2026, one column */

/* SGR parameters. */
#define SGR_BOLD        "1"
#define SGR_DIM         "2"
#define SGR_DIM_ITALIC  "2;3"
#define SGR_RED_BOLD    "1;31"
#define SGR_GREEN       "32"
#define SGR_GREEN_BOLD  "1;32"
#define SGR_YELLOW      "33"
#define SGR_YELLOW_BOLD "1;33"
#define SGR_BLUE        "34"
#define SGR_BLUE_BOLD   "1;34"
#define SGR_MAGENTA     "35"
#define SGR_CYAN        "36"

struct show_options {
	bool mermaid; /* --format=mermaid */
	bool color;
	bool full;
	long width;
	bool redact;
	struct extract_options filters; /* --author, --invocation, --skip-invalid, --progress */
};

/* A piece of a value, written in one style. */
struct segment {
	const char *text;
	size_t len;
	const char *sgr; /* NULL: the value's own style */
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

	/* The event being shown. */
	const json_t *event;
	bool first_line;
	size_t indent;    /* columns of branch indentation */
	size_t value_col; /* where values start on this event's lines */
	size_t used;      /* columns used on the current line */
	bool cut;         /* values are cut at the width */
};

static void sgr(struct show *s, const char *params)
{
	if (s->o->color && params) {
		strbuf_add(&s->out, "\033[", 2);
		strbuf_addstr(&s->out, params);
		strbuf_addch(&s->out, 'm');
	}
}

static void sgr_reset(struct show *s, const char *params)
{
	if (s->o->color && params)
		strbuf_add(&s->out, "\033[0m", 4);
}

static void pad(struct show *s, size_t columns)
{
	for (size_t i = 0; i < columns; i++)
		strbuf_addch(&s->out, ' ');
	s->used += columns;
}

/* A value's width on one line, counted only up to limit. */
static size_t measure(const struct segment *seg, size_t nseg, size_t limit)
{
	size_t w = 0;
	char esc[16];
	for (size_t k = 0; k < nseg && w <= limit; k++) {
		const char *p = seg[k].text;
		size_t n = seg[k].len;
		for (size_t i = 0; i < n && w <= limit;) {
			uint32_t cp;
			i += utf8_decode(p + i, n - i, &cp);
			w +=
			    text_unsafe(cp) ? text_escape(cp, esc, sizeof esc) : termtext_width(cp);
		}
	}
	return w;
}

/*
 * Writes sanitised text, as long as it fits in budget columns (no limit
 * when budget is SIZE_MAX).  With breaks, a newline starts a new line at
 * the value column.  Returns false when it ran out of room.
 */
static bool put_text(struct show *s, const char *p, size_t n, size_t *budget, bool breaks,
                     const char *style)
{
	char esc[16];
	for (size_t i = 0; i < n;) {
		uint32_t cp;
		size_t len = utf8_decode(p + i, n - i, &cp);
		if (breaks && cp == '\n') {
			/* No trailing blanks on a line the break leaves empty. */
			while (s->out.len && s->out.buf[s->out.len - 1] == ' ')
				s->out.len--;
			strbuf_addch(&s->out, '\n');
			s->used = 0;
			pad(s, s->value_col);
			i += len;
			continue;
		}
		if (text_unsafe(cp)) {
			size_t elen = text_escape(cp, esc, sizeof esc);
			if (elen > *budget)
				return false;
			*budget -= *budget == SIZE_MAX ? 0 : elen;
			/* Escapes are dimmed so they stand apart from the text. */
			sgr(s, SGR_DIM);
			strbuf_add(&s->out, esc, elen);
			sgr_reset(s, SGR_DIM);
			sgr(s, style);
			s->used += elen;
		} else {
			size_t w = termtext_width(cp);
			if (w > *budget)
				return false;
			*budget -= *budget == SIZE_MAX ? 0 : w;
			strbuf_add(&s->out, p + i, len);
			s->used += w;
		}
		i += len;
	}
	return true;
}

/* Writes a value, cut to the line's width with an ellipsis unless --full. */
static void put_value(struct show *s, const struct segment *seg, size_t nseg, const char *style)
{
	size_t budget = SIZE_MAX;
	if (s->cut) {
		size_t room = (size_t)s->o->width > s->used ? (size_t)s->o->width - s->used : 0;
		if (room < MIN_VALUE_WIDTH)
			room = MIN_VALUE_WIDTH;
		/* Room for the ellipsis when the value does not fit whole. */
		budget = measure(seg, nseg, room) > room ? room - 1 : room;
	}
	bool fits = true;
	for (size_t k = 0; k < nseg && fits; k++) {
		const char *st = seg[k].sgr ? seg[k].sgr : style;
		sgr(s, st);
		fits = put_text(s, seg[k].text, seg[k].len, &budget, s->o->full, st);
		sgr_reset(s, st);
	}
	if (!fits) {
		strbuf_addstr(&s->out, ELLIPSIS);
		s->used++;
	}
}

static void format_offset(char *buf, size_t size, double d)
{
	const char *sign = d < 0 ? "-" : "+";
	double a = fabs(d);
	if (!(a < 1e12)) {
		/* Beyond any real run (and beyond a long): seconds as they are. */
		snprintf(buf, size, "%s%gs", sign, a);
	} else if (a < 60) {
		snprintf(buf, size, "%s%.3fs", sign, a);
	} else if (a < 3600) {
		int m = (int)(a / 60);
		snprintf(buf, size, "%s%d:%06.3f", sign, m, a - 60.0 * m);
	} else {
		/* Tenths past an hour, so the column keeps its width up to ten hours. */
		long h = (long)(a / 3600);
		int m = (int)((a - 3600.0 * h) / 60);
		snprintf(buf, size, "%s%ld:%02d:%04.1f", sign, h, m, a - 3600.0 * h - 60.0 * m);
	}
}

/* The columns an author name may take: all it needs, unless lines are cut. */
static size_t author_limit(const struct show *s)
{
	if (!s->cut)
		return SIZE_MAX;
	size_t fixed = TIME_WIDTH + 2 + s->indent + 2 + LABEL_WIDTH + 2 + MIN_VALUE_WIDTH;
	size_t room = (size_t)s->o->width > fixed ? (size_t)s->o->width - fixed : 0;
	return room < AUTHOR_CUT_MIN     ? AUTHOR_CUT_MIN
	       : room > AUTHOR_MAX_WIDTH ? AUTHOR_MAX_WIDTH
	                                 : room;
}

/* The start of a line: time and author on an event's first line, blanks after. */
static void line_start(struct show *s, const char *label, const char *label_style)
{
	s->used = 0;
	if (s->first_line) {
		double t;
		char when[32] = "";
		if (s->event && event_timestamp(s->event, &t)) {
			if (!s->have_start) {
				s->have_start = true;
				s->start = t;
			}
			format_offset(when, sizeof when, t - s->start);
		}
		pad(s, TIME_WIDTH > strlen(when) ? TIME_WIDTH - strlen(when) : 0);
		sgr(s, SGR_DIM);
		strbuf_addstr(&s->out, when);
		s->used += strlen(when);
		sgr_reset(s, SGR_DIM);
		pad(s, 2 + s->indent);
		const json_t *author = s->event ? event_author_string(s->event) : NULL;
		size_t before = s->used, budget = SIZE_MAX;
		if (!s->event) {
			/* A server stream error has no author: say where it came from. */
			sgr(s, SGR_DIM);
			strbuf_addstr(&s->out, "(stream)");
			s->used += 8;
			sgr_reset(s, SGR_DIM);
		} else if (author) {
			const char *style =
			    json_string_equals(author, "user") ? SGR_BOLD : SGR_CYAN;
			/* All of it: a "\u0000" inside is shown escaped, never ends the name. */
			struct segment seg = {json_string_value(author), json_string_length(author),
			                      NULL};
			size_t limit = author_limit(s);
			if (s->cut && measure(&seg, 1, limit) > limit)
				budget = limit - 1;
			sgr(s, style);
			bool whole = put_text(s, seg.text, seg.len, &budget, false, style);
			sgr_reset(s, style);
			if (!whole) {
				strbuf_addstr(&s->out, ELLIPSIS);
				s->used++;
			}
		}
		size_t w = s->used - before;
		pad(s, w < s->author_width ? s->author_width - w : 0);
		pad(s, 2);
		s->first_line = false;
	} else {
		pad(s, TIME_WIDTH + 2 + s->indent + s->author_width + 2);
	}
	sgr(s, label_style);
	strbuf_addstr(&s->out, label);
	sgr_reset(s, label_style);
	s->used += strlen(label);
	pad(s, strlen(label) < LABEL_WIDTH ? LABEL_WIDTH - strlen(label) : 0);
	pad(s, 2);
	s->value_col = s->used;
}

static void line_end(struct show *s)
{
	/* Trailing blanks are left off, so a label with no value ends the line. */
	while (s->out.len && s->out.buf[s->out.len - 1] == ' ')
		s->out.len--;
	strbuf_addch(&s->out, '\n');
}

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
	struct segment seg[4];
	size_t nseg;
	struct strbuf text;
	char *owned;
};

static void add_segment(struct item_value *v, const char *text, size_t len, const char *sgr)
{
	v->seg[v->nseg++] = (struct segment){text, len, sgr};
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
	line_start(s, v.label, lstyle);
	put_value(s, v.seg, v.nseg, value_style(kind));
	line_end(s);
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
	if (s->any_heading)
		strbuf_addch(&s->out, '\n');
	s->any_heading = true;
	size_t budget = SIZE_MAX;
	sgr(s, SGR_BOLD);
	strbuf_addstr(&s->out, "invocation ");
	put_text(s, json_string_value(id), json_string_length(id), &budget, false, SGR_BOLD);
	sgr_reset(s, SGR_BOLD);
	strbuf_addch(&s->out, '\n');
}

static void show_event(struct show *s, const struct reader_item *item)
{
	strbuf_reset(&s->out);
	s->first_line = true;
	s->cut = !s->o->full && s->o->width > 0;
	if (item->kind == VALUE_STREAM_ERROR) {
		const char *t = stream_error_text(item->value);
		struct segment seg = {t, t ? strlen(t) : 0, NULL};
		s->event = NULL;
		s->indent = 0;
		line_start(s, "error", SGR_RED_BOLD);
		put_value(s, &seg, 1, SGR_RED_BOLD);
		line_end(s);
	} else {
		const json_t *event = item->value;
		const json_t *id = event_invocation_id_string(event);
		const json_t *author = event_author_string(event);
		if (id)
			heading(s, id);
		/* The indent first: the room an author may take depends on it. */
		s->event = event;
		s->indent = 2 * branch_depth(event);
		if (author && json_string_length(author) > s->author_width)
			s->author_width = json_string_length(author);
		if (s->author_width > author_limit(s))
			s->author_width = author_limit(s);
		if (event_items(event, show_item, s) == 0) {
			/* Nothing happened in it; its flags are all there is to say. */
			line_start(s, "event", SGR_DIM);
			sgr(s, SGR_DIM);
			if (adk_truthy(event, ADK_TURN_COMPLETE))
				strbuf_addstr(&s->out, "turn complete");
			else if (adk_truthy(event, ADK_INTERRUPTED))
				strbuf_addstr(&s->out, "interrupted");
			sgr_reset(s, SGR_DIM);
			line_end(s);
		}
	}
	output_bytes(s->out.buf, s->out.len);
}

/*
 * The width values are cut to without --width: on a terminal its width
 * ($COLUMNS, else 80, when it does not say); elsewhere 0, no cut, since a
 * file or a pipe has no edge to fit.
 */
static long output_width(void)
{
	struct winsize ws;
	long n;
	if (!isatty(STDOUT_FILENO))
		return 0;
	if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
		return ws.ws_col;
	const char *cols = getenv("COLUMNS");
	if (cols && parse_long(cols, 1, &n))
		return n;
	return 80;
}

/* --color=auto: a terminal, NO_COLOR unset or empty, and not TERM=dumb. */
static bool auto_color(void)
{
	const char *no_color = getenv("NO_COLOR");
	const char *term = getenv("TERM");
	if (no_color && *no_color)
		return false;
	if (term && strcmp(term, "dumb") == 0)
		return false;
	return isatty(STDOUT_FILENO);
}

static const struct option_row show_options[] = {
    OPTION_OPTIONAL_CHOICE_ROW(OPT_COLOR, "color", "WHEN", "auto|always|never",
                               "colour the output: auto (on a terminal), always, never"),
    OPTION_ALIAS_ROW(OPT_COLOR, "colour"),
    OPTION_FLAG_ROW(OPT_FULL, "full", "show whole values, with their line breaks"),
    OPTION_VALUE_ROW(OPT_WIDTH, "width", "N",
                     "cut lines to N columns (default: the terminal's; no cut elsewhere)"),
    OPTION_FLAG_ROW(OPT_REDACT, "redact", "hide secrets, as trajectory does"),
    OPTION_CHOICE_ROW(OPT_FORMAT, "format", "FORMAT", "text|mermaid",
                      "text (the default), or mermaid: a sequenceDiagram"),
    OPTION_INCLUDE_ROW(extract_option_table, EXTRACT_FILTERS | EXTRACT_INPUT | EXTRACT_FOLLOW),
    OPTION_END_ROW,
};

/* The options as command_parse() hands them over; color is --color's value. */
struct show_parse {
	struct show_options *o;
	const char *color;
};

static const char *show_option(void *ctx, int id, const char *arg)
{
	struct show_parse *p = ctx;
	const char *why = NULL;
	if (extract_option(&p->o->filters, id, arg, &why))
		return why;
	switch (id) {
	case OPT_COLOR:
		p->color = arg ? arg : "always";
		if (strcmp(p->color, "auto") && strcmp(p->color, "always") &&
		    strcmp(p->color, "never"))
			return "--color takes auto, always or never";
		break;
	case OPT_FULL:
		p->o->full = true;
		break;
	case OPT_WIDTH:
		if (!parse_long(arg, 1, &p->o->width))
			return "--width takes a whole number of columns, 1 or more";
		break;
	case OPT_REDACT:
		p->o->redact = true;
		break;
	case OPT_FORMAT:
		if (strcmp(arg, "text") && strcmp(arg, "mermaid"))
			return "--format takes text or mermaid";
		p->o->mermaid = strcmp(arg, "mermaid") == 0;
		break;
	}
	return NULL;
}

/* What run_show() hands drive(): the text form's state or the diagram, and --redact's redactor. */
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
	struct show_options o = {.width = -1, .filters.streams = true};
	struct show_parse parse = {&o, "auto"};
	int status = command_parse(&command_show, argc, argv, show_option, &parse);
	if (status >= 0)
		return status;
	const char *color = parse.color;
	o.color = strcmp(color, "always") == 0 || (strcmp(color, "auto") == 0 && auto_color());
	if (o.width < 0)
		o.width = output_width();

	struct redactor redactor;
	if (o.redact)
		redactor_init(&redactor, false, NULL, 0);
	struct show_run run = {
	    .s = {.o = &o, .author_width = AUTHOR_MIN_WIDTH},
	    .mermaid = o.mermaid ? show_mermaid_new() : NULL,
	    .redactor = o.redact ? &redactor : NULL,
	};
	struct drive d = {.streams = true, .item = show_read_item, .done = show_done, .ctx = &run};
	status = drive(&d, &o.filters, argc - optind, argv + optind);
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
