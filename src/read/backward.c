/*
 * backward.c - lines from the end of a file.
 *
 * The bytes not yet handed out are buf[0..end), the file's bytes from
 * offset lo; the previous line is found by searching back from end for a
 * line end, reading the block before lo when there is none.  A line longer
 * than the buffer makes the buffer grow to hold it, and only it: memory is
 * one block plus the longest line.
 *
 * Each line is framed by the forward reader's rules (framer.c) and parsed
 * with its flags, so a line handed out here gives the forward reader the
 * same value.
 */
#include "read/backward.h"
#include "adk/event.h"
#include "read/framer.h"
#include "read/scan.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define BLOCK          (64 * 1024)
#define FIRST_LINE_MAX (1024 * 1024)

struct backward {
	int fd;
	const char *name;
	size_t max_line; /* the forward read's limit: a longer line is for it to refuse */
	off_t lo;        /* the file offset of buf[0] */
	char *buf;
	size_t cap;
	size_t end;   /* buf[0..end) is not handed out yet */
	bool done;    /* the first line of the file was handed out */
	json_t *held; /* the value handed out last */
};

/* Reads exactly n bytes at offset off into p; false on a short read or an error. */
static bool read_at(int fd, char *p, size_t n, off_t off)
{
	while (n > 0) {
		ssize_t k = pread(fd, p, n, off);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return false;
		p += k;
		n -= (size_t)k;
		off += k;
	}
	return true;
}

enum line_value { LINE_NONE, LINE_VALUE, LINE_UNSURE };

/* One event or stream error that fills a line, as the forward reader would read it. */
struct line_event {
	json_t *value;        /* owned */
	size_t at;            /* where its bytes start in the line */
	size_t len;           /* how many there are, white space after them left out */
	unsigned long column; /* its column, counted as the forward reader counts it */
};

/*
 * The value of the line f frames at p: LINE_NONE for a line without JSON,
 * LINE_VALUE with *ev for one event or stream error filling the line, else
 * LINE_UNSURE.
 */
static enum line_value line_value(const char *p, const struct frame *f, struct line_event *ev)
{
	const char *text = p + f->skip;
	if (f->text == f->len)
		return LINE_NONE;
	if (text[f->text] != '{')
		return LINE_UNSURE;
	json_error_t e;
	json_t *v = scan_load(text + f->text, f->len - f->text, NULL, &e);
	if (!v)
		return LINE_UNSURE;
	size_t end = f->text + (size_t)e.position;
	enum value_kind kind = value_kind(v);
	if (framer_skip_space(text, end, f->len) < f->len ||
	    (kind != VALUE_EVENT && kind != VALUE_STREAM_ERROR)) {
		json_decref(v);
		return LINE_UNSURE;
	}
	ev->value = v;
	ev->at = f->skip + f->text;
	ev->len = f->len - f->text;
	while (framer_is_space(text[f->text + ev->len - 1]))
		ev->len--;
	ev->column = framer_columns(text, f->text) + 1;
	return LINE_VALUE;
}

/*
 * Whether the file's first value is one event on one line (JSONL or SSE).
 * The lines before it may only be blank or SSE fields; they are let go as
 * soon as they are framed.
 */
static bool starts_like_lines(int fd, off_t size)
{
	struct strbuf buf = STRBUF_INIT;
	char block[4096];
	off_t off = 0;
	size_t searched = 0; /* buf[0..searched) holds no line end */
	bool ok = false, first = true;
	for (;;) {
		struct frame f;
		enum frame_cut cut = framer_cut(buf.buf, buf.len, first, off == size, searched, &f);
		if (cut == FRAME_END)
			break;
		if (cut == FRAME_MORE) {
			/*
			 * A first line this long is most likely a whole session on one
			 * line: not worth parsing twice to find that out.
			 */
			if (buf.len > FIRST_LINE_MAX)
				break;
			size_t want =
			    size - off < (off_t)sizeof block ? (size_t)(size - off) : sizeof block;
			ssize_t k = pread(fd, block, want, off);
			if (k < 0 && errno == EINTR)
				continue;
			if (k <= 0)
				break;
			searched = buf.len;
			strbuf_add(&buf, block, (size_t)k);
			off += k;
			continue;
		}
		struct line_event ev = {NULL, 0, 0, 0};
		enum line_value lv = line_value(buf.buf, &f, &ev);
		json_decref(ev.value);
		if (lv != LINE_NONE) {
			ok = lv == LINE_VALUE;
			break;
		}
		memmove(buf.buf, buf.buf + f.total, buf.len - f.total);
		buf.len -= f.total;
		searched = 0;
		first = false;
	}
	strbuf_release(&buf);
	return ok;
}

struct backward *backward_open(const char *path, size_t max_line)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return NULL;
	struct stat st;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || !starts_like_lines(fd, st.st_size)) {
		close(fd);
		return NULL;
	}
	struct backward *b = xcalloc(1, sizeof *b);
	b->fd = fd;
	b->name = path;
	b->max_line = max_line ? max_line : FRAMER_MAX_LINE_DEFAULT;
	b->lo = st.st_size;
	b->cap = BLOCK;
	b->buf = xmalloc(b->cap);
	return b;
}

void backward_close(struct backward *b)
{
	if (!b)
		return;
	json_decref(b->held);
	close(b->fd);
	free(b->buf);
	free(b);
}

/* Reads the block before lo in front of buf[0..end); false on a read error. */
static bool read_before(struct backward *b)
{
	size_t n = b->lo < BLOCK ? (size_t)b->lo : BLOCK;
	if (b->end + n > b->cap) {
		while (b->end + n > b->cap)
			b->cap *= 2;
		b->buf = xrealloc(b->buf, b->cap);
	}
	memmove(b->buf + n, b->buf, b->end);
	if (!read_at(b->fd, b->buf, n, b->lo - (off_t)n))
		return false;
	b->lo -= (off_t)n;
	b->end += n;
	return true;
}

enum backward_step backward_prev(struct backward *b, struct reader_item *item)
{
	json_decref(b->held);
	b->held = NULL;
	for (;;) {
		if (b->done)
			return BACKWARD_START;
		/* The line ends at buf[end] (a '\n' already cut off, or the end of the file). */
		size_t start;
		size_t unsearched = b->end; /* buf[unsearched..end) holds no '\n' */
		for (;;) {
			start = framer_last_line_start(b->buf, unsearched);
			if (start || b->lo == 0)
				break;
			size_t before = b->end;
			/* A line past the limit is the forward read's to refuse. */
			if (b->end > b->max_line || !read_before(b))
				return BACKWARD_UNSURE;
			unsearched = b->end - before;
		}
		bool nl = start > 0; /* a line end comes before the line */
		const char *line = b->buf + start;
		size_t n = b->end - start;
		if (n > b->max_line)
			return BACKWARD_UNSURE;
		bool file_start = !nl && b->lo == 0;
		struct frame f;
		struct line_event ev;
		enum line_value lv = LINE_NONE;
		if (framer_cut(line, n, file_start, true, 0, &f) == FRAME_LINE)
			lv = line_value(line, &f, &ev);
		if (nl)
			b->end = start - 1;
		else
			b->done = true;
		if (lv == LINE_UNSURE)
			return BACKWARD_UNSURE;
		if (lv == LINE_NONE)
			continue;
		b->held = ev.value;
		item->value = ev.value;
		item->kind = value_kind(ev.value);
		item->raw = line + ev.at;
		item->raw_len = ev.len;
		item->pos = (struct reader_pos){b->name, 0, ev.column, NULL};
		return BACKWARD_ITEM;
	}
}
