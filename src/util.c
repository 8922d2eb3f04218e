/*
 * util.c - the one place that reacts to allocation failure, plus byte
 * buffers and diagnostics in the style of err(3).
 */
#include "util.h"

#include <ctype.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void util_out_of_memory(size_t size)
{
	/* With -j, workers allocate too: the first thread out of memory reports and exits. */
	static atomic_flag reported = ATOMIC_FLAG_INIT;
	if (!atomic_flag_test_and_set(&reported)) {
		fprintf(stderr, "adkev: out of memory (%zu bytes)\n", size);
		exit(EXIT_OSERR);
	}
	for (;;)
		pause();
}

/*
 * Allocation-failure injection (ADKEV_FAIL_ALLOC_AFTER, see adkev(1)): it is
 * compiled into every build so the tests exercise the binary users run; when
 * unset it costs one well-predicted branch per allocation.
 */
static bool alloc_faults;
static atomic_ulong allocs_left; /* atomic: worker threads allocate too */

void util_init_alloc_faults(void)
{
	const char *s = getenv("ADKEV_FAIL_ALLOC_AFTER");
	long n;
	if (s && *s && parse_long(s, 0, &n)) {
		alloc_faults = true;
		atomic_store(&allocs_left, (unsigned long)n);
	}
}

/* Whether this allocation is the one the injection fails. */
static bool alloc_fails(void)
{
	if (__builtin_expect(!alloc_faults, 1))
		return false;
	unsigned long n = atomic_load(&allocs_left);
	do {
		if (n == 0)
			return true;
	} while (!atomic_compare_exchange_weak(&allocs_left, &n, n - 1));
	return false;
}

void util_alloc_check(size_t size)
{
	if (alloc_fails())
		util_out_of_memory(size);
}

void *xmalloc(size_t size)
{
	void *p = alloc_fails() ? NULL : malloc(size ? size : 1);
	if (!p)
		util_out_of_memory(size);
	return p;
}

void *xcalloc(size_t count, size_t size)
{
	void *p = alloc_fails() ? NULL : calloc(count ? count : 1, size ? size : 1);
	if (!p)
		util_out_of_memory(count * size);
	return p;
}

void *xrealloc(void *ptr, size_t size)
{
	void *p = alloc_fails() ? NULL : realloc(ptr, size ? size : 1);
	if (!p)
		util_out_of_memory(size);
	return p;
}

char *xstrndup(const char *s, size_t len)
{
	char *p = xmalloc(len + 1);
	memcpy(p, s, len);
	p[len] = '\0';
	return p;
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

void util_reserve_std_fds(void)
{
	/*
	 * Opened the wrong way round, so reading a closed standard input and
	 * writing a closed standard output or error still fail (EBADF) as they
	 * would have: only the descriptor numbers are taken.
	 */
	static const int modes[3] = {O_WRONLY, O_RDONLY, O_RDONLY};
	for (int fd = 0; fd < 3; fd++) {
		if (fcntl(fd, F_GETFD) != -1 || errno != EBADF)
			continue;
		/* The lower ones are open by now, so this takes fd itself. */
		int got = open("/dev/null", modes[fd]);
		if (got > fd)
			close(got);
	}
}

void strbuf_enlarge(struct strbuf *sb, size_t extra)
{
	size_t cap = sb->cap ? sb->cap : 64;
	while (cap < sb->len + extra + 1) {
		if (cap > SIZE_MAX / 2)
			util_out_of_memory(SIZE_MAX);
		cap *= 2;
	}
	sb->buf = xrealloc(sb->buf, cap);
	sb->cap = cap;
	/* The promise of util.h holds even before anything is added. */
	sb->buf[sb->len] = '\0';
}

void strbuf_addstr(struct strbuf *sb, const char *s)
{
	strbuf_add(sb, s, strlen(s));
}

void strbuf_vaddf(struct strbuf *sb, const char *fmt, va_list ap)
{
	va_list again;
	va_copy(again, ap);
	int n = vsnprintf(NULL, 0, fmt, ap);
	if (n >= 0) {
		strbuf_grow(sb, (size_t)n);
		vsnprintf(sb->buf + sb->len, (size_t)n + 1, fmt, again);
		sb->len += (size_t)n;
	}
	va_end(again);
}

void strbuf_addf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	strbuf_vaddf(sb, fmt, ap);
	va_end(ap);
}

void strbuf_reset(struct strbuf *sb)
{
	sb->len = 0;
	if (sb->buf)
		sb->buf[0] = '\0';
}

void strbuf_release(struct strbuf *sb)
{
	free(sb->buf);
	sb->buf = NULL;
	sb->len = sb->cap = 0;
}

size_t utf8_decode(const char *p, size_t n, uint32_t *cp)
{
	unsigned char c = (unsigned char)p[0];
	size_t len = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
	if (len > n || (c >= 0x80 && c < 0xC0)) {
		*cp = 0xFFFD;
		return 1;
	}
	uint32_t v = len == 1 ? c : len == 2 ? c & 0x1F : len == 3 ? c & 0x0F : c & 0x07;
	for (size_t i = 1; i < len; i++)
		v = (v << 6) | ((unsigned char)p[i] & 0x3F);
	*cp = v;
	return len;
}

bool text_unsafe(uint32_t cp)
{
	return cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp <= 0x9F) ||
	       (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069) || cp == 0x200E ||
	       cp == 0x200F || cp == 0x061C;
}

size_t text_escape(uint32_t cp, char *buf, size_t size)
{
	switch (cp) {
	case '\n':
		return (size_t)snprintf(buf, size, "\\n");
	case '\t':
		return (size_t)snprintf(buf, size, "\\t");
	case '\r':
		return (size_t)snprintf(buf, size, "\\r");
	case 0x1B:
		return (size_t)snprintf(buf, size, "\\e");
	default:
		if (cp < 0x100)
			return (size_t)snprintf(buf, size, "\\x%02x", (unsigned)cp);
		return (size_t)snprintf(buf, size, "\\u%04x", (unsigned)cp);
	}
}

size_t utf8_valid_length(const char *p, size_t n)
{
	unsigned char c = (unsigned char)p[0];
	size_t len = c < 0x80 ? 1 : c < 0xC2 ? 0 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : c < 0xF5 ? 4 : 0;
	if (len == 0 || len > n)
		return 0;
	for (size_t i = 1; i < len; i++)
		if (((unsigned char)p[i] & 0xC0) != 0x80)
			return 0;
	/* Overlong forms, surrogates and code points past U+10FFFF are not UTF-8 either. */
	uint32_t cp;
	utf8_decode(p, len, &cp);
	if ((len == 3 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF))) ||
	    (len == 4 && (cp < 0x10000 || cp > 0x10FFFF)))
		return 0;
	return len;
}

json_t *json_string_lossy(const char *s)
{
	json_t *value = json_string(s);
	if (value)
		return value;
	struct strbuf sb = STRBUF_INIT;
	for (size_t i = 0, n = strlen(s); i < n;) {
		size_t len = utf8_valid_length(s + i, n - i);
		if (len)
			strbuf_add(&sb, s + i, len);
		else
			strbuf_addstr(&sb, "\xEF\xBF\xBD"); /* U+FFFD */
		i += len ? len : 1;
	}
	value = json_stringn(sb.buf, sb.len);
	strbuf_release(&sb);
	return value;
}

const char *temp_dir(void)
{
	const char *dir = getenv("TMPDIR");
	return dir && *dir ? dir : "/tmp";
}

int temp_file_open(void)
{
	struct strbuf path = STRBUF_INIT;
	const char *dir = temp_dir();
	strbuf_addf(&path, "%s%sadkev-XXXXXX", dir, dir[strlen(dir) - 1] == '/' ? "" : "/");
	int fd = mkostemp(path.buf, O_CLOEXEC);
	if (fd >= 0)
		unlink(path.buf);
	strbuf_release(&path);
	return fd;
}

/*
 * One message line, escaped.  File names are bytes, not text, so a byte that
 * starts no UTF-8 sequence is written as \xNN (utf8_decode() trusts its
 * input, as jansson's strings are valid; a file name need not be).  The
 * line is gathered on the stack and written at once, as standard error is
 * unbuffered.
 */
static bool muted; /* messages_mute() */

void messages_mute(bool on)
{
	muted = on;
}

static void put_message(const char *msg, const char *reason)
{
	if (muted)
		return;
	char line[4096 + 256]; /* room past the text for an escape, the reason and '\n' */
	size_t used = (size_t)snprintf(line, sizeof line, "adkev: ");
	size_t n = strlen(msg);
	for (size_t i = 0; i < n && used < sizeof line - 256;) {
		uint32_t cp = (unsigned char)msg[i];
		size_t len = utf8_valid_length(msg + i, n - i);
		if (len)
			utf8_decode(msg + i, len, &cp);
		if (!len || text_unsafe(cp)) {
			used += text_escape(cp, line + used, sizeof line - used);
		} else {
			memcpy(line + used, msg + i, len);
			used += len;
		}
		i += len ? len : 1;
	}
	int tail = snprintf(line + used, sizeof line - used, "%s%s\n", reason ? ": " : "",
	                    reason ? reason : "");
	used += tail > 0 && (size_t)tail < sizeof line - used ? (size_t)tail : 0;
	fwrite(line, 1, used, stderr);
}

void vwarnx_msg(const char *fmt, va_list ap)
{
	char msg[8192];
	vsnprintf(msg, sizeof msg, fmt, ap);
	put_message(msg, NULL);
}

void warnx_msg(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vwarnx_msg(fmt, ap);
	va_end(ap);
}

void warn_errno(int errnum, const char *fmt, ...)
{
	char msg[8192];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	put_message(msg, strerror(errnum));
}

const char *json_type_phrase(const json_t *value)
{
	switch (json_typeof(value)) {
	case JSON_OBJECT:
		return "an object";
	case JSON_ARRAY:
		return "an array";
	case JSON_STRING:
		return "a string";
	case JSON_INTEGER:
	case JSON_REAL:
		return "a number";
	case JSON_NULL:
		return "null";
	default:
		return "a boolean";
	}
}

bool parse_long(const char *s, long min, long *out)
{
	char *end;
	errno = 0;
	long v = strtol(s, &end, 10);
	if (errno || end == s || *end || v < min)
		return false;
	*out = v;
	return true;
}

bool parse_double(const char *s, double *out)
{
	char *end;
	errno = 0;
	double v = strtod(s, &end);
	if (errno || end == s || *end || !isfinite(v))
		return false;
	*out = v;
	return true;
}

bool parse_size(const char *arg, size_t *bytes)
{
	/* strtoull would take blanks, a sign and a wrapped "-1"; a size is digits. */
	if (!isdigit((unsigned char)arg[0]))
		return false;
	char *end;
	errno = 0;
	unsigned long long n = strtoull(arg, &end, 10);
	unsigned shift = 0;
	if (*end == 'K' || *end == 'k')
		shift = 10;
	else if (*end == 'M' || *end == 'm')
		shift = 20;
	else if (*end == 'G' || *end == 'g')
		shift = 30;
	if (shift)
		end++;
	if (errno || *end || n == 0 || n > (SIZE_MAX >> shift))
		return false;
	*bytes = (size_t)(n << shift);
	return true;
}

/*
 * The edit distance between a and b, counting a swap of two neighbouring
 * letters as one edit (as git's "did you mean" does), so "fianl" is one
 * edit from "final".  Names are short; longer words are cut at 31.
 */
size_t edit_distance(const char *a, const char *b)
{
	enum { MAX = 32 };
	size_t la = strlen(a) < MAX ? strlen(a) : MAX - 1;
	size_t lb = strlen(b) < MAX ? strlen(b) : MAX - 1;
	size_t d[MAX][MAX];
	for (size_t i = 0; i <= la; i++)
		d[i][0] = i;
	for (size_t j = 0; j <= lb; j++)
		d[0][j] = j;
	for (size_t i = 1; i <= la; i++) {
		for (size_t j = 1; j <= lb; j++) {
			size_t best = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
			if (d[i - 1][j] + 1 < best)
				best = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < best)
				best = d[i][j - 1] + 1;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
			    d[i - 2][j - 2] + 1 < best)
				best = d[i - 2][j - 2] + 1;
			d[i][j] = best;
		}
	}
	return d[la][lb];
}

/* library_load() without its lock. */
static bool load_library(struct library *lib)
{
	const char *asked = getenv(lib->env);
	void *handle = NULL;
	if (asked && *asked)
		handle = dlopen(asked, RTLD_NOW | RTLD_LOCAL);
	for (size_t k = 0; !(asked && *asked) && lib->names[k] && !handle; k++)
		handle = dlopen(lib->names[k], RTLD_NOW | RTLD_LOCAL);
	if (!handle) {
		snprintf(lib->why, sizeof lib->why, "%s", dlerror());
		return false;
	}
	for (size_t k = 0; k < lib->count; k++) {
		void *symbol = dlsym(handle, lib->symbols[k]);
		if (!symbol) {
			snprintf(lib->why, sizeof lib->why, "%s", dlerror());
			return false;
		}
		/* POSIX makes a function's address fit a void *; C only lets it be copied so. */
		memcpy(lib->slots[k], &symbol, sizeof symbol);
	}
	return true;
}

bool library_load(struct library *lib)
{
	static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
	pthread_mutex_lock(&lock);
	if (!lib->tried)
		lib->loaded = load_library(lib);
	lib->tried = true;
	pthread_mutex_unlock(&lock);
	return lib->loaded;
}
