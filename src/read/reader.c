/*
 * reader.c - operands to events.
 *
 * Lines are framed by framer.c.  The fast path parses each input line once:
 * a JSONL line or an SSE "data:" line is one call to scan_load() (scan.h),
 * which builds the members the command reads.  Only when that reports that
 * a value runs past the end of its line does the slow path start: the value's lines (for SSE, the
 * data lines of its event, passing over the event's other fields) are gathered and fed to a small
 * incremental scanner that finds where the value ends, so a value pretty-printed over n lines is
 * read in time linear in its size, and then parsed once.  Arrays of events and session objects are
 * parsed whole and handed out one element at a time, each with its original bytes and position.
 */
#include "read/reader.h"
#include "read/framer.h"
#include "read/pool.h"
#include "read/preparse.h"
#include "read/scan.h"
#include "read/source.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define READ_CHUNK (64 * 1024)
/* jansson's own limit; the scanner applies it too, so a deep value fails fast. */
#define MAX_DEPTH 2048

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
	struct adk_reads reads; /* what is built of each event (reader_select) */

	struct source *input; /* the current operand's bytes; NULL between files */
	unsigned opened;      /* operands opened so far */
	const char *name;
	bool at_file_start;
	bool eof;
	char *buf; /* buf[start..end) is read but not consumed */
	size_t cap, start, end;
	size_t searched;           /* buf[start..searched) holds no newline */
	bool may_block;            /* a pipe, FIFO, socket, terminal or followed file */
	uint64_t buf_off;          /* the file offset of buf[0]: how parsed lines are looked up */
	struct preparse *preparse; /* worker threads parsing lines ahead, with -j N > 1 */
	void *mapped;              /* what a worker's map function made of held */
	void (*map_release)(void *result);
	unsigned long line_no; /* the line at buf[start] */

	/* The current line, buf[start..start+line_len), not consumed yet. */
	bool have_line;
	size_t line_len;           /* without the line end */
	size_t line_total;         /* with it */
	enum frame_kind line_kind; /* what the framer made of it */
	size_t line_payload;       /* where its JSON may start, by the framer */
	size_t payload;            /* where the JSON of the value being read starts */
	size_t cur;                /* where the next value on the line starts */
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
	size_t elem_scan; /* where the next element's bytes are looked for */
	/* A cursor over src, so positions inside one huge line cost linear time. */
	size_t pos_off, pos_origin;
	unsigned long pos_col;

	struct scanner scanner;
	unsigned long skipped;
	int status;

	struct reader_progress progress;
	void (*progress_fn)(void *ctx);
	void *progress_ctx;
	bool hopeless; /* peek_line() gave up a line: bad input, already reported */
};

static char *const stdin_operand[] = {"-"};
static unsigned reader_jobs; /* 0: one per online CPU */
static size_t reader_max_line = FRAMER_MAX_LINE_DEFAULT;
static void (*reader_wait_hook)(void); /* called before a read that may block */
static bool reader_follow;             /* --follow: the last operand is followed */

void reader_set_follow(bool on)
{
	if (on && !reader_follow)
		source_follow_start();
	reader_follow = on;
}

bool reader_get_follow(void)
{
	return reader_follow;
}

void reader_set_wait_hook(void (*fn)(void))
{
	reader_wait_hook = fn;
}

void reader_set_jobs(unsigned jobs)
{
	reader_jobs = jobs;
}

size_t reader_get_max_line(void)
{
	return reader_max_line;
}

void reader_set_max_line(size_t bytes)
{
	reader_max_line = bytes;
}

/*
 * Whether the line being gathered at p[0..n) (no line end yet) can already
 * be given up: longer than the limit, or starting with a control byte,
 * which neither JSON nor an SSE field line can start with (/dev/zero, a
 * binary file).  Says why, once, at the line's start; the operand's read
 * ends there, as it would at a read error, with exit 65.
 */
static bool line_hopeless(struct reader *r, const char *p, size_t n)
{
	/* With --skip-invalid a line starting with a control byte is skipped at its end. */
	bool control = !(r->flags & READER_SKIP_INVALID);
	struct reader_pos pos = {r->name, r->line_no, 1};
	switch (framer_give_up(p, n, r->at_file_start, control, reader_max_line, &pos.column)) {
	case FRAME_CONTROL:
		/*
		 * The words and column jansson gives the same line once it ends, so
		 * a line split over reads (a pipe) reads the same as one read whole.
		 */
		reader_warn_at(&pos, "invalid JSON: invalid token");
		break;
	case FRAME_TOO_LONG:
		pos.column = 1;
		reader_warn_at(&pos, "line longer than %zu bytes, the limit (--max-line raises it)",
		               reader_max_line);
		break;
	case FRAME_KEEP:
		return false;
	}
	/* With --skip-invalid the line is passed over (drop_to_line_end) and the read goes on. */
	if (r->flags & READER_SKIP_INVALID)
		r->skipped++;
	else
		r->hopeless = true;
	return true;
}

static void vwarn_at(const struct reader_pos *pos, const char *fmt, va_list ap)
{
	char what[4096];
	vsnprintf(what, sizeof what, fmt, ap);
	warnx_msg("%s:%lu:%lu: %s", pos->file, pos->line, pos->column, what);
}

void reader_warn_at(const struct reader_pos *pos, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vwarn_at(pos, fmt, ap);
	va_end(ap);
}

bool reader_reject(struct reader *r, const struct reader_pos *pos, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vwarn_at(pos, fmt, ap);
	va_end(ap);
	if (!(r->flags & READER_SKIP_INVALID))
		return false;
	r->skipped++;
	return true;
}

/*
 * The size of the operand op when it is a regular file of plain text: the
 * total of the progress line counts the bytes the reader will hand on,
 * which a compressed file does not say.
 */
static bool plain_file_size(const char *op, unsigned long long *size)
{
	bool is_stdin = strcmp(op, "-") == 0;
	struct stat st;
	/* Only a regular file is opened here: opening a FIFO would wait for its writer. */
	if ((is_stdin ? fstat(0, &st) : stat(op, &st)) != 0 || !S_ISREG(st.st_mode))
		return false;
	int fd = is_stdin ? 0 : open(op, O_RDONLY | O_CLOEXEC);
	bool known = fd >= 0 && source_sniff_fd(fd) == SOURCE_PLAIN;
	if (known)
		*size = (unsigned long long)st.st_size;
	if (fd > 0 && !is_stdin)
		close(fd);
	return known;
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
	r->reads = adk_reads_all;
	r->cap = READ_CHUNK;
	r->buf = xmalloc(r->cap);
	/* The total is known only when every operand is a regular file. */
	r->progress.total_known = true;
	for (int i = 0; i < count; i++) {
		unsigned long long size;
		if (plain_file_size(operands[i], &size))
			r->progress.total += size;
		else
			r->progress.total_known = false;
	}
	unsigned jobs = reader_jobs ? reader_jobs : preparse_default_jobs();
	if (jobs > 1)
		r->preparse = preparse_new(jobs, reader_max_line);
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
	source_free(r->input);
	json_decref(r->held);
	if (r->mapped)
		r->map_release(r->mapped);
	free(r->buf);
	free(r->origins);
	strbuf_release(&r->acc);
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
	reader_report_skipped_count(r->skipped);
}

void reader_report_skipped_count(unsigned long count)
{
	if (count)
		warnx_msg("%lu invalid value%s skipped", count, count == 1 ? "" : "s");
}

bool reader_opened_none(const struct reader *r)
{
	return r->opened == 0 && r->next_operand == r->count;
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
			/* A person who forgot the file name would otherwise wait on silence. */
			if (isatty(STDIN_FILENO) && isatty(STDERR_FILENO))
				warnx_msg("reading standard input (end it with Ctrl-D)");
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
		bool known = fstat(fd, &st) == 0;
		if (known && S_ISDIR(st.st_mode)) {
			warn_errno(EISDIR, "%s", r->name);
			set_status(r, EXIT_NOINPUT);
			if (fd > 0)
				close(fd);
			continue;
		}
		/* Only the last operand is followed, and only a regular file: a pipe has an end. */
		bool follow =
		    reader_follow && r->next_operand == r->count && known && S_ISREG(st.st_mode);
		r->input = source_new(fd, r->name, fd == 0 ? NULL : op, follow);
		/* Regular files and disks never keep a read waiting on another process. */
		r->may_block = follow || !known || !(S_ISREG(st.st_mode) || S_ISBLK(st.st_mode));
		r->opened++;
		r->at_file_start = true;
		r->eof = false;
		r->start = r->end = r->searched = 0;
		r->buf_off = 0;
		r->line_no = 1;
		if (r->preparse)
			preparse_start(r->preparse, r->input);
		r->have_line = false;
		return true;
	}
	return false;
}

static void close_current(struct reader *r)
{
	/* The workers' reading thread may still be reading a file left before its end. */
	if (r->preparse)
		preparse_leave(r->preparse);
	source_free(r->input);
	r->input = NULL;
	r->have_line = false;
}

/*
 * Calls the wait hook when the next read may wait for another process: a
 * slow producer then sees each result as it is made, while a file read
 * from disk keeps the writer's large buffers.
 */
static void before_waiting(struct reader *r)
{
	if (!reader_wait_hook || !r->may_block)
		return;
	bool ready;
	if (r->preparse)
		ready = preparse_has_data(r->preparse);
	else
		ready = source_ready(r->input);
	if (!ready)
		reader_wait_hook();
}

/*
 * A signal ended a --follow run while a line was still being written (or
 * read): its bytes are no line yet, so they are left, with a word, rather
 * than read as a line cut short.
 */
static void left_unended(struct reader *r)
{
	size_t n = r->end - r->start;
	if (framer_skip_space(r->buf + r->start, 0, n) < n)
		warnx_msg("%s: interrupted inside a line; its %zu bytes are left unread", r->name,
		          n);
	r->start = r->searched = r->end;
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
	before_waiting(r);
	for (;;) {
		/* With workers the file's bytes come through them, in order, as read() gives them.
		 */
		ssize_t n = r->preparse
		                ? preparse_read(r->preparse, r->buf + r->end, r->cap - r->end)
		                : source_read(r->input, r->buf + r->end, r->cap - r->end);
		if (n > 0) {
			r->end += (size_t)n;
			r->progress.bytes += (unsigned long long)n;
			if (r->progress_fn)
				r->progress_fn(r->progress_ctx);
			return true;
		}
		if (n == SOURCE_DAMAGED) {
			/* The operand's read ends here, as at a line given up: bad input. */
			warnx_msg("%s: %s", r->name, source_error(r->input));
			r->hopeless = true;
		} else if (n < 0) {
			warn_errno(errno, "%s", r->name);
			set_status(r, EXIT_IOERR);
		} else if (source_interrupted()) {
			left_unended(r);
		}
		r->eof = true;
		return false;
	}
}

/*
 * Drops the bytes of the line being read, as they come, up to and with its
 * line end, so a line past the limit is skipped in constant memory.  False
 * at the end of the file.
 */
static bool drop_to_line_end(struct reader *r)
{
	for (;;) {
		const char *p = r->buf + r->start;
		size_t n = r->end - r->start;
		const char *nl = memchr(p, '\n', n);
		const char *cr = memchr(p, '\r', nl ? (size_t)(nl - p) : n);
		const char *at = cr ? cr : nl;
		/* A '\r' last in the buffer may be the first half of a "\r\n": wait for the next
		 * byte. */
		if (at && !(at == cr && at + 1 == p + n && !r->eof)) {
			size_t end = (size_t)(at - p) + 1;
			if (at == cr && end < n && p[end] == '\n')
				end++;
			r->start += end;
			r->searched = r->start;
			r->line_no++;
			r->at_file_start = false;
			return true;
		}
		r->start = r->searched = at ? (size_t)(at - r->buf) : r->end;
		if (!fill(r) && !at)
			return false;
		if (r->eof && at) {
			r->start = r->searched = r->start + 1;
			r->line_no++;
			r->at_file_start = false;
			return true;
		}
	}
}

/* Makes the next line of the current file the current line; false at its end. */
static bool peek_line(struct reader *r)
{
	if (r->have_line)
		return true;
	struct frame f;
	for (;;) {
		enum frame_cut cut =
		    framer_cut(r->buf + r->start, r->end - r->start, r->at_file_start, r->eof,
		               r->searched - r->start, &f);
		if (cut == FRAME_LINE && f.len <= reader_max_line)
			break;
		if (cut == FRAME_END)
			return false;
		/* An ended line past the limit is refused as one still growing would be. */
		size_t pending = cut == FRAME_LINE ? f.skip + f.len : r->end - r->start;
		if (line_hopeless(r, r->buf + r->start, pending)) {
			if (!r->hopeless && cut == FRAME_LINE) {
				r->start += f.total;
				r->searched = r->start;
				r->line_no++;
				r->at_file_start = false;
				continue;
			}
			if (!r->hopeless && drop_to_line_end(r))
				continue;
			r->start = r->searched = r->end;
			r->eof = true;
			return false;
		}
		r->searched = r->start + f.total;
		fill(r);
		if (r->hopeless) {
			r->start = r->searched = r->end;
			return false;
		}
	}
	r->at_file_start = false;
	r->start += f.skip;
	r->line_len = f.len;
	r->line_total = f.total - f.skip;
	r->line_kind = f.kind;
	r->line_payload = f.payload;
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

/* Reads the current line from where the framer says its JSON starts. */
static void classify_line(struct reader *r)
{
	r->payload = r->line_payload;
	r->sse = r->line_kind == FRAME_SSE_DATA;
	r->cur = r->payload;
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
	/* jansson's own words for this read as its bug; the limit is its design. */
	if (json_error_code(e) == json_error_null_byte_in_key) {
		reader_warn_at(&pos,
		               "object key holds a NUL (\\u0000), which adkev cannot represent");
		return;
	}
	const char *near = strstr(e->text, " near ");
	int len = near ? (int)(near - e->text) : (int)strlen(e->text);
	reader_warn_at(&pos, "invalid JSON: %.*s", len, e->text);
}

/*
 * Whether peek_line() gave up a line (past the limit, or a control byte
 * first), and forgets it: the operand's read has ended there, which is bad
 * input even with --skip-invalid, since the rest of the file is not read.
 */
static bool gave_up(struct reader *r)
{
	bool was = r->hopeless;
	r->hopeless = false;
	return was;
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
		while (i < n && !framer_is_space(p[i]) && p[i] != ',' && p[i] != ']' && p[i] != '}')
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

/*
 * Whether the key token p[i..end) (quotes included) names field.  A key may
 * spell its letters as escapes ("\u0065vents"); jansson decodes those, and
 * so does this, so the bytes of every session's events are found.
 */
static bool key_is(const char *p, size_t i, size_t end, enum adk_field field)
{
	const char *name = adk_field_name(field);
	size_t len = strlen(name);
	if (!memchr(p + i, '\\', end - i))
		return end - i == len + 2 && memcmp(p + i + 1, name, len) == 0;
	json_t *key = json_loadb(p + i, end - i, JSON_DECODE_ANY | JSON_ALLOW_NUL, NULL);
	bool same =
	    json_string_length(key) == len && memcmp(json_string_value(key), name, len) == 0;
	json_decref(key);
	return same;
}

/*
 * Where the elements of a session's events array start in its bytes
 * p[0..n), which jansson parsed as a session: after the '[' of the last
 * member so named, as jansson keeps the last of duplicate keys.
 */
static size_t find_events_array(const char *p, size_t n)
{
	size_t found = 0;
	size_t i = framer_skip_space(p, 0, n) + 1;
	for (;;) {
		i = framer_skip_space(p, i, n);
		if (i >= n || p[i] != '"')
			return found;
		size_t key_end = skip_value(p, i, n);
		bool is_events = key_is(p, i, key_end, ADK_EVENTS);
		i = framer_skip_space(p, key_end, n);
		if (i >= n || p[i] != ':')
			return found;
		i = framer_skip_space(p, i + 1, n);
		if (is_events)
			found = i < n && p[i] == '[' ? i + 1 : 0;
		i = framer_skip_space(p, skip_value(p, i, n), n);
		if (i >= n || p[i] != ',')
			return found;
		i++;
	}
}

/* Fills *item with value, whose original bytes are src[off..off+len). */
static void fill_item(struct reader *r, struct reader_item *item, json_t *value,
                      enum value_kind kind, size_t off, size_t len)
{
	item->value = value;
	/* A worker's map result is of the whole value it parsed, not of an element. */
	item->mapped = value == r->held ? r->mapped : NULL;
	item->kind = kind;
	item->pos = pos_at(r, off);
	item->raw = r->src + off;
	item->raw_len = len;
}

/* Lets go of the value handed out last; with -j the worker that parsed it releases it. */
static void drop_held(struct reader *r)
{
	pool_give_back(r->held);
	r->held = NULL;
	if (r->mapped)
		r->map_release(r->mapped);
	r->mapped = NULL;
}

static enum step next_element(struct reader *r, struct reader_item *item)
{
	while (r->elem_index < json_array_size(r->elements)) {
		json_t *el = json_array_get(r->elements, r->elem_index++);
		size_t off = framer_skip_space(r->src, r->elem_scan, r->src_len);
		size_t end = skip_value(r->src, off, r->src_len);
		size_t len = end - off;
		r->elem_scan = framer_skip_space(r->src, end, r->src_len) + 1;
		enum value_kind kind = value_kind(el);
		if (kind == VALUE_EVENT || kind == VALUE_STREAM_ERROR ||
		    (r->flags & READER_ANY_VALUE)) {
			fill_item(r, item, el, kind, off, len);
			return STEP_ITEM;
		}
		struct reader_pos pos = pos_at(r, off);
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
	unsigned long last_end_col = framer_columns(line, r->line_len) + 1;

	strbuf_reset(&r->acc);
	origins_reset(r);
	scanner_reset(s);
	origins_add(r, r->line_no, framer_columns(line, i));
	strbuf_add(&r->acc, line + i, r->line_len - i);
	enum scan_result res = scanner_feed(s, r->acc.buf, r->acc.len, &at);

	while (res == SCAN_MORE) {
		consume_line(r);
		if (!peek_line(r) && gave_up(r))
			return STEP_INVALID;
		if (!r->have_line)
			return report_truncated(r, last_line, last_end_col,
			                        "the input ends inside it");
		line = line_ptr(r);
		/* The data lines of an SSE event are joined across its other fields. */
		if (sse && r->line_kind == FRAME_SSE_OTHER)
			continue;
		/* An SSE value goes on in "data:" lines only, a plain one in plain lines. */
		if (sse != (r->line_kind == FRAME_SSE_DATA)) {
			classify_line(r);
			return report_truncated(r, last_line, last_end_col,
			                        "its line ends inside it");
		}
		size_t prefix = sse ? r->line_payload : 0;
		size_t first = framer_skip_space(line, prefix, r->line_len);
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
		last_end_col = framer_columns(line, r->line_len) + 1;
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
		        framer_columns(r->acc.buf + line_start, at - line_start) + 1};
		reader_warn_at(&pos, "invalid JSON: nesting deeper than %d levels", MAX_DEPTH);
		r->cur = r->line_len;
		return invalid(r);
	}
	json_error_t e;
	json_t *v = scan_load(r->acc.buf, at, &r->reads, &e);
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
	origins_add(r, r->line_no, framer_columns(line, i));
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
	json_t *v = scan_load(p, n, &r->reads, &e);
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
			if (!r->input && !open_next(r))
				return READ_END;
			if (peek_line(r)) {
				classify_line(r);
			} else {
				close_current(r);
				if (gave_up(r))
					return READ_INVALID;
			}
			continue;
		} else {
			size_t i = framer_skip_space(line_ptr(r), r->cur, r->line_len);
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

void reader_select(struct reader *r, const struct adk_reads *reads)
{
	r->reads = *reads;
	if (r->preparse)
		preparse_select(r->preparse, reads);
}

void reader_set_map(struct reader *r, void *(*fn)(const json_t *value, void *ctx),
                    void (*release)(void *result), void *ctx, const struct adk_reads *keep)
{
	r->map_release = release;
	if (r->preparse)
		preparse_set_map(r->preparse, fn, release, ctx, keep);
}
