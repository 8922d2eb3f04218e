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

enum frame_cut framer_cut(const char *p, size_t n, bool file_start, bool at_end, size_t from,
                          struct frame *f)
{
	size_t skip = 0;
	if (file_start) {
		int bom = byte_order_mark_len(p, n, at_end);
		if (bom < 0)
			return FRAME_MORE;
		skip = (size_t)bom;
	}
	size_t search = from > skip ? from : skip;
	const char *nl = search < n ? memchr(p + search, '\n', n - search) : NULL;
	if (nl) {
		f->len = (size_t)(nl - p) - skip;
		f->total = (size_t)(nl - p) + 1;
	} else if (!at_end) {
		return FRAME_MORE;
	} else if (n == skip) {
		return FRAME_END;
	} else {
		f->len = n - skip;
		f->total = n;
	}
	const char *line = p + skip;
	if (f->len > 0 && line[f->len - 1] == '\r')
		f->len--;
	f->skip = skip;
	f->kind = framer_classify(line, f->len, &f->payload);
	f->text = framer_skip_space(line, f->payload, f->len);
	return FRAME_LINE;
}

size_t framer_last_line_start(const char *p, size_t n)
{
	const char *nl = n ? memrchr(p, '\n', n) : NULL;
	return nl ? (size_t)(nl - p) + 1 : 0;
}
