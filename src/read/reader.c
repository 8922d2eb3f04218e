/*
 * reader.c - operands to events: the loop that ties the reader's parts.
 *
 * The operands are opened one after another as inputs (input.h).  From an
 * input of bytes the lines come one at a time (lines.h), and the fast path
 * parses each line's value once: a JSONL line or an SSE "data:" line is one
 * call to scan_load() (scan.h), or none when a -j worker parsed the same
 * bytes already (preparse.h).  Only a value that runs past its line's end
 * is gathered over the lines after it (gather.h); when it is an array, a
 * session or an eval set, its elements are handed out as the gather reaches
 * their ends (struct stream).  From an input of records each record is one
 * value.  Every value is then handed out (elements.h):
 * an event as it is, an array or a session element by element; positions
 * and bad input go through diag.h.
 */
#include "read/reader.h"
#include "read/diag.h"
#include "read/elements.h"
#include "read/framer.h"
#include "read/gather.h"
#include "read/input.h"
#include "read/lines.h"
#include "read/preparse.h"
#include "read/scan.h"
#include "read/source.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * A value gathered over lines whose elements are handed out as they end
 * (gather.h's streaming): a top-level array, a session's events or an
 * eval set's cases.  Only the element being handed out is held, and what
 * stands in for the bytes let go before it: its parser state, which a
 * short prefix restores when jansson is asked for the error of a bad value.
 */
struct stream {
	bool on;              /* the gather stopped in the value: gather_resume() goes on */
	bool member;          /* the array is a member of the top-level object, */
	enum adk_field field; /* ADK_EVAL_CASES or ADK_EVENTS */
	bool draining;        /* the value turned out bad: the rest is passed over */
	/*
	 * An element that is no event ends the read (without --skip-invalid),
	 * said at the value's end unless the value turns out bad: the rest is
	 * checked but not handed out.
	 */
	bool refused;
	size_t count;  /* elements handed out */
	size_t region; /* where the next element's bytes may start in the gather's text */
	size_t drop;   /* what of that text is let go as the gather resumes */
	bool comma;    /* the last element handed out ended at a ',' (not at the array's end) */
	/*
	 * The first error in the value, said once the gather has found where
	 * the value ends: an error the gather finds on the way (a value cut
	 * short) comes first, as it does for a value read whole.
	 */
	struct json_fault fault;
};

struct reader {
	struct reader_options opt;      /* with the defaults filled in */
	struct adk_reads reads;         /* what is built of each event (reader_select) */
	struct adk_reads element_reads; /* the same for an element of a streamed array */
	struct operands operands;
	struct input *in;          /* the operand being read; NULL between operands */
	struct preparse *preparse; /* worker threads parsing lines ahead, with -j N > 1 */
	struct lines lines;        /* the lines of an input of bytes */
	struct gather gather;      /* a value over several of them */
	struct origins origins;    /* where the value being read is */
	struct elements elements;  /* the value being handed out */
	struct stream stream;      /* a value handed out as it is read */
	struct diag diag;
	struct reader_progress progress;
	void (*progress_fn)(void *ctx);
	void *progress_ctx;
	unsigned long long left_at; /* where the last operand of bytes was left */
	unsigned long left_line;    /* its line there */
	bool stopped;               /* the read ended at stop_at */
	bool stopped_in_array;      /* there, inside a top-level array (stops_in_array()) */
};

static char *const stdin_operand[] = {"-"};

/* The lines' hook after each block read: the bytes count for --progress. */
static void count_bytes(void *ctx, size_t n)
{
	struct reader *r = ctx;
	r->progress.bytes += (unsigned long long)n;
	if (r->progress_fn)
		r->progress_fn(r->progress_ctx);
}

/* The diag's hook: the input of bytes being read is damaged further on. */
static bool damaged_ahead(void *ctx)
{
	struct reader *r = ctx;
	return r->in && r->in->ops->read && lines_damaged_ahead(&r->lines);
}

/* *options with every zero that stands for a default replaced by it. */
static struct reader_options with_defaults(const struct reader_options *options)
{
	struct reader_options opt = options ? *options : (struct reader_options){0};
	if (!opt.max_line)
		opt.max_line = FRAMER_MAX_LINE_DEFAULT;
	if (!opt.jobs)
		opt.jobs = preparse_default_jobs();
	return opt;
}

struct reader *reader_new(char *const *operands, int count, const struct reader_options *options)
{
	struct reader *r = xcalloc(1, sizeof *r);
	if (count == 0) {
		operands = stdin_operand;
		count = 1;
	}
	r->opt = with_defaults(options);
	if (r->opt.follow)
		source_follow_start();
	r->operands = (struct operands){.list = operands,
	                                .count = count,
	                                .extra = r->opt.kinds,
	                                .sessions = r->opt.sessions,
	                                .wait_hook = r->opt.wait_hook,
	                                .jobs = r->opt.jobs,
	                                .session_states = r->opt.flags & READER_SESSION_STATES};
	r->reads = adk_reads_all;
	r->element_reads = adk_reads_all;
	r->reads.split_eval_cases = r->opt.flags & READER_EVAL_SET;
	r->diag.skip_invalid = r->opt.flags & READER_SKIP_INVALID;
	r->diag.damaged_ahead = damaged_ahead;
	r->diag.damaged_ctx = r;
	r->diag.report = r->opt.report;
	r->diag.report_ctx = r->opt.report_ctx;
	/* The total is known only when every operand's size is. */
	r->progress.total_known = operands_total(&r->operands, &r->progress.total);
	if (r->opt.jobs > 1)
		r->preparse = preparse_new(r->opt.jobs, r->opt.max_line);
	if (r->preparse)
		preparse_select(r->preparse, &r->reads);
	lines_init(&r->lines, r->opt.max_line, r->opt.wait_hook, &r->diag, r->preparse);
	r->lines.on_read = count_bytes;
	r->lines.on_read_ctx = r;
	r->elements.any_value = r->opt.flags & READER_ANY_VALUE;
	r->elements.split_eval_cases = r->reads.split_eval_cases;
	r->elements.whole = r->opt.flags & READER_WHOLE_VALUE;
	r->elements.origins = &r->origins;
	r->elements.diag = &r->diag;
	return r;
}

const struct reader_progress *reader_get_progress(const struct reader *r)
{
	return &r->progress;
}

void reader_set_progress_hook(struct reader *r, void (*fn)(void *ctx), void *ctx)
{
	r->progress_fn = fn;
	r->progress_ctx = ctx;
}

void reader_free(struct reader *r)
{
	if (!r)
		return;
	/* First: the reading thread may be using the file. */
	preparse_free(r->preparse);
	input_close(r->in);
	elements_release(&r->elements);
	lines_release(&r->lines);
	gather_release(&r->gather);
	origins_release(&r->origins);
	operands_release(&r->operands);
	free(r);
}

int reader_status(const struct reader *r)
{
	return r->diag.status;
}

unsigned long reader_skipped(const struct reader *r)
{
	return r->diag.skipped;
}

void reader_report_skipped(const struct reader *r)
{
	reader_report_skipped_count(r->diag.skipped);
}

bool reader_opened_none(const struct reader *r)
{
	return r->operands.opened == 0 && r->operands.next == r->operands.count;
}

void reader_resume(struct reader *r, unsigned long long stop_at)
{
	r->opt.stop_at = stop_at;
	r->stopped = false;
	r->stopped_in_array = false;
}

bool reader_stopped_in_array(const struct reader *r)
{
	return r->stopped && r->stopped_in_array;
}

bool reader_stop_point(const struct reader *r, unsigned long long *offset, unsigned long *line)
{
	*offset = r->left_at;
	*line = r->left_line;
	return r->stopped;
}

bool reader_reject(struct reader *r, const struct reader_pos *pos, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	bool goes_on = diag_reject(&r->diag, pos, fmt, ap);
	va_end(ap);
	return goes_on;
}

static bool open_next(struct reader *r)
{
	int status = 0;
	r->in = operands_open_next(&r->operands, r->opt.follow, &status);
	diag_status(&r->diag, status);
	if (!r->in)
		return false;
	r->origins.file = r->in->name;
	r->origins.record = NULL;
	if (r->in->ops->read) {
		lines_start(&r->lines, r->in);
		if (r->preparse)
			preparse_start(r->preparse, r->in);
	}
	if (r->opt.in_array && r->in->ops->read) {
		/* As the stream of the whole array stands after an element's ',' (stops_in_array()). */
		gather_enter_array(&r->gather, &r->origins);
		r->stream = (struct stream){.on = true, .count = 1, .comma = true};
	}
	return true;
}

static void close_current(struct reader *r)
{
	/* The workers' reading thread may still be reading a file left before its end. */
	if (r->preparse && r->in->ops->read)
		preparse_leave(r->preparse);
	if (r->in->ops->read) {
		r->left_at = lines_offset(&r->lines);
		r->left_line = r->lines.line_no;
	}
	input_close(r->in);
	r->in = NULL;
	r->lines.have = false;
}

/*
 * The read of an operand ended at bad input it cannot go past (damaged
 * gzip or zstd data, a line given up whole), already reported: the run's
 * read ends there, or with --skip-invalid the next operand is read and the
 * status is 65 all the same, as the rest of this one was not read.
 */
static enum step operand_ended(struct reader *r)
{
	if (!r->diag.skip_invalid)
		return STEP_INVALID;
	diag_status(&r->diag, EXIT_DATAERR);
	return STEP_NONE;
}

/*
 * The prefix whose parser state stands in for the bytes of a streamed
 * value let go: before an element (after), or before the array's end.
 */
static const char *stream_prefix(const struct stream *st, bool after_comma)
{
	if (!st->count)
		return "";
	if (st->member && st->field == ADK_EVENTS)
		return after_comma ? "{\"events\":[0," : "{\"events\":[0";
	if (st->member)
		return after_comma ? "{\"eval_cases\":[0," : "{\"eval_cases\":[0";
	return after_comma ? "[0," : "[0";
}

/*
 * The streamed value turned out bad at fault: the rest of it is passed
 * over, and the error said at its end (gathered()).
 */
static enum step stream_abort(struct reader *r)
{
	r->stream.on = true;
	r->stream.draining = true;
	r->stream.drop = 0;
	gather_stop_splitting(&r->gather, true);
	return STEP_NONE;
}

/*
 * Bad bytes in the gather's text[0..upto), after what was let go: jansson
 * reads them after the prefix that stands for it, and says what it says of
 * the whole value there.
 */
static enum step stream_fault(struct reader *r, size_t upto, bool after_comma)
{
	const struct strbuf *text = &r->gather.text;
	const char *prefix = stream_prefix(&r->stream, after_comma);
	struct strbuf sb = STRBUF_INIT;
	strbuf_add(&sb, prefix, strlen(prefix));
	strbuf_add(&sb, text->buf, upto < text->len ? upto : text->len);
	json_error_t e;
	json_decref(json_loadb(sb.buf, sb.len, SCAN_JSON_FLAGS, &e));
	strbuf_release(&sb);
	origins_json_fault(&r->origins, &e, strlen(prefix), &r->stream.fault);
	return stream_abort(r);
}

/* The element that ends at the gather's stop (a ',' or the array's ']'), handed out. */
static enum step stream_element(struct reader *r, struct reader_item *item)
{
	struct stream *st = &r->stream;
	const char *t = r->gather.text.buf;
	size_t stop = r->gather.stop;
	bool comma = t[stop] == ',';
	size_t s = framer_skip_space(t, st->region, stop);
	st->on = true;
	st->drop = comma ? stop + 1 : stop;
	st->comma = comma;
	st->region = 0;
	if (s == stop && !comma && st->count == 0) {
		/* An empty array: the value is read whole at its end, as one line's would be. */
		st->drop = 0;
		return STEP_NONE;
	}
	origins_begin(&r->origins, t);
	if (s < stop) {
		json_error_t e;
		json_t *v = scan_load(t + s, stop - s, &r->element_reads, &e);
		size_t end = v ? s + (size_t)e.position : 0;
		if (v && framer_skip_space(t, end, stop) == stop) {
			st->count++;
			if (!st->refused &&
			    (r->diag.skip_invalid || elements_takes(&r->elements, v)))
				return elements_hand_one(&r->elements, v, t, s, end - s, item);
			if (!st->refused) {
				st->refused = true;
				st->fault.pos = origins_pos(&r->origins, s);
				snprintf(st->fault.what, sizeof st->fault.what, "%s",
				         value_not_event_reason(v));
			}
			json_decref(v);
			return STEP_NONE;
		}
		json_decref(v);
	}
	return stream_fault(r, stop + 1, true);
}

/*
 * A member array of the top-level object opens: an eval set's cases, or a
 * session's events, are handed out as they end, the set or session (its
 * members so far, with an empty array for the elements) held as the items'
 * session.
 */
static enum step stream_member(struct reader *r)
{
	struct gather *g = &r->gather;
	struct stream *st = &r->stream;
	st->on = true;
	st->drop = 0;
	if (!elements_splits_member(&r->elements, g->text.buf + g->scanner.key_start,
	                            g->scanner.key_end - g->scanner.key_start, &st->field))
		return STEP_NONE;
	struct strbuf head = STRBUF_INIT;
	strbuf_add(&head, g->text.buf, g->stop);
	strbuf_add(&head, "]}", 2);
	json_error_t e;
	json_t *set = scan_load(head.buf, head.len, NULL, &e);
	strbuf_release(&head);
	if (!set) {
		/* The bytes before the array are a valid start of an object, or the error is in
		 * them. */
		origins_json_fault(&r->origins, &e, 0, &st->fault);
		return stream_abort(r);
	}
	if (st->field == ADK_EVENTS && !elements_named_session(set)) {
		/* Read whole, as before: what the session is comes after its events. */
		json_decref(set);
		gather_stop_splitting(&r->gather, false);
		return STEP_NONE;
	}
	r->elements.held = set;
	st->member = true;
	st->region = g->stop;
	gather_split_member(g);
	return STEP_NONE;
}

/*
 * The end of a streamed value whose elements were handed out: the bytes
 * after the last one, text[0..len), checked; an eval set's members after
 * its cases join the set.
 */
static enum step stream_tail(struct reader *r, const struct stream *st, size_t len)
{
	const char *prefix = stream_prefix(st, st->comma);
	struct strbuf sb = STRBUF_INIT;
	strbuf_add(&sb, prefix, strlen(prefix));
	strbuf_add(&sb, r->gather.text.buf, len);
	json_error_t e;
	json_t *tail = scan_load(sb.buf, sb.len, NULL, &e);
	strbuf_release(&sb);
	if (!tail) {
		if (!diag_damaged_ahead(&r->diag))
			origins_report_json_error_after(&r->origins, &r->diag, &e, strlen(prefix));
		return diag_invalid(&r->diag);
	}
	const char *key;
	json_t *value;
	json_object_foreach(tail, key, value)
	{
		if (st->member && !adk_key_is(st->field, key, strlen(key)))
			json_object_set(r->elements.held, key, value);
	}
	json_decref(tail);
	return STEP_NONE;
}

/* What the gather gave: an element, a member array, or the value whole or bad. */
static enum step gathered(struct reader *r, enum gathered res, size_t len, struct reader_item *item)
{
	struct stream *st = &r->stream;
	if (res == GATHER_ELEMENT && !st->draining)
		return stream_element(r, item);
	if (res == GATHER_MEMBER)
		return stream_member(r);
	struct stream ended = *st;
	bool streamed = ended.count > 0, draining = ended.draining;
	*st = (struct stream){0};
	enum step step = STEP_NONE;
	if (res == GATHER_GAVE_UP)
		step = operand_ended(r);
	else if (res == GATHER_INVALID)
		step = diag_invalid(&r->diag);
	else if (draining) {
		if (!diag_damaged_ahead(&r->diag))
			diag_report(&r->diag, &ended.fault.pos, "%s", ended.fault.what);
		step = diag_invalid(&r->diag);
	} else if (streamed) {
		step = stream_tail(r, &ended, len);
		if (step != STEP_INVALID && ended.refused) {
			if (!diag_damaged_ahead(&r->diag))
				diag_report(&r->diag, &ended.fault.pos, "%s", ended.fault.what);
			step = diag_invalid(&r->diag);
		}
	}
	/* The set held for its cases, and the last of them, are let go with the value. */
	elements_drop(&r->elements);
	if (res != GATHERED || streamed || draining)
		return step;
	json_error_t e;
	json_t *v = scan_load(r->gather.text.buf, len, &r->reads, &e);
	if (!v) {
		if (!diag_damaged_ahead(&r->diag))
			origins_report_json_error(&r->origins, &r->diag, &e);
		return diag_invalid(&r->diag);
	}
	return elements_deliver(&r->elements, v, NULL, r->gather.text.buf, len, item);
}

/* Parses the value gathered over several lines from offset i of the current one. */
static enum step parse_gathered(struct reader *r, size_t i, struct reader_item *item)
{
	char first = lines_text(&r->lines)[i];
	bool whole = r->elements.any_value && r->elements.whole;
	gather_stream(&r->gather, first == '[' && !whole,
	              first == '{' && (r->elements.split_eval_cases || !r->elements.any_value));
	r->stream = (struct stream){.region = 1};
	size_t len = 0;
	enum gathered res = gather_value(&r->gather, &r->lines, &r->origins, i, &len);
	return gathered(r, res, len, item);
}

/*
 * Whether a chunk's reader stops inside the top-level array it streams,
 * after the element handed out last: that element's ',' ended its line,
 * and the next line, read already, starts at or past stop_at with '{',
 * maybe after spaces and tabs.
 * There the whole file's reader holds nothing but "inside an array, after
 * a ','": a reader that starts there with in_array reads on as it would,
 * the same items, reports and positions.  Anything pending (an element
 * refused, a bad byte, a session's events) reads on past the limit.
 */
static bool stops_in_array(struct reader *r)
{
	const struct stream *st = &r->stream;
	const struct gather *g = &r->gather;
	const struct lines *l = &r->lines;
	if (!r->opt.stop_at || st->member || st->draining || st->refused || !st->comma ||
	    !st->count || g->sse || g->draining || g->line_ready || g->scanner.split_depth != 1 ||
	    g->scanner.stack.len != 1 || g->scanner.in_string || st->drop != g->text.len ||
	    !l->have)
		return false;
	size_t next = l->start + l->total, open = next;
	unsigned long long at = lines_offset(l) + l->total;
	/* The next element may be indented (jq, Python's indent=2); its line starts the chunk. */
	while (open < l->end && (l->buf[open] == ' ' || l->buf[open] == '\t'))
		open++;
	if (open >= l->end || l->buf[open] != '{' || at < r->opt.stop_at)
		return false;
	r->left_at = at;
	r->left_line = l->line_no + 1;
	r->stopped = true;
	r->stopped_in_array = true;
	return true;
}

/* The next step through a value being streamed: the gather goes on where it stopped. */
static enum step stream_next(struct reader *r, struct reader_item *item)
{
	/* A session element's events come first: the gather's text stays until it resumes. */
	if (elements_pending(&r->elements))
		return elements_next(&r->elements, item);
	if (stops_in_array(r))
		return STEP_NONE;
	size_t len = 0, drop = r->stream.drop;
	r->stream.on = false;
	enum gathered res = gather_resume(&r->gather, &r->lines, &r->origins, drop, &len);
	return gathered(r, res, len, item);
}

/* Parses the value that starts at offset i of the current line. */
static enum step parse_at(struct reader *r, size_t i, struct reader_item *item)
{
	struct lines *l = &r->lines;
	const char *p = lines_text(l) + i;
	size_t n = l->len - i;

	origins_reset(&r->origins);
	origins_add(&r->origins, l->line_no, framer_columns(lines_text(l), i));
	if (r->preparse) {
		/* A worker may have parsed these very bytes already; else parse them here. */
		size_t end;
		void *mapped;
		json_t *v = preparse_take(r->preparse, lines_offset(l) + i, n, &end, &mapped);
		if (v) {
			l->cur = i + end;
			return elements_deliver(&r->elements, v, mapped, p, end, item);
		}
	}
	json_error_t e;
	json_t *v = scan_load(p, n, &r->reads, &e);
	if (v) {
		l->cur = i + (size_t)e.position;
		return elements_deliver(&r->elements, v, NULL, p, (size_t)e.position, item);
	}
	if (json_error_code(&e) == json_error_premature_end_of_input &&
	    (*p == '{' || *p == '[' || *p == '"'))
		return parse_gathered(r, i, item);
	if (!diag_damaged_ahead(&r->diag))
		origins_report_json_error(&r->origins, &r->diag, &e);
	l->cur = l->len;
	return diag_invalid(&r->diag);
}

/* The next step through an input of bytes: a line framed, passed over, or a value parsed. */
static enum step next_on_lines(struct reader *r, struct reader_item *item)
{
	struct lines *l = &r->lines;
	if (!l->have && r->opt.stop_at && lines_offset(l) >= r->opt.stop_at) {
		/* The input stays open: reader_resume() may read on from here. */
		r->left_at = lines_offset(l);
		r->left_line = l->line_no;
		r->stopped = true;
		return STEP_NONE;
	}
	if (!l->have) {
		if (lines_peek(l))
			return STEP_NONE;
		close_current(r);
		return lines_gave_up(l) ? operand_ended(r) : STEP_NONE;
	}
	size_t i = framer_skip_space(lines_text(l), l->cur, l->len);
	if (i >= l->len) {
		lines_consume(l);
		return STEP_NONE;
	}
	return parse_at(r, i, item);
}

/* Parses a record's text, which must hold one value and nothing after it. */
static enum step parse_record(struct reader *r, const struct input_record *rec,
                              struct reader_item *item)
{
	origins_reset(&r->origins);
	origins_add(&r->origins, 0, 0);
	r->origins.record = rec->where;
	json_error_t e;
	if (rec->session) {
		/* Built whole: a command reads its state, which no event's reads name. */
		json_t *session = json_loadb(rec->text, rec->len, JSON_ALLOW_NUL, &e);
		if (session)
			return elements_deliver_as(&r->elements, session, VALUE_SESSION, rec->text,
			                           rec->len, item);
		origins_report_json_error(&r->origins, &r->diag, &e);
		return diag_invalid(&r->diag);
	}
	json_t *v = scan_load(rec->text, rec->len, &r->reads, &e);
	if (!v) {
		origins_report_json_error(&r->origins, &r->diag, &e);
		return diag_invalid(&r->diag);
	}
	size_t end = (size_t)e.position;
	if (framer_skip_space(rec->text, end, rec->len) < rec->len) {
		json_decref(v);
		struct reader_pos pos = {r->in->name, 0, 0, rec->where};
		diag_report(&r->diag, &pos, "invalid JSON: end of file expected");
		return diag_invalid(&r->diag);
	}
	return elements_deliver(&r->elements, v, NULL, rec->text, end, item);
}

/* The next step through an input of records: one record parsed, or the input's end. */
static enum step next_record(struct reader *r, struct reader_item *item)
{
	if (r->opt.wait_hook && input_would_wait(r->in))
		r->opt.wait_hook();
	struct input_record rec;
	int got = r->in->ops->next_record(r->in, &rec);
	if (got > 0) {
		count_bytes(r, rec.len);
		return parse_record(r, &rec, item);
	}
	int status = got < 0 ? input_failed(r->in, got) : 0;
	close_current(r);
	/* Damaged data ends the operand's read as bad input, as for bytes. */
	if (status == EXIT_DATAERR)
		return operand_ended(r);
	diag_status(&r->diag, status);
	return STEP_NONE;
}

enum reader_result reader_next(struct reader *r, struct reader_item *item)
{
	if (!r->stream.on && !elements_pending(&r->elements))
		elements_drop(&r->elements);
	for (;;) {
		enum step step;
		if (r->stopped)
			return READ_END;
		if (r->stream.on)
			step = stream_next(r, item);
		else if (elements_pending(&r->elements))
			step = elements_next(&r->elements, item);
		else if (!r->in && !open_next(r))
			return READ_END;
		else if (r->stream.on)
			/* Opened inside an array (in_array): the stream is read, not a line. */
			continue;
		else if (r->in->ops->next_record)
			step = next_record(r, item);
		else
			step = next_on_lines(r, item);
		if (step == STEP_ITEM) {
			r->progress.items++;
			return READ_ITEM;
		}
		if (step == STEP_INVALID)
			return READ_INVALID;
	}
}

void reader_select(struct reader *r, const struct adk_reads *reads)
{
	bool split = r->reads.split_eval_cases; /* the reader's flag, not the command's reads */
	r->reads = *reads;
	r->element_reads = *reads;
	r->element_reads.split_eval_cases = false;
	r->reads.split_eval_cases = split;
	if (r->preparse)
		preparse_select(r->preparse, &r->reads);
}

void reader_set_map(struct reader *r, void *(*fn)(const json_t *value, void *ctx),
                    void (*release)(void *result), void *ctx, const struct adk_reads *keep)
{
	r->elements.map_release = release;
	if (r->preparse)
		preparse_set_map(r->preparse, fn, release, ctx, keep);
}
