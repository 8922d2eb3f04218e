/*
 * partition_dir.c - files written into one directory under temporary names
 * (partition --split); see partition_dir.h.
 */
#include "cmd/partition_dir.h"
#include "util.h"
#include "write/filename.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

/* How much is gathered for one file before it is written out. */
#define DIR_BUFFER (64 * 1024)
#define NO_FILE    SIZE_MAX
/* How many pieces one writev() takes: far under any system's IOV_MAX. */
#define DIR_PIECES 64

struct dir_file {
	char *name;         /* the real name, one path component */
	char *tmp;          /* the temporary name it is written under; NULL once swapped in */
	char *path;         /* the directory as given, '/', name: for messages */
	int fd;             /* -1 while closed */
	unsigned long used; /* when it was last written, to close the least recently used */
	bool committed;     /* renamed to its name: tmp is gone */
	char *backup;       /* with --force: the file it replaced, set aside until the end */
	bool stale;         /* an earlier run's file this run does not write: tmp is NULL */
};

struct partition_dir {
	char *path; /* as given, without trailing slashes */
	int fd;
	bool force;
	struct dir_file *files;
	size_t count, cap;
	size_t open[PARTITION_DIR_MAX_OPEN]; /* the files with a descriptor */
	size_t nopen;
	unsigned long clock;
	unsigned long serial; /* the N of the next temporary name */
	struct strbuf buf;    /* bytes not yet written to files[buf_file] */
	size_t buf_file;
	int status;         /* sticky: the first failure */
	struct strbuf list; /* the names the last run's MANIFEST lists, each ended by '\n' */
};

/*
 * The list of the files partition wrote into the directory, one name a
 * line, so that --force can take away those of an earlier run that this
 * run does not write, and nothing else: a file partition never wrote (an
 * input log beside them, say) is never removed.
 */
#define MANIFEST ".adkev-split"

/*
 * The directory being written, so that a run ended by exit() elsewhere (an
 * allocation failure) still removes its temporary files.
 */
static struct partition_dir *live_dir;

static void remove_temporaries(void)
{
	struct partition_dir *d = live_dir;
	if (!d)
		return;
	for (size_t i = 0; i < d->count; i++)
		if (!d->files[i].committed && d->files[i].tmp)
			unlinkat(d->fd, d->files[i].tmp, 0);
}

/* Whether name is one partition could have written: a cleaned agent name (filename.h). */
static bool written_name(const char *name, size_t len)
{
	size_t ext = strlen(FILENAME_EXTENSION);
	if (len <= ext || name[0] == '.' || memcmp(name + len - ext, FILENAME_EXTENSION, ext) != 0)
		return false;
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)name[i];
		if (!(isalnum(c) || c == '-' || c == '_' || c == '.'))
			return false;
	}
	return true;
}

/* The names the manifest of an earlier run lists, kept in d->list; lines that are not such a name
 * are passed over. */
static void read_manifest(struct partition_dir *d)
{
	int fd = openat(d->fd, MANIFEST, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
	if (fd < 0)
		return;
	struct strbuf text = STRBUF_INIT;
	char buf[4096];
	ssize_t n;
	while ((n = read(fd, buf, sizeof buf)) > 0 && text.len < (1u << 26))
		strbuf_add(&text, buf, (size_t)n);
	close(fd);
	for (size_t at = 0; at < text.len;) {
		const char *end = memchr(text.buf + at, '\n', text.len - at);
		size_t len = end ? (size_t)(end - (text.buf + at)) : text.len - at;
		if (written_name(text.buf + at, len)) {
			strbuf_add(&d->list, text.buf + at, len);
			strbuf_addch(&d->list, '\n');
		}
		at += len + 1;
	}
	strbuf_release(&text);
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

struct partition_dir *partition_dir_open(const char *path, bool force, int *status)
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
	struct partition_dir *d = xcalloc(1, sizeof *d);
	d->path = trimmed;
	d->fd = fd;
	d->force = force;
	d->buf_file = NO_FILE;
	read_manifest(d);
	static bool registered;
	if (!registered)
		registered = atexit(remove_temporaries) == 0;
	live_dir = d;
	return d;
}

const char *partition_dir_path(struct partition_dir *d, size_t index)
{
	return d->files[index].path;
}

static int dir_fail(struct partition_dir *d, int status)
{
	if (!d->status)
		d->status = status;
	return d->status;
}

static void close_file(struct partition_dir *d, size_t slot)
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

static void close_least_recent(struct partition_dir *d)
{
	size_t oldest = 0;
	for (size_t i = 1; i < d->nopen; i++)
		if (d->files[d->open[i]].used < d->files[d->open[oldest]].used)
			oldest = i;
	close_file(d, oldest);
}

/* openat() that makes room when the descriptor limit is reached. */
static int open_in(struct partition_dir *d, const char *name, int flags)
{
	if (d->nopen == PARTITION_DIR_MAX_OPEN)
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

/*
 * Whether name may become a file of the result: it does not exist, or
 * --force is given and it is no directory.  Says why not.  Asked when a
 * file is added and again for every file before the first rename.
 */
static bool target_allowed(const struct partition_dir *d, const char *name, const char *path)
{
	struct stat st;
	if (fstatat(d->fd, name, &st, AT_SYMLINK_NOFOLLOW) == 0) {
		if (!d->force)
			warnx_msg("'%s' exists; --force overwrites it", path);
		else if (S_ISDIR(st.st_mode))
			warnx_msg("cannot overwrite '%s': it is a directory", path);
		return d->force && !S_ISDIR(st.st_mode);
	}
	if (errno != ENOENT) {
		warn_errno(errno, "cannot create '%s'", path);
		return false;
	}
	return true;
}

int partition_dir_add(struct partition_dir *d, const char *name, size_t *index)
{
	struct strbuf path = STRBUF_INIT;
	if (d->status)
		return d->status;
	strbuf_addf(&path, "%s%s%s", d->path, strcmp(d->path, "/") ? "/" : "", name);
	if (!target_allowed(d, name, path.buf)) {
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
	f->backup = NULL;
	f->stale = false;
	d->open[d->nopen++] = d->count;
	*index = d->count++;
	return 0;
}

/* File index with a descriptor, reopened for appending if it was closed; the status. */
static int dir_open_file(struct partition_dir *d, size_t index)
{
	struct dir_file *f = &d->files[index];
	f->used = ++d->clock;
	if (f->fd >= 0)
		return 0;
	f->fd = open_in(d, f->tmp, O_APPEND);
	if (f->fd < 0) {
		warn_errno(errno, "cannot reopen '%s'", f->path);
		return dir_fail(d, EXIT_IOERR);
	}
	d->open[d->nopen++] = index;
	return 0;
}

/* Writes all of iov[0..count), pieces none of them empty, to open file index; the status. */
static int dir_writev(struct partition_dir *d, size_t index, struct iovec *iov, int count)
{
	struct dir_file *f = &d->files[index];
	while (count > 0) {
		ssize_t n = writev(f->fd, iov, count);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			warn_errno(n < 0 ? errno : EIO, "write error on '%s'", f->path);
			return dir_fail(d, EXIT_IOERR);
		}
		/* Past the pieces written whole, into the one a short write stopped in. */
		size_t done = (size_t)n;
		for (; count > 0 && done >= iov->iov_len; iov++, count--)
			done -= iov->iov_len;
		if (count > 0) {
			iov->iov_base = (char *)iov->iov_base + done;
			iov->iov_len -= done;
		}
	}
	return 0;
}

/* Writes the buffer out to its file. */
static int dir_flush(struct partition_dir *d)
{
	if (d->buf_file == NO_FILE || d->buf.len == 0 || d->status)
		return d->status;
	if (dir_open_file(d, d->buf_file))
		return d->status;
	struct iovec whole = {.iov_base = d->buf.buf, .iov_len = d->buf.len};
	if (dir_writev(d, d->buf_file, &whole, 1) == 0)
		strbuf_reset(&d->buf);
	return d->status;
}

int partition_dir_write(struct partition_dir *d, size_t index, const char *data, size_t len)
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

int partition_dir_write_pieces(struct partition_dir *d, size_t index, const char *base,
                               const struct dir_piece *pieces, size_t count)
{
	size_t total = 0;
	for (size_t i = 0; i < count; i++)
		total += pieces[i].len;
	/* A few lines join the buffer, as partition_dir_write() would have them. */
	if (total < DIR_BUFFER) {
		for (size_t i = 0; i < count && !d->status; i++)
			partition_dir_write(d, index, base + pieces[i].at, pieces[i].len);
		return d->status;
	}
	if (d->status || dir_flush(d) || dir_open_file(d, index))
		return d->status;
	struct iovec iov[DIR_PIECES];
	for (size_t i = 0; i < count && !d->status;) {
		int n = 0;
		for (; n < DIR_PIECES && i < count; n++, i++)
			iov[n] = (struct iovec){.iov_base = (char *)base + pieces[i].at,
			                        .iov_len = pieces[i].len};
		dir_writev(d, index, iov, n);
	}
	return d->status;
}

/*
 * With --force, keeps the file f replaces under a temporary name as well,
 * so that a failure later in the commit can put it back: a hard link,
 * which leaves the file in place until the rename over it replaces it in
 * one step; a rename where the file system has no hard links.  False (said
 * why) when it cannot be kept.
 */
static bool set_aside(struct partition_dir *d, struct dir_file *f)
{
	struct strbuf bak = STRBUF_INIT;
	strbuf_addf(&bak, ".adkev-%ld-%lu.bak", (long)getpid(), d->serial++);
	if (linkat(d->fd, f->name, d->fd, bak.buf, 0) == 0 ||
	    (errno != ENOENT && renameat(d->fd, f->name, d->fd, bak.buf) == 0)) {
		f->backup = bak.buf; /* the buffer changes hands */
		return true;
	}
	int err = errno;
	strbuf_release(&bak);
	/* Nothing there: nothing to put back. */
	if (err == ENOENT)
		return true;
	warn_errno(err, "cannot overwrite '%s'", f->path);
	return false;
}

/* An earlier run's file this run does not write: set aside, removed once the commit holds. */
static int set_aside_stale(struct partition_dir *d, struct dir_file *f)
{
	struct strbuf bak = STRBUF_INIT;
	strbuf_addf(&bak, ".adkev-%ld-%lu.bak", (long)getpid(), d->serial++);
	if (renameat(d->fd, f->name, d->fd, bak.buf) == 0) {
		f->backup = bak.buf; /* the buffer changes hands */
		return 0;
	}
	int err = errno;
	strbuf_release(&bak);
	if (err == ENOENT)
		return 0;
	warn_errno(err, "cannot remove '%s'", f->path);
	return EXIT_CANTCREAT;
}

/*
 * With --force, where the file system can: swaps file f with the one it
 * replaces in one step, so the name always holds a whole file, and the
 * old one stays under f's temporary name as its backup.  Cheaper than
 * set_aside() and a rename over it: ext4 writes a file renamed over
 * another out at once (its auto_da_alloc), not one swapped in.  False when
 * the name is free or the file system cannot swap (set_aside() then).
 */
static bool swap_in(struct partition_dir *d, struct dir_file *f)
{
#ifdef RENAME_EXCHANGE
	if (renameat2(d->fd, f->tmp, d->fd, f->name, RENAME_EXCHANGE) != 0)
		return false;
	f->backup = f->tmp; /* the buffer changes hands: the temporary name is gone */
	f->tmp = NULL;
	return true;
#else
	(void)d;
	(void)f;
	return false;
#endif
}

/* Gives file f its real name; without force, never over a file that appeared meanwhile. */
static int dir_rename(struct partition_dir *d, struct dir_file *f)
{
	if (f->stale)
		return set_aside_stale(d, f);
	if (d->force) {
		if (swap_in(d, f))
			return 0;
		if (!set_aside(d, f))
			return EXIT_CANTCREAT;
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

/*
 * Takes back the renames of files [0..failed] after file failed could not
 * be committed: what they replaced is put back, files that were new are
 * removed, so the directory is as it was (the page promises all or nothing).
 */
static void undo_commit(struct partition_dir *d, size_t failed)
{
	for (size_t i = 0; i <= failed; i++) {
		struct dir_file *f = &d->files[i];
		if (f->committed && !f->backup && !f->stale)
			unlinkat(d->fd, f->name, 0);
		if (f->backup && renameat(d->fd, f->backup, d->fd, f->name) != 0)
			warn_errno(errno, "cannot put back '%s' (it is in '%s')", f->path,
			           f->backup);
		free(f->backup);
		f->backup = NULL;
		f->committed = false;
	}
}

static void drop_backups(struct partition_dir *d)
{
	for (size_t i = 0; i < d->count; i++) {
		if (d->files[i].backup)
			unlinkat(d->fd, d->files[i].backup, 0);
		free(d->files[i].backup);
		d->files[i].backup = NULL;
	}
}

/* The names of this run's files, as a set. */
static json_t *names_written(const struct partition_dir *d)
{
	json_t *set = json_object();
	for (size_t i = 0; i < d->count; i++)
		if (!d->files[i].stale)
			json_object_set_new_nocheck(set, d->files[i].name, json_true());
	return set;
}

/*
 * Calls fn for each name of the earlier run's manifest that this run does
 * not write and that is still a regular file in the directory.
 */
static void each_earlier_file(struct partition_dir *d, const json_t *written,
                              void (*fn)(struct partition_dir *d, const char *name, void *ctx),
                              void *ctx)
{
	for (char *at = d->list.buf; at && at < d->list.buf + d->list.len;) {
		char *end = strchr(at, '\n');
		*end = '\0';
		struct stat st;
		if (!json_object_get(written, at) &&
		    fstatat(d->fd, at, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(st.st_mode))
			fn(d, at, ctx);
		*end = '\n';
		at = end + 1;
	}
}

/* --force: an earlier run's file becomes a file of the commit that is taken away. */
static void add_stale(struct partition_dir *d, const char *name, void *ctx)
{
	(void)ctx;
	if (d->count == d->cap) {
		d->cap = d->cap ? d->cap * 2 : 16;
		d->files = xrealloc(d->files, d->cap * sizeof *d->files);
	}
	struct strbuf path = STRBUF_INIT;
	strbuf_addf(&path, "%s%s%s", d->path, strcmp(d->path, "/") ? "/" : "", name);
	d->files[d->count++] =
	    (struct dir_file){.name = xstrdup(name), .path = path.buf, .fd = -1, .stale = true};
}

/* Without --force: an earlier run's file that stays is listed with this run's. */
static void list_kept(struct partition_dir *d, const char *name, void *ctx)
{
	(void)d;
	strbuf_addf(ctx, "%s\n", name);
}

/*
 * The manifest's text, and the temporary name it is written under, made
 * before the first rename: an allocation that fails (and exits) must not
 * come in the middle of the commit.
 */
static void make_manifest(struct partition_dir *d, const json_t *written, struct strbuf *text,
                          struct strbuf *tmp)
{
	strbuf_grow(text, 1);
	for (size_t i = 0; i < d->count; i++)
		if (!d->files[i].stale)
			strbuf_addf(text, "%s\n", d->files[i].name);
	if (!d->force)
		each_earlier_file(d, written, list_kept, text);
	strbuf_addf(tmp, ".adkev-%ld-%lu.tmp", (long)getpid(), d->serial++);
}

/* Writes the manifest under its temporary name, then renames it. */
static int write_manifest(struct partition_dir *d, const struct strbuf *text,
                          const struct strbuf *tmp)
{
	int fd = openat(d->fd, tmp->buf, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0666);
	bool ok = fd >= 0 && write(fd, text->buf, text->len) == (ssize_t)text->len;
	ok = fd >= 0 && close(fd) == 0 && ok;
	ok = ok && renameat(d->fd, tmp->buf, d->fd, MANIFEST) == 0;
	if (!ok) {
		warn_errno(errno, "cannot write '%s/%s'", d->path, MANIFEST);
		unlinkat(d->fd, tmp->buf, 0);
	}
	return ok ? 0 : EXIT_CANTCREAT;
}

int partition_dir_prepare(struct partition_dir *d)
{
	dir_flush(d);
	while (d->nopen)
		close_file(d, d->nopen - 1);
	if (d->status)
		return d->status;
	/* A file that appeared while the input was read stops the commit before it starts. */
	for (size_t i = 0; i < d->count; i++)
		if (!target_allowed(d, d->files[i].name, d->files[i].path))
			return dir_fail(d, EXIT_CANTCREAT);
	return 0;
}

int partition_dir_commit(struct partition_dir *d)
{
	int prepared = partition_dir_prepare(d);
	if (prepared)
		return prepared;
	json_t *written = names_written(d);
	if (d->force)
		each_earlier_file(d, written, add_stale, NULL);
	struct strbuf manifest = STRBUF_INIT, tmp = STRBUF_INIT;
	make_manifest(d, written, &manifest, &tmp);
	json_decref(written);
	int status = 0;
	for (size_t i = 0; i < d->count && !status; i++) {
		status = dir_rename(d, &d->files[i]);
		if (status)
			undo_commit(d, i);
		else
			d->files[i].committed = true;
	}
	/* The manifest is part of the commit: without it, it is undone. */
	if (!status && (status = write_manifest(d, &manifest, &tmp)) != 0 && d->count)
		undo_commit(d, d->count - 1);
	strbuf_release(&manifest);
	strbuf_release(&tmp);
	if (status)
		return dir_fail(d, status);
	drop_backups(d);
	return 0;
}

void partition_dir_free(struct partition_dir *d)
{
	if (!d)
		return;
	if (live_dir == d)
		live_dir = NULL;
	for (size_t i = 0; i < d->count; i++) {
		struct dir_file *f = &d->files[i];
		if (f->fd >= 0)
			close(f->fd);
		if (!f->committed && f->tmp)
			unlinkat(d->fd, f->tmp, 0);
		free(f->backup);
		free(f->name);
		free(f->tmp);
		free(f->path);
	}
	free(d->files);
	strbuf_release(&d->buf);
	strbuf_release(&d->list);
	close(d->fd);
	free(d->path);
	free(d);
}
