/*
 * input.c - operands opened as inputs (input.h), and the kinds adkev
 * reads today: standard input and files, both inputs of bytes read
 * through source.c.
 */
#include "read/input.h"
#include "read/dirwalk.h"
#include "read/sessiondb.h"
#include "read/source.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* An input of bytes read through source.c. */
struct fd_input {
	struct input base;
	struct source *src;
};

static struct source *source_of(const struct input *in)
{
	return ((const struct fd_input *)in)->src;
}

static ssize_t fd_read(struct input *in, char *buf, size_t cap)
{
	return source_read(source_of(in), buf, cap);
}

static bool fd_ready(struct input *in)
{
	return source_ready(source_of(in));
}

static void fd_set_wake(struct input *in, int fd)
{
	source_set_wake(source_of(in), fd);
}

static bool fd_may_hide_damage(const struct input *in)
{
	return source_may_hide_damage(source_of(in));
}

static const char *fd_error(const struct input *in)
{
	return source_error(source_of(in));
}

static void fd_close(struct input *in)
{
	source_free(source_of(in));
	free(in);
}

static const struct input_ops fd_ops = {
    .read = fd_read,
    .ready = fd_ready,
    .set_wake = fd_set_wake,
    .may_hide_damage = fd_may_hide_damage,
    .error = fd_error,
    .close = fd_close,
};

struct input *input_of_fd(int fd, const char *name, const char *path, bool follow, bool may_block)
{
	struct fd_input *in = xcalloc(1, sizeof *in);
	in->base = (struct input){.ops = &fd_ops, .name = name, .may_block = may_block};
	in->src = source_new(fd, name, path, follow);
	return &in->base;
}

/*
 * The input of fd, open on a file or standard input: refused when it is a
 * directory; followed when how asks and it is a regular file.
 */
static struct input *open_fd(int fd, const char *name, const char *path,
                             const struct input_how *how, int *status)
{
	struct stat st;
	bool known = fstat(fd, &st) == 0;
	if (known && S_ISDIR(st.st_mode)) {
		warn_errno(EISDIR, "%s", name);
		*status = EXIT_NOINPUT;
		if (fd > 0)
			close(fd);
		return NULL;
	}
	/* Only a regular file is followed: a pipe has an end. */
	bool follow = how->follow && known && S_ISREG(st.st_mode);
	/* Regular files and disks never keep a read waiting on another process. */
	bool may_block = follow || !known || !(S_ISREG(st.st_mode) || S_ISBLK(st.st_mode));
	return input_of_fd(fd, name, path, follow, may_block);
}

/*
 * The size of fd (standard input, or a file opened here) when it is a
 * regular file of plain text: the total of the progress line counts the
 * bytes the reader will hand on, which a compressed file does not say.
 */
static bool plain_size(const char *path, unsigned long long *size)
{
	struct stat st;
	/* Only a regular file is opened here: opening a FIFO would wait for its writer. */
	if ((path ? stat(path, &st) : fstat(0, &st)) != 0 || !S_ISREG(st.st_mode))
		return false;
	int fd = path ? open(path, O_RDONLY | O_CLOEXEC) : 0;
	bool known = fd >= 0 && source_sniff_fd(fd) == SOURCE_PLAIN;
	if (known)
		*size = (unsigned long long)st.st_size;
	if (fd > 0)
		close(fd);
	return known;
}

static bool claims_dash(const char *operand)
{
	return strcmp(operand, "-") == 0;
}

static struct input *open_stdin(const char *operand, const struct input_how *how, int *status)
{
	(void)operand;
	/* A person who forgot the file name would otherwise wait on silence. */
	if (isatty(STDIN_FILENO) && isatty(STDERR_FILENO))
		warnx_msg("reading standard input (end it with Ctrl-D)");
	return open_fd(0, STDIN_NAME, NULL, how, status);
}

static bool stdin_size(const char *operand, unsigned long long *size)
{
	(void)operand;
	return plain_size(NULL, size);
}

static const struct input_kind stdin_kind = {
    .name = "standard input",
    .claims = claims_dash,
    .open = open_stdin,
    .size = stdin_size,
};

static bool claims_any(const char *operand)
{
	(void)operand;
	return true;
}

/*
 * --follow of a file that does not exist yet: waits for it to appear, as
 * tail -F does, looking every FOLLOW_POLL_MS, until a signal ends the run.
 * Returns its descriptor, or -1 (errno set) once it cannot be opened for
 * another reason, or ENOENT still after the signal.
 */
static int wait_for_file(const char *operand, const struct input_how *how)
{
	warnx_msg("%s: not there yet; waiting for it to appear", operand);
	if (how->wait_hook)
		how->wait_hook();
	int fd;
	while ((fd = open(operand, O_RDONLY)) < 0 && errno == ENOENT && !source_interrupted())
		poll(NULL, 0, FOLLOW_POLL_MS);
	return fd;
}

static struct input *open_file(const char *operand, const struct input_how *how, int *status)
{
	int fd = open(operand, O_RDONLY);
	if (fd < 0 && errno == ENOENT && how->follow)
		fd = wait_for_file(operand, how);
	/* A signal while waiting ends the run as it ends a followed file: no error. */
	if (fd < 0 && errno == ENOENT && how->follow && source_interrupted())
		return NULL;
	if (fd < 0) {
		warn_errno(errno, "%s", operand);
		*status = EXIT_NOINPUT;
		return NULL;
	}
	return open_fd(fd, operand, operand, how, status);
}

static const struct input_kind file_kind = {
    .name = "file",
    .claims = claims_any,
    .open = open_file,
    .size = plain_size,
};

/* A session database is known by its spelling or its first bytes, before any file. */
const struct input_kind *const input_kinds[] = {&stdin_kind, &sessiondb_kind, &file_kind, NULL};

const struct input_kind *input_kind_of(const char *operand, const struct input_kind *const *extra)
{
	for (size_t i = 0; extra && extra[i]; i++)
		if (extra[i]->claims(operand))
			return extra[i];
	for (size_t i = 0;; i++)
		if (input_kinds[i]->claims(operand))
			return input_kinds[i];
}

int input_failed(const struct input *in, ssize_t got)
{
	if (got == INPUT_FAILED) {
		warnx_msg("%s: %s", in->name, in->ops->error(in));
		return EXIT_IOERR;
	}
	if (got == SOURCE_DAMAGED) {
		warnx_msg("%s: %s", in->name, in->ops->error(in));
		return EXIT_DATAERR;
	}
	warn_errno(errno, "%s", in->name);
	return EXIT_IOERR;
}

bool input_would_wait(struct input *in)
{
	return in->may_block && in->ops->ready && !in->ops->ready(in);
}

void input_close(struct input *in)
{
	if (in)
		in->ops->close(in);
}

/* Opens operand with its kind; NULL after reporting why (*status raised). */
static struct input *open_operand(const struct operands *o, const char *operand, bool follow,
                                  int *status)
{
	struct input_how how = {follow, o->sessions, o->wait_hook, o->jobs, o->session_states};
	int failed = 0;
	struct input *in = input_kind_of(operand, o->extra)->open(operand, &how, &failed);
	if (failed > *status)
		*status = failed;
	return in;
}

struct input *operands_open_next(struct operands *o, bool follow, int *status)
{
	for (;;) {
		const char *operand = NULL;
		if (o->walk && !o->walk_done) {
			int failed = 0;
			operand = dirwalk_next(o->walk, &failed);
			if (failed > *status)
				*status = failed;
			o->walk_done = !operand;
		}
		if (!operand && o->next == o->count)
			return NULL;
		if (!operand) {
			operand = o->list[o->next++];
			if (dirwalk_is_dir(operand)) {
				o->walk = dirwalk_new(operand, o->walk);
				o->walk_done = false;
				continue;
			}
		}
		/* Only the last operand is followed; never a file found in a folder. */
		bool last = o->next == o->count && (!o->walk || o->walk_done);
		struct input *in = open_operand(o, operand, follow && last, status);
		if (in) {
			o->opened++;
			return in;
		}
	}
}

void operands_release(struct operands *o)
{
	dirwalk_free(o->walk);
	o->walk = NULL;
}

bool operands_total(const struct operands *o, unsigned long long *total)
{
	*total = 0;
	bool known = true;
	for (int i = 0; i < o->count; i++) {
		const struct input_kind *kind = input_kind_of(o->list[i], o->extra);
		unsigned long long size;
		if (kind->size && kind->size(o->list[i], &size))
			*total += size;
		else
			known = false;
	}
	return known;
}
