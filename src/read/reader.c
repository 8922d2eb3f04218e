/*
 * reader.c - operands to events.
 *
 * The fast path hands each input line to jansson once: a JSONL line or an
 * SSE "data:" line is one call to json_loadb().  Only when jansson reports
 * that a value runs past the end of its line does the slow path start: the
 * value's lines are gathered and fed to a small incremental scanner that
 * finds where the value ends, so a value pretty-printed over n lines is read
 * in time linear in its size, and then parsed once.  Arrays of events and
 * session objects are parsed whole and handed out one element at a time,
 * each with its original bytes and position.
 */
#include "read/reader.h"
#include "write/json.h"
#include "read/preparse.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define READ_CHUNK (64 * 1024)
/* jansson's own limit; the scanner applies it too, so a deep value fails fast. */
#define MAX_DEPTH   2048
#define PARSE_FLAGS READER_PARSE_FLAGS
#define NO_SPAN     ((size_t)-1)

/* Where one line of the value being parsed starts in the input. */
struct line_origin {
	unsigned long line;
	unsigned long column; /* code points before the line's first byte */
};

/* Finds the end of a value that spans lines, fed one line at a time. */
struct scanner {
	struct strbuf stack; /* the open containers, '{' or '[' */
	bool in_string;
	bool escape;
	char last; /* the last significant byte outside strings */
};

enum scan_result { SCAN_MORE, SCAN_DONE, SCAN_TOO_DEEP };

/* What a step of the reader produced, before it becomes a reader_result. */
enum step { STEP_ITEM, STEP_INVALID, STEP_NONE };

struct reader {
	char *const *operands;
	int count;
	int next_operand;
	unsigned flags;

	int fd; /* -1 between files */
	const char *name;
	bool at_file_start;
	bool eof;
	char *buf; /* buf[start..end) is read but not consumed */
	size_t cap, start, end;
	size_t searched;           /* buf[start..searched) holds no newline */
	uint64_t buf_off;          /* the file offset of buf[0]: how parsed lines are looked up */
	struct preparse *preparse; /* worker threads parsing lines ahead, with -j N > 1 */
	void *mapped;              /* what a worker's map function made of held */
	void (*map_release)(void *result);
	unsigned long line_no; /* the line at buf[start] */

	/* The current line, buf[start..start+line_len), not consumed yet. */
	bool have_line;
	size_t line_len;   /* without the line end */
	size_t line_total; /* with it */
	size_t payload;    /* where the JSON starts, after an SSE "data:" */
	size_t cur;        /* where the next value on the line starts */
	bool sse;

	/* The top-level value being handed out. */
	struct strbuf acc; /* a value gathered from several lines */
	struct line_origin *origins;
	size_t norigins, origins_cap;
	const char *src; /* its bytes */
	size_t src_len;
	json_t *held;     /* the value itself, owned */
	json_t *elements; /* the array being handed out, borrowed from held */
	size_t elem_index;
	size_t elem_scan; /* where the next element's bytes are looked for, or NO_SPAN */
	struct strbuf reserialised;
	/* A cursor over src, so positions inside one huge line cost linear time. */
	size_t pos_off, pos_origin;
	unsigned long pos_col;

	struct scanner scanner;
	unsigned long skipped;
	int status;

	struct reader_progress progress;
	void (*progress_fn)(void *ctx);
	void *progress_ctx;
};

static char *const stdin_operand[] = {"-"};
static unsigned reader_jobs; /* 0: one per online CPU */

void reader_set_jobs(unsigned jobs)
{
	reader_jobs = jobs;
}

void reader_warn_at(const struct reader_pos *pos, const char *fmt, ...)
{
	va_list ap;
	fprintf(stderr, "adkev: %s:%lu:%lu: ", pos->file, pos->line, pos->column);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

bool reader_reject(struct reader *r, const struct reader_pos *pos, const char *fmt, ...)
{
	va_list ap;
	fprintf(stderr, "adkev: %s:%lu:%lu: ", pos->file, pos->line, pos->column);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	if (!(r->flags & READER_SKIP_INVALID))
		return false;
	r->skipped++;
	return true;
}

struct reader *reader_new(char *const *operands, int count, unsigned flags)
{
	struct reader *r = xcalloc(1, sizeof *r);
	if (count == 0) {
		operands = stdin_operand;
		count = 1;
	}
	r->operands = operands;
	r->count = count;
	r->flags = flags;
	r->fd = -1;
	r->cap = READ_CHUNK;
	r->buf = xmalloc(r->cap);
	/* The total is known only when every operand is a regular file. */
	r->progress.total_known = true;
	for (int i = 0; i < count; i++) {
		struct stat st;
		int rc = strcmp(operands[i], "-") == 0 ? fstat(0, &st) : stat(operands[i], &st);
		if (rc == 0 && S_ISREG(st.st_mode))
			r->progress.total += (unsigned long long)st.st_size;
		else
			r->progress.total_known = false;
	}
	unsigned jobs = reader_jobs ? reader_jobs : preparse_default_jobs();
	if (jobs > 1)
		r->preparse = preparse_new(jobs, PARSE_FLAGS);
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
	if (r->fd > 0)
		close(r->fd);
	json_decref(r->held);
	if (r->mapped)
		r->map_release(r->mapped);
	free(r->buf);
	free(r->origins);
	strbuf_release(&r->acc);
	strbuf_release(&r->reserialised);
	strbuf_release(&r->scanner.stack);
	free(r);
}

int reader_status(const struct reader *r)
{
	return r->status;
}

unsigned long reader_skipped(const struct reader *r)
{
	return r->skipped;
}

void reader_report_skipped(const struct reader *r)
{
	if (r->skipped)
		warnx_msg("%lu invalid value%s skipped", r->skipped, r->skipped == 1 ? "" : "s");
}

static void set_status(struct reader *r, int status)
{
	/* A read error outranks a file that could not be opened. */
	if (status > r->status)
		r->status = status;
}

static bool open_next(struct reader *r)
{
	while (r->next_operand < r->count) {
		const char *op = r->operands[r->next_operand++];
		int fd;
		if (strcmp(op, "-") == 0) {
			r->name = STDIN_NAME;
			fd = 0;
		} else {
			r->name = op;
			fd = open(op, O_RDONLY);
			if (fd < 0) {
				warn_errno(errno, "%s", op);
				set_status(r, EXIT_NOINPUT);
				continue;
			}
		}
		struct stat st;
		if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
			warn_errno(EISDIR, "%s", r->name);
			set_status(r, EXIT_NOINPUT);
			if (fd > 0)
				close(fd);
			continue;
		}
		r->fd = fd;
		r->at_file_start = true;
		r->eof = false;
		r->start = r->end = r->searched = 0;
		r->buf_off = 0;
		r->line_no = 1;
		if (r->preparse)
			preparse_start(r->preparse, fd);
		r->have_line = false;
		return true;
	}
	return false;
}

static void close_current(struct reader *r)
{
	if (r->fd > 0)
		close(r->fd);
	r->fd = -1;
	r->have_line = false;
}

/* Reads more bytes into the buffer; false at the end of the file. */
static bool fill(struct reader *r)
{
	if (r->eof)
		return false;
	if (r->start > 0 && (r->end == r->cap || r->start >= r->cap / 2)) {
		memmove(r->buf, r->buf + r->start, r->end - r->start);
		r->buf_off += r->start;
		r->end -= r->start;
		r->searched -= r->start;
		r->start = 0;
	}
	if (r->end == r->cap) {
		r->cap *= 2;
		r->buf = xrealloc(r->buf, r->cap);
	}
	for (;;) {
		/* With workers the file's bytes come through them, in order, as read() gives them.
		 */
		ssize_t n = r->preparse
		                ? preparse_read(r->preparse, r->buf + r->end, r->cap - r->end)
		                : read(r->fd, r->buf + r->end, r->cap - r->end);
		if (n > 0) {
			r->end += (size_t)n;
			r->progress.bytes += (unsigned long long)n;
			if (r->progress_fn)
				r->progress_fn(r->progress_ctx);
			return true;
		}
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			warn_errno(errno, "%s", r->name);
			set_status(r, EXIT_IOERR);
		}
		r->eof = true;
		return false;
	}
}

static bool starts_with(const char *p, size_t n, const char *prefix)
{
	size_t k = strlen(prefix);
	return n >= k && memcmp(p, prefix, k) == 0;
}

/* Makes the next line of the current file the current line; false at its end. */
static bool peek_line(struct reader *r)
{
	if (r->have_line)
		return true;
	if (r->at_file_start) {
		while (r->end - r->start < 3 && fill(r))
			;
		if (starts_with(r->buf + r->start, r->end - r->start, "\xEF\xBB\xBF"))
			r->start += 3;
		if (r->searched < r->start)
			r->searched = r->start;
		r->at_file_start = false;
	}
	for (;;) {
		char *nl = memchr(r->buf + r->searched, '\n', r->end - r->searched);
		if (nl) {
			r->line_total = (size_t)(nl - (r->buf + r->start)) + 1;
			r->line_len = r->line_total - 1;
			break;
		}
		r->searched = r->end;
		if (!fill(r)) {
			if (r->end == r->start)
				return false;
			r->line_total = r->line_len = r->end - r->start;
			break;
		}
	}
	if (r->line_len > 0 && r->buf[r->start + r->line_len - 1] == '\r')
		r->line_len--;
	r->have_line = true;
	return true;
}

static void consume_line(struct reader *r)
{
	r->start += r->line_total;
	r->searched = r->start;
	r->line_no++;
	r->have_line = false;
}

static const char *line_ptr(const struct reader *r)
{
	return r->buf + r->start;
}

/* Sorts the current line: an SSE field to ignore, an SSE data line, or plain JSON. */
size_t reader_line_payload(const char *line, size_t len, bool *sse)
{
	*sse = starts_with(line, len, "data:");
	if (*sse)
		return len > 5 && line[5] == ' ' ? 6 : 5;
	if (starts_with(line, len, "event:") || starts_with(line, len, "id:") ||
	    starts_with(line, len, "retry:") || (len > 0 && line[0] == ':'))
		return len;
	return 0;
}

static void classify_line(struct reader *r)
{
	r->payload = reader_line_payload(line_ptr(r), r->line_len, &r->sse);
	r->cur = r->payload;
}

static bool is_json_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static size_t skip_space(const char *p, size_t i, size_t n)
{
	while (i < n && is_json_space(p[i]))
		i++;
	return i;
}

static unsigned long count_code_points(const char *p, size_t n)
{
	unsigned long k = 0;
	for (size_t i = 0; i < n; i++)
		if (((unsigned char)p[i] & 0xC0) != 0x80)
			k++;
	return k;
}

static void origins_reset(struct reader *r)
{
	r->norigins = 0;
}

static void origins_add(struct reader *r, unsigned long line, unsigned long column)
{
	if (r->norigins == r->origins_cap) {
		r->origins_cap = r->origins_cap ? r->origins_cap * 2 : 16;
		r->origins = xrealloc(r->origins, r->origins_cap * sizeof *r->origins);
	}
	r->origins[r->norigins].line = line;
	r->origins[r->norigins].column = column;
	r->norigins++;
}

static struct reader_pos origin_pos(const struct reader *r, size_t origin, unsigned long column)
{
	struct reader_pos pos = {r->name, r->origins[origin].line,
	                         r->origins[origin].column + (column ? column : 1)};
	return pos;
}

/*
 * jansson's messages end in " near '<token>'", which would echo input (a
 * secret, say) into a log, or " near end of file", which means the end of
 * the buffer it was given (a line); only the description before it is kept.
 */
static void report_json_error(const struct reader *r, const json_error_t *e)
{
	size_t origin = e->line >= 1 && (size_t)e->line <= r->norigins ? (size_t)e->line - 1 : 0;
	unsigned long column = e->column > 0 ? (unsigned long)e->column : 0;
	/* jansson counts only the characters it decoded: a bad byte is one column on. */
	if (json_error_code(e) == json_error_invalid_utf8)
		column++;
	struct reader_pos pos = origin_pos(r, origin, column ? column : 1);
	const char *near = strstr(e->text, " near ");
	int len = near ? (int)(near - e->text) : (int)strlen(e->text);
	reader_warn_at(&pos, "invalid JSON: %.*s", len, e->text);
}

static enum step invalid(struct reader *r)
{
	if (r->flags & READER_SKIP_INVALID) {
		r->skipped++;
		return STEP_NONE;
	}
	return STEP_INVALID;
}

/* The position of src[off]; offsets must be asked for in increasing order. */
static struct reader_pos pos_at(struct reader *r, size_t off)
{
	for (; r->pos_off < off; r->pos_off++) {
		unsigned char c = (unsigned char)r->src[r->pos_off];
		if (c == '\n' && r->pos_origin + 1 < r->norigins) {
			r->pos_origin++;
			r->pos_col = r->origins[r->pos_origin].column;
		} else if ((c & 0xC0) != 0x80) {
			r->pos_col++;
		}
	}
	struct reader_pos pos = {r->name, r->origins[r->pos_origin].line, r->pos_col + 1};
	return pos;
}

/* The end of the valid JSON value that starts at p[i]. */
static size_t skip_value(const char *p, size_t i, size_t n)
{
	if (i >= n)
		return n;
	if (p[i] != '"' && p[i] != '{' && p[i] != '[') {
		while (i < n && !is_json_space(p[i]) && p[i] != ',' && p[i] != ']' && p[i] != '}')
			i++;
		return i;
	}
	size_t depth = 0;
	bool in_string = false;
	for (; i < n; i++) {
		char c = p[i];
		if (in_string) {
			if (c == '\\')
				i++;
			else if (c == '"') {
				in_string = false;
				if (depth == 0)
					return i + 1;
			}
		} else if (c == '"') {
			in_string = true;
		} else if (c == '{' || c == '[') {
			depth++;
		} else if (c == '}' || c == ']') {
			if (--depth == 0)
				return i + 1;
		}
	}
	return n;
}

/* Where the elements of a session's "events" array start in its bytes, or NO_SPAN. */
static size_t find_events_array(const char *p, size_t n)
{
	size_t found = NO_SPAN;
	size_t i = skip_space(p, 0, n);
	if (i >= n || p[i] != '{')
		return NO_SPAN;
	i++;
	for (;;) {
		i = skip_space(p, i, n);
		if (i >= n || p[i] != '"')
			return found;
		size_t key_end = skip_value(p, i, n);
		bool is_events = key_end - i == 8 && memcmp(p + i, "\"events\"", 8) == 0;
		i = skip_space(p, key_end, n);
		if (i >= n || p[i] != ':')
			return found;
		i = skip_space(p, i + 1, n);
		/* jansson keeps the last of duplicate keys, and so does this. */
		if (is_events && i < n && p[i] == '[')
			found = i + 1;
		i = skip_space(p, skip_value(p, i, n), n);
		if (i >= n || p[i] != ',')
			return found;
		i++;
	}
}

static void fill_item(struct reader *r, struct reader_item *item, json_t *value,
                      enum value_kind kind, size_t off, size_t len)
{
	item->value = value;
	/* A worker's map result is of the whole value it parsed, not of an element. */
	item->mapped = value == r->held ? r->mapped : NULL;
	item->kind = kind;
	item->pos = pos_at(r, off != NO_SPAN ? off : r->pos_off);
	if (off != NO_SPAN) {
		item->raw = r->src + off;
		item->raw_len = len;
	} else {
		/* The bytes could not be located; compact JSON stands in for them. */
		struct json_writer w;
		strbuf_reset(&r->reserialised);
		jw_init_buf(&w, &r->reserialised, 0);
		jw_value(&w, value);
		item->raw = r->reserialised.buf;
		item->raw_len = r->reserialised.len;
	}
}

/* Lets go of the value handed out last; with -j a worker releases it. */
static void drop_held(struct reader *r)
{
	if (r->preparse)
		preparse_discard(r->preparse, r->held);
	else
		json_decref(r->held);
	r->held = NULL;
	if (r->mapped)
		r->map_release(r->mapped);
	r->mapped = NULL;
}

static enum step next_element(struct reader *r, struct reader_item *item)
{
	while (r->elem_index < json_array_size(r->elements)) {
		json_t *el = json_array_get(r->elements, r->elem_index++);
		size_t off = NO_SPAN, len = 0;
		if (r->elem_scan != NO_SPAN) {
			off = skip_space(r->src, r->elem_scan, r->src_len);
			size_t end = skip_value(r->src, off, r->src_len);
			len = end - off;
			r->elem_scan = skip_space(r->src, end, r->src_len) + 1;
		}
		enum value_kind kind = value_kind(el);
		if (kind == VALUE_EVENT || kind == VALUE_STREAM_ERROR ||
		    (r->flags & READER_ANY_VALUE)) {
			fill_item(r, item, el, kind, off, len);
			return STEP_ITEM;
		}
		struct reader_pos pos = off != NO_SPAN ? pos_at(r, off) : pos_at(r, 0);
		reader_warn_at(&pos, "%s", value_not_event_reason(el));
		if (invalid(r) == STEP_INVALID)
			return STEP_INVALID;
	}
	drop_held(r);
	r->elements = NULL;
	return STEP_NONE;
}

/* Hands out a freshly parsed top-level value, whose bytes are src[0..len). */
static enum step deliver(struct reader *r, json_t *value, const char *src, size_t len,
                         struct reader_item *item)
{
	r->src = src;
	r->src_len = len;
	r->pos_off = 0;
	r->pos_origin = 0;
	r->pos_col = r->origins[0].column;
	r->held = value;
	enum value_kind kind = value_kind(value);
	if ((r->flags & READER_ANY_VALUE) && kind != VALUE_ARRAY) {
		fill_item(r, item, value, kind, 0, len);
		return STEP_ITEM;
	}
	switch (kind) {
	case VALUE_EVENT:
	case VALUE_STREAM_ERROR:
		fill_item(r, item, value, kind, 0, len);
		return STEP_ITEM;
	case VALUE_ARRAY:
		r->elements = value;
		r->elem_index = 0;
		r->elem_scan = 1;
		return next_element(r, item);
	case VALUE_SESSION:
		r->elements = adk_get(value, ADK_EVENTS);
		r->elem_index = 0;
		r->elem_scan = find_events_array(src, len);
		return next_element(r, item);
	default: {
		struct reader_pos pos = pos_at(r, 0);
		reader_warn_at(&pos, "%s", value_not_event_reason(value));
		drop_held(r);
		return invalid(r);
	}
	}
}

static void scanner_reset(struct scanner *s)
{
	strbuf_reset(&s->stack);
	s->in_string = s->escape = false;
	s->last = 0;
}

/* Feeds p[0..n); on SCAN_DONE or SCAN_TOO_DEEP, *at is the offset just past the end or of the
 * fault. */
static enum scan_result scanner_feed(struct scanner *s, const char *p, size_t n, size_t *at)
{
	for (size_t i = 0; i < n; i++) {
		char c = p[i];
		if (s->in_string) {
			if (s->escape)
				s->escape = false;
			else if (c == '\\')
				s->escape = true;
			else if (c == '"') {
				s->in_string = false;
				s->last = '"';
				if (s->stack.len == 0) {
					*at = i + 1;
					return SCAN_DONE;
				}
			}
			continue;
		}
		switch (c) {
		case '"':
			s->in_string = true;
			break;
		case '{':
		case '[':
			if (s->stack.len >= MAX_DEPTH) {
				*at = i;
				return SCAN_TOO_DEEP;
			}
			strbuf_addch(&s->stack, c);
			s->last = c;
			break;
		case '}':
		case ']':
			s->last = c;
			if (s->stack.len <= 1) {
				/* A mismatched bracket is left for jansson to report. */
				*at = i + 1;
				return SCAN_DONE;
			}
			s->stack.len--;
			break;
		case ' ':
		case '\t':
		case '\r':
		case '\n':
			break;
		default:
			s->last = c;
		}
	}
	return SCAN_MORE;
}

/*
 * Whether a line that starts with '{' or '[' can continue the open value.
 * Where the grammar forbids it, the open value was cut short and the line
 * starts a new record: a JSONL writer died mid-line, say.
 */
static bool scanner_accepts_container(const struct scanner *s)
{
	if (s->in_string || s->stack.len == 0)
		return false;
	char top = s->stack.buf[s->stack.len - 1];
	if (top == '[')
		return s->last == '[' || s->last == ',';
	return s->last == ':';
}

static enum step report_truncated(struct reader *r, unsigned long line, unsigned long column,
                                  const char *why)
{
	struct reader_pos pos = {r->name, line, column};
	reader_warn_at(&pos, "truncated JSON value: %s", why);
	return invalid(r);
}

/*
 * The value at the current line's offset i runs past the line's end: gather
 * lines until the scanner sees it close, then parse it once.
 */
static enum step parse_multiline(struct reader *r, size_t i, struct reader_item *item)
{
	struct scanner *s = &r->scanner;
	const char *line = line_ptr(r);
	bool sse = r->sse;
	size_t at = 0, line_start = 0;
	unsigned long last_line = r->line_no;
	unsigned long last_end_col = count_code_points(line, r->line_len) + 1;

	strbuf_reset(&r->acc);
	origins_reset(r);
	scanner_reset(s);
	origins_add(r, r->line_no, count_code_points(line, i));
	strbuf_add(&r->acc, line + i, r->line_len - i);
	enum scan_result res = scanner_feed(s, r->acc.buf, r->acc.len, &at);

	while (res == SCAN_MORE) {
		consume_line(r);
		if (!peek_line(r))
			return report_truncated(r, last_line, last_end_col,
			                        "the input ends inside it");
		line = line_ptr(r);
		size_t prefix = 0;
		if (sse != starts_with(line, r->line_len, "data:") || (sse && r->line_len == 0)) {
			classify_line(r);
			return report_truncated(r, last_line, last_end_col,
			                        "its line ends inside it");
		}
		if (sse)
			prefix = r->line_len > 5 && line[5] == ' ' ? 6 : 5;
		size_t first = skip_space(line, prefix, r->line_len);
		if (s->in_string ||
		    (first < r->line_len && (line[first] == '{' || line[first] == '[') &&
		     !scanner_accepts_container(s))) {
			classify_line(r);
			return report_truncated(r, last_line, last_end_col,
			                        "its line ends inside it");
		}
		origins_add(r, r->line_no, prefix);
		strbuf_addch(&r->acc, '\n');
		line_start = r->acc.len;
		strbuf_add(&r->acc, line + prefix, r->line_len - prefix);
		last_line = r->line_no;
		last_end_col = count_code_points(line, r->line_len) + 1;
		r->payload = prefix;
		r->sse = sse;
		res = scanner_feed(s, r->acc.buf + line_start, r->line_len - prefix, &at);
		at += line_start;
	}

	/* The value ends on the current line; what follows it there is read next. */
	size_t prefix_in_line = r->norigins == 1 ? i : r->payload;
	r->cur = prefix_in_line + (at - line_start);
	if (res == SCAN_TOO_DEEP) {
		struct reader_pos pos = {
		    r->name, r->line_no,
		    r->origins[r->norigins - 1].column +
		        count_code_points(r->acc.buf + line_start, at - line_start) + 1};
		reader_warn_at(&pos, "invalid JSON: nesting deeper than %d levels", MAX_DEPTH);
		r->cur = r->line_len;
		return invalid(r);
	}
	json_error_t e;
	json_t *v = json_loadb(r->acc.buf, at, PARSE_FLAGS, &e);
	if (!v) {
		report_json_error(r, &e);
		return invalid(r);
	}
	return deliver(r, v, r->acc.buf, at, item);
}

/* Parses the value that starts at offset i of the current line. */
static enum step parse_at(struct reader *r, size_t i, struct reader_item *item)
{
	const char *line = line_ptr(r);
	const char *p = line + i;
	size_t n = r->line_len - i;
	json_error_t e;

	origins_reset(r);
	origins_add(r, r->line_no, count_code_points(line, i));
	if (r->preparse) {
		/* A worker may have parsed these very bytes already; else parse them here. */
		size_t end;
		void *mapped;
		json_t *v = preparse_take(r->preparse, r->buf_off + r->start + i, n, &end, &mapped);
		if (v) {
			r->cur = i + end;
			r->mapped = mapped;
			return deliver(r, v, p, end, item);
		}
	}
	json_t *v = json_loadb(p, n, PARSE_FLAGS, &e);
	if (v) {
		r->cur = i + (size_t)e.position;
		return deliver(r, v, p, (size_t)e.position, item);
	}
	if (json_error_code(&e) == json_error_premature_end_of_input &&
	    (*p == '{' || *p == '[' || *p == '"'))
		return parse_multiline(r, i, item);
	report_json_error(r, &e);
	r->cur = r->line_len;
	return invalid(r);
}

enum reader_result reader_next(struct reader *r, struct reader_item *item)
{
	if (!r->elements && r->held)
		drop_held(r);
	for (;;) {
		enum step step = STEP_NONE;
		if (r->elements) {
			step = next_element(r, item);
		} else if (!r->have_line) {
			if (r->fd < 0 && !open_next(r))
				return READ_END;
			if (peek_line(r))
				classify_line(r);
			else
				close_current(r);
			continue;
		} else {
			size_t i = skip_space(line_ptr(r), r->cur, r->line_len);
			if (i >= r->line_len) {
				consume_line(r);
				continue;
			}
			step = parse_at(r, i, item);
		}
		if (step == STEP_ITEM) {
			r->progress.items++;
			return READ_ITEM;
		}
		if (step == STEP_INVALID)
			return READ_INVALID;
	}
}

void reader_set_map(struct reader *r, void *(*fn)(const json_t *value, void *ctx),
                    void (*release)(void *result), void *ctx)
{
	r->map_release = release;
	if (r->preparse)
		preparse_set_map(r->preparse, fn, release, ctx);
}
