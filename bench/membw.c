/*
 * membw.c - adkev-membw: what this machine's memory and page cache cost per
 * byte, the figures make bench's scaling model rests on.
 *
 *   adkev-membw [-m MIB] [-t THREADS] [FILE]
 *
 * Prints one line per measure, "NAME GB/s", best of three passes:
 * read (a sum over a buffer of MIB MiB per thread, the bytes a scanner's
 * loads touch), copy (memcpy of that buffer, counted once per byte copied,
 * so the memory moves twice as much), both on one thread and on THREADS at
 * once (each on a buffer of its own); with FILE, pread (read(2) of the
 * page-cached FILE into a 1 MiB buffer, the reading stage), lines (pread
 * and memchr for every line end, the framing of line-delimited input) and
 * write (write(2) of FILE's size into an unlinked file beside it, in the
 * page cache).  GB here is 10^9 bytes.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum { PASSES = 3, BLOCK = 1 << 20 };

struct worker {
	pthread_t thread;
	unsigned char *src, *dst;
	size_t size;
	int copy;
	uint64_t sum;
};

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void die(const char *what)
{
	fprintf(stderr, "adkev-membw: %s: %s\n", what, strerror(errno));
	exit(1);
}

static void *touch(void *arg)
{
	struct worker *w = arg;
	if (w->copy) {
		memcpy(w->dst, w->src, w->size);
		return NULL;
	}
	const uint64_t *p = (const uint64_t *)w->src;
	uint64_t sum = 0;
	for (size_t i = 0; i < w->size / sizeof *p; i++)
		sum += p[i];
	w->sum = sum;
	return NULL;
}

/* The best of PASSES runs of THREADS workers at once, GB/s over all of them. */
static double memory_rate(struct worker *w, int threads, int copy)
{
	double best = 0;
	for (int pass = 0; pass < PASSES; pass++) {
		double t0 = now();
		for (int i = 0; i < threads; i++) {
			w[i].copy = copy;
			if (pthread_create(&w[i].thread, NULL, touch, &w[i]))
				die("pthread_create");
		}
		for (int i = 0; i < threads; i++)
			pthread_join(w[i].thread, NULL);
		double rate = (double)w[0].size * threads / (now() - t0) / 1e9;
		if (rate > best)
			best = rate;
	}
	return best;
}

static void memory(size_t size, int threads)
{
	struct worker *w = calloc((size_t)threads, sizeof *w);
	if (!w)
		die("calloc");
	for (int i = 0; i < threads; i++) {
		w[i].size = size;
		w[i].src = malloc(size);
		w[i].dst = malloc(size);
		if (!w[i].src || !w[i].dst)
			die("malloc");
		/* Written once, so every page is there before the clock starts. */
		memset(w[i].src, i + 1, size);
		memset(w[i].dst, 0, size);
	}
	printf("read-1 %.2f\n", memory_rate(w, 1, 0));
	printf("copy-1 %.2f\n", memory_rate(w, 1, 1));
	printf("read-%d %.2f\n", threads, memory_rate(w, threads, 0));
	printf("copy-%d %.2f\n", threads, memory_rate(w, threads, 1));
	for (int i = 0; i < threads; i++) {
		free(w[i].src);
		free(w[i].dst);
	}
	free(w);
}

/* Reads FILE through once; with LINES, finds every line end too.  Bytes read. */
static size_t read_through(const char *file, unsigned char *buf, int lines, size_t *ends)
{
	int fd = open(file, O_RDONLY);
	if (fd < 0)
		die(file);
	size_t total = 0;
	ssize_t n;
	while ((n = read(fd, buf, BLOCK)) > 0) {
		total += (size_t)n;
		for (unsigned char *p = buf; lines && (p = memchr(p, '\n', (size_t)(buf + n - p)));
		     p++)
			++*ends;
	}
	if (n < 0)
		die(file);
	close(fd);
	return total;
}

/* Writes SIZE bytes into an unlinked file next to FILE, a block at a time. */
static void write_through(const char *file, unsigned char *buf, size_t size)
{
	size_t len = strlen(file);
	char *name = malloc(len + 16);
	if (!name)
		die("malloc");
	memcpy(name, file, len);
	memcpy(name + len, ".membw.XXXXXX", 14);
	int fd = mkstemp(name);
	if (fd < 0)
		die(name);
	unlink(name);
	free(name);
	for (size_t done = 0; done < size; done += BLOCK) {
		size_t n = size - done < BLOCK ? size - done : BLOCK;
		if (write(fd, buf, n) != (ssize_t)n)
			die("write");
	}
	close(fd);
}

/* The best of PASSES passes of STAGE (0 read, 1 read and lines, 2 write). */
static double file_rate(const char *file, unsigned char *buf, int stage, size_t size)
{
	double best = 0;
	size_t ends = 0;
	for (int pass = 0; pass < PASSES; pass++) {
		double t0 = now();
		if (stage == 2)
			write_through(file, buf, size);
		else
			read_through(file, buf, stage, &ends);
		double rate = (double)size / (now() - t0) / 1e9;
		if (rate > best)
			best = rate;
	}
	return best;
}

static void files(const char *file)
{
	unsigned char *buf = malloc(BLOCK);
	if (!buf)
		die("malloc");
	memset(buf, 'x', BLOCK);
	size_t ends = 0;
	size_t size = read_through(file, buf, 0, &ends); /* into the page cache */
	printf("pread %.2f\n", file_rate(file, buf, 0, size));
	printf("lines %.2f\n", file_rate(file, buf, 1, size));
	printf("write %.2f\n", file_rate(file, buf, 2, size));
	free(buf);
}

int main(int argc, char *argv[])
{
	long mib = 1024, threads = sysconf(_SC_NPROCESSORS_ONLN);
	int c;
	while ((c = getopt(argc, argv, "m:t:")) != -1) {
		switch (c) {
		case 'm':
			mib = strtol(optarg, NULL, 10);
			break;
		case 't':
			threads = strtol(optarg, NULL, 10);
			break;
		default:
			fputs("usage: adkev-membw [-m MIB] [-t THREADS] [FILE]\n", stderr);
			return 64;
		}
	}
	if (mib < 1 || threads < 1) {
		fputs("adkev-membw: -m and -t take a positive number\n", stderr);
		return 64;
	}
	memory((size_t)mib << 20, (int)threads);
	if (optind < argc)
		files(argv[optind]);
	return 0;
}
