/*
 * output.c - results to standard output, written by one JSON writer (json.h),
 * and the write-error policy.
 */
#include "write/output.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static struct output_style style;
static struct json_writer out;
static bool out_ready;
static bool failed;
static int failed_errno;

unsigned output_flags(struct output_style s)
{
	return (s.raw ? JW_RAW : 0) | (s.pretty ? JW_PRETTY : 0);
}

static bool stdout_sink(void *ctx, const char *data, size_t len);

struct json_writer *output_writer(void)
{
	if (!out_ready) {
		jw_init_sink(&out, output_flags(style), stdout_sink, NULL);
		out_ready = true;
	}
	return &out;
}

void output_set_style(struct output_style s)
{
	style = s;
	/* Text gathered in the old style goes out first; the next result uses the new one. */
	if (out_ready) {
		jw_flush(&out);
		jw_release(&out);
		out_ready = false;
	}
}

bool output_failed(void)
{
	return failed;
}

static void note_failure(void)
{
	if (!failed) {
		failed = true;
		failed_errno = errno ? errno : EIO;
	}
}

static bool stdout_sink(void *ctx, const char *data, size_t len)
{
	(void)ctx;
	if (failed)
		return false;
	if (len && fwrite(data, 1, len, stdout) != len)
		note_failure();
	return !failed;
}

bool output_bytes(const char *data, size_t len)
{
	/* What the writer gathered stands before these bytes. */
	if (out_ready)
		jw_flush(&out);
	return stdout_sink(NULL, data, len);
}

void output_format_json(struct strbuf *sb, const json_t *value, struct output_style how)
{
	struct json_writer w;
	jw_init_buf(&w, sb, output_flags(how));
	jw_value(&w, value);
	jw_line_end(&w);
	jw_release(&w);
}

bool output_json(const json_t *value)
{
	struct json_writer *w = output_writer();
	jw_value(w, value);
	jw_line_end(w);
	return !failed;
}

int output_finish(void)
{
	if (out_ready) {
		jw_flush(&out);
		jw_release(&out);
		out_ready = false;
	}
	if (!failed && (fflush(stdout) != 0 || ferror(stdout)))
		note_failure();
	if (failed) {
		fprintf(stderr, "adkev: write error: %s\n", strerror(failed_errno));
		return EXIT_IOERR;
	}
	return 0;
}

bool output_string_piece(struct output_string *w, const char *s, size_t len)
{
	struct json_writer *jw = output_writer();
	if (!w->started)
		jw_string_begin(jw);
	w->started = true;
	jw_string_piece(jw, s, len);
	return !failed;
}

bool output_string_end(struct output_string *w, const json_t *none)
{
	struct json_writer *jw = output_writer();
	if (w->started)
		jw_string_end(jw);
	else
		jw_value(jw, none);
	jw_line_end(jw);
	return !failed;
}

/* The old appenders, on the writer, until their last callers move to it. */

void json_append_string(struct strbuf *sb, const char *s, size_t len)
{
	struct json_writer w;
	jw_init_buf(&w, sb, 0);
	jw_string(&w, s, len);
}

void json_append_real(struct strbuf *sb, double v)
{
	struct json_writer w;
	jw_init_buf(&w, sb, 0);
	jw_real(&w, v);
}

void json_append_one_line(struct strbuf *sb, const char *text, size_t len)
{
	struct json_writer w;
	jw_init_buf(&w, sb, 0);
	jw_raw(&w, text, len);
}

void json_append(struct strbuf *sb, const json_t *v, bool pretty, int indent)
{
	struct json_writer w;
	jw_init_buf(&w, sb, pretty ? JW_PRETTY : 0);
	jw_set_level(&w, indent);
	jw_value(&w, v);
}

/* Files in a directory (partition --split). */

/* How much is gathered for one file before it is written out. */
#define DIR_BUFFER (64 * 1024)
#define NO_FILE    SIZE_MAX

struct dir_file {
	char *name;         /* the real name, one path component */
	char *tmp;          /* the temporary name it is written under */
	char *path;         /* the directory as given, '/', name: for messages */
	int fd;             /* -1 while closed */
	unsigned long used; /* when it was last written, to close the least recently used */
	bool committed;     /* renamed to its name: tmp is gone */
};

struct output_dir {
	char *path; /* as given, without trailing slashes */
	int fd;
	bool force;
	struct dir_file *files;
	size_t count, cap;
	size_t open[OUTPUT_DIR_MAX_OPEN]; /* the files with a descriptor */
	size_t nopen;
	unsigned long clock;
	unsigned long serial; /* the N of the next temporary name */
	struct strbuf buf;    /* bytes not yet written to files[buf_file] */
	size_t buf_file;
	int status; /* sticky: the first failure */
};

/*
 * The directory being written, so that a run ended by exit() elsewhere (an
 * allocation failure) still removes its temporary files.
 */
static struct output_dir *live_dir;

static void remove_temporaries(void)
{
	struct output_dir *d = live_dir;
	if (!d)
		return;
	for (size_t i = 0; i < d->count; i++)
		if (!d->files[i].committed)
			unlinkat(d->fd, d->files[i].tmp, 0);
}

/* mkdir -p: 0, or the errno of the first directory that could not be made, named in *bad_dir. */
static int make_dirs(const char *path, char **bad_dir)
{
	char *p = xstrdup(path);
	for (char *s = p + 1;; s++) {
		if (*s != '/' && *s != '\0')
			continue;
		char save = *s;
		*s = '\0';
		if (mkdir(p, 0777) != 0 && errno != EEXIST) {
			*bad_dir = p;
			return errno;
		}
		*s = save;
		if (!save)
			break;
	}
	free(p);
	return 0;
}

struct output_dir *output_dir_open(const char *path, bool force, int *status)
{
	size_t len = strlen(path);
	while (len > 1 && path[len - 1] == '/')
		len--;
	char *trimmed = xstrndup(path, len);
	char *bad_dir = NULL;
	int err = make_dirs(trimmed, &bad_dir);
	if (err) {
		warn_errno(err, "cannot create directory '%s'", bad_dir);
		free(bad_dir);
		free(trimmed);
		*status = EXIT_CANTCREAT;
		return NULL;
	}
	int fd = open(trimmed, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0) {
		warn_errno(errno, "cannot open directory '%s'", trimmed);
		free(trimmed);
		*status = EXIT_CANTCREAT;
		return NULL;
	}
	struct output_dir *d = xcalloc(1, sizeof *d);
	d->path = trimmed;
	d->fd = fd;
	d->force = force;
	d->buf_file = NO_FILE;
	static bool registered;
	if (!registered)
		registered = atexit(remove_temporaries) == 0;
	live_dir = d;
	return d;
}

const char *output_dir_path(struct output_dir *d, size_t index)
{
	return d->files[index].path;
}

static int dir_fail(struct output_dir *d, int status)
{
	if (!d->status)
		d->status = status;
	return d->status;
}

static void close_file(struct output_dir *d, size_t slot)
{
	struct dir_file *f = &d->files[d->open[slot]];
	/* close() can report a delayed write error (NFS, quotas). */
	if (close(f->fd) != 0 && !d->status) {
		warn_errno(errno, "write error on '%s'", f->path);
		dir_fail(d, EXIT_IOERR);
	}
	f->fd = -1;
	d->open[slot] = d->open[--d->nopen];
}

static void close_least_recent(struct output_dir *d)
{
	size_t oldest = 0;
	for (size_t i = 1; i < d->nopen; i++)
		if (d->files[d->open[i]].used < d->files[d->open[oldest]].used)
			oldest = i;
	close_file(d, oldest);
}

/* openat() that makes room when the descriptor limit is reached. */
static int open_in(struct output_dir *d, const char *name, int flags)
{
	if (d->nopen == OUTPUT_DIR_MAX_OPEN)
		close_least_recent(d);
	for (;;) {
		int fd = openat(d->fd, name, flags | O_WRONLY | O_CLOEXEC | O_NOFOLLOW, 0666);
		if (fd >= 0 || (errno != EMFILE && errno != ENFILE) || d->nopen == 0)
			return fd;
		int saved = errno;
		close_least_recent(d);
		errno = saved;
	}
}

int output_dir_add(struct output_dir *d, const char *name, size_t *index)
{
	struct stat st;
	struct strbuf path = STRBUF_INIT;
	if (d->status)
		return d->status;
	strbuf_addf(&path, "%s%s%s", d->path, strcmp(d->path, "/") ? "/" : "", name);
	if (fstatat(d->fd, name, &st, AT_SYMLINK_NOFOLLOW) == 0) {
		if (!d->force)
			warnx_msg("'%s' exists; --force overwrites it", path.buf);
		else if (S_ISDIR(st.st_mode))
			warnx_msg("cannot overwrite '%s': it is a directory", path.buf);
		if (!d->force || S_ISDIR(st.st_mode)) {
			strbuf_release(&path);
			return dir_fail(d, EXIT_CANTCREAT);
		}
	} else if (errno != ENOENT) {
		warn_errno(errno, "cannot create '%s'", path.buf);
		strbuf_release(&path);
		return dir_fail(d, EXIT_CANTCREAT);
	}

	/*
	 * Everything that allocates comes before the file is created, so an
	 * allocation failure (which exits) never leaves a temporary file
	 * remove_temporaries() does not know about.
	 */
	if (d->count == d->cap) {
		d->cap = d->cap ? d->cap * 2 : 16;
		d->files = xrealloc(d->files, d->cap * sizeof *d->files);
	}
	char *real_name = xstrdup(name);
	struct strbuf tmp = STRBUF_INIT;
	strbuf_grow(&tmp, 64);
	int fd;
	do {
		strbuf_reset(&tmp);
		strbuf_addf(&tmp, ".adkev-%ld-%lu.tmp", (long)getpid(), d->serial++);
		fd = open_in(d, tmp.buf, O_CREAT | O_EXCL);
	} while (fd < 0 && errno == EEXIST);
	if (fd < 0) {
		warn_errno(errno, "cannot create '%s'", path.buf);
		free(real_name);
		strbuf_release(&path);
		strbuf_release(&tmp);
		return dir_fail(d, EXIT_CANTCREAT);
	}

	struct dir_file *f = &d->files[d->count];
	f->name = real_name;
	f->tmp = tmp.buf;
	f->path = path.buf;
	f->fd = fd;
	f->used = ++d->clock;
	f->committed = false;
	d->open[d->nopen++] = d->count;
	*index = d->count++;
	return 0;
}

/* Writes the buffer out to its file. */
static int dir_flush(struct output_dir *d)
{
	if (d->buf_file == NO_FILE || d->buf.len == 0 || d->status)
		return d->status;
	struct dir_file *f = &d->files[d->buf_file];
	f->used = ++d->clock;
	if (f->fd < 0) {
		f->fd = open_in(d, f->tmp, O_APPEND);
		if (f->fd < 0) {
			warn_errno(errno, "cannot reopen '%s'", f->path);
			return dir_fail(d, EXIT_IOERR);
		}
		d->open[d->nopen++] = d->buf_file;
	}
	const char *p = d->buf.buf;
	size_t left = d->buf.len;
	while (left) {
		ssize_t n = write(f->fd, p, left);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			warn_errno(n < 0 ? errno : EIO, "write error on '%s'", f->path);
			return dir_fail(d, EXIT_IOERR);
		}
		p += n;
		left -= (size_t)n;
	}
	strbuf_reset(&d->buf);
	return 0;
}

int output_dir_write(struct output_dir *d, size_t index, const char *data, size_t len)
{
	if (d->status)
		return d->status;
	if (index != d->buf_file) {
		if (dir_flush(d))
			return d->status;
		d->buf_file = index;
	}
	strbuf_add(&d->buf, data, len);
	if (d->buf.len >= DIR_BUFFER)
		dir_flush(d);
	return d->status;
}

/* Gives file f its real name; without force, never over a file that appeared meanwhile. */
static int dir_rename(struct output_dir *d, struct dir_file *f)
{
	if (d->force) {
		if (renameat(d->fd, f->tmp, d->fd, f->name) == 0)
			return 0;
	} else if (linkat(d->fd, f->tmp, d->fd, f->name, 0) == 0) {
		unlinkat(d->fd, f->tmp, 0);
		return 0;
	} else if (errno == EEXIST) {
		warnx_msg("'%s' exists; --force overwrites it", f->path);
		return EXIT_CANTCREAT;
	} else if (errno == EPERM || errno == ENOTSUP || errno == EOPNOTSUPP || errno == ENOSYS ||
	           errno == EMLINK || errno == EXDEV) {
		/* A file system without hard links: look, then rename. */
		struct stat st;
		if (fstatat(d->fd, f->name, &st, AT_SYMLINK_NOFOLLOW) == 0) {
			warnx_msg("'%s' exists; --force overwrites it", f->path);
			return EXIT_CANTCREAT;
		}
		if (renameat(d->fd, f->tmp, d->fd, f->name) == 0)
			return 0;
	}
	warn_errno(errno, "cannot create '%s'", f->path);
	return EXIT_CANTCREAT;
}

int output_dir_commit(struct output_dir *d)
{
	dir_flush(d);
	while (d->nopen)
		close_file(d, d->nopen - 1);
	if (d->status)
		return d->status;
	for (size_t i = 0; i < d->count; i++) {
		int status = dir_rename(d, &d->files[i]);
		if (status)
			return dir_fail(d, status);
		d->files[i].committed = true;
	}
	return 0;
}

void output_dir_free(struct output_dir *d)
{
	if (!d)
		return;
	if (live_dir == d)
		live_dir = NULL;
	for (size_t i = 0; i < d->count; i++) {
		struct dir_file *f = &d->files[i];
		if (f->fd >= 0)
			close(f->fd);
		if (!f->committed)
			unlinkat(d->fd, f->tmp, 0);
		free(f->name);
		free(f->tmp);
		free(f->path);
	}
	free(d->files);
	strbuf_release(&d->buf);
	close(d->fd);
	free(d->path);
	free(d);
}
