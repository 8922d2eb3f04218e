/*
 * fuzz_jobs.c - -j N against -j 1, on any bytes (issue 26): a run in chunks
 * must give what one thread gives, byte for byte.
 *
 * For each input, two of the commands that read in chunks (read/chunks.h),
 * picked from a hash of the input's bytes, each run at -j 1 and at -j 2 or
 * -j 3 with chunks of 1 to 4096 bytes (ADKEV_CHUNK_BYTES), over one form of
 * the input, picked the same way: the file (read where each chunk lies,
 * with pread), a gzip or a zstd copy of it and standard input (a pipe;
 * streams, read by one thread into chunks of bytes), or two operands at
 * once (the file and its gzip copy, standard input and the file).  The
 * runs must give the same standard output, standard error and exit status,
 * and partition --split the same files.  Half the inputs are read with
 * --skip-invalid, and some with a small --max-line.
 */
#include "fuzz.h"

#include "util.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdbool.h>
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

/* A command that reads in chunks, with its options. */
struct subject {
	const struct command *cmd;
	const char *options[6];
	bool split;     /* partition --split: its files are compared too */
	bool fresh_ids; /* to-a2a: an event with no id gets a random one */
};

static const struct subject subjects[] = {
    {&command_state, {NULL}, false, false},
    {&command_state, {"--key", "k", "-r", "-e", NULL}, false, false},
    {&command_stats, {NULL}, false, false},
    {&command_final, {"--full-scan", NULL}, false, false},
    {&command_final, {"--concat", "--separator", ",", "-r", NULL}, false, false},
    {&command_reasoning, {"-r", NULL}, false, false},
    {&command_trajectory, {NULL}, false, false},
    {&command_trajectory, {"--max-string", "3", "--no-state-deltas", NULL}, false, false},
    {&command_to_a2a, {NULL}, false, true},
    {&command_to_a2a, {"--a2a-version", "1.0", "--lossless", NULL}, false, true},
    {&command_partition, {NULL}, true, false},
};
#define SUBJECTS (sizeof subjects / sizeof subjects[0])

/* The forms the input is given in. */
enum form { FORM_FILE, FORM_GZIP, FORM_ZSTD, FORM_STDIN, FORM_FILE_AND_GZIP, FORM_STDIN_AND_FILE };
#define FORMS 6
static const char *const form_names[FORMS] = {"the file",
                                              "a gzip copy",
                                              "a zstd copy",
                                              "standard input",
                                              "the file, its gzip copy",
                                              "standard input, the file"};

/* What one run gave. */
struct result {
	int status;
	struct strbuf out, err, files;
};

/* How the input is read this time, chosen from its bytes. */
struct plan {
	const uint8_t *data;
	size_t size;
	enum form form;
	unsigned jobs;
	unsigned long chunk_bytes;
	bool skip_invalid;
	const char *max_line;
	const char *operands[2];
	int noperands;
};

/* A 64-bit hash of the bytes (FNV-1a, then mixed), from which every choice is made. */
static uint64_t hash_of(const uint8_t *data, size_t size)
{
	uint64_t h = 14695981039346656037ULL;
	for (size_t i = 0; i < size; i++)
		h = (h ^ data[i]) * 1099511628211ULL;
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdULL;
	h ^= h >> 33;
	return h;
}

/* The next choice out of n, taken from the hash. */
static unsigned pick(uint64_t *h, unsigned n)
{
	unsigned c = (unsigned)(*h % n);
	*h = *h / n ^ (*h << 29) ^ 0x9e3779b97f4a7c15ULL;
	return c;
}

/* The data compressed as one gzip member (or zstd frame) into slot 1; false without the library. */
static bool compressed_copy(enum form form, const uint8_t *data, size_t size, const char **path)
{
#ifndef ADKEV_NO_ZLIB
	if (form == FORM_GZIP || form == FORM_FILE_AND_GZIP) {
		z_stream z = {0};
		FUZZ_CHECK(deflateInit2(&z, 6, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY) ==
		           Z_OK);
		uLong cap = deflateBound(&z, (uLong)size);
		unsigned char *gz = xmalloc(cap);
		z.next_in = (Bytef *)data;
		z.avail_in = (uInt)size;
		z.next_out = gz;
		z.avail_out = (uInt)cap;
		FUZZ_CHECK(deflate(&z, Z_FINISH) == Z_STREAM_END);
		*path = fuzz_file(1, gz, cap - z.avail_out);
		deflateEnd(&z);
		free(gz);
		return true;
	}
#endif
#ifndef ADKEV_NO_ZSTD
	if (form == FORM_ZSTD) {
		size_t cap = ZSTD_compressBound(size);
		unsigned char *zs = xmalloc(cap);
		size_t n = ZSTD_compress(zs, cap, data, size, 1);
		FUZZ_CHECK(!ZSTD_isError(n));
		*path = fuzz_file(1, zs, n);
		free(zs);
		return true;
	}
#endif
	(void)data;
	(void)size;
	(void)path;
	(void)form;
	return false;
}

/*
 * Makes standard input a pipe that holds the data, its writing end closed,
 * so that a run reads it as it would read a pipe, whole and at once; a
 * file opened afresh where the data is more than a pipe holds.
 */
static void stdin_of(const struct plan *p, const char *file)
{
	int fds[2];
	FUZZ_CHECK(pipe(fds) == 0);
	int cap = fcntl(fds[1], F_SETPIPE_SZ, (int)(p->size > 4096 ? p->size : 4096));
	if (cap < 0 || (size_t)cap < p->size) {
		close(fds[0]);
		close(fds[1]);
		int fd = open(file, O_RDONLY);
		FUZZ_CHECK(fd >= 0 && dup2(fd, 0) == 0);
		close(fd);
		return;
	}
	size_t done = 0;
	while (done < p->size) {
		ssize_t n = write(fds[1], p->data + done, p->size - done);
		FUZZ_CHECK(n > 0);
		done += (size_t)n;
	}
	close(fds[1]);
	FUZZ_CHECK(dup2(fds[0], 0) == 0);
	close(fds[0]);
}

/* The operands of p's form, in p->operands; false where this adkev cannot make the form. */
static bool operands_of(struct plan *p, const char *file)
{
	switch (p->form) {
	case FORM_FILE:
		p->operands[0] = file;
		p->noperands = 1;
		return true;
	case FORM_GZIP:
	case FORM_ZSTD:
		p->noperands = 1;
		return compressed_copy(p->form, p->data, p->size, &p->operands[0]);
	case FORM_STDIN:
		p->noperands = 0;
		return true;
	case FORM_FILE_AND_GZIP:
		p->operands[0] = file;
		p->noperands = 2;
		return compressed_copy(p->form, p->data, p->size, &p->operands[1]);
	case FORM_STDIN_AND_FILE:
		p->operands[0] = "-";
		p->operands[1] = file;
		p->noperands = 2;
		return true;
	}
	return false;
}

/* Appends dir's files, by name, each as its name, its size and its bytes, and removes them. */
static void take_files(const char *dir, struct strbuf *sb)
{
	struct dirent **names;
	int n = scandir(dir, &names, NULL, alphasort);
	FUZZ_CHECK(n >= 0);
	for (int i = 0; i < n; i++) {
		const char *name = names[i]->d_name;
		if (strcmp(name, ".") != 0 && strcmp(name, "..") != 0) {
			char path[4200];
			snprintf(path, sizeof path, "%s/%s", dir, name);
			FILE *f = fopen(path, "rb");
			FUZZ_CHECK(f != NULL);
			strbuf_addf(sb, "%s\n", name);
			char buf[4096];
			size_t got;
			while ((got = fread(buf, 1, sizeof buf, f)) > 0)
				strbuf_add(sb, buf, got);
			fclose(f);
			strbuf_addch(sb, '\0');
			FUZZ_CHECK(unlink(path) == 0);
		}
		free(names[i]);
	}
	free(names);
}

/* Runs s over p's input on jobs threads into *r. */
static void run_one(const struct subject *s, const struct plan *p, const char *file, unsigned jobs,
                    struct result *r)
{
	char jobs_arg[8];
	snprintf(jobs_arg, sizeof jobs_arg, "%u", jobs);
	const char *options[16];
	int n = 0;
	options[n++] = "-j";
	options[n++] = jobs_arg;
	if (p->skip_invalid)
		options[n++] = "--skip-invalid";
	if (p->max_line) {
		options[n++] = "--max-line";
		options[n++] = p->max_line;
	}
	if (s->split) {
		options[n++] = "--split";
		options[n++] = fuzz_split_dir(NULL);
	}
	for (const char *const *o = s->options; *o; o++)
		options[n++] = *o;
	options[n] = NULL;
	if (p->form == FORM_STDIN || p->form == FORM_STDIN_AND_FILE)
		stdin_of(p, file);
	fuzz_capture_begin();
	r->status = fuzz_run(s->cmd, options, p->operands, p->noperands);
	size_t len;
	const char *text = fuzz_capture_end(&len);
	strbuf_add(&r->out, text, len);
	text = fuzz_captured_stderr(&len);
	strbuf_add(&r->err, text, len);
	if (s->split)
		take_files(fuzz_split_dir(NULL), &r->files);
}

static bool same_text(const struct strbuf *a, const struct strbuf *b)
{
	return a->len == b->len && (a->len == 0 || memcmp(a->buf, b->buf, a->len) == 0);
}

/* Says where two texts first differ, if they do, and what each has there. */
static void note_difference(const char *what, const struct strbuf *one, const struct strbuf *n)
{
	if (same_text(one, n))
		return;
	size_t i = 0;
	while (i < one->len && i < n->len && one->buf[i] == n->buf[i])
		i++;
	size_t from = i > 60 ? i - 60 : 0;
	int a = (int)((one->len - from) < 160 ? one->len - from : 160);
	int b = (int)((n->len - from) < 160 ? n->len - from : 160);
	fuzz_note("fuzz_jobs: %s differs at byte %zu (-j 1: %zu bytes, -j N: %zu)\n"
	          "  -j 1: ...%.*s\n  -j N: ...%.*s\n",
	          what, i, one->len, n->len, a, one->buf + from, b, n->buf + from);
}

/* Whether p[0..36) is a version 4 UUID as stamp_uuid() writes it. */
static bool is_uuid(const char *p)
{
	for (int i = 0; i < 36; i++) {
		bool dash = i == 8 || i == 13 || i == 18 || i == 23;
		if (dash ? p[i] != '-'
		         : !((p[i] >= '0' && p[i] <= '9') || (p[i] >= 'a' && p[i] <= 'f')))
			return false;
	}
	return p[14] == '4' && strchr("89ab", p[19]);
}

/*
 * Writes over each UUID in sb that the input does not hold: to-a2a gives
 * an event without an id a random one, different in every run, whatever
 * -j says.  An id the input holds is compared as it is.
 */
static void mask_fresh_ids(struct strbuf *sb, const uint8_t *data, size_t size)
{
	for (size_t i = 0; i + 36 <= sb->len; i++) {
		if (is_uuid(sb->buf + i) && !memmem(data, size, sb->buf + i, 36)) {
			memcpy(sb->buf + i, "xxxxxxxx-xxxx-4xxx-8xxx-xxxxxxxxxxxx", 36);
			i += 35;
		}
	}
}

/* Runs s at -j 1 and at -j N; fails unless the two runs give the same. */
static void hold_to_one(const struct subject *s, const struct plan *p, const char *file)
{
	struct result one = {0, STRBUF_INIT, STRBUF_INIT, STRBUF_INIT};
	struct result many = {0, STRBUF_INIT, STRBUF_INIT, STRBUF_INIT};
	run_one(s, p, file, 1, &one);
	run_one(s, p, file, p->jobs, &many);
	if (s->fresh_ids) {
		mask_fresh_ids(&one.out, p->data, p->size);
		mask_fresh_ids(&many.out, p->data, p->size);
	}
	bool same = one.status == many.status && same_text(&one.out, &many.out) &&
	            same_text(&one.err, &many.err) && same_text(&one.files, &many.files);
	if (!same) {
		fuzz_note("fuzz_jobs: adkev %s", s->cmd->name);
		for (const char *const *o = s->options; *o; o++)
			fuzz_note(" %s", *o);
		fuzz_note("%s%s%s over %s: -j 1 and -j %u with ADKEV_CHUNK_BYTES=%lu differ;"
		          " status %d and %d\n",
		          p->skip_invalid ? " --skip-invalid" : "",
		          p->max_line ? " --max-line " : "", p->max_line ? p->max_line : "",
		          form_names[p->form], p->jobs, p->chunk_bytes, one.status, many.status);
		note_difference("standard output", &one.out, &many.out);
		note_difference("standard error", &one.err, &many.err);
		note_difference("--split's files", &one.files, &many.files);
	}
	FUZZ_CHECK(same);
	struct strbuf *all[] = {&one.out, &one.err, &one.files, &many.out, &many.err, &many.files};
	for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
		strbuf_release(all[i]);
}

/* What the hash of the input chooses: the form, the threads, the chunk size, the options. */
static struct plan plan_of(const uint8_t *data, size_t size, uint64_t *h)
{
	static const char *const max_lines[] = {"1", "16", "100", "1K"};
	static const unsigned long chunk_ranges[] = {8, 64, 512, 4096};
	struct plan p = {.data = data, .size = size};
	p.form = (enum form)pick(h, FORMS);
	p.jobs = 2 + pick(h, 2);
	p.chunk_bytes = 1 + pick(h, (unsigned)chunk_ranges[pick(h, 4)]);
	p.skip_invalid = pick(h, 2);
	p.max_line = pick(h, 8) == 0 ? max_lines[pick(h, 4)] : NULL;
	return p;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint64_t h = hash_of(data, size);
	struct plan p = plan_of(data, size, &h);
	const char *file = fuzz_file(0, data, size);
	if (!operands_of(&p, file)) {
		p.form = FORM_FILE;
		operands_of(&p, file);
	}
	char bytes[24];
	snprintf(bytes, sizeof bytes, "%lu", p.chunk_bytes);
	setenv("ADKEV_CHUNK_BYTES", bytes, 1);
	unsigned first = pick(&h, SUBJECTS);
	unsigned second = (first + 1 + pick(&h, SUBJECTS - 1)) % SUBJECTS;
	hold_to_one(&subjects[first], &p, file);
	hold_to_one(&subjects[second], &p, file);
	unsetenv("ADKEV_CHUNK_BYTES");
	return 0;
}
