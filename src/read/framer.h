/*
 * framer.h - how input bytes become lines, and lines become JSON texts.
 *
 * The one place that knows the framing rules of adkev's input (events.md
 * section 1.1): a UTF-8 byte-order mark at the start of a file is skipped;
 * a line ends at "\n", "\r\n" or a "\r" alone (the WHATWG event-stream
 * rule; plain JSON lines share it, as a '\r' can only stand between JSON
 * tokens); a line that starts with "data:" is an SSE data line whose JSON
 * starts after one optional space; the other SSE fields ("event:", "id:",
 * "retry:") and ":" comments carry no JSON; any other line is JSON from its
 * first byte.  The data lines of one SSE event are joined with "\n" by the
 * reader, across the other fields, until the blank line that ends it.  Where a value starts on a
 * line is also where its column is counted from, in code points.
 *
 * The forward reader (reader.c), the -j workers (preparse.c) and the
 * backward read (backward.c) frame lines only through these functions, so
 * the three always agree on what a line holds.
 */
#ifndef ADKEV_FRAMER_H
#define ADKEV_FRAMER_H

#include <stdbool.h>
#include <stddef.h>

/* The longest line gathered unless --max-line says otherwise. */
#define FRAMER_MAX_LINE_DEFAULT ((size_t)1 << 30)

/* What a line is, by the SSE rule. */
enum frame_kind {
	FRAME_JSON,      /* a plain line: JSON (or white space) from its first byte */
	FRAME_SSE_DATA,  /* "data:": JSON after the field name and one optional space */
	FRAME_SSE_OTHER, /* another SSE field or a comment: no JSON */
};

/* One line, as framer_cut() found it at the start of some bytes. */
struct frame {
	size_t skip;  /* bytes before the line: a byte-order mark at the file's start */
	size_t len;   /* the line's length, from p + skip, without its line end */
	size_t total; /* every byte the line takes: skip, the line and its line end */
	enum frame_kind kind;
	size_t payload; /* where the line's JSON may start (len when it carries none) */
	size_t text;    /* the first byte of the payload that is not white space, or len */
};

enum frame_cut {
	FRAME_LINE, /* *f holds the first line */
	FRAME_MORE, /* the bytes end inside the line: more are needed to frame it */
	FRAME_END,  /* at the end of the input, and no byte is left */
};

/*
 * Frames the first line of p[0..n).  file_start: p[0] is the first byte of
 * a file (a byte-order mark may start it).  at_end: nothing follows p[n-1],
 * so a last line without a line end is a line.  from: p[0..from) is known
 * to hold no line end (the caller asked before and got FRAME_MORE), so the
 * search starts there.  On FRAME_MORE, f->total is how far p is known to
 * hold no line end: the from of the next call, once more bytes are there (a
 * '\r' at the very end waits for the next byte, which may be its '\n').
 */
enum frame_cut framer_cut(const char *p, size_t n, bool file_start, bool at_end, size_t from,
                          struct frame *f);
/*
 * Whether p[0..n), the start of a line not yet ended, starts with a control
 * byte (after a byte-order mark at a file's start and blanks); *column is
 * where, as positions are counted (the mark not counted).  No JSON text and
 * no SSE field line starts with one, so such a line can be given up before
 * its end (/dev/zero, a binary file).
 */
bool framer_control_start(const char *p, size_t n, bool file_start, unsigned long *column);
/* Why a line not ended yet can be given up before its end, by framer_give_up(). */
enum frame_give_up {
	FRAME_KEEP,     /* not yet: wait for more bytes */
	FRAME_CONTROL,  /* it starts with a control byte (framer_control_start) */
	FRAME_TOO_LONG, /* it is longer than the limit */
};
/*
 * Whether p[0..n), the start of a line not ended yet, can be given up:
 * past max_line bytes, or (with control) starting with a control byte;
 * *column as framer_control_start() sets it.  The one rule of the reader
 * and of the -j workers' reading thread, so both hand a line over at the
 * same point.
 */
enum frame_give_up framer_give_up(const char *p, size_t n, bool file_start, bool control,
                                  size_t max_line, unsigned long *column);
/*
 * Sorts a line (without its line end): what it is, and where its JSON may
 * start.
 */
enum frame_kind framer_classify(const char *line, size_t len, size_t *payload);
/*
 * Where the last line of p[0..n) starts: just after the last '\n' or '\r'
 * in it, or 0 when it holds none.  For readers that go backwards through a
 * file and for cutting bytes into runs of whole lines: a "\r\n" cut in two
 * there is taken as a line end and an empty line, which holds no JSON.
 */
size_t framer_last_line_start(const char *p, size_t n);

/* JSON's white space: space, tab, '\n' and '\r'. */
bool framer_is_space(char c);
/* The first index from i on in p[0..n) that is not white space, or n. */
size_t framer_skip_space(const char *p, size_t i, size_t n);
/*
 * How many code points p[0..n) holds (UTF-8 lead bytes and ASCII, so a
 * stray byte counts once): the unit of the columns in messages.
 */
unsigned long framer_columns(const char *p, size_t n);

#endif
