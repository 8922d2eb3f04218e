/*
 * output.c - results to standard output, written by one JSON writer (json.h),
 * and the write-error policy.
 */
#include "write/output.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

static struct output_style style;
static struct json_writer out;
static bool out_ready;
static bool failed;
static bool unbuffered;
static int failed_errno;

static bool on_terminal, in_color;

/* SIGPIPE alone, for pthread_sigmask(). */
static sigset_t sigpipe_set(void)
{
	sigset_t set;
	sigemptyset(&set);
	sigaddset(&set, SIGPIPE);
	return set;
}

void output_init(void)
{
	signal(SIGPIPE, SIG_DFL);
	sigset_t set = sigpipe_set();
	pthread_sigmask(SIG_BLOCK, &set, NULL);
	on_terminal = isatty(STDOUT_FILENO);
	in_color = output_wants_color();
}

unsigned output_flags(struct output_style s)
{
	bool pretty = s.pretty || (on_terminal && !s.compact);
	return (s.raw ? JW_RAW : 0) | (pretty ? JW_PRETTY : 0) | (in_color ? JW_COLOR : 0);
}

static void note_failure(void)
{
	if (!failed) {
		failed = true;
		failed_errno = errno ? errno : EIO;
	}
}

/* The writer's sink: everything standard output gets goes through here. */
static bool stdout_sink(void *ctx, const char *data, size_t len)
{
	(void)ctx;
	if (failed)
		return false;
	if (len && fwrite(data, 1, len, stdout) != len)
		note_failure();
	/* The writer hands over text at each line end: a whole result, or one line of -p. */
	if (unbuffered && !failed && fflush(stdout) != 0)
		note_failure();
	return !failed;
}

void output_set_unbuffered(bool on)
{
	unbuffered = on;
}

void output_flush(void)
{
	if (out_ready)
		jw_flush(&out);
	if (!failed && fflush(stdout) != 0)
		note_failure();
}

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
	/* The same style again keeps the writer, and a result it is in the middle of. */
	if (out_ready && output_flags(s) == output_flags(style))
		return;
	style = s;
	/* Text gathered in the old style goes out first; the next result uses the new one. */
	if (out_ready) {
		jw_flush(&out);
		jw_release(&out);
		out_ready = false;
	}
}

bool output_to_file(const char *path)
{
	output_flush();
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
	if (fd < 0)
		return false;
	bool moved = fd == STDOUT_FILENO || dup2(fd, STDOUT_FILENO) >= 0;
	int saved = errno;
	if (fd != STDOUT_FILENO)
		close(fd);
	errno = saved;
	/* A file is no terminal: what is written from now on is neither indented nor coloured for
	 * one. */
	if (moved)
		on_terminal = in_color = false;
	return moved;
}

bool output_on_terminal(void)
{
	return isatty(STDOUT_FILENO);
}

bool output_failed(void)
{
	return failed;
}

bool output_bytes(const char *data, size_t len)
{
	/* What the writer gathered stands before these bytes. */
	if (out_ready)
		jw_flush(&out);
	return stdout_sink(NULL, data, len);
}

bool output_json(const json_t *value)
{
	struct json_writer *w = output_writer();
	jw_value(w, value);
	jw_line_end(w);
	return !failed;
}

/*
 * Whether the reader of standard output went away: a write failed with
 * EPIPE, or one from stdio's own calls (help, completions) left its
 * SIGPIPE pending.
 */
static bool reader_gone(void)
{
	sigset_t pending;
	return (failed && failed_errno == EPIPE) ||
	       (sigpending(&pending) == 0 && sigismember(&pending, SIGPIPE));
}

/* Ends adkev as a closed pipe ends cat: by the SIGPIPE held back, or one raised now. */
static void end_by_sigpipe(void)
{
	sigset_t set = sigpipe_set();
	signal(SIGPIPE, SIG_DFL);
	pthread_sigmask(SIG_UNBLOCK, &set, NULL);
	raise(SIGPIPE);
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
	if (reader_gone())
		end_by_sigpipe();
	if (failed) {
		fprintf(stderr, "adkev: write error: %s\n", strerror(failed_errno));
		return EXIT_IOERR;
	}
	return 0;
}

long output_terminal_width(void)
{
	struct winsize ws;
	long n;
	if (!isatty(STDOUT_FILENO))
		return 0;
	if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
		return ws.ws_col;
	const char *cols = getenv("COLUMNS");
	if (cols && parse_long(cols, 1, &n))
		return n;
	return 80;
}

bool output_wants_color(void)
{
	const char *no_color = getenv("NO_COLOR");
	const char *term = getenv("TERM");
	if (no_color && *no_color)
		return false;
	if (term && strcmp(term, "dumb") == 0)
		return false;
	return isatty(STDOUT_FILENO);
}
