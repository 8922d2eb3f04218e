/*
 * framer.c - the framing rules of adkev's input, in one place.
 *
 * Every function here looks only at the bytes it is given, so the forward
 * reader (whose buffer fills as it goes), the -j workers (whole chunks of
 * lines) and the backward read (lines found from a file's end) can all use
 * them on their own buffers.
 */
#include "read/framer.h"

#include <string.h>

/* The UTF-8 encoding of U+FEFF, which some editors put at a file's start. */
static const char byte_order_mark[] = "\xEF\xBB\xBF";
#define BOM_LEN (sizeof byte_order_mark - 1)

static bool starts_with(const char *p, size_t n, const char *prefix)
{
	size_t k = strlen(prefix);
	return n >= k && memcmp(p, prefix, k) == 0;
}

bool framer_is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

size_t framer_skip_space(const char *p, size_t i, size_t n)
{
	while (i < n && framer_is_space(p[i]))
		i++;
	return i;
}

unsigned long framer_columns(const char *p, size_t n)
{
	unsigned long k = 0;
	for (size_t i = 0; i < n; i++)
		if (((unsigned char)p[i] & 0xC0) != 0x80)
			k++;
	return k;
}

enum frame_kind framer_classify(const char *line, size_t len, size_t *payload)
{
	if (starts_with(line, len, "data:")) {
		*payload = len > 5 && line[5] == ' ' ? 6 : 5;
		return FRAME_SSE_DATA;
	}
	if (starts_with(line, len, "event:") || starts_with(line, len, "id:") ||
	    starts_with(line, len, "retry:") || (len > 0 && line[0] == ':')) {
		*payload = len;
		return FRAME_SSE_OTHER;
	}
	*payload = 0;
	return FRAME_JSON;
}

/*
 * How many bytes of a byte-order mark start p[0..n): 3, or 0; or -1 when
 * p is too short to tell yet (more bytes may complete the mark).
 */
static int byte_order_mark_len(const char *p, size_t n, bool at_end)
{
	if (starts_with(p, n, byte_order_mark))
		return BOM_LEN;
	if (n < BOM_LEN && !at_end && (n == 0 || memcmp(p, byte_order_mark, n) == 0))
		return -1;
	return 0;
}

/*
 * The first line end in p[from..n): a '\n', a '\r' and the '\n' after it,
 * or a '\r' alone (the WHATWG event-stream rule, which plain JSON lines
 * share: a '\r' can only stand between JSON tokens).  Returns its offset
 * and sets *width to its length (1 or 2); n when there is none.  A '\r' that
 * is the last byte has width 0 unless at_end: whether a '\n' follows is not
 * known yet.
 */
static size_t find_line_end(const char *p, size_t n, size_t from, bool at_end, size_t *width)
{
	const char *lf = from < n ? memchr(p + from, '\n', n - from) : NULL;
	size_t end = lf ? (size_t)(lf - p) : n;
	const char *cr = from < end ? memchr(p + from, '\r', end - from) : NULL;
	if (!cr) {
		*width = lf ? 1 : 0;
		return end;
	}
	size_t at = (size_t)(cr - p);
	if (at + 1 < n)
		*width = p[at + 1] == '\n' ? 2 : 1;
	else
		*width = at_end ? 1 : 0;
	return at;
}

enum frame_cut framer_cut(const char *p, size_t n, bool file_start, bool at_end, size_t from,
                          struct frame *f)
{
	size_t skip = 0;
	if (file_start) {
		int bom = byte_order_mark_len(p, n, at_end);
		if (bom < 0) {
			f->total = 0;
			return FRAME_MORE;
		}
		skip = (size_t)bom;
	}
	size_t width;
	size_t end = find_line_end(p, n, from > skip ? from : skip, at_end, &width);
	if (width == 0 && !at_end) {
		f->total = end; /* p[0..end) holds no line end: the next search starts there */
		return FRAME_MORE;
	}
	if (end == skip && width == 0)
		return FRAME_END;
	f->skip = skip;
	f->len = end - skip;
	f->total = end + width;
	const char *line = p + skip;
	f->kind = framer_classify(line, f->len, &f->payload);
	f->text = framer_skip_space(line, f->payload, f->len);
	return FRAME_LINE;
}

size_t framer_last_line_start(const char *p, size_t n)
{
	const char *lf = n ? memrchr(p, '\n', n) : NULL;
	size_t after_lf = lf ? (size_t)(lf - p) + 1 : 0;
	const char *cr = n > after_lf ? memrchr(p + after_lf, '\r', n - after_lf) : NULL;
	return cr ? (size_t)(cr - p) + 1 : after_lf;
}

bool framer_control_start(const char *p, size_t n, bool file_start, unsigned long *column)
{
	size_t bom =
	    file_start && n >= BOM_LEN && memcmp(p, byte_order_mark, BOM_LEN) == 0 ? BOM_LEN : 0;
	size_t i = bom;
	while (i < n && (p[i] == ' ' || p[i] == '\t'))
		i++;
	*column = (unsigned long)(i - bom) + 1;
	/* A line end is no control byte here: it ends the line (a "\r\n" may be cut in two). */
	return i < n && (unsigned char)p[i] < 0x20 && p[i] != '\r' && p[i] != '\n';
}

enum frame_give_up framer_give_up(const char *p, size_t n, bool file_start, bool control,
                                  size_t max_line, unsigned long *column)
{
	*column = 1;
	if (control && framer_control_start(p, n, file_start, column))
		return FRAME_CONTROL;
	return n > max_line ? FRAME_TOO_LONG : FRAME_KEEP;
}
