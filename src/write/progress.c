/*
 * progress.c - the --progress line on a terminal's standard error.
 *
 * The counter calls progress_tick() after every block it reads, so the line
 * moves even inside one huge line of input; the clock is read there and the
 * line redrawn only when a tenth of a second has passed.
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
	void (*count)(void *ctx, struct progress_count *out);
	void *ctx;
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

void progress_format(char *buf, size_t size, const struct progress_count *c, double elapsed,
                     bool done)
{
	struct strbuf sb = STRBUF_INIT;
	double rate = elapsed > 0.001 ? (double)c->bytes / elapsed : 0;

	strbuf_addstr(&sb, "adkev: ");
	format_bytes(&sb, (double)c->bytes);
	if (c->total_known && !done) {
		strbuf_addstr(&sb, " of ");
		format_bytes(&sb, (double)c->total);
		double frac = c->total ? (double)c->bytes / (double)c->total : 1;
		strbuf_addf(&sb, " (%.0f%%)", frac * 100);
	}
	strbuf_addf(&sb, ", %llu event%s", c->items, c->items == 1 ? "" : "s");
	if (done) {
		strbuf_addstr(&sb, " in ");
		format_duration(&sb, elapsed);
	}
	if (rate > 0) {
		strbuf_addstr(&sb, done ? " (" : ", ");
		format_bytes(&sb, rate);
		strbuf_addstr(&sb, done ? "/s)" : "/s");
	}
	if (!done && rate > 0 && c->total_known && c->total >= c->bytes) {
		strbuf_addstr(&sb, ", ");
		format_duration(&sb, (double)(c->total - c->bytes) / rate);
		strbuf_addstr(&sb, " left");
	}
	snprintf(buf, size, "%s", sb.buf);
	strbuf_release(&sb);
}

static void draw(struct progress *p, double t, bool done)
{
	char line[256];
	struct progress_count count;
	p->count(p->ctx, &count);
	progress_format(line, sizeof line, &count, t - p->started, done);
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

void progress_tick(void *progress)
{
	struct progress *p = progress;
	if (!p)
		return;
	double t = now();
	if (!p->final_only && t - p->drawn >= REDRAW_SECONDS)
		draw(p, t, false);
}

struct progress *progress_start(void (*count)(void *ctx, struct progress_count *out), void *ctx)
{
	if (!isatty(STDERR_FILENO))
		return NULL;
	struct progress *p = xcalloc(1, sizeof *p);
	p->count = count;
	p->ctx = ctx;
	p->started = p->drawn = now();
	return p;
}

struct progress *progress_start_streaming(void (*count)(void *ctx, struct progress_count *out),
                                          void *ctx)
{
	struct progress *p = progress_start(count, ctx);
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
	draw(p, now(), true);
	free(p);
}
