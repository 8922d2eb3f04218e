/*
 * util.h - allocation that cannot fail, growable byte buffers, and the
 * err(3)-style diagnostics every module uses.
 */
#ifndef ADKEV_UTIL_H
#define ADKEV_UTIL_H

#include <jansson.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* Exit statuses of the contract (events.md section 5), named as sysexits(3) does. */
enum {
	EXIT_OK = 0,
	EXIT_FALSE = 1,
	EXIT_USAGE = 64,
	EXIT_DATAERR = 65,
	EXIT_NOINPUT = 66,
	EXIT_OSERR = 71,
	EXIT_CANTCREAT = 73,
	EXIT_IOERR = 74,
};

/*
 * Allocation failure is fatal here and nowhere else: these print one message
 * and exit with status 71, so no caller checks for NULL.
 */
void *xmalloc(size_t size);
void *xcalloc(size_t count, size_t size);
void *xrealloc(void *ptr, size_t size);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t len);

/*
 * Opens /dev/null on whichever of descriptors 0, 1 and 2 is closed, so no
 * file adkev opens (an input, a --split output) can take one of their
 * numbers and receive what was meant for standard output or error.
 */
void util_reserve_std_fds(void);
/*
 * For tests: with ADKEV_FAIL_ALLOC_AFTER=N in the environment, the first N
 * allocations through xmalloc and friends (jansson's included) succeed and
 * the next one fails as if memory were exhausted.  main() calls it first.
 */
void util_init_alloc_faults(void);
/* For other allocators: exits as xmalloc does when the injection fails this allocation. */
void util_alloc_check(size_t size);
/* For allocators that return NULL (a library's): says so and exits with status 71. */
void util_out_of_memory(size_t size) __attribute__((noreturn));

/* A growable byte buffer; the bytes are always followed by a NUL. */
struct strbuf {
	char *buf;
	size_t len;
	size_t cap;
};
#define STRBUF_INIT                                                                                \
	{                                                                                          \
		NULL, 0, 0                                                                         \
	}
/* Makes the buffer larger for extra more bytes: strbuf_grow()'s slow part. */
void strbuf_enlarge(struct strbuf *sb, size_t extra);

/*
 * Makes room for extra more bytes.  This and the two below are inline, as
 * the JSON writer and the decoders add a byte or a short run at a time and
 * the buffer nearly always has room.
 */
static inline void strbuf_grow(struct strbuf *sb, size_t extra)
{
	if (sb->len + extra + 1 > sb->cap)
		strbuf_enlarge(sb, extra);
}

static inline void strbuf_add(struct strbuf *sb, const void *data, size_t len)
{
	strbuf_grow(sb, len);
	/* An empty piece may come as a null pointer (an empty strbuf's buffer). */
	if (len)
		memcpy(sb->buf + sb->len, data, len);
	sb->len += len;
	sb->buf[sb->len] = '\0';
}

static inline void strbuf_addch(struct strbuf *sb, char c)
{
	strbuf_grow(sb, 1);
	sb->buf[sb->len++] = c;
	sb->buf[sb->len] = '\0';
}

void strbuf_addstr(struct strbuf *sb, const char *s);
void strbuf_addf(struct strbuf *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void strbuf_vaddf(struct strbuf *sb, const char *fmt, va_list ap);
void strbuf_reset(struct strbuf *sb);
void strbuf_release(struct strbuf *sb);

/*
 * Text from the input or the command line is written into messages with
 * control characters (C0, DEL, C1, the escape character among them) and the
 * Unicode bidirectional controls as escapes (\e, \n, \x07, \u202e), so a
 * file or author name can never move the cursor, retitle the terminal or
 * reorder what is shown.  write/termtext.c applies the same rules to output.
 */
/* Decodes the code point at p[0..n) (valid UTF-8, as jansson hands out); returns its length. */
size_t utf8_decode(const char *p, size_t n, uint32_t *cp);
/*
 * The length of the well-formed UTF-8 sequence at p[0..n) (n > 0), or 0 for
 * a byte that starts none: an overlong form, a surrogate or a code point past
 * U+10FFFF is none, as jansson holds.
 */
size_t utf8_valid_length(const char *p, size_t n);
/*
 * s (bytes: a file name, say) as a JSON string, each byte that starts no
 * UTF-8 sequence replaced by U+FFFD.  The caller owns the result.
 */
json_t *json_string_lossy(const char *s);
/* Whether cp is written as an escape rather than as itself. */
bool text_unsafe(uint32_t cp);
/* Writes the escape of an unsafe cp (or of a byte that is not UTF-8) into buf (16 bytes are
 * enough). */
size_t text_escape(uint32_t cp, char *buf, size_t size);

/* "adkev: message" on standard error, the message escaped as above. */
void warnx_msg(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* "adkev: message: strerror(errno)" on standard error. */
void warn_errno(int errnum, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void vwarnx_msg(const char *fmt, va_list ap);
/*
 * While on, the two above write nothing: a command that reads its input a
 * second time (show's look for rewinds) says the input's faults on one read
 * only.  Set between reads, never while another thread may write a message.
 */
void messages_mute(bool on);

/* Where temporary files go: $TMPDIR when set and not empty, else /tmp. */
const char *temp_dir(void);
/*
 * A temporary file in temp_dir(), unlinked at once so that nothing is left
 * behind even when the run is killed: its descriptor (close-on-exec), or -1
 * with errno set.
 */
int temp_file_open(void);

/*
 * The edit distance between a and b, a swap of two neighbouring letters
 * counting as one edit, for the "did you mean" of a mistyped command or
 * option name.
 */
size_t edit_distance(const char *a, const char *b);

/* A JSON value's type for messages: "an object", "a number", "null"... */
const char *json_type_phrase(const json_t *value);

/*
 * splitmix64's finaliser: a bijection of 64-bit words that spreads every
 * input bit over the output, for store.c's hash and stamp.c's ids.
 */
static inline uint64_t mix64(uint64_t x)
{
	x ^= x >> 30;
	x *= 0xbf58476d1ce4e5b9u;
	x ^= x >> 27;
	x *= 0x94d049bb133111ebu;
	return x ^ (x >> 31);
}

/* The name diagnostics use for standard input. */
#define STDIN_NAME "<stdin>"

/* Parses a whole decimal number; false on junk, overflow or a value below min. */
/*
 * A shared library loaded when first needed, not linked: libsqlite3 and
 * libpq, so that every run that reads no database starts without them and
 * their dependencies (doc/speed.md, "Starting").  Its functions are listed
 * once as an X-macro, which makes their pointers (LIBRARY_POINTER), their
 * names (LIBRARY_NAME) and the slots the pointers are stored in.
 */
struct library {
	const char *env;            /* an environment variable that names another file of it */
	const char *names[3];       /* the files to try, in order, NULL-ended */
	const char *const *symbols; /* the functions' names ... */
	void *const *slots;         /* ... and where each one's address goes */
	size_t count;
	bool tried, loaded;
	char why[256]; /* dlerror()'s words when it could not be loaded */
};

#define LIBRARY_POINTER(name) __typeof__(name) *name;
#define LIBRARY_NAME(name) #name,
#define LIBRARY_SLOT(name) &lib.name,

/*
 * Defines, in the file that calls a library: lib, whose members are the
 * functions of the X-macro list calls (lib.f(...) once loaded), and the
 * struct library var that loads them, env naming another file of it and
 * the rest the files to try.
 */
#define LIBRARY_DEFINE(var, calls, env_name, ...)                                                  \
	static struct {                                                                            \
		calls(LIBRARY_POINTER)                                                             \
	} lib;                                                                                     \
	static const char *const var##_symbols[] = {calls(LIBRARY_NAME)};                         \
	static void *const var##_slots[] = {calls(LIBRARY_SLOT)};                                 \
	static struct library var = {.env = env_name,                                              \
	                             .names = {__VA_ARGS__, NULL},                                 \
	                             .symbols = var##_symbols,                                     \
	                             .slots = var##_slots,                                         \
	                             .count = sizeof var##_symbols / sizeof *var##_symbols}

/*
 * Loads lib and stores its functions' addresses, once for the process
 * (any thread may ask); whether that worked, lib->why saying why not.
 */
bool library_load(struct library *lib);

bool parse_long(const char *s, long min, long *out);
bool parse_double(const char *s, double *out);
/* Parses a size in bytes, 1 or more, with K, M or G after it for KiB, MiB or GiB. */
bool parse_size(const char *arg, size_t *bytes);

#endif
