/*
 * backward.c - lines from the end of a file.
 *
 * The bytes not yet handed out are buf[0..end), the file's bytes from
 * offset lo; the previous line is found by searching back from end for a
 * line end, reading the block before lo when there is none.  A line longer
 * than the buffer makes the buffer grow to hold it, and only it: memory is
 * one block plus the longest line.
 *
 * Each line is framed and parsed the way the forward reader does it (one
 * '\r' before the '\n' is not part of the line, "data:" lines carry JSON
 * after an optional space, other SSE fields and blank lines carry none, a
 * byte-order mark at the start of the file is skipped), so a line handed
 * out here gives the forward reader the same value.
 */
#include "read/backward.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define BLOCK          (64 * 1024)
#define FIRST_LINE_MAX (1024 * 1024)
#define PARSE_FLAGS    READER_PARSE_FLAGS

struct backward {
	int fd;
	const char *name;
	off_t lo; /* the file offset of buf[0] */
	char *buf;
	size_t cap;
	size_t end;   /* buf[0..end) is not handed out yet */
	bool done;    /* the first line of the file was handed out */
	json_t *held; /* the value handed out last */
};

static bool starts_with(const char *p, size_t n, const char *prefix)
{
	size_t k = strlen(prefix);
	return n >= k && memcmp(p, prefix, k) == 0;
}

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

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

/*
 * The value of one line (without its '\n'), as the forward reader would
 * read it: LINE_NONE for a line without JSON, LINE_VALUE with *value (owned)
 * and *column for one event or stream error filling the line, else
 * LINE_UNSURE.
 */
static enum line_value line_value(const char *line, size_t n, bool file_start, json_t **value,
                                  size_t *at)
{
	size_t i = 0;
	if (file_start && starts_with(line, n, "\xEF\xBB\xBF"))
		line += 3, n -= 3, i = 3;
	size_t base = i;
	if (n > 0 && line[n - 1] == '\r')
		n--;
	size_t p = 0;
	if (starts_with(line, n, "data:"))
		p = n > 5 && line[5] == ' ' ? 6 : 5;
	else if (starts_with(line, n, "event:") || starts_with(line, n, "id:") ||
	         starts_with(line, n, "retry:") || (n > 0 && line[0] == ':'))
		return LINE_NONE;
	while (p < n && is_space(line[p]))
		p++;
	if (p == n)
		return LINE_NONE;
	if (line[p] != '{')
		return LINE_UNSURE;
	json_error_t e;
	json_t *v = json_loadb(line + p, n - p, PARSE_FLAGS, &e);
	if (!v)
		return LINE_UNSURE;
	size_t after = p + (size_t)e.position;
	while (after < n && is_space(line[after]))
		after++;
	enum value_kind kind = value_kind(v);
	if (after < n || (kind != VALUE_EVENT && kind != VALUE_STREAM_ERROR)) {
		json_decref(v);
		return LINE_UNSURE;
	}
	*value = v;
	*at = base + p;
	return LINE_VALUE;
}

/* Whether the file's first value is one event on one line (JSONL or SSE). */
static bool starts_like_lines(int fd, off_t size)
{
	struct strbuf line = STRBUF_INIT;
	char block[4096];
	off_t off = 0;
	bool ok = false, first = true;
	for (;;) {
		/* Gather the next line. */
		strbuf_reset(&line);
		bool ended = false;
		while (!ended && off < size) {
			size_t want =
			    size - off < (off_t)sizeof block ? (size_t)(size - off) : sizeof block;
			ssize_t k = pread(fd, block, want, off);
			if (k < 0 && errno == EINTR)
				continue;
			if (k <= 0)
				goto out;
			const char *nl = memchr(block, '\n', (size_t)k);
			size_t take = nl ? (size_t)(nl - block) : (size_t)k;
			strbuf_add(&line, block, take);
			off += (off_t)(nl ? take + 1 : take);
			ended = nl != NULL;
			/*
			 * A first line this long is most likely a whole session on one
			 * line: not worth parsing twice to find that out.
			 */
			if (line.len > FIRST_LINE_MAX)
				goto out;
		}
		if (!ended && line.len == 0)
			goto out; /* no value at all: the forward read is as quick */
		json_t *v = NULL;
		size_t at;
		enum line_value lv = line_value(line.buf, line.len, first, &v, &at);
		first = false;
		json_decref(v);
		if (lv == LINE_VALUE)
			ok = true;
		if (lv != LINE_NONE)
			break;
		if (!ended)
			break;
	}
out:
	strbuf_release(&line);
	return ok;
}

struct backward *backward_open(const char *path)
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
		char *nl;
		size_t unsearched = b->end; /* buf[unsearched..end) holds no '\n' */
		for (;;) {
			nl = unsearched ? memrchr(b->buf, '\n', unsearched) : NULL;
			if (nl || b->lo == 0)
				break;
			size_t before = b->end;
			if (!read_before(b))
				return BACKWARD_UNSURE;
			unsearched = b->end - before;
		}
		size_t start = nl ? (size_t)(nl - b->buf) + 1 : 0;
		const char *line = b->buf + start;
		size_t n = b->end - start;
		bool file_start = !nl && b->lo == 0;
		json_t *v = NULL;
		size_t at = 0;
		enum line_value lv = line_value(line, n, file_start, &v, &at);
		if (nl)
			b->end = start - 1;
		else
			b->done = true;
		if (lv == LINE_UNSURE)
			return BACKWARD_UNSURE;
		if (lv == LINE_NONE)
			continue;
		unsigned long column = 1;
		for (size_t k = file_start && starts_with(line, n, "\xEF\xBB\xBF") ? 3 : 0; k < at;
		     k++)
			if (((unsigned char)line[k] & 0xC0) != 0x80)
				column++;
		b->held = v;
		item->value = v;
		item->kind = value_kind(v);
		item->raw = line + at;
		item->raw_len = n - at;
		while (item->raw_len > 0 && is_space(item->raw[item->raw_len - 1]))
			item->raw_len--;
		item->pos.file = b->name;
		item->pos.line = 0;
		item->pos.column = column;
		return BACKWARD_ITEM;
	}
}
