/*
 * progress.c - the --progress line on a terminal's standard error.
 *
 * The reader calls back after every block it reads, so the line moves even
 * inside one huge line of input; the clock is read there and the line
 * redrawn only when a tenth of a second has passed.
 */
#include "write/progress.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define REDRAW_SECONDS 0.1

struct progress {
	struct reader *r;
	double started, drawn;
	bool final_only; /* the output shares the terminal: no line until the end */
	size_t shown;    /* the length of the line on screen, to blank its tail */
};

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void format_bytes(struct strbuf *sb, double n)
{
	static const char *const units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
	size_t u = 0;
	while (n >= 1024 && u + 1 < sizeof units / sizeof units[0]) {
		n /= 1024;
		u++;
	}
	if (u == 0)
		strbuf_addf(sb, "%.0f %s", n, units[u]);
	else
		strbuf_addf(sb, "%.1f %s", n, units[u]);
}

static void format_duration(struct strbuf *sb, double s)
{
	if (s < 60) {
		strbuf_addf(sb, "%.1fs", s);
		return;
	}
	unsigned long t = (unsigned long)(s + 0.5);
	if (t < 3600)
		strbuf_addf(sb, "%lu:%02lu", t / 60, t % 60);
	else
		strbuf_addf(sb, "%lu:%02lu:%02lu", t / 3600, t / 60 % 60, t % 60);
}

void progress_format(char *buf, size_t size, const struct reader_progress *rp, double elapsed,
                     bool done)
{
	struct strbuf sb = STRBUF_INIT;
	double rate = elapsed > 0.001 ? (double)rp->bytes / elapsed : 0;

	strbuf_addstr(&sb, "adkev: ");
	format_bytes(&sb, (double)rp->bytes);
	if (rp->total_known && !done) {
		strbuf_addstr(&sb, " of ");
		format_bytes(&sb, (double)rp->total);
		double frac = rp->total ? (double)rp->bytes / (double)rp->total : 1;
		strbuf_addf(&sb, " (%.0f%%)", frac * 100);
	}
	strbuf_addf(&sb, ", %llu event%s", rp->items, rp->items == 1 ? "" : "s");
	if (done) {
		strbuf_addstr(&sb, " in ");
		format_duration(&sb, elapsed);
	}
	if (rate > 0) {
		strbuf_addstr(&sb, done ? " (" : ", ");
		format_bytes(&sb, rate);
		strbuf_addstr(&sb, done ? "/s)" : "/s");
	}
	if (!done && rate > 0 && rp->total_known && rp->total >= rp->bytes) {
		strbuf_addstr(&sb, ", ");
		format_duration(&sb, (double)(rp->total - rp->bytes) / rate);
		strbuf_addstr(&sb, " left");
	}
	snprintf(buf, size, "%s", sb.buf);
	strbuf_release(&sb);
}

static void draw(struct progress *p, double t, bool done)
{
	char line[256];
	progress_format(line, sizeof line, reader_get_progress(p->r), t - p->started, done);
	size_t len = strlen(line);
	/* Blank what is left of a longer earlier line, without terminal escapes. */
	int pad = p->shown > len ? (int)(p->shown - len) : 0;
	fprintf(stderr, "\r%s%*s%s", line, pad, "", done ? "\n" : "");
	if (pad && !done)
		fprintf(stderr, "\r%s", line);
	fflush(stderr);
	p->shown = len;
	p->drawn = t;
}

static void tick(void *ctx)
{
	struct progress *p = ctx;
	double t = now();
	if (!p->final_only && t - p->drawn >= REDRAW_SECONDS)
		draw(p, t, false);
}

struct progress *progress_start(struct reader *r)
{
	if (!isatty(STDERR_FILENO))
		return NULL;
	struct progress *p = xcalloc(1, sizeof *p);
	p->r = r;
	p->started = p->drawn = now();
	reader_set_progress_hook(r, tick, p);
	return p;
}

struct progress *progress_start_streaming(struct reader *r)
{
	struct progress *p = progress_start(r);
	if (p)
		p->final_only = progress_on_output_terminal();
	return p;
}

bool progress_on_output_terminal(void)
{
	return isatty(STDERR_FILENO) && isatty(STDOUT_FILENO);
}

void progress_finish(struct progress *p)
{
	if (!p)
		return;
	reader_set_progress_hook(p->r, NULL, NULL);
	draw(p, now(), true);
	free(p);
}
