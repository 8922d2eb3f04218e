/*
 * source.c - read(2), decompression and following, behind one read call.
 *
 * A source starts by reading until its first bytes tell what it is (four
 * at most, fewer when they already cannot start gzip or zstd, so a person
 * typing "{" is not kept waiting).  Those bytes stay in the input buffer:
 * plain text hands them out first and then reads straight into the
 * caller's buffer; compressed data is read into the input buffer and
 * decoded from there.
 *
 * Waiting happens in raw_read() only: for the -j reading thread it polls
 * the file and the wake-up descriptor; once --follow is on it wakes every
 * FOLLOW_POLL_MS to see whether a signal ended the run; at the end of a
 * followed file it looks at the file's size and at what its name now
 * names, and sleeps.  A file truncated or replaced restarts the source:
 * its bytes are read from the start again, as a new stream, after a line
 * end if the text so far did not end with one, so the restart is always a
 * line boundary.
 */
#include "read/source.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef ADKEV_NO_ZLIB
#include <zlib.h>
#endif
#ifndef ADKEV_NO_ZSTD
#include <zstd.h>
#endif

#define IN_SIZE (64 * 1024)
/* The longest magic number: zstd's four bytes. */
#define MAGIC_MAX 4
/* Internal to raw_read() and its callers: the followed file starts over. */
#define SOURCE_RESTART (-4)

enum decoder { DECODE_DETECT, DECODE_PLAIN, DECODE_GZIP, DECODE_ZSTD };

struct source {
	int fd;
	const char *name;
	const char *path; /* reopened by this name when replaced; NULL: never */
	bool follow;
	int wake; /* -1, or the descriptor of source_set_wake() */
	enum decoder decoder;
	enum source_kind kind;

	unsigned char *in; /* in[start..end) is read and not decoded yet */
	size_t start, end;
	bool in_eof;
	unsigned long long raw_pos; /* bytes read from fd since the (re)start */
	/* The decoder may hold more text without more input: ask it before reading. */
	bool pending;
	bool member_done;  /* gzip: a member ended; the next bytes start another */
	size_t frame_left; /* zstd: ZSTD_decompressStream()'s hint; 0 after a whole frame */
	bool zstd_full;    /* zstd: the last call filled the buffer, and may hold more text */
	unsigned long long frame_start; /* zstd: the offset of the frame being decoded */
	bool damage_owed;  /* the decoder failed after handing out bytes: SOURCE_DAMAGED next */
	char last;         /* the last byte handed out, 0 before any */
	bool newline_owed; /* a restart came after a line not ended */
	char error[512];
#ifndef ADKEV_NO_ZLIB
	z_stream z;
	bool z_ready;
#endif
#ifndef ADKEV_NO_ZSTD
	ZSTD_DStream *zs;
#endif
};

static atomic_bool following;
static atomic_bool interrupted;

static void on_signal(int sig)
{
	(void)sig;
	atomic_store(&interrupted, true);
}

void source_follow_start(void)
{
	/* Once: a second call would take back the default effect of a second signal. */
	if (atomic_load(&following))
		return;
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	/* No SA_RESTART: a blocked read(2) returns EINTR and sees the flag.  A second signal kills.
	 */
	sa.sa_flags = SA_RESETHAND;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	atomic_store(&following, true);
}

bool source_interrupted(void)
{
	return atomic_load(&interrupted);
}

/*
 * Whether p[0..n) matches the start of a zstd skippable frame's magic
 * number, 0x184D2A50 to 0x184D2A5F little-endian: a stream may start with
 * one (metadata, seekable tables), and zstd -dc reads past it.  Its first
 * byte is one of "P" to "_" ('[' among them), so only all four bytes tell.
 */
static bool skippable_prefix(const unsigned char *p, size_t n)
{
	static const unsigned char rest[] = {0x2a, 0x4d, 0x18};
	if (n == 0)
		return true;
	return (p[0] & 0xf0) == 0x50 && memcmp(p + 1, rest, n - 1 < 3 ? n - 1 : 3) == 0;
}

enum source_kind source_sniff(const void *p, size_t n)
{
	static const unsigned char gzip[] = {0x1f, 0x8b}, zstd[] = {0x28, 0xb5, 0x2f, 0xfd};
	if (n >= sizeof gzip && memcmp(p, gzip, sizeof gzip) == 0)
		return SOURCE_GZIP;
	if (n >= sizeof zstd && memcmp(p, zstd, sizeof zstd) == 0)
		return SOURCE_ZSTD;
	if (n >= sizeof zstd && skippable_prefix(p, sizeof zstd))
		return SOURCE_ZSTD;
	return SOURCE_PLAIN;
}

enum source_kind source_sniff_fd(int fd)
{
	unsigned char magic[MAGIC_MAX];
	ssize_t n = pread(fd, magic, sizeof magic, 0);
	return n > 0 ? source_sniff(magic, (size_t)n) : SOURCE_PLAIN;
}

/* Whether p[0..n) holds one of words[0..count). */
static bool holds_word(const char *p, size_t n, const char *const words[], size_t count)
{
	for (size_t k = 0; k < count; k++)
		if (memmem(p, n, words[k], strlen(words[k])))
			return true;
	return false;
}

bool source_may_hold(int fd, off_t start, const char *const words[], size_t n)
{
	enum { BLOCK = 1 << 20 };
	size_t keep = 0; /* the last bytes of a block, for a word across two */
	for (size_t k = 0; k < n; k++)
		if (strlen(words[k]) > keep + 1)
			keep = strlen(words[k]) - 1;
	char *buf = xmalloc(BLOCK + keep);
	size_t have = 0;
	bool may = false;
	for (off_t at = start;;) {
		ssize_t got = pread(fd, buf + have, BLOCK, at);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0 || (at == start && (source_sniff(buf, (size_t)got) != SOURCE_PLAIN ||
		                                (got >= 6 && memcmp(buf, "SQLite", 6) == 0)))) {
			may = true;
			break;
		}
		size_t len = have + (size_t)got;
		if (got == 0 || holds_word(buf, len, words, n)) {
			may = got > 0;
			break;
		}
		at += got;
		have = len < keep ? len : keep;
		memmove(buf, buf + len - have, have);
	}
	free(buf);
	return may;
}

/* write(2) of all len bytes; false with errno set on failure. */
static bool write_all(int fd, const char *p, size_t len)
{
	while (len) {
		ssize_t n = write(fd, p, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			errno = n < 0 ? errno : EIO;
			return false;
		}
		p += n;
		len -= (size_t)n;
	}
	return true;
}

/*
 * Moves what is left of the pipe from to the file to inside the kernel
 * (splice(2)): 1, 0 when nothing was moved (from is no pipe, or a read or
 * write failed at once: the reads after tell which), or -1 with errno set.
 */
static int splice_rest(int from, int to)
{
	bool moved = false;
	for (;;) {
		ssize_t n = splice(from, NULL, to, NULL, 1 << 20, SPLICE_F_MOVE);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && !moved)
			return 0;
		if (n <= 0)
			return n < 0 ? -1 : 1;
		moved = true;
	}
}

/*
 * Copies what is left of from to to: 0; -1, not reported, when from could
 * not be read at all; or EXIT_IOERR reported as name's.
 */
static int copy_rest(int from, int to, const char *name)
{
	enum { BLOCK = 1 << 20 };
	int spliced = splice_rest(from, to);
	if (spliced != 0) {
		if (spliced < 0)
			warn_errno(errno, "%s: cannot copy to a temporary file in '%s'", name,
			           temp_dir());
		return spliced < 0 ? EXIT_IOERR : 0;
	}
	char *buf = xmalloc(BLOCK);
	bool copied = false;
	int status;
	for (;;) {
		ssize_t got = read(from, buf, BLOCK);
		if (got < 0 && errno == EINTR)
			continue;
		bool put = got > 0 && write_all(to, buf, (size_t)got);
		if (put) {
			copied = true;
			continue;
		}
		if (got == 0 || (got < 0 && !copied)) {
			status = got == 0 ? 0 : -1;
			break;
		}
		if (got < 0)
			warn_errno(errno, "%s", name);
		else
			warn_errno(errno, "%s: cannot copy to a temporary file in '%s'", name,
			           temp_dir());
		status = EXIT_IOERR;
		break;
	}
	free(buf);
	return status;
}

int source_spool(int fd, const char *name)
{
	int copy = temp_file_open();
	if (copy < 0)
		return -1;
	int status = copy_rest(fd, copy, name);
	if (status == 0 && (lseek(copy, 0, SEEK_SET) != 0 || dup2(copy, fd) < 0)) {
		warn_errno(errno, "%s: cannot read a temporary file in '%s' again", name,
		           temp_dir());
		status = EXIT_IOERR;
	}
	close(copy);
	return status;
}

/* Whether p[0..n) may still grow into a magic number: more bytes are worth waiting for. */
static bool magic_prefix(const unsigned char *p, size_t n)
{
	static const unsigned char gzip[] = {0x1f, 0x8b}, zstd[] = {0x28, 0xb5, 0x2f, 0xfd};
	return (n < sizeof gzip && memcmp(p, gzip, n) == 0) ||
	       (n < sizeof zstd && (memcmp(p, zstd, n) == 0 || skippable_prefix(p, n)));
}

bool source_can_read(enum source_kind kind)
{
	switch (kind) {
	case SOURCE_GZIP:
#ifdef ADKEV_NO_ZLIB
		return false;
#endif
		return true;
	case SOURCE_ZSTD:
#ifdef ADKEV_NO_ZSTD
		return false;
#endif
		return true;
	default:
		return true;
	}
}

struct source *source_new(int fd, const char *name, const char *path, bool follow)
{
	struct source *s = xcalloc(1, sizeof *s);
	s->fd = fd;
	s->name = name;
	s->path = path;
	s->follow = follow;
	s->wake = -1;
	s->in = xmalloc(IN_SIZE);
	return s;
}

void source_set_wake(struct source *s, int fd)
{
	s->wake = fd;
}

const char *source_error(const struct source *s)
{
	return s->error;
}

bool source_compressed(const struct source *s)
{
	return s->kind != SOURCE_PLAIN;
}

bool source_may_hide_damage(const struct source *s)
{
	return (s->kind == SOURCE_GZIP || s->kind == SOURCE_ZSTD) && !s->follow;
}

/* Lets go of the decoder's state. */
static void decoder_end(struct source *s)
{
#ifndef ADKEV_NO_ZLIB
	if (s->z_ready)
		inflateEnd(&s->z);
	s->z_ready = false;
#endif
#ifndef ADKEV_NO_ZSTD
	ZSTD_freeDStream(s->zs);
	s->zs = NULL;
#endif
	s->decoder = DECODE_DETECT;
}

void source_free(struct source *s)
{
	if (!s)
		return;
	decoder_end(s);
	if (s->fd > 0)
		close(s->fd);
	free(s->in);
	free(s);
}

static ssize_t damaged(struct source *s, size_t made, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/*
 * Says why the compressed data cannot be read, for source_error().  made
 * bytes were decoded before the fault was found: they are handed out first.
 */
static ssize_t damaged(struct source *s, size_t made, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(s->error, sizeof s->error, fmt, ap);
	va_end(ap);
	s->damage_owed = made > 0;
	return made ? (ssize_t)made : SOURCE_DAMAGED;
}

/* The offset in the file of the first compressed byte not decoded yet. */
static unsigned long long in_offset(const struct source *s)
{
	return s->raw_pos - (s->end - s->start);
}

/* What the waits say besides a byte count: read now, or the run was interrupted (the end). */
enum { WAIT_READ = 0, WAIT_END = 1 };

/*
 * Waits until fd may be read.  Only the -j reading thread (which must hear
 * its wake-up) and a run with --follow (which must hear a signal while its
 * other threads wait) poll; otherwise read(2) itself waits.
 */
static int wait_readable(struct source *s)
{
	bool follow = atomic_load(&following);
	if (s->wake < 0 && !follow)
		return WAIT_READ;
	struct pollfd fds[2] = {{s->fd, POLLIN, 0}, {s->wake, POLLIN, 0}};
	for (;;) {
		if (source_interrupted())
			return WAIT_END;
		int n = poll(fds, s->wake >= 0 ? 2 : 1, follow ? FOLLOW_POLL_MS : -1);
		if (n == 0 || (n < 0 && errno == EINTR))
			continue;
		if (n > 0 && s->wake >= 0 && fds[1].revents)
			return SOURCE_WOKEN;
		return WAIT_READ; /* an error of poll() is left for read() to report */
	}
}

/* Sleeps FOLLOW_POLL_MS; SOURCE_WOKEN when the wake-up descriptor cut it short. */
static int nap(struct source *s)
{
	struct pollfd fd = {s->wake, POLLIN, 0};
	return poll(&fd, s->wake >= 0 ? 1 : 0, FOLLOW_POLL_MS) > 0 ? SOURCE_WOKEN : WAIT_READ;
}

/*
 * Whether the followed file's name now names another regular file (it was
 * replaced, as a log rotation does): then that one is opened in its place.
 * A name that names nothing yet is waited on with the old file.
 */
static bool reopened(struct source *s, const struct stat *old)
{
	struct stat now;
	if (!s->path || stat(s->path, &now) != 0 || !S_ISREG(now.st_mode) ||
	    (now.st_ino == old->st_ino && now.st_dev == old->st_dev))
		return false;
	int fd = open(s->path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return false;
	warnx_msg("%s: file replaced; following the new file", s->name);
	if (s->fd > 0)
		close(s->fd);
	s->fd = fd;
	return true;
}

/*
 * At the end of a followed file: waits until it has more bytes
 * (WAIT_READ), starts over (SOURCE_RESTART, after a truncation or a
 * replacement), or the run ends (WAIT_END, or SOURCE_WOKEN).
 */
static int follow_wait(struct source *s)
{
	for (;;) {
		struct stat st;
		if (source_interrupted() || fstat(s->fd, &st) != 0)
			return WAIT_END;
		unsigned long long size = (unsigned long long)st.st_size;
		if (size > s->raw_pos)
			return WAIT_READ;
		if (size < s->raw_pos) {
			warnx_msg("%s: file truncated; reading it again from its start", s->name);
			if (lseek(s->fd, 0, SEEK_SET) < 0)
				return WAIT_END;
			return SOURCE_RESTART;
		}
		if (reopened(s, &st))
			return SOURCE_RESTART;
		int w = nap(s);
		if (w != WAIT_READ)
			return w;
	}
}

/* read(2) on the file, with the waits above: bytes, 0 at the end, or a negative value. */
static ssize_t raw_read(struct source *s, void *buf, size_t cap)
{
	for (;;) {
		int w = wait_readable(s);
		if (w != WAIT_READ)
			return w == WAIT_END ? 0 : w;
		ssize_t n = read(s->fd, buf, cap);
		if (n > 0) {
			s->raw_pos += (unsigned long long)n;
			return n;
		}
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return SOURCE_ERROR;
		if (!s->follow)
			return 0;
		w = follow_wait(s);
		if (w != WAIT_READ)
			return w == WAIT_END ? 0 : w;
	}
}

/* Reads more compressed bytes into the empty input buffer; 0 at the end. */
static ssize_t refill(struct source *s)
{
	if (s->in_eof)
		return 0;
	s->start = s->end = 0;
	ssize_t n = raw_read(s, s->in, IN_SIZE);
	if (n == 0)
		s->in_eof = true;
	if (n > 0)
		s->end = (size_t)n;
	return n;
}

#ifndef ADKEV_NO_ZLIB
/* zlib allocates through xmalloc, so running out of memory is reported as anywhere else. */
static voidpf z_alloc(voidpf opaque, uInt items, uInt size)
{
	(void)opaque;
	return xcalloc(items, size);
}

static void z_free(voidpf opaque, voidpf p)
{
	(void)opaque;
	free(p);
}
#endif

/* Starts the decoder the first bytes ask for, or says why there is none. */
static ssize_t start_decoder(struct source *s)
{
	switch (s->kind) {
	case SOURCE_PLAIN:
		s->decoder = DECODE_PLAIN;
		return 0;
	case SOURCE_GZIP:
#ifdef ADKEV_NO_ZLIB
		return damaged(s, 0,
		               "gzip data, and this adkev was built without zlib: "
		               "decompress it first (gzip -dc)");
#else
		memset(&s->z, 0, sizeof s->z);
		s->z.zalloc = z_alloc;
		s->z.zfree = z_free;
		/* 16 + MAX_WBITS: gzip members only, with the largest window. */
		if (inflateInit2(&s->z, 16 + MAX_WBITS) != Z_OK)
			util_out_of_memory(sizeof s->z);
		s->z_ready = true;
		s->member_done = false;
		s->decoder = DECODE_GZIP;
		return 0;
#endif
	case SOURCE_ZSTD:
#ifdef ADKEV_NO_ZSTD
		return damaged(s, 0,
		               "zstd data, and this adkev was built without libzstd: "
		               "decompress it first (zstd -dc)");
#else
		s->zs = ZSTD_createDStream();
		if (!s->zs)
			util_out_of_memory(ZSTD_DStreamInSize());
		ZSTD_initDStream(s->zs);
		s->frame_left = 1;
		s->zstd_full = false;
		s->frame_start = 0;
		s->decoder = DECODE_ZSTD;
		return 0;
#endif
	}
	return 0;
}

/*
 * Reads until the first bytes tell what the input is: a magic number, or
 * bytes that cannot start one, or the end.  They stay in the input buffer.
 */
static ssize_t detect(struct source *s)
{
	while (s->end < MAGIC_MAX && !s->in_eof && magic_prefix(s->in, s->end)) {
		ssize_t n = raw_read(s, s->in + s->end, IN_SIZE - s->end);
		if (n < 0)
			return n;
		if (n == 0)
			s->in_eof = true;
		s->end += (size_t)n;
	}
	s->kind = source_sniff(s->in, s->end);
	s->pending = false;
	return start_decoder(s);
}

static ssize_t plain_read(struct source *s, char *buf, size_t cap)
{
	if (s->start == s->end)
		return s->in_eof ? 0 : raw_read(s, buf, cap);
	size_t n = s->end - s->start < cap ? s->end - s->start : cap;
	memcpy(buf, s->in + s->start, n);
	s->start += n;
	return (ssize_t)n;
}

/*
 * The decoders' shared step: more compressed bytes when the last call left
 * none and holds no output back.  *ended: the input has ended.
 */
static ssize_t need_input(struct source *s, bool *ended)
{
	*ended = false;
	if (s->start < s->end || s->pending)
		return 0;
	ssize_t n = refill(s);
	*ended = n == 0;
	return n < 0 ? n : 0;
}

#ifndef ADKEV_NO_ZLIB
/* gzip members one after another, as gzip -dc reads them. */
static ssize_t gzip_read(struct source *s, char *buf, size_t cap)
{
	uInt room = cap > UINT_MAX ? UINT_MAX : (uInt)cap;
	for (;;) {
		bool ended;
		ssize_t n = need_input(s, &ended);
		if (n < 0)
			return n;
		if (ended)
			return s->member_done || source_interrupted()
			           ? 0
			           : damaged(s, 0,
			                     "truncated gzip data at byte %llu: the input ends "
			                     "inside a gzip member",
			                     in_offset(s));
		if (s->member_done && s->start < s->end) {
			inflateReset(&s->z);
			s->member_done = false;
		}
		s->z.next_in = s->in + s->start;
		s->z.avail_in = (uInt)(s->end - s->start);
		s->z.next_out = (Bytef *)buf;
		s->z.avail_out = room;
		int rc = inflate(&s->z, Z_NO_FLUSH);
		s->start = s->end - s->z.avail_in;
		size_t made = room - s->z.avail_out;
		s->pending = s->z.avail_out == 0;
		if (rc == Z_STREAM_END)
			s->member_done = true;
		else if (rc == Z_DATA_ERROR || rc == Z_NEED_DICT)
			return damaged(s, made, "damaged gzip data at byte %llu: %s", in_offset(s),
			               s->z.msg ? s->z.msg : "invalid data");
		else if (rc == Z_MEM_ERROR)
			util_out_of_memory(0);
		if (made)
			return (ssize_t)made;
	}
}
#endif

#ifndef ADKEV_NO_ZSTD
/* zstd frames one after another (skippable ones skipped), as zstd -dc reads them. */
static ssize_t zstd_read(struct source *s, char *buf, size_t cap)
{
	for (;;) {
		bool ended;
		ssize_t n = need_input(s, &ended);
		if (n < 0)
			return n;
		if (ended && (s->frame_left == 0 || source_interrupted()))
			return 0;
		if (ended)
			return damaged(s, 0,
			               "truncated zstd data at byte %llu: the input ends inside a "
			               "zstd frame",
			               in_offset(s));
		/*
		 * A call that fails hands out nothing it decoded, and libzstd
		 * decodes as many blocks in one call as the input and the room
		 * allow: the text before a fault would depend on the room each
		 * caller gives (64 KiB for -j 1, a chunk's for -j N).  So it is given
		 * no more input than its hint asks for (the rest of one block, with
		 * the next one's header, never a whole checksum), and none while it
		 * may still hold text (the last call filled buf): each call decodes
		 * one block at most, and what it decoded is handed out before a
		 * fault further on is found.  At a frame's start it is given a byte,
		 * and then asks for the rest of the header.
		 */
		size_t give = s->end - s->start, want = s->frame_left ? s->frame_left : 1;
		if (s->zstd_full)
			give = 0;
		else if (want < give)
			give = want;
		ZSTD_inBuffer in = {s->in + s->start, give, 0};
		ZSTD_outBuffer out = {buf, cap, 0};
		size_t rc = ZSTD_decompressStream(s->zs, &out, &in);
		s->start += in.pos;
		s->zstd_full = out.pos == cap;
		/*
		 * libzstd takes whole blocks, as much as the room for output allows,
		 * so the place it fails at is known to the frame: that is said.
		 */
		if (ZSTD_isError(rc))
			return damaged(s, out.pos,
			               "damaged zstd data in the frame at byte %llu: %s",
			               s->frame_start, ZSTD_getErrorName(rc));
		/* A call that did nothing says a next frame's header is wanted: not news. */
		if (in.pos || out.pos)
			s->frame_left = rc;
		if (rc == 0)
			s->frame_start = in_offset(s);
		/*
		 * libzstd may stop short of a full buffer and still hold text: it is
		 * asked again, without new input, until a call gives nothing.
		 */
		s->pending = out.pos > 0;
		if (out.pos)
			return (ssize_t)out.pos;
	}
}
#endif

/* The next bytes as the decoder the input asked for gives them. */
static ssize_t decode(struct source *s, char *buf, size_t cap)
{
	if (s->decoder == DECODE_DETECT) {
		ssize_t n = detect(s);
		if (n < 0)
			return n;
	}
	switch (s->decoder) {
#ifndef ADKEV_NO_ZLIB
	case DECODE_GZIP:
		return gzip_read(s, buf, cap);
#endif
#ifndef ADKEV_NO_ZSTD
	case DECODE_ZSTD:
		return zstd_read(s, buf, cap);
#endif
	default:
		return plain_read(s, buf, cap);
	}
}

/* The followed file starts over: a new stream, after a line end if the text needs one. */
static void restart(struct source *s)
{
	decoder_end(s);
	s->start = s->end = 0;
	s->in_eof = s->pending = false;
	s->raw_pos = 0;
	if (s->last && s->last != '\n' && s->last != '\r')
		s->newline_owed = true;
	s->last = 0;
}

ssize_t source_read(struct source *s, char *buf, size_t cap)
{
	for (;;) {
		ssize_t n;
		if (s->damage_owed) {
			s->damage_owed = false;
			return SOURCE_DAMAGED;
		}
		if (s->newline_owed) {
			s->newline_owed = false;
			buf[0] = '\n';
			n = 1;
		} else {
			n = decode(s, buf, cap);
		}
		if (n == SOURCE_RESTART) {
			restart(s);
			continue;
		}
		if (n > 0)
			s->last = buf[n - 1];
		return n;
	}
}

bool source_ready(struct source *s)
{
	if (s->newline_owed || s->pending || s->start < s->end || s->in_eof)
		return true;
	if (s->follow) {
		struct stat st;
		return fstat(s->fd, &st) != 0 || (unsigned long long)st.st_size != s->raw_pos;
	}
	struct pollfd fd = {s->fd, POLLIN, 0};
	return poll(&fd, 1, 0) > 0;
}
