/*
 * chunks.c - a run in chunks (chunks.h): the chunks read on jobs threads
 * merged in input order on the calling one, each one's reports said and
 * partial result merged, a chunk read again from where one reader would
 * be when its worker's read did not start there, and a stream followed on
 * by one reader where a value ran past a chunk.
 */
#include "read/chunks_int.h"
#include "util.h"

#include <fcntl.h>
#include <malloc.h>
#include <stdlib.h>
#include <unistd.h>

/* Where the merge is in the file being merged. */
struct merge_point {
	const struct chunk_file *file;
	unsigned long long at; /* where one reader would be: the next chunk must start here */
	unsigned long line;    /* and the line it would be on */
	bool in_array;         /* and it would be inside a top-level array (reader_stopped_in_array()) */
	bool file_read;        /* a read after the merge read the stream to its end */
};

/*
 * What c's read gave, merged at p; false when it ends the run (bad input,
 * a merge that failed).
 */
static bool take_result(struct chunks *cs, struct chunk *c, unsigned long first_line,
                        struct chunks_end *end)
{
	chunk_say_kept(c, first_line);
	end->skipped += c->skipped;
	/* As diag_status() raises it: a read error outranks a file that could not be opened. */
	if (c->status > end->status)
		end->status = c->status;
	if (c->items)
		end->merged = cs->work->merge(cs->work->ctx, c->partial);
	else
		cs->work->release(cs->work->ctx, c->partial);
	c->partial = NULL;
	if (end->merged)
		return false;
	if (c->res == READ_INVALID) {
		end->res = READ_INVALID;
		return false;
	}
	return true;
}

/* Whether a worker's read of a stream's chunk c stands, the merge being at p. */
static bool stream_read_stands(const struct chunks *cs, const struct chunk *c,
                               const struct merge_point *p)
{
	bool bad = c->res == READ_INVALID || c->report_count;
	return c->read && p->at == c->start && p->in_array == c->in_array && !c->ran_off &&
	       !(c->last && c->file->end) &&
	       !(bad && c->file->hides_damage && !(cs->how->flags & READER_SKIP_INVALID));
}

/* The index of the chunk of p's stream that holds offset at (or its last), from i on. */
static size_t chunk_at(struct chunks *cs, size_t i, unsigned long long at)
{
	pthread_mutex_lock(&cs->lock);
	for (;;) {
		chunks_wait_made(cs, i);
		struct chunk *c = cs->list[i];
		if (c->last || at < c->limit)
			break;
		i++;
	}
	pthread_mutex_unlock(&cs->lock);
	return i;
}

/* The chunks before i are merged or passed: threads may take chunks up to i's window. */
static void pass_to(struct chunks *cs, size_t i)
{
	pthread_mutex_lock(&cs->lock);
	if (cs->merged < i)
		cs->merged = i;
	pthread_cond_broadcast(&cs->changed);
	pthread_mutex_unlock(&cs->lock);
}

/*
 * Chunk i of a stream cannot be merged as a worker read it (a value ran
 * past it, it was not read, damage may lie ahead): one reader on this
 * thread reads the stream from p on, as the one reader of -j 1 would,
 * merging what it read at each chunk's end, until it stops at the start of
 * a chunk a worker read and that stands, or reads the stream to its end.
 * False when it ends the run.
 */
static bool follow_on(struct chunks *cs, size_t i, struct merge_point *p,
                      struct chunks_end *end)
{
	struct chunk kept = {0};
	pthread_mutex_lock(&cs->lock);
	struct chunk *c = cs->list[i];
	c->refs++;
	pthread_mutex_unlock(&cs->lock);
	unsigned long long base = p->at;
	unsigned long base_line = p->line;
	struct opening o = {cs, c, i, base, true, &kept, base_line, NULL};
	struct reader *r = chunk_reader(cs, &o, c->last ? 0 : c->limit - base, p->in_array, &kept);
	bool goes_on = true;
	for (;;) {
		kept.partial = chunk_fold_items(cs, r, &o, &kept);
		kept.status = reader_status(r);
		goes_on = take_result(cs, &kept, base_line, end);
		chunk_clear(cs, &kept);
		unsigned long long at;
		unsigned long line;
		bool stopped = reader_stop_point(r, &at, &line);
		p->at = base + at;
		p->line = base_line + line - 1;
		p->in_array = reader_stopped_in_array(r);
		if (!goes_on || !stopped) {
			p->file_read = goes_on;
			break;
		}
		i = chunk_at(cs, i, p->at);
		c = chunk_of(cs, i);
		pass_to(cs, i);
		if (p->at == c->start && !c->first) {
			chunks_wait_read(cs, i);
			if (stream_read_stands(cs, c, p))
				break;
		}
		reader_resume(r, c->last ? 0 : c->limit - base);
	}
	end->skipped += reader_skipped(r);
	reader_free(r);
	return goes_on;
}

/*
 * Merges chunk i, read, at point p: read again from p first when the
 * chunk before it ended elsewhere than at its start.  False when bad input
 * ends the run there.
 */
static bool merge_chunk(struct chunks *cs, size_t i, struct merge_point *p,
                        struct chunks_end *end)
{
	struct chunk *c = chunk_of(cs, i);
	if (c->first)
		*p = (struct merge_point){c->file, 0, 1, false, false};
	bool stream = c->file->in != NULL;
	if (p->file_read || (p->at >= c->limit && !(stream && c->last && c->file->end))) {
		/* A value read with the chunks before it took all of this one. */
		chunk_clear(cs, c);
		return true;
	}
	if (stream && !stream_read_stands(cs, c, p)) {
		chunk_clear(cs, c);
		end->reread++;
		return follow_on(cs, i, p, end);
	}
	if (p->at != c->start || p->in_array != c->in_array) {
		/* The chunk's read began where one reader would not be, or not as it would be. */
		chunk_clear(cs, c);
		c->start = p->at;
		c->in_array = p->in_array;
		chunk_read(cs, c);
		end->reread++;
	}
	if (!take_result(cs, c, p->line, end))
		return false;
	/*
	 * A read that did not stop at the limit read on to the file's end, or
	 * gave the rest up.  It may have passed the limit on its way: lines it
	 * gives up (--skip-invalid, --max-line) are passed over with no look at
	 * the limit, so the chunks after it hold nothing more to read.
	 */
	p->at = c->stopped || c->left_at > c->limit ? c->left_at : c->limit;
	p->in_array = c->stopped_in_array;
	p->line += c->lines;
	return true;
}

/* Lets go of chunk i once merged: its results, its bytes. */
static void let_go(struct chunks *cs, size_t i)
{
	struct chunk *c = chunk_of(cs, i);
	chunk_clear(cs, c);
	pthread_mutex_lock(&cs->lock);
	chunks_drop_from_ring(cs, c);
	pthread_mutex_unlock(&cs->lock);
}

/* The ring's depth for streams: each worker's chunk and one ahead, and the merge's. */
static size_t ring_depth(unsigned jobs)
{
	return (size_t)jobs + 2;
}

void chunks_run(struct chunk_files *f, const struct reader_options *how,
                const struct adk_reads *reads, unsigned jobs, const struct chunk_work *w,
                struct chunks_end *end)
{
	bool set;
	struct chunks cs = {.files = f,
	                    .how = how,
	                    .reads = reads,
	                    .work = w,
	                    .window = 4 * (size_t)jobs,
	                    .jobs = jobs,
	                    .depth = ring_depth(jobs)};
	cs.bytes = chunk_bytes(&set);
	if (!set && f->streams)
		cs.bytes = CHUNK_STREAM_BYTES;
	/*
	 * One malloc arena, as preparse.c has it: glibc's one per thread each
	 * reserve 64 MiB of address space and keep slack, and a stream's
	 * reading thread and workers must fit where -j 1 fits (ulimit -v).
	 */
	if (f->streams)
		mallopt(M_ARENA_MAX, 1);
	if (pipe2(cs.wake, O_CLOEXEC | O_NONBLOCK) != 0)
		util_out_of_memory(0);
	for (int i = 0; i < f->count; i++)
		if (f->list[i].in && f->list[i].in->may_block && f->list[i].in->ops->set_wake)
			f->list[i].in->ops->set_wake(f->list[i].in, cs.wake[0]);
	pthread_mutex_init(&cs.lock, NULL);
	pthread_cond_init(&cs.changed, NULL);
	cs.threads = xcalloc(jobs, sizeof *cs.threads);
	pthread_t reading;
	bool reading_started = chunks_start_making(&cs, &reading);
	*end = (struct chunks_end){READ_END, 0, 0, 0, 0};
	struct merge_point p = {0};
	for (size_t i = 0;; i++) {
		pthread_mutex_lock(&cs.lock);
		chunks_wait_made(&cs, i);
		bool more = i < cs.count;
		pthread_mutex_unlock(&cs.lock);
		if (!more)
			break;
		chunks_wait_read(&cs, i);
		bool goes_on = merge_chunk(&cs, i, &p, end);
		let_go(&cs, i);
		pass_to(&cs, i + 1);
		pthread_mutex_lock(&cs.lock);
		cs.stop = !goes_on;
		pthread_cond_broadcast(&cs.changed);
		pthread_mutex_unlock(&cs.lock);
		if (!goes_on)
			break;
	}
	/* Bad input may end the run while a pipe is silent: the reading thread stops. */
	chunks_wake_reading(&cs);
	if (reading_started)
		pthread_join(reading, NULL);
	pthread_mutex_lock(&cs.lock);
	cs.all_made = true;
	pthread_cond_broadcast(&cs.changed);
	pthread_mutex_unlock(&cs.lock);
	for (unsigned t = 0; t < cs.started; t++)
		pthread_join(cs.threads[t], NULL);
	for (size_t i = 0; i < cs.count; i++) {
		chunk_clear(&cs, cs.list[i]);
		chunks_drop_from_ring(&cs, cs.list[i]);
		free(cs.list[i]->bytes);
		free(cs.list[i]);
	}
	close(cs.wake[0]);
	close(cs.wake[1]);
	free(cs.threads);
	free(cs.list);
	pthread_cond_destroy(&cs.changed);
	pthread_mutex_destroy(&cs.lock);
}
