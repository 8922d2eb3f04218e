/*
 * trajectory.c - tool calls paired with their results, state deltas, token
 * usage summed per model call, the answer and the error of a run.
 *
 * A trajectory is held one of two ways.  In memory (trajectory_json(), for
 * partition --trajectories and --per-invocation), pieces of events (call
 * arguments, responses, deltas) are kept by reference while the stream is
 * read; redaction and truncation make new values only when the trajectory
 * is asked for, so that a result that arrives late is cut and hidden like
 * any other.  Spooled (trajectory_spool(), for the one result of adkev
 * trajectory), each piece is redacted, cut and printed as soon as it is
 * known, at the indentation it will have in the result, and appended to an
 * unlinked temporary file; an index file keeps where each call's text and
 * latest result lie, and trajectory_write() splices those spans into the
 * object its JSON writer frames, so the bytes are those of the in-memory
 * result.
 * The tables that pair responses by id and count token usage once per
 * model call move to files too when they grow, so memory stays constant.
 */
#include "adk/trajectory.h"
#include "adk/answer.h"
#include "adk/event.h"
#include "adk/redact.h"
#include "util.h"
#include "write/json.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

void trajectory_config_init(struct trajectory_config *c)
{
	*c = (struct trajectory_config){
	    .tool_calls = true,
	    .state_deltas = true,
	    .token_usage = true,
	    .redact = true,
	    .redact_exact = false,
	    .redact_words = NULL,
	    .nredact_words = 0,
	    .max_string = 10000,
	};
}

void trajectory_config_release(struct trajectory_config *c)
{
	free(c->redact_words);
	c->redact_words = NULL;
	c->nredact_words = 0;
}

bool trajectory_option(struct trajectory_config *c, int opt, const char *arg, bool *bad)
{
	switch (opt) {
	case OPT_TRAJECTORY_NO_REDACT:
		c->redact = false;
		break;
	case OPT_TRAJECTORY_REDACT_KEY: {
		/* A word with nothing left after normalising would hide every key. */
		char *norm = redact_normalise(arg, strlen(arg));
		bool empty = !*norm;
		free(norm);
		if (empty) {
			*bad = true;
			break;
		}
		c->redact_words =
		    xrealloc(c->redact_words, (c->nredact_words + 1) * sizeof *c->redact_words);
		c->redact_words[c->nredact_words++] = arg;
		break;
	}
	case OPT_TRAJECTORY_REDACT_EXACT:
		c->redact_exact = true;
		break;
	case OPT_TRAJECTORY_MAX_STRING:
		if (!parse_long(arg, 0, &c->max_string))
			*bad = true;
		break;
	case OPT_TRAJECTORY_NO_TRUNCATE:
		c->max_string = -1;
		break;
	case OPT_TRAJECTORY_NO_TOOL_CALLS:
		c->tool_calls = false;
		break;
	case OPT_TRAJECTORY_NO_STATE_DELTAS:
		c->state_deltas = false;
		break;
	case OPT_TRAJECTORY_NO_TOKEN_USAGE:
		c->token_usage = false;
		break;
	default:
		return false;
	}
	return true;
}

/* Hashing, for the token-usage table and the tool-call ids of a spooled trajectory. */

static uint64_t mix64(uint64_t x)
{
	x ^= x >> 30;
	x *= 0xbf58476d1ce4e5b9u;
	x ^= x >> 27;
	x *= 0x94d049bb133111ebu;
	return x ^ (x >> 31);
}

/*
 * The run's seed.  Input decides what is hashed, so a fixed function would
 * let a crafted stream pick colliding ids (each costing a read of the
 * temporary file) or, for token usage, equal hashes of unequal values; with
 * a seed drawn per run it cannot aim at a collision.
 */
static uint64_t hash_seed(void)
{
	static uint64_t seed;
	static bool drawn;
	if (!drawn) {
		if (getrandom(&seed, sizeof seed, GRND_NONBLOCK) != (ssize_t)sizeof seed)
			seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32) ^
			       (uint64_t)(uintptr_t)&seed;
		drawn = true;
	}
	return seed;
}

static uint64_t hash_bytes(const void *data, size_t len)
{
	const unsigned char *p = data;
	uint64_t h = hash_seed() ^ mix64(len + 0x9e3779b97f4a7c15u);
	uint64_t w;
	for (; len >= 8; p += 8, len -= 8) {
		memcpy(&w, p, 8);
		h = mix64(h ^ w) + 0x9e3779b97f4a7c15u;
	}
	w = 0;
	memcpy(&w, p, len);
	return mix64(h ^ w ^ ((uint64_t)len << 56));
}

/*
 * The open-addressing tables below are filled up to nine tenths and grow by
 * half, so that they cost little over their entries: a slot's home is its
 * hash scaled to the table, then the next free slot on.
 */
#define TABLE_FULL(n, cap) (10 * ((n) + 1) > 9 * (cap))
#define TABLE_GROWN(cap)   ((cap) ? (cap) + (cap) / 2 : 64)

static size_t table_home(uint32_t h, size_t cap)
{
	return (size_t)(((uint64_t)h * cap) >> 32);
}

static size_t table_next(size_t i, size_t cap)
{
	return i + 1 == cap ? 0 : i + 1;
}

/* Temporary files. */

static const char *temp_dir(void)
{
	const char *dir = getenv("TMPDIR");
	return dir && *dir ? dir : "/tmp";
}

/* Reports the first failure of a temporary file into *status; later ones follow from it. */
static void temp_fail(int *status, int code, int errnum, const char *what)
{
	if (*status)
		return;
	*status = code;
	warn_errno(errnum, "trajectory: %s a temporary file in '%s'", what, temp_dir());
}

/* An unlinked temporary file open for reading and writing, or -1 after reporting why. */
static int temp_open(int *status)
{
	struct strbuf path = STRBUF_INIT;
	const char *dir = temp_dir();
	strbuf_addf(&path, "%s%sadkev-XXXXXX", dir, dir[strlen(dir) - 1] == '/' ? "" : "/");
	int fd = mkostemp(path.buf, O_CLOEXEC);
	if (fd < 0)
		temp_fail(status, EXIT_OSERR, errno, "cannot create");
	else
		unlink(path.buf); /* the file lives as long as the descriptor */
	strbuf_release(&path);
	return fd;
}

/* pread() or pwrite() of all len bytes at offset at; false (reported) on failure. */
static bool temp_io(int *status, bool writing, int fd, void *p, size_t len, uint64_t at)
{
	char *b = p;
	while (len) {
		ssize_t n = writing ? pwrite(fd, b, len, (off_t)at) : pread(fd, b, len, (off_t)at);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			temp_fail(status, EXIT_IOERR, n < 0 ? errno : EIO,
			          writing ? "cannot write to" : "cannot read");
			return false;
		}
		b += n;
		at += (uint64_t)n;
		len -= (size_t)n;
	}
	return true;
}

/* Token usage. */

/*
 * Each author and invocation keeps the 64-bit hash of its last usage object
 * under the 64-bit hash of "<author length>:<author><invocation>", 16 bytes
 * however long the ids and the object are.  A collision can only make two
 * different usages look alike (one model call not counted) or two authors
 * or invocations share an entry; with seeded 64-bit hashes and n entries
 * that happens with a chance near n * n / 2^65, 10^-9 for a hundred
 * thousand invocations, which counts of tokens can bear.
 */
struct usage_seen {
	uint64_t key; /* 0: a free slot */
	uint64_t usage;
};

void usage_total_init(struct usage_total *u)
{
	*u = (struct usage_total){0};
	u->scratch = (struct strbuf)STRBUF_INIT;
	u->fd = -1;
}

void usage_total_spill(struct usage_total *u, size_t after, int *status)
{
	u->spill_after = after;
	u->status = status;
}

static void add_count(long long *sum, const json_t *usage, enum adk_field field, bool *seen)
{
	json_t *v = adk_get(usage, field);
	long long n;
	if (json_is_integer(v))
		n = (long long)json_integer_value(v);
	else if (json_is_real(v) && json_real_value(v) >= (double)INT64_MIN &&
	         json_real_value(v) < (double)INT64_MAX)
		n = (long long)json_real_value(v);
	else
		return; /* missing or not a number: adds 0 */
	if (seen)
		*seen = true;
	/* Saturate rather than overflow on absurd counts. */
	if (__builtin_add_overflow(*sum, n, sum))
		*sum = n > 0 ? INT64_MAX : INT64_MIN;
}

static void add_u64(struct strbuf *sb, uint64_t n)
{
	strbuf_add(sb, &n, sizeof n);
}

struct key_ref {
	const char *key;
	size_t len;
	const json_t *value;
};

static int key_ref_cmp(const void *a, const void *b)
{
	const struct key_ref *x = a, *y = b;
	int c = memcmp(x->key, y->key, x->len < y->len ? x->len : y->len);
	return c ? c : (x->len > y->len) - (x->len < y->len);
}

/*
 * Appends an encoding of v that two values share exactly when they are
 * equal JSON with members in any order (integers and reals apart, as
 * their texts are): a type letter, lengths before bytes, members sorted.
 */
static void encode_canonical(struct strbuf *sb, const json_t *v)
{
	switch (json_typeof(v)) {
	case JSON_OBJECT: {
		size_t n = json_object_size(v), i = 0;
		struct key_ref few[16], *keys = n <= 16 ? few : xmalloc(n * sizeof *keys);
		const char *key;
		size_t key_len;
		json_t *member;
		json_object_keylen_foreach((json_t *)v, key, key_len, member)
		{
			keys[i++] = (struct key_ref){key, key_len, member};
		}
		qsort(keys, n, sizeof *keys, key_ref_cmp);
		strbuf_addch(sb, 'o');
		add_u64(sb, n);
		for (i = 0; i < n; i++) {
			add_u64(sb, keys[i].len);
			strbuf_add(sb, keys[i].key, keys[i].len);
			encode_canonical(sb, keys[i].value);
		}
		if (keys != few)
			free(keys);
		break;
	}
	case JSON_ARRAY: {
		size_t i;
		json_t *e;
		strbuf_addch(sb, 'a');
		add_u64(sb, json_array_size(v));
		json_array_foreach(v, i, e) encode_canonical(sb, e);
		break;
	}
	case JSON_STRING:
		strbuf_addch(sb, 's');
		add_u64(sb, json_string_length(v));
		strbuf_add(sb, json_string_value(v), json_string_length(v));
		break;
	case JSON_INTEGER:
		strbuf_addch(sb, 'i');
		add_u64(sb, (uint64_t)json_integer_value(v));
		break;
	case JSON_REAL: {
		double d = json_real_value(v);
		uint64_t bits;
		memcpy(&bits, &d, sizeof bits);
		strbuf_addch(sb, 'r');
		add_u64(sb, bits);
		break;
	}
	case JSON_TRUE:
		strbuf_addch(sb, 't');
		break;
	case JSON_FALSE:
		strbuf_addch(sb, 'f');
		break;
	default:
		strbuf_addch(sb, 'n');
	}
}

/* The slot of key: its own, or the free one it would take. */
static struct usage_seen *usage_slot(struct usage_seen *table, size_t cap, uint64_t key)
{
	for (size_t i = table_home((uint32_t)(key >> 32), cap);; i = table_next(i, cap))
		if (table[i].key == key || table[i].key == 0)
			return &table[i];
}

/*
 * The table in a file: the same slots, filled up to half, so a probe
 * mostly ends within the first few slots read.
 */
#define FILE_PROBE 16

/* Where key is or would go in the file table fd of cap slots; false after a failed read. */
static bool file_slot(struct usage_total *u, int fd, size_t cap, uint64_t key, size_t *at,
                      struct usage_seen *entry)
{
	struct usage_seen block[FILE_PROBE];
	size_t i = table_home((uint32_t)(key >> 32), cap);
	for (;;) {
		size_t n = cap - i < FILE_PROBE ? cap - i : FILE_PROBE;
		if (!temp_io(u->status, false, fd, block, n * sizeof *block, i * sizeof *block))
			return false;
		for (size_t j = 0; j < n; j++) {
			if (block[j].key == key || block[j].key == 0) {
				*at = i + j;
				*entry = block[j];
				return true;
			}
		}
		i = i + n == cap ? 0 : i + n;
	}
}

static bool file_put(struct usage_total *u, int fd, size_t at, struct usage_seen entry)
{
	return temp_io(u->status, true, fd, &entry, sizeof entry, at * sizeof entry);
}

/* Moves the table, from memory or from the file, to a new file of twice its entries' room. */
static bool file_grow(struct usage_total *u)
{
	size_t cap = 4 * (u->nlast + 1), at;
	struct usage_seen entry, block[256];
	int fd = temp_open(u->status);
	if (fd < 0)
		return false;
	bool ok = ftruncate(fd, (off_t)(cap * sizeof entry)) == 0;
	if (!ok)
		temp_fail(u->status, EXIT_IOERR, errno, "cannot write to");
	if (u->fd < 0) {
		for (size_t i = 0; ok && i < u->cap; i++)
			if (u->last[i].key)
				ok = file_slot(u, fd, cap, u->last[i].key, &at, &entry) &&
				     file_put(u, fd, at, u->last[i]);
		free(u->last);
		u->last = NULL;
		u->cap = 0;
	}
	for (size_t i = 0; ok && u->fd >= 0 && i < u->fd_cap; i += 256) {
		size_t n = u->fd_cap - i < 256 ? u->fd_cap - i : 256;
		ok = temp_io(u->status, false, u->fd, block, n * sizeof entry, i * sizeof entry);
		for (size_t j = 0; ok && j < n; j++)
			if (block[j].key)
				ok = file_slot(u, fd, cap, block[j].key, &at, &entry) &&
				     file_put(u, fd, at, block[j]);
	}
	if (u->fd >= 0)
		close(u->fd);
	u->fd = fd;
	u->fd_cap = cap;
	return ok;
}

/* usage_seen_again() once the table is in a file. */
static bool file_seen_again(struct usage_total *u, uint64_t key, uint64_t usage)
{
	size_t at;
	struct usage_seen entry;
	if (*u->status)
		return false; /* no result will be written */
	if ((u->fd < 0 || 2 * (u->nlast + 1) > u->fd_cap) && !file_grow(u))
		return false;
	if (!file_slot(u, u->fd, u->fd_cap, key, &at, &entry))
		return false;
	bool repeat = entry.key == key && entry.usage == usage;
	if (!entry.key)
		u->nlast++;
	file_put(u, u->fd, at, (struct usage_seen){key, usage});
	return repeat;
}

/* Records the usage hash of key; returns whether it equals the one recorded before. */
static bool usage_seen_again(struct usage_total *u, uint64_t key, uint64_t usage)
{
	if (!key)
		key = 1; /* 0 marks a free slot */
	if (u->fd >= 0 || (u->spill_after && u->nlast >= u->spill_after))
		return file_seen_again(u, key, usage);
	if (TABLE_FULL(u->nlast, u->cap)) {
		size_t cap = TABLE_GROWN(u->cap);
		struct usage_seen *table = xcalloc(cap, sizeof *table);
		for (size_t i = 0; i < u->cap; i++)
			if (u->last[i].key)
				*usage_slot(table, cap, u->last[i].key) = u->last[i];
		free(u->last);
		u->last = table;
		u->cap = cap;
	}
	struct usage_seen *slot = usage_slot(u->last, u->cap, key);
	bool repeat = slot->key == key && slot->usage == usage;
	if (!slot->key)
		u->nlast++;
	*slot = (struct usage_seen){key, usage};
	return repeat;
}

void usage_total_add(struct usage_total *u, const json_t *event)
{
	json_t *usage = adk_get(event, ADK_USAGE_METADATA);
	if (!json_is_object(usage) || event_is_partial(event))
		return;
	/* The key "<author length>:<author><invocation>" cannot be confused across pairs. */
	const char *author = event_author(event), *inv = event_invocation_id(event);
	struct strbuf *sb = &u->scratch;
	strbuf_reset(sb);
	strbuf_addf(sb, "%zu:%s%s", author ? strlen(author) : 0, author ? author : "",
	            inv ? inv : "");
	uint64_t key = hash_bytes(sb->buf, sb->len);
	strbuf_reset(sb);
	encode_canonical(sb, usage);
	if (usage_seen_again(u, key, hash_bytes(sb->buf, sb->len)))
		return;
	u->any = true;
	add_count(&u->input, usage, ADK_PROMPT_TOKEN_COUNT, NULL);
	add_count(&u->output, usage, ADK_CANDIDATES_TOKEN_COUNT, NULL);
	add_count(&u->total, usage, ADK_TOTAL_TOKEN_COUNT, NULL);
	add_count(&u->thoughts, usage, ADK_THOUGHTS_TOKEN_COUNT, &u->has_thoughts);
	add_count(&u->cached, usage, ADK_CACHED_CONTENT_TOKEN_COUNT, &u->has_cached);
}

json_t *usage_total_json(const struct usage_total *u)
{
	if (!u->any)
		return json_null();
	json_t *o = json_object();
	json_object_set_new(o, "input_tokens", json_integer(u->input));
	json_object_set_new(o, "output_tokens", json_integer(u->output));
	json_object_set_new(o, "total_tokens", json_integer(u->total));
	if (u->has_thoughts)
		json_object_set_new(o, "thoughts_tokens", json_integer(u->thoughts));
	if (u->has_cached)
		json_object_set_new(o, "cached_tokens", json_integer(u->cached));
	return o;
}

void usage_total_release(struct usage_total *u)
{
	if (u->fd >= 0)
		close(u->fd);
	u->fd = -1;
	free(u->last);
	u->last = NULL;
	u->nlast = u->cap = 0;
	strbuf_release(&u->scratch);
}

/* The trajectory. */

struct tool_call {
	json_t *id;        /* string or NULL */
	json_t *name;      /* string or NULL */
	json_t *args;      /* object, or NULL for {} */
	json_t *result;    /* NULL while unanswered */
	json_t *timestamp; /* real or NULL */
	json_t *author;    /* string or NULL */
};

/*
 * An unlinked temporary file that pieces of text are appended to and read
 * back from.  Appends gather in buf, which holds the bytes from flushed on.
 */
struct spool {
	int fd;           /* -1 until the first piece */
	uint64_t size;    /* every byte appended, the buffered ones included */
	uint64_t flushed; /* the bytes in the file */
	struct strbuf buf;
};

#define SPOOL_BUFFER (16 * 1024)

/*
 * A spooled tool call.  Its record in the calls spool is a header of three
 * lengths (its id, the text before its result, the text after) and those
 * bytes; each result is a length and its text, appended as it comes, so a
 * later result replaces an earlier one by pointing elsewhere.  Where they
 * are is itself kept in a file, the index spool: call n's call_ref at
 * offset 16 n, rewritten in place when a result comes.
 */
struct call_ref {
	uint64_t record;
	uint64_t result; /* NO_RESULT: null */
};

#define NO_RESULT   UINT64_MAX
#define CALL_HEADER (3 * sizeof(uint64_t))

static const char zeros[CALL_HEADER];

/*
 * A tool call id's entry: its hash and the latest call with that id, plus
 * one (0: a free slot).  Equal hashes are confirmed by reading the call's
 * id back, so a collision costs a read, never a wrong pairing.  The table
 * is in memory up to IDS_IN_MEMORY ids, then in a file, filled up to half
 * as token usage's is.
 */
struct id_slot {
	uint64_t hash;
	uint64_t call;
};

#define IDS_IN_MEMORY 4096

/* Texts made on a worker (trajectory_prepare()); each piece is the text of one value at one level.
 */
struct prepared_piece {
	const json_t *value;
	int level;
	size_t off, len;
};

struct prepared {
	struct strbuf text;
	struct prepared_piece *pieces;
	size_t npieces, cap;
};

struct trajectory {
	const struct trajectory_config *config;
	json_t *pending_name; /* name -> array of indexes of unanswered calls without an id */
	struct usage_total usage;
	struct answer answer;
	json_t *error; /* string or NULL */
	size_t ncalls, cap;

	/* In memory (trajectory_json()). */
	struct tool_call *calls;
	json_t *by_id;  /* call id -> index of the latest call with that id */
	json_t *deltas; /* the non-empty state deltas, by reference */

	/* Spooled (trajectory_spool()). */
	bool spooled;
	struct trajectory_prep prep;     /* the style and the redactor of the spooled texts */
	const struct prepared *prepared; /* the current event's, during trajectory_add() */
	struct id_slot *ids;
	size_t nids, ids_cap;
	int ids_fd; /* the table in a file, or -1 */
	size_t ids_fd_cap;
	struct spool calls_spool, deltas_spool, index_spool;
	size_t ndeltas;
	struct strbuf scratch;
	int status; /* the first failure of the temporary files, reported */
};

static bool equal_hashes;
static size_t ids_in_memory = IDS_IN_MEMORY;

/* Authors and invocations with token usage kept in memory by a spooled trajectory (64 KiB). */
#define USAGE_IN_MEMORY 4096

void trajectory_test_equal_hashes(bool on)
{
	equal_hashes = on;
	ids_in_memory = on ? 16 : IDS_IN_MEMORY;
}

struct trajectory *trajectory_new(const struct trajectory_config *c)
{
	struct trajectory *t = xcalloc(1, sizeof *t);
	t->config = c;
	t->by_id = json_object();
	t->pending_name = json_object();
	t->deltas = json_array();
	usage_total_init(&t->usage);
	answer_init(&t->answer, false);
	t->calls_spool.fd = t->deltas_spool.fd = t->index_spool.fd = t->ids_fd = -1;
	return t;
}

void trajectory_spool(struct trajectory *t, bool pretty)
{
	const struct trajectory_config *c = t->config;
	t->spooled = true;

	usage_total_spill(&t->usage, USAGE_IN_MEMORY, &t->status);
	trajectory_prep_init(&t->prep, c, pretty);
}

/* The spools. */

static bool spool_create(struct trajectory *t, struct spool *s)
{
	s->fd = temp_open(&t->status);
	return s->fd >= 0;
}

/* Writes p[0..len) at the end of what the file holds. */
static bool spool_write(struct trajectory *t, struct spool *s, const char *p, size_t len)
{
	if (!temp_io(&t->status, true, s->fd, (void *)p, len, s->flushed))
		return false;
	s->flushed += len;
	return true;
}

static bool spool_flush(struct trajectory *t, struct spool *s)
{
	if (t->status || s->buf.len == 0)
		return !t->status;
	if (!spool_write(t, s, s->buf.buf, s->buf.len))
		return false;
	strbuf_reset(&s->buf);
	return true;
}

/* A scratch buffer a rare large piece grew is given back rather than kept. */
static void scratch_done(struct trajectory *t)
{
	if (t->scratch.cap > SPOOL_BUFFER)
		strbuf_release(&t->scratch);
}

/* Appends p[0..len) and returns where it starts. */
static uint64_t spool_append(struct trajectory *t, struct spool *s, const char *p, size_t len)
{
	uint64_t at = s->size;
	if (t->status || (s->fd < 0 && !spool_create(t, s)))
		return at;
	s->size += len;
	if (s->buf.len + len <= SPOOL_BUFFER) {
		strbuf_add(&s->buf, p, len);
		return at;
	}
	/* A large piece goes straight to the file, not through the buffer. */
	if (spool_flush(t, s) && len > SPOOL_BUFFER / 2) {
		spool_write(t, s, p, len);
	} else if (!t->status) {
		strbuf_add(&s->buf, p, len);
	}
	return at;
}

/* Reads len bytes at offset at, from the file or the buffer. */
static bool spool_read(struct trajectory *t, struct spool *s, uint64_t at, void *dst, size_t len)
{
	char *d = dst;
	if (t->status)
		return false;
	if (at < s->flushed) {
		size_t n = s->flushed - at < len ? (size_t)(s->flushed - at) : len;
		if (!temp_io(&t->status, false, s->fd, d, n, at))
			return false;
		d += n;
		at += n;
		len -= n;
	}
	if (len)
		memcpy(d, s->buf.buf + (at - s->flushed), len);
	return true;
}

/* Rewrites len bytes at offset at, in the file or the buffer. */
static void spool_overwrite(struct trajectory *t, struct spool *s, uint64_t at, const void *src,
                            size_t len)
{
	const char *p = src;
	if (t->status)
		return;
	if (at < s->flushed) {
		size_t n = s->flushed - at < len ? (size_t)(s->flushed - at) : len;
		if (!temp_io(&t->status, true, s->fd, (void *)p, n, at))
			return;
		p += n;
		at += n;
		len -= n;
	}
	if (len)
		memcpy(s->buf.buf + (at - s->flushed), p, len);
}

static struct call_ref call_ref(struct trajectory *t, size_t n)
{
	struct call_ref r = {0, NO_RESULT};
	spool_read(t, &t->index_spool, n * sizeof r, &r, sizeof r);
	return r;
}

/* Whether the len bytes at offset at are p[0..len). */
static bool spool_equal(struct trajectory *t, struct spool *s, uint64_t at, const char *p,
                        size_t len)
{
	char chunk[512];
	while (len) {
		size_t n = len < sizeof chunk ? len : sizeof chunk;
		if (!spool_read(t, s, at, chunk, n) || memcmp(chunk, p, n) != 0)
			return false;
		at += n;
		p += n;
		len -= n;
	}
	return true;
}

static uint64_t read_u64(struct trajectory *t, struct spool *s, uint64_t at)
{
	uint64_t n = 0;
	spool_read(t, s, at, &n, sizeof n);
	return n;
}

/* Serialising pieces as they stand in the result. */

/*
 * Where the pieces stand when pretty: the result is at level 0, its lists
 * at level 1, a tool call or a state delta at level 2, a call's members at
 * level 3.  Each piece is written by a JSON writer set to its level.
 */
enum { LIST_LEVEL = 1, ITEM_LEVEL = 2, MEMBER_LEVEL = 3 };

/* A writer into sb in the style of p, for values that stand at level. */
static void writer_at(struct json_writer *w, struct strbuf *sb, const struct trajectory_prep *p,
                      int level)
{
	jw_init_buf(w, sb, p->pretty ? JW_PRETTY : 0);
	jw_set_level(w, level);
}

/* Writes v redacted and cut as p says. */
static void write_reported(struct json_writer *w, const struct trajectory_prep *p, const json_t *v)
{
	json_t *r = redact_and_truncate(p->rp, v, p->config->max_string);
	jw_value(w, r);
	json_decref(r);
}

/* Writes v, standing at level, redacted and cut: as a worker prepared it, if one did. */
static void add_reported(struct trajectory *t, struct json_writer *w, const json_t *v, int level)
{
	const struct prepared *p = t->prepared;
	for (size_t i = 0; p && i < p->npieces; i++)
		if (p->pieces[i].value == v && p->pieces[i].level == level) {
			jw_raw(w, p->text.buf + p->pieces[i].off, p->pieces[i].len);
			return;
		}
	write_reported(w, &t->prep, v);
}

/* Writes a string member's value: the string, or null for anything else. */
static void add_string_or_null(struct json_writer *w, const json_t *v)
{
	if (json_is_string(v))
		jw_string(w, json_string_value(v), json_string_length(v));
	else
		jw_null(w);
}

static void put_u64(struct strbuf *sb, size_t at, uint64_t n)
{
	memcpy(sb->buf + at, &n, sizeof n);
}

/* Tool call ids (spooled). */

static uint64_t id_hash(const char *id, size_t len)
{
	uint64_t h = equal_hashes ? 42 : hash_bytes(id, len);
	return h ? h : 1;
}

/* Whether spooled call n has the id id[0..len). */
static bool call_has_id(struct trajectory *t, size_t n, const char *id, size_t len)
{
	uint64_t record = call_ref(t, n).record;
	return read_u64(t, &t->calls_spool, record) == len &&
	       spool_equal(t, &t->calls_spool, record + CALL_HEADER, id, len);
}

/* In memory: the slot of an id, its own (*found) or the free one it would take. */
static struct id_slot *id_slot_of(struct trajectory *t, const char *id, size_t len, uint64_t h,
                                  bool *found)
{
	for (size_t i = table_home((uint32_t)(h >> 32), t->ids_cap);;
	     i = table_next(i, t->ids_cap)) {
		struct id_slot *slot = &t->ids[i];
		*found = slot->call && slot->hash == h && call_has_id(t, slot->call - 1, id, len);
		if (*found || !slot->call)
			return slot;
	}
}

static void id_table_grow(struct trajectory *t)
{
	size_t cap = TABLE_GROWN(t->ids_cap);
	struct id_slot *ids = xcalloc(cap, sizeof *ids);
	for (size_t i = 0; i < t->ids_cap; i++) {
		if (!t->ids[i].call)
			continue;
		size_t j = table_home((uint32_t)(t->ids[i].hash >> 32), cap);
		while (ids[j].call)
			j = table_next(j, cap);
		ids[j] = t->ids[i];
	}
	free(t->ids);
	t->ids = ids;
	t->ids_cap = cap;
}

/*
 * In the file fd of cap slots: where the id is (*found) or would go, with
 * that slot in *slot; an id of NULL only looks for a free slot.  False
 * after a failure.
 */
static bool id_file_slot(struct trajectory *t, int fd, size_t cap, const char *id, size_t len,
                         uint64_t h, size_t *at, struct id_slot *slot, bool *found)
{
	struct id_slot block[FILE_PROBE];
	size_t i = table_home((uint32_t)(h >> 32), cap);
	for (;;) {
		size_t n = cap - i < FILE_PROBE ? cap - i : FILE_PROBE;
		if (!temp_io(&t->status, false, fd, block, n * sizeof *block, i * sizeof *block))
			return false;
		for (size_t j = 0; j < n; j++) {
			*found = block[j].call && id && block[j].hash == h &&
			         call_has_id(t, block[j].call - 1, id, len);
			if (t->status)
				return false;
			if (*found || !block[j].call) {
				*at = i + j;
				*slot = block[j];
				return true;
			}
		}
		i = i + n == cap ? 0 : i + n;
	}
}

/* Puts a slot of another table into the file fd of cap slots. */
static bool id_file_move(struct trajectory *t, int fd, size_t cap, struct id_slot slot)
{
	size_t at;
	struct id_slot free_slot;
	bool found;
	return id_file_slot(t, fd, cap, NULL, 0, slot.hash, &at, &free_slot, &found) &&
	       temp_io(&t->status, true, fd, &slot, sizeof slot, at * sizeof slot);
}

/* Moves the id table, from memory or from its file, to a new file of twice its ids' room. */
static bool id_file_grow(struct trajectory *t)
{
	size_t cap = 4 * (t->nids + 1);
	struct id_slot block[256];
	int fd = temp_open(&t->status);
	if (fd < 0)
		return false;
	bool ok = ftruncate(fd, (off_t)(cap * sizeof *block)) == 0;
	if (!ok)
		temp_fail(&t->status, EXIT_IOERR, errno, "cannot write to");
	for (size_t i = 0; ok && i < t->ids_cap; i++)
		if (t->ids[i].call)
			ok = id_file_move(t, fd, cap, t->ids[i]);
	free(t->ids);
	t->ids = NULL;
	t->ids_cap = 0;
	for (size_t i = 0; ok && t->ids_fd >= 0 && i < t->ids_fd_cap; i += 256) {
		size_t n = t->ids_fd_cap - i < 256 ? t->ids_fd_cap - i : 256;
		ok = temp_io(&t->status, false, t->ids_fd, block, n * sizeof *block,
		             i * sizeof *block);
		for (size_t j = 0; ok && j < n; j++)
			if (block[j].call)
				ok = id_file_move(t, fd, cap, block[j]);
	}
	if (t->ids_fd >= 0)
		close(t->ids_fd);
	t->ids_fd = fd;
	t->ids_fd_cap = cap;
	return ok;
}

/* The latest spooled call with the id, if any. */
static bool spooled_call_with_id(struct trajectory *t, const char *id, size_t *n)
{
	size_t len = strlen(id), at;
	uint64_t h = id_hash(id, len);
	struct id_slot slot = {0, 0};
	bool found = false;
	if (t->ids_fd >= 0) {
		if (!id_file_slot(t, t->ids_fd, t->ids_fd_cap, id, len, h, &at, &slot, &found))
			return false;
	} else if (t->ids_cap) {
		slot = *id_slot_of(t, id, len, h, &found);
	}
	if (found)
		*n = slot.call - 1;
	return found;
}

/* Makes call n the latest with its id. */
static void set_call_of_id(struct trajectory *t, const char *id, size_t len, size_t n)
{
	uint64_t h = id_hash(id, len);
	bool found;
	if (t->ids_fd >= 0 || t->nids >= ids_in_memory) {
		size_t at;
		struct id_slot slot;
		if ((t->ids_fd < 0 || 2 * (t->nids + 1) > t->ids_fd_cap) && !id_file_grow(t))
			return;
		if (!id_file_slot(t, t->ids_fd, t->ids_fd_cap, id, len, h, &at, &slot, &found))
			return;
		if (!found)
			t->nids++;
		slot = (struct id_slot){h, (uint64_t)n + 1};
		temp_io(&t->status, true, t->ids_fd, &slot, sizeof slot, at * sizeof slot);
		return;
	}
	if (TABLE_FULL(t->nids, t->ids_cap))
		id_table_grow(t);
	struct id_slot *slot = id_slot_of(t, id, len, h, &found);
	if (!found)
		t->nids++;
	*slot = (struct id_slot){h, (uint64_t)n + 1};
}

/* Pairing. */

static json_t *ref_string(json_t *v)
{
	return json_is_string(v) ? json_incref(v) : NULL;
}

/* Queues call n, which has no id, for the next response to its name. */
static void queue_by_name(struct trajectory *t, const char *name, size_t n)
{
	json_t *queue = json_object_get(t->pending_name, name);
	if (!queue) {
		queue = json_array();
		json_object_set_new(t->pending_name, name, queue);
	}
	json_array_append_new(queue, json_integer((json_int_t)n));
}

static void keep_call(struct trajectory *t, const json_t *event, json_t *call, size_t n)
{
	struct tool_call *tc = &t->calls[n];
	json_t *args = adk_get(call, ADK_ARGS);
	double seconds;
	tc->id = ref_string(adk_get(call, ADK_ID));
	tc->name = ref_string(adk_get(call, ADK_NAME));
	tc->args = json_is_object(args) ? json_incref(args) : NULL;
	tc->result = NULL;
	tc->timestamp = event_timestamp(event, &seconds) ? json_real(seconds) : NULL;
	tc->author = ref_string(adk_get(event, ADK_AUTHOR));
	if (tc->id)
		json_object_set_new(t->by_id, json_string_value(tc->id),
		                    json_integer((json_int_t)n));
	else if (tc->name)
		queue_by_name(t, json_string_value(tc->name), n);
}

/*
 * Writes call n's record: the object the writer writes for it in
 * trajectory_json()'s value, cut where the result goes.
 */
static void spool_call(struct trajectory *t, const json_t *event, json_t *call, size_t n)
{
	struct strbuf *sb = &t->scratch;
	json_t *id = adk_get(call, ADK_ID), *name = adk_get(call, ADK_NAME);
	json_t *args = adk_get(call, ADK_ARGS);
	/* Ids pair as C strings, as they always have (up to a \u0000). */
	const char *id_text = json_is_string(id) ? json_string_value(id) : NULL;
	size_t id_len = id_text ? strlen(id_text) : 0;
	double seconds;
	struct json_writer w;

	strbuf_reset(sb);
	strbuf_add(sb, zeros, CALL_HEADER); /* the lengths, filled in below */
	strbuf_add(sb, id_text ? id_text : "", id_len);
	size_t head = sb->len;
	writer_at(&w, sb, &t->prep, ITEM_LEVEL);
	jw_object_begin(&w);
	jw_key(&w, "id");
	add_string_or_null(&w, id);
	jw_key(&w, "name");
	add_string_or_null(&w, name);
	jw_key(&w, "arguments");
	if (json_is_object(args)) {
		add_reported(t, &w, args, MEMBER_LEVEL);
	} else {
		jw_object_begin(&w);
		jw_object_end(&w);
	}
	jw_key(&w, "result");
	size_t tail = sb->len;
	jw_raw(&w, "", 0); /* the result is written apart, between head and tail */
	jw_key(&w, "timestamp");
	if (event_timestamp(event, &seconds))
		jw_real(&w, seconds);
	else
		jw_null(&w);
	jw_key(&w, "author");
	add_string_or_null(&w, adk_get(event, ADK_AUTHOR));
	jw_object_end(&w);
	put_u64(sb, 0, id_len);
	put_u64(sb, sizeof(uint64_t), tail - head);
	put_u64(sb, 2 * sizeof(uint64_t), sb->len - tail);

	struct call_ref ref = {spool_append(t, &t->calls_spool, sb->buf, sb->len), NO_RESULT};
	scratch_done(t);
	spool_append(t, &t->index_spool, (const char *)&ref, sizeof ref);
	if (id_text)
		set_call_of_id(t, id_text, id_len, n);
	else if (json_is_string(name))
		queue_by_name(t, json_string_value(name), n);
}

static void add_call(struct trajectory *t, const json_t *event, json_t *call)
{
	if (!t->spooled && t->ncalls == t->cap) {
		t->cap = t->cap ? t->cap * 2 : 16;
		t->calls = xrealloc(t->calls, t->cap * sizeof *t->calls);
	}
	size_t n = t->ncalls++;
	if (t->spooled)
		spool_call(t, event, call, n);
	else
		keep_call(t, event, call, n);
}

static void set_result(struct trajectory *t, size_t n, json_t *response)
{
	if (!t->spooled) {
		struct tool_call *tc = &t->calls[n];
		json_decref(tc->result);
		tc->result = response ? json_incref(response) : json_null();
		return;
	}
	uint64_t result = NO_RESULT;
	if (response) {
		struct strbuf *sb = &t->scratch;
		strbuf_reset(sb);
		strbuf_add(sb, zeros, sizeof(uint64_t)); /* the length, filled in below */
		struct json_writer w;
		writer_at(&w, sb, &t->prep, MEMBER_LEVEL);
		add_reported(t, &w, response, MEMBER_LEVEL);
		put_u64(sb, 0, sb->len - sizeof(uint64_t));
		result = spool_append(t, &t->calls_spool, sb->buf, sb->len);
		scratch_done(t);
	}
	spool_overwrite(t, &t->index_spool, n * sizeof(struct call_ref) + sizeof(uint64_t), &result,
	                sizeof result);
}

static void add_response(struct trajectory *t, json_t *fr)
{
	json_t *response = adk_get(fr, ADK_RESPONSE);
	const char *id = adk_get_string(fr, ADK_ID);
	const char *name = adk_get_string(fr, ADK_NAME);
	size_t n;
	json_t *index;
	if (id && t->spooled && spooled_call_with_id(t, id, &n)) {
		/* The last response wins: a long-running tool answers "pending" first. */
		set_result(t, n, response);
		return;
	}
	if (id && !t->spooled && (index = json_object_get(t->by_id, id))) {
		set_result(t, (size_t)json_integer_value(index), response);
		return;
	}
	json_t *queue = name ? json_object_get(t->pending_name, name) : NULL;
	if (queue && json_array_size(queue) > 0) {
		set_result(t, (size_t)json_integer_value(json_array_get(queue, 0)), response);
		json_array_remove(queue, 0);
	}
}

static void add_delta(struct trajectory *t, json_t *delta)
{
	if (!t->spooled) {
		json_array_append(t->deltas, delta);
		return;
	}
	/* The deltas spool holds each delta's text after its length; the writer adds separators. */
	struct strbuf *sb = &t->scratch;
	struct json_writer w;
	strbuf_reset(sb);
	strbuf_add(sb, zeros, sizeof(uint64_t)); /* the length, filled in below */
	writer_at(&w, sb, &t->prep, ITEM_LEVEL);
	add_reported(t, &w, delta, ITEM_LEVEL);
	put_u64(sb, 0, sb->len - sizeof(uint64_t));
	t->ndeltas++;
	spool_append(t, &t->deltas_spool, sb->buf, sb->len);
	scratch_done(t);
}

static void set_error_from_event(struct trajectory *t, const json_t *event)
{
	json_t *code = adk_get(event, ADK_ERROR_CODE);
	const char *message = adk_get_string(event, ADK_ERROR_MESSAGE);
	struct strbuf sb = STRBUF_INIT;
	struct json_writer w;
	/* A code may be a number (HTTP status) in some writers; it is written as JSON would. */
	jw_init_buf(&w, &sb, 0);
	if (json_is_string(code))
		strbuf_add(&sb, json_string_value(code), json_string_length(code));
	else if (json_is_number(code))
		jw_value(&w, code);
	if (message && *message) {
		if (sb.len)
			strbuf_add(&sb, ": ", 2);
		strbuf_addstr(&sb, message);
	}
	if (sb.len) {
		json_decref(t->error);
		t->error = json_stringn_nocheck(sb.buf, sb.len);
	}
	strbuf_release(&sb);
}

static void add_item(struct trajectory *t, const struct reader_item *item);

void trajectory_add(struct trajectory *t, const struct reader_item *item)
{
	t->prepared = t->spooled ? item->mapped : NULL;
	add_item(t, item);
	t->prepared = NULL;
}

static void add_item(struct trajectory *t, const struct reader_item *item)
{
	const struct trajectory_config *c = t->config;
	const json_t *event = item->value;
	if (item->kind == VALUE_STREAM_ERROR) {
		const char *text = stream_error_text(event);
		if (text) {
			json_decref(t->error);
			t->error = json_string_nocheck(text);
		}
		return;
	}
	if (item->kind != VALUE_EVENT)
		return;
	answer_add(&t->answer, event);
	set_error_from_event(t, event);
	if (event_is_partial(event))
		return;
	/* A spooled trajectory leaves out at once what its result leaves out. */
	if (!t->spooled || c->token_usage)
		usage_total_add(&t->usage, event);
	json_t *delta = adk_get(adk_get(event, ADK_ACTIONS), ADK_STATE_DELTA);
	if (json_is_object(delta) && json_object_size(delta) > 0 &&
	    (!t->spooled || c->state_deltas))
		add_delta(t, delta);
	/* Once a temporary file failed there is no result to build. */
	if (t->spooled && (!c->tool_calls || t->status))
		return;
	json_t *parts = event_parts(event);
	size_t i;
	json_t *part;
	json_array_foreach(parts, i, part)
	{
		json_t *call = adk_get(part, ADK_FUNCTION_CALL);
		json_t *fr = adk_get(part, ADK_FUNCTION_RESPONSE);
		if (json_is_object(call))
			add_call(t, event, call);
		if (json_is_object(fr))
			add_response(t, fr);
	}
}

/* The result. */

/* A value reported from inside a trajectory: redacted, then cut, as configured. */
static json_t *reported(const struct redactor *r, const struct trajectory_config *c,
                        const json_t *v)
{
	return redact_and_truncate(r, v, c->max_string);
}

static json_t *or_null(json_t *v)
{
	return v ? json_incref(v) : json_null();
}

json_t *trajectory_json(struct trajectory *t)
{
	const struct trajectory_config *c = t->config;
	if (t->spooled) {
		/* Read back from what would be written: the same value, but held whole. */
		struct strbuf sb = STRBUF_INIT;
		struct json_writer w;
		json_t *v = NULL;
		writer_at(&w, &sb, &t->prep, 0);
		if (trajectory_write(t, &w) == 0)
			v = json_loadb(sb.buf, sb.len, JSON_DECODE_ANY | JSON_ALLOW_NUL, NULL);
		strbuf_release(&sb);
		return v;
	}
	struct redactor r;
	const struct redactor *rp = NULL;
	if (c->redact) {
		redactor_init(&r, c->redact_exact, c->redact_words, c->nredact_words);
		rp = &r;
	}
	json_t *calls = json_array();
	for (size_t i = 0; c->tool_calls && i < t->ncalls; i++) {
		const struct tool_call *tc = &t->calls[i];
		json_t *rec = json_object();
		json_object_set_new(rec, "id", or_null(tc->id));
		json_object_set_new(rec, "name", or_null(tc->name));
		json_object_set_new(rec, "arguments",
		                    tc->args ? reported(rp, c, tc->args) : json_object());
		json_object_set_new(rec, "result",
		                    tc->result ? reported(rp, c, tc->result) : json_null());
		json_object_set_new(rec, "timestamp", or_null(tc->timestamp));
		json_object_set_new(rec, "author", or_null(tc->author));
		json_array_append_new(calls, rec);
	}
	json_t *deltas = json_array();
	size_t i;
	json_t *delta;
	json_array_foreach(c->state_deltas ? t->deltas : NULL, i, delta)
	    json_array_append_new(deltas, reported(rp, c, delta));

	json_t *o = json_object();
	json_object_set_new(o, "tool_calls", calls);
	json_object_set_new(o, "state_deltas", deltas);
	json_object_set_new(o, "token_usage",
	                    c->token_usage ? usage_total_json(&t->usage) : json_null());
	json_object_set_new(o, "final_output", answer_json(&t->answer));
	json_object_set_new(o, "error", or_null(t->error));
	if (rp)
		redactor_release(&r);
	return o;
}

/* Splices len bytes of s from offset at into w's value, through chunk (SPOOL_BUFFER bytes). */
static void copy_span(struct trajectory *t, struct spool *s, uint64_t at, uint64_t len, char *chunk,
                      struct json_writer *w)
{
	while (len && !jw_failed(w) && !t->status) {
		size_t n = len < SPOOL_BUFFER ? (size_t)len : SPOOL_BUFFER;
		if (!spool_read(t, s, at, chunk, n))
			return;
		jw_raw_piece(w, chunk, n);
		at += n;
		len -= n;
	}
}

/* The tool calls: each call's text around its latest result. */
static void write_calls(struct trajectory *t, char *chunk, struct json_writer *w)
{
	struct spool *s = &t->calls_spool;
	struct call_ref refs[256];
	for (size_t i = 0; i < t->ncalls && !jw_failed(w) && !t->status; i++) {
		size_t in_refs = i % 256;
		if (!in_refs) {
			size_t n = t->ncalls - i < 256 ? t->ncalls - i : 256;
			if (!spool_read(t, &t->index_spool, i * sizeof *refs, refs,
			                n * sizeof *refs))
				return;
		}
		uint64_t record = refs[in_refs].record, result = refs[in_refs].result;
		uint64_t len[3];
		if (!spool_read(t, s, record, len, sizeof len))
			return;
		uint64_t head = record + CALL_HEADER + len[0];
		jw_raw_begin(w);
		copy_span(t, s, head, len[1], chunk, w);
		if (result == NO_RESULT)
			jw_raw_piece(w, "null", 4);
		else
			copy_span(t, s, result + sizeof(uint64_t), read_u64(t, s, result), chunk,
			          w);
		copy_span(t, s, head + len[1], len[2], chunk, w);
		jw_raw_end(w);
	}
}

/* The state deltas: each one's text, after its length in the spool. */
static void write_deltas(struct trajectory *t, char *chunk, struct json_writer *w)
{
	struct spool *s = &t->deltas_spool;
	uint64_t at = 0;
	for (size_t i = 0; i < t->ndeltas && !jw_failed(w) && !t->status; i++) {
		uint64_t len = read_u64(t, s, at);
		jw_raw_begin(w);
		copy_span(t, s, at + sizeof len, len, chunk, w);
		jw_raw_end(w);
		at += sizeof len + len;
	}
}

int trajectory_write(struct trajectory *t, struct json_writer *w)
{
	const struct trajectory_config *c = t->config;
	if (t->status)
		return t->status;
	char *chunk = xmalloc(SPOOL_BUFFER);

	jw_object_begin(w);
	jw_key(w, "tool_calls");
	jw_array_begin(w);
	write_calls(t, chunk, w);
	/* A temporary file that failed to read back ends the output there. */
	if (!t->status) {
		jw_array_end(w);
		jw_key(w, "state_deltas");
		jw_array_begin(w);
		write_deltas(t, chunk, w);
	}
	free(chunk);
	if (t->status)
		return t->status;
	jw_array_end(w);

	json_t *usage = c->token_usage ? usage_total_json(&t->usage) : json_null();
	json_t *answer = answer_json(&t->answer);
	jw_key(w, "token_usage");
	jw_value(w, usage);
	jw_key(w, "final_output");
	jw_value(w, answer);
	jw_key(w, "error");
	add_string_or_null(w, t->error);
	jw_object_end(w);
	json_decref(usage);
	json_decref(answer);
	return t->status;
}

static void spool_release(struct spool *s)
{
	if (s->fd >= 0)
		close(s->fd);
	s->fd = -1;
	strbuf_release(&s->buf);
}

void trajectory_free(struct trajectory *t)
{
	if (!t)
		return;
	for (size_t i = 0; !t->spooled && i < t->ncalls; i++) {
		struct tool_call *tc = &t->calls[i];
		json_decref(tc->id);
		json_decref(tc->name);
		json_decref(tc->args);
		json_decref(tc->result);
		json_decref(tc->timestamp);
		json_decref(tc->author);
	}
	free(t->calls);
	free(t->ids);
	if (t->ids_fd >= 0)
		close(t->ids_fd);
	spool_release(&t->calls_spool);
	spool_release(&t->deltas_spool);
	spool_release(&t->index_spool);
	strbuf_release(&t->scratch);
	if (t->spooled)
		trajectory_prep_release(&t->prep);
	json_decref(t->by_id);
	json_decref(t->pending_name);
	json_decref(t->deltas);
	usage_total_release(&t->usage);
	answer_release(&t->answer);
	json_decref(t->error);
	free(t);
}

void trajectory_prep_init(struct trajectory_prep *p, const struct trajectory_config *c, bool pretty)
{
	memset(p, 0, sizeof *p);
	p->config = c;
	p->pretty = pretty;
	if (c->redact) {
		redactor_init(&p->redactor, c->redact_exact, c->redact_words, c->nredact_words);
		p->rp = &p->redactor;
	}
}

void trajectory_prep_release(struct trajectory_prep *p)
{
	if (p->rp)
		redactor_release(&p->redactor);
}

static void prepare_piece(struct prepared **out, const struct trajectory_prep *p, const json_t *v,
                          int level)
{
	struct prepared *pr = *out;
	if (!pr) {
		pr = *out = xcalloc(1, sizeof *pr);
		pr->text = (struct strbuf)STRBUF_INIT;
	}
	if (pr->npieces == pr->cap) {
		pr->cap = pr->cap ? pr->cap * 2 : 4;
		pr->pieces = xrealloc(pr->pieces, pr->cap * sizeof *pr->pieces);
	}
	size_t off = pr->text.len;
	struct json_writer w;
	writer_at(&w, &pr->text, p, level);
	write_reported(&w, p, v);
	pr->pieces[pr->npieces++] = (struct prepared_piece){v, level, off, pr->text.len - off};
}

/*
 * The values add_item() reports for a spooled trajectory, found the way it
 * finds them; a response is prepared even if no call claims it.
 */
void *trajectory_prepare(const json_t *value, struct trajectory_prep *p)
{
	const struct trajectory_config *c = p->config;
	struct prepared *pr = NULL;
	if (value_kind(value) != VALUE_EVENT || event_is_partial(value))
		return NULL;
	json_t *delta = adk_get(adk_get(value, ADK_ACTIONS), ADK_STATE_DELTA);
	if (c->state_deltas && json_is_object(delta) && json_object_size(delta) > 0)
		prepare_piece(&pr, p, delta, ITEM_LEVEL);
	if (!c->tool_calls)
		return pr;
	json_t *parts = event_parts(value);
	size_t i;
	json_t *part;
	json_array_foreach(parts, i, part)
	{
		json_t *call = adk_get(part, ADK_FUNCTION_CALL);
		json_t *fr = adk_get(part, ADK_FUNCTION_RESPONSE);
		json_t *args = json_is_object(call) ? adk_get(call, ADK_ARGS) : NULL;
		json_t *response = json_is_object(fr) ? adk_get(fr, ADK_RESPONSE) : NULL;
		if (json_is_object(args))
			prepare_piece(&pr, p, args, MEMBER_LEVEL);
		if (response)
			prepare_piece(&pr, p, response, MEMBER_LEVEL);
	}
	return pr;
}

void trajectory_prepared_free(void *prepared)
{
	struct prepared *pr = prepared;
	strbuf_release(&pr->text);
	free(pr->pieces);
	free(pr);
}
