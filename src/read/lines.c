/*
 * lines.c - the lines of an input of bytes (lines.h).
 *
 * The buffer grows only to hold the longest line (up to --max-line), and
 * what has been consumed is moved out before it grows; a line past the
 * limit is given up as it comes, without holding it.
 */
#include "read/lines.h"
#include "read/input.h"
#include "read/preparse.h"
#include "read/reader.h"
#include "read/source.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

#define READ_CHUNK (64 * 1024)

void lines_init(struct lines *l, size_t max_line, void (*wait_hook)(void), struct diag *diag,
                struct preparse *preparse)
{
	memset(l, 0, sizeof *l);
	l->max_line = max_line;
	l->wait_hook = wait_hook;
	l->diag = diag;
	l->preparse = preparse;
	l->cap = READ_CHUNK;
	l->buf = xmalloc(l->cap);
}

void lines_start(struct lines *l, struct input *in)
{
	l->in = in;
	l->at_file_start = !in->mid_file;
	l->eof = false;
	l->start = l->end = l->searched = 0;
	l->buf_off = 0;
	l->line_no = 1;
	l->have = false;
}

void lines_release(struct lines *l)
{
	free(l->buf);
	l->buf = NULL;
}

/*
 * Whether the line being gathered at p[0..n) (no line end yet) can already
 * be given up: longer than the limit, or starting with a control byte,
 * which neither JSON nor an SSE field line can start with (/dev/zero, a
 * binary file).  Says why, once, at the line's start; the operand's read
 * ends there, as it would at a read error, with exit 65.
 */
static bool line_hopeless(struct lines *l, const char *p, size_t n)
{
	/*
	 * With --skip-invalid a line starting with a control byte is skipped at
	 * its end; so is one that goes on a value, which the value's parse judges.
	 */
	bool control = !l->diag->skip_invalid && !l->in_value;
	struct reader_pos pos = {l->in->name, l->line_no, 1, NULL};
	enum frame_give_up why =
	    framer_give_up(p, n, l->at_file_start, control, l->max_line, &pos.column);
	/* Damage further on said instead; its bytes are let go, so this line is too. */
	if (why != FRAME_KEEP && !l->diag->skip_invalid && lines_damaged_ahead(l))
		return true;
	switch (why) {
	case FRAME_CONTROL:
		/*
		 * The words and column jansson gives the same line once it ends, so
		 * a line split over reads (a pipe) reads the same as one read whole.
		 */
		diag_report(l->diag, &pos, "invalid JSON: invalid token");
		break;
	case FRAME_TOO_LONG:
		pos.column = 1;
		diag_report(l->diag, &pos,
		            "line longer than %zu bytes, the limit (--max-line raises it)",
		            l->max_line);
		break;
	case FRAME_KEEP:
		return false;
	}
	/* With --skip-invalid the line is passed over (drop_to_line_end) and the read goes on. */
	if (l->diag->skip_invalid)
		l->diag->skipped++;
	else
		l->hopeless = true;
	return true;
}

/*
 * Calls the wait hook when the next read may wait for another process: a
 * slow producer then sees each result as it is made, while a file read
 * from disk keeps the writer's large buffers.
 */
static void before_waiting(struct lines *l)
{
	if (!l->wait_hook || !l->in->may_block)
		return;
	bool waits = l->preparse ? !preparse_has_data(l->preparse) : input_would_wait(l->in);
	if (waits)
		l->wait_hook();
}

/*
 * A signal ended a --follow run while a line was still being written (or
 * read): its bytes are no line yet, so they are left, with a word, rather
 * than read as a line cut short.
 */
static void left_unended(struct lines *l)
{
	size_t n = l->end - l->start;
	if (framer_skip_space(l->buf + l->start, 0, n) < n)
		warnx_msg("%s: interrupted inside a line; its %zu bytes are left unread",
		          l->in->name, n);
	l->start = l->searched = l->end;
}

/* Makes room for more bytes after buf[end]: what was consumed goes first, then the buffer grows. */
static void make_room(struct lines *l)
{
	if (l->start > 0 && (l->end == l->cap || l->start >= l->cap / 2)) {
		memmove(l->buf, l->buf + l->start, l->end - l->start);
		l->buf_off += l->start;
		l->end -= l->start;
		l->searched -= l->start;
		l->start = 0;
	}
	if (l->end == l->cap) {
		l->cap *= 2;
		l->buf = xrealloc(l->buf, l->cap);
	}
}

/* Reads more bytes into the buffer; false at the end of the operand. */
static bool fill(struct lines *l)
{
	if (l->eof)
		return false;
	make_room(l);
	before_waiting(l);
	/* With workers the file's bytes come through them, in order, as read() gives them. */
	ssize_t n = l->preparse ? preparse_read(l->preparse, l->buf + l->end, l->cap - l->end)
	                        : l->in->ops->read(l->in, l->buf + l->end, l->cap - l->end);
	if (n > 0) {
		l->end += (size_t)n;
		if (l->on_read)
			l->on_read(l->on_read_ctx, (size_t)n);
		return true;
	}
	if (n < 0) {
		int status = input_failed(l->in, n);
		/* Damaged data ends the operand's read as a line given up does: bad input. */
		if (status == EXIT_DATAERR)
			l->hopeless = true;
		else
			diag_status(l->diag, status);
	} else if (source_interrupted()) {
		left_unended(l);
	}
	l->eof = true;
	return false;
}

/* Moves past a line that ends just before buf[start + len]. */
static void step_over(struct lines *l, size_t len)
{
	l->start += len;
	l->searched = l->start;
	l->line_no++;
	l->at_file_start = false;
}

/*
 * Drops the bytes of the line being read, as they come, up to and with its
 * line end, so a line past the limit is skipped in constant memory.  False
 * at the end of the file.
 */
static bool drop_to_line_end(struct lines *l)
{
	for (;;) {
		const char *p = l->buf + l->start;
		size_t n = l->end - l->start;
		const char *nl = memchr(p, '\n', n);
		const char *cr = memchr(p, '\r', nl ? (size_t)(nl - p) : n);
		const char *at = cr ? cr : nl;
		/* A '\r' last in the buffer may be the first half of a "\r\n": wait for the next
		 * byte. */
		if (at && !(at == cr && at + 1 == p + n && !l->eof)) {
			size_t end = (size_t)(at - p) + 1;
			if (at == cr && end < n && p[end] == '\n')
				end++;
			step_over(l, end);
			return true;
		}
		l->start = l->searched = at ? (size_t)(at - l->buf) : l->end;
		if (!fill(l) && !at)
			return false;
		if (l->eof && at) {
			step_over(l, 1);
			return true;
		}
	}
}

/*
 * The line framed as f could not be kept (past the limit, a control byte
 * first: cut says whether it has ended): said why, it is passed over with
 * --skip-invalid, else the operand's read ends.  True when the search for
 * a line goes on.
 */
static bool give_up_line(struct lines *l, enum frame_cut cut, const struct frame *f)
{
	if (!l->hopeless && cut == FRAME_LINE) {
		step_over(l, f->total);
		return true;
	}
	if (!l->hopeless && drop_to_line_end(l))
		return true;
	l->start = l->searched = l->end;
	l->eof = true;
	return false;
}

/* Frames the next line into *f; false at the end of the operand or when one was given up. */
static bool frame_next(struct lines *l, struct frame *f)
{
	for (;;) {
		enum frame_cut cut =
		    framer_cut(l->buf + l->start, l->end - l->start, l->at_file_start, l->eof,
		               l->searched - l->start, f);
		if (cut == FRAME_LINE && f->len <= l->max_line)
			return true;
		if (cut == FRAME_END)
			return false;
		/* An ended line past the limit is refused as one still growing would be. */
		size_t pending = cut == FRAME_LINE ? f->skip + f->len : l->end - l->start;
		/*
		 * A '\r' last in what was read ends the line, a '\n' after it or
		 * not: it is no byte of the line, however the reads cut the text.
		 */
		if (cut != FRAME_LINE && pending && l->buf[l->start + pending - 1] == '\r')
			pending--;
		if (line_hopeless(l, l->buf + l->start, pending)) {
			if (give_up_line(l, cut, f))
				continue;
			return false;
		}
		l->searched = l->start + f->total;
		fill(l);
		if (l->hopeless) {
			l->start = l->searched = l->end;
			return false;
		}
	}
}

bool lines_peek(struct lines *l)
{
	if (l->have)
		return true;
	struct frame f;
	if (!frame_next(l, &f))
		return false;
	l->at_file_start = false;
	l->start += f.skip;
	l->len = f.len;
	l->total = f.total - f.skip;
	l->kind = f.kind;
	l->payload = f.payload;
	l->cur = f.payload;
	l->have = true;
	return true;
}

void lines_consume(struct lines *l)
{
	l->start += l->total;
	l->searched = l->start;
	l->line_no++;
	l->have = false;
}

bool lines_damaged_ahead(struct lines *l)
{
	if (l->eof || !l->in->ops->may_hide_damage || !l->in->ops->may_hide_damage(l->in))
		return false;
	char *scratch = xmalloc(READ_CHUNK);
	ssize_t n;
	do
		n = l->preparse ? preparse_read(l->preparse, scratch, READ_CHUNK)
		                : l->in->ops->read(l->in, scratch, READ_CHUNK);
	while (n > 0);
	free(scratch);
	l->eof = true;
	int status = n < 0 ? input_failed(l->in, n) : 0;
	if (status != EXIT_DATAERR) {
		diag_status(l->diag, status);
		return false;
	}
	l->hopeless = true;
	l->start = l->searched = l->end;
	l->have = false;
	return true;
}

bool lines_gave_up(struct lines *l)
{
	bool was = l->hopeless;
	l->hopeless = false;
	return was;
}
