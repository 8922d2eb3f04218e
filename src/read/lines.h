/*
 * lines.h - the lines of an input of bytes, one at a time, as the reader
 * reads them.
 *
 * A buffer over the current operand's bytes (taken from the -j workers
 * when there are, preparse.h, else from the input itself), cut into lines
 * by the framer's rules (framer.h): each line comes with its kind (JSON,
 * an SSE "data:" line, another SSE field) and where its JSON may start.  A
 * line that can be given up before its end is given up here, once said
 * why: one longer than --max-line, or one that starts with a control byte
 * (/dev/zero, a binary file).  Before a read that would wait for another
 * process, the wait hook is called.
 *
 * Internal to the reader.
 */
#ifndef ADKEV_LINES_H
#define ADKEV_LINES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "read/diag.h"
#include "read/framer.h"

struct input;
struct preparse;

struct lines {
	/* Set by lines_init(), for every operand. */
	size_t max_line;
	void (*wait_hook)(void);
	struct diag *diag;         /* given-up lines and read errors are counted there */
	struct preparse *preparse; /* the workers the bytes come through, or NULL */
	/* Called after every block read, with its size (the reader's --progress). */
	void (*on_read)(void *ctx, size_t n);
	void *on_read_ctx;

	/* The operand being read, from lines_start(). */
	struct input *in; /* borrowed */
	char *buf;        /* buf[start..end) is read but not consumed */
	size_t cap, start, end;
	size_t searched;       /* buf[start..searched) holds no line end */
	uint64_t buf_off;      /* the operand's offset of buf[0]: how parsed lines are looked up */
	unsigned long line_no; /* the line at buf[start] */
	bool at_file_start;
	bool eof;
	bool hopeless; /* a line was given up: bad input, already reported */
	/*
	 * The next line is to go on a value begun on the lines before it
	 * (gather.c): it is judged with the value once it ends, and never
	 * given up before for its first byte, which jansson would not say.
	 */
	bool in_value;

	/* The current line, buf[start..start+len), not consumed yet. */
	bool have;
	size_t len;           /* without the line end */
	size_t total;         /* with it */
	enum frame_kind kind; /* what the framer made of it */
	size_t payload;       /* where its JSON may start */
	size_t cur;           /* where the next value on it starts: the reader moves it */
};

void lines_init(struct lines *l, size_t max_line, void (*wait_hook)(void), struct diag *diag,
                struct preparse *preparse);
/* Starts on the bytes of in, from its first line. */
void lines_start(struct lines *l, struct input *in);
void lines_release(struct lines *l);

/*
 * Makes the next line the current one, with cur at its payload, unless
 * there is one already; false at the end of the operand's bytes, or when a
 * line was given up (lines_gave_up()).
 */
bool lines_peek(struct lines *l);
/* The current line's bytes, len of them. */
static inline const char *lines_text(const struct lines *l)
{
	return l->buf + l->start;
}

/* The operand's offset of the current line's first byte. */
static inline uint64_t lines_offset(const struct lines *l)
{
	return l->buf_off + l->start;
}

/* The current line is read: the next lines_peek() frames the one after it. */
void lines_consume(struct lines *l);
/*
 * Whether lines_peek() gave up a line (past the limit, or a control byte
 * first), and forgets it: the operand's read has ended there, which is bad
 * input even with --skip-invalid, since the rest of the file is not read.
 */
bool lines_gave_up(struct lines *l);
/*
 * When the input may hide damage (input_ops' may_hide_damage): reads the
 * rest of it, letting the bytes go, to see whether the decoder finds
 * damage.  True when it does: reported, the operand's read ended as for
 * damaged data met in turn (lines_gave_up()).  False otherwise, the rest
 * of the input read and let go: only for a read that ends at bad input.
 */
bool lines_damaged_ahead(struct lines *l);

#endif
