/*
 * json.h - the JSON writer: every byte of JSON adkev writes comes from here.
 *
 * A writer is begin/end calls for objects and arrays, keys, and values
 * (strings, also streamed in pieces; integers; reals; whole jansson
 * values; JSON text laid out elsewhere), in the spirit of git's
 * json-writer.  Its variations are flags, as jq's jv_print has them, not
 * second printers.  The writer owns the nesting, the commas and the
 * indentation, so no caller writes a comma, a line break or a quote.
 *
 * The layout is fixed, since golden files and other tools compare bytes:
 * compact is no white space at all; JW_PRETTY puts each member and element
 * on its own line, indented by two spaces a level, with "key": value and
 * empty containers as {} and [].  Object members keep their order unless
 * JW_SORTED.  Strings are UTF-8 with only the escapes JSON requires
 * (quote, backslash, and the controls below 0x20: \b \t \n \f \r and
 * \u00XX for the others), byte by byte, so a string written in pieces is
 * the string written whole wherever the pieces are cut.  Integers are
 * written exactly.  Reals are written in the shortest form that reads
 * back as the same double, and keep a mark of a real (3.0, 1e+300,
 * 2.5e-07): jansson's own printer writes 0.1 as 0.10000000000000001.
 *
 * A writer sends its text to one sink: a caller's strbuf (nothing else is
 * touched, so worker threads format into their own buffers), a file
 * descriptor, or a function (standard output goes through output.h's, for
 * its write-error policy).  A stream sink gets the text at each line end,
 * each streamed piece and every 64 KiB; a failed write is sticky: the
 * writer drops everything after it and jw_failed() says so.
 *
 * Ownership: no function here takes or keeps a reference to a jansson
 * value; jw_value() borrows its argument for the length of the call.
 */
#ifndef ADKEV_JSON_H
#define ADKEV_JSON_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>

#include "util.h"

enum jw_flags {
	/* Two-space indentation, one member or element a line. */
	JW_PRETTY = 1 << 0,
	/* Members of jansson objects in bytewise order of their keys. */
	JW_SORTED = 1 << 1,
	/*
	 * As Go's encoding/json writes: <, > and & escaped as \u003c \u003e
	 * \u0026, U+2028 and U+2029 as \u2028 \u2029 (they end lines in
	 * JavaScript), and reals in Go's float64 form (1000, 2.5, 1e+21,
	 * 1e-7: plain notation from 1e-6 up to 1e21, no ".0" mark).
	 */
	JW_GO = 1 << 2,
	/*
	 * A string standing at the top level is written as its bare text, and
	 * null there as no text at all (-r: nothing found is an empty line).
	 */
	JW_RAW = 1 << 3,
	/*
	 * Colours for a terminal, as jq's: keys blue, strings green, null grey,
	 * brackets bold; also in text laid out elsewhere (jw_raw()), which must
	 * therefore not be coloured already.
	 */
	JW_COLOR = 1 << 4,
};

/* A stream sink: writes data[0..len) and returns whether it did. */
typedef bool jw_sink_fn(void *ctx, const char *data, size_t len);

/* Read nothing here directly: the members are the writer's own state. */
struct json_writer {
	struct strbuf *out; /* the text not yet handed on: the caller's buffer, or own */
	struct strbuf own;  /* the gathering buffer of a stream sink */
	jw_sink_fn *sink;   /* NULL: the text stays in out */
	void *ctx;
	int fd;                /* for jw_init_fd()'s sink */
	unsigned flags;        /* enum jw_flags */
	int level;             /* the nesting level the top-level value stands at */
	int open;              /* containers begun and not ended */
	bool empty;            /* the innermost open container has no member yet */
	bool after_key;        /* a key was written; its value comes next */
	bool bare;             /* the string begun is written bare (JW_RAW at the top level) */
	bool skip_blank;       /* jw_raw_piece(): after a line break left out */
	bool break_held;       /* jw_string_break() in JSON: "\n" before the next piece */
	bool line_ended;       /* jw_string_break() bare: the text ends its own line */
	struct jw_raw_colors { /* JW_COLOR: where jw_raw_piece() stands in its text */
		bool in_string, escaped, expect_key;
		unsigned char null_left; /* letters of a null still to come */
		unsigned depth;          /* containers open in the raw text */
		uint64_t in_object;      /* bit d: container d is an object (the first 64) */
	} raw;
	unsigned char held[2]; /* JW_GO: a piece ended inside U+2028 or U+2029 */
	unsigned char nheld;
	bool failed;                  /* a sink write failed: everything is dropped */
	int error;                    /* its errno, when the sink set one */
	const struct jw_shown *shown; /* during jw_value_shown() */
};

/*
 * A writer that appends to sb, which the caller owns and keeps: the text is
 * in sb as soon as each call returns.  No global state is used, so any
 * thread may format into its own buffer.
 */
void jw_init_buf(struct json_writer *w, struct strbuf *sb, unsigned flags);
/* A writer that hands its text to sink(ctx, ...); see the header comment. */
void jw_init_sink(struct json_writer *w, unsigned flags, jw_sink_fn *sink, void *ctx);
/* A writer that write(2)s to fd (which the caller keeps open and closes). */
void jw_init_fd(struct json_writer *w, int fd, unsigned flags);
/*
 * Before the first call: the values written stand at nesting level of a
 * document written elsewhere, so pretty lines are indented level steps
 * more (a piece prepared apart and spliced in with jw_raw()).
 */
void jw_set_level(struct json_writer *w, int level);
/* Hands the text gathered so far to a stream sink; false once a write has failed. */
bool jw_flush(struct json_writer *w);
/* Whether a sink write failed; jw_error() is its errno (EIO when none was given). */
bool jw_failed(const struct json_writer *w);
int jw_error(const struct json_writer *w);
/* Frees the writer's own buffer (not the caller's strbuf); flush first. */
void jw_release(struct json_writer *w);

void jw_object_begin(struct json_writer *w);
void jw_object_end(struct json_writer *w);
void jw_array_begin(struct json_writer *w);
void jw_array_end(struct json_writer *w);
/* An object member's key (NUL-ended, or key[0..len) which may hold NUL); its value follows. */
void jw_key(struct json_writer *w, const char *key);
void jw_keyn(struct json_writer *w, const char *key, size_t len);

/* The string s[0..len), which may hold NUL. */
void jw_string(struct json_writer *w, const char *s, size_t len);
/*
 * A string written in pieces as they are found, so it is never held
 * whole: begin, any number of pieces (cut anywhere, inside a UTF-8
 * sequence too), end.  The bytes equal jw_string() of the pieces joined.
 */
void jw_string_begin(struct json_writer *w);
void jw_string_piece(struct json_writer *w, const char *s, size_t len);
void jw_string_end(struct json_writer *w);
/*
 * A line break in a string written in pieces, standing before the next
 * piece.  In JSON it is held until a piece follows (none: no break).
 * Written bare (JW_RAW), it goes out at once and takes the place of the
 * line end jw_line_end() would write after the string when no piece
 * follows: the bytes are the same, and a reader of lines sees each line as
 * soon as it is whole (reasoning -r, thought by thought).
 */
void jw_string_break(struct json_writer *w);
void jw_int(struct json_writer *w, json_int_t n);
/* A real (see the header comment); NaN and the infinities, which JSON lacks, as null. */
void jw_real(struct json_writer *w, double v);
void jw_bool(struct json_writer *w, bool b);
void jw_null(struct json_writer *w);
/* The jansson value v (borrowed), laid out as the flags say. */
void jw_value(struct json_writer *w, const json_t *v);
/*
 * What jw_value_shown() changes of a value as it writes it, for values
 * shown with parts hidden or cut (adk/redact.c), without copying them
 * first: every string value is written by string(), and the value of a
 * member whose key hidden() names, whatever it is, by string() of
 * replacement with replaced set.  An object for which object() returns a
 * value (a new reference the writer drops) is written as that one instead,
 * so its keys may differ.  Keys and all else are written as jw_value()
 * writes them.
 */
struct jw_shown {
	bool (*hidden)(void *ctx, const char *key, size_t len);
	json_t *(*object)(void *ctx, const json_t *v);
	const char *replacement;
	void (*string)(void *ctx, struct json_writer *w, const char *s, size_t len, bool replaced);
	void *ctx;
};
void jw_value_shown(struct json_writer *w, const json_t *v, const struct jw_shown *shown);
/*
 * The JSON text of one value, laid out by the caller (an event passed
 * through as it came, a piece formatted by a writer at the same level):
 * written as it is, except that in compact output every line break, and
 * the blanks after it, is left out.  A raw line break can only stand
 * between tokens (inside a string it is \n), so the value stays the same
 * and fits on one line.  Also in pieces: jw_raw_begin(), jw_raw_piece()...,
 * jw_raw_end().  jw_raw() of nothing stands for a value whose bytes are
 * spliced in later between those before and after it (a spooled record
 * cut where its latest result goes).
 */
void jw_raw(struct json_writer *w, const char *text, size_t len);
void jw_raw_begin(struct json_writer *w);
void jw_raw_piece(struct json_writer *w, const char *text, size_t len);
void jw_raw_end(struct json_writer *w);
/* Ends the line of a top-level value (JSON Lines) and hands the text to a stream sink. */
void jw_line_end(struct json_writer *w);

#endif
