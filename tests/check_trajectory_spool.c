/*
 * check_trajectory_spool.c - where a trajectory is kept and how its pieces
 * join, against the one result held in memory: stores spilled to
 * temporary files (and their failures: no TMPDIR, a full disk, a sink
 * that fails), chunks replayed at every cut, texts prepared on a -j
 * worker, a result laid out deeper, ids that hash alike; and a store in a
 * file, and usage's table in one, read back.  What a trajectory holds is
 * check_trajectory.c's.
 */
#include "check_trajectory.h"

#include <signal.h>
#include <sys/resource.h>

#include "adk/store.h"
#include "adk/usage.h"
#include "read/pool.h"
#include "cmd/extract.h"

/*
 * Trajectories that spill to temporary files (adkev trajectory's one result)
 * against the ones held in memory.
 */

/* trajectory_write() into sb, compact or pretty, and its line end as adkev trajectory writes it. */
static int write_text(struct trajectory *t, struct strbuf *sb, bool pretty)
{
	struct json_writer w;
	jw_init_buf(&w, sb, pretty ? JW_PRETTY : 0);
	int status = trajectory_write(t, &w);
	if (!status)
		jw_line_end(&w);
	jw_release(&w);
	return status;
}

static void add_all(struct trajectory *t, json_t *events)
{
	size_t i;
	json_t *ev;
	json_array_foreach(events, i, ev)
	{
		struct reader_item item = {.value = ev, .kind = value_kind(ev)};
		trajectory_add(t, &item);
	}
}

/*
 * The bytes adkev trajectory writes, with in_memory bytes of each store in
 * memory (0: every store in a file from its first byte); *status is
 * trajectory_write()'s.
 */
static char *spilled_text(const struct trajectory_config *c, json_t *events, bool pretty,
                          size_t in_memory, int *status)
{
	struct strbuf sb = STRBUF_INIT;
	struct trajectory *t = trajectory_new(c);
	trajectory_layout(t, pretty, 0);
	trajectory_spill(t, in_memory);
	add_all(t, events);
	*status = write_text(t, &sb, pretty);
	trajectory_free(t);
	strbuf_addstr(&sb, ""); /* an empty output is "" too */
	return sb.buf;
}

/* The bytes output_json() writes for trajectory_json() of the same events. */
static char *in_memory_text(const struct trajectory_config *c, json_t *events, bool pretty)
{
	struct trajectory *t = trajectory_new(c);
	add_all(t, events);
	json_t *v = trajectory_json(t);
	char *text = text_of(v, pretty, true);
	json_decref(v);
	trajectory_free(t);
	return text;
}

/* Stores in files from the first byte, moving to files midway, and in memory. */
static const size_t in_memory_limits[] = {0, 200, TRAJECTORY_IN_MEMORY};

/*
 * Compact and pretty, under every limit, the written bytes equal those of
 * trajectory_json()'s value; returns the compact text with stores in files.
 */
static char *check_spooled_equals_in_memory(const struct trajectory_config *c, json_t *events)
{
	char *compact = NULL;
	for (int pretty = 0; pretty <= 1; pretty++) {
		char *memory = in_memory_text(c, events, pretty);
		for (size_t i = 0; i < sizeof in_memory_limits / sizeof *in_memory_limits; i++) {
			int status = -1;
			char *spilled =
			    spilled_text(c, events, pretty, in_memory_limits[i], &status);
			ck_assert_int_eq(status, 0);
			ck_assert_str_eq(spilled, memory);
			if (!pretty && i == 0)
				compact = spilled;
			else
				free(spilled);
		}
		free(memory);
	}
	return compact;
}

/* clang-format off */
static const char mixed_events[] = "["
	/* Calls with ids, one long-running; a delta with a secret; usage streamed twice. */
	"{\"author\":\"a\",\"invocationId\":\"i1\",\"timestamp\":1.25,"
	" \"usageMetadata\":{\"promptTokenCount\":10,\"totalTokenCount\":12},"
	" \"actions\":{\"stateDelta\":{\"api_key\":\"k\",\"note\":\"a long note here\"}},"
	" \"content\":{\"parts\":["
	CALL("\"id\":\"c1\",", "search", "{\"q\":\"weather in paris\",\"token\":\"t\"}") ","
	CALL("\"id\":\"lr\",", "approve", "{\"amount\":5.5}") "]}},"
	"{\"author\":\"a\",\"invocationId\":\"i1\",\"partial\":true,\"content\":{\"parts\":["
	CALL("\"id\":\"partial\",", "x", "{}") "]}},"
	"{\"author\":\"a\",\"invocationId\":\"i1\","
	" \"usageMetadata\":{\"totalTokenCount\":12,\"promptTokenCount\":10},"
	" \"content\":{\"parts\":["
	RESP("\"id\":\"lr\",", "approve", "{\"status\":\"pending\"}") ","
	RESP("\"id\":\"c1\",", "search", "{\"rows\":[1,2.5,\"three\",null,true,{\"secret\":1}]}") "]}},"
	/* Calls without ids, orphan responses, an unknown id falling back on the name. */
	"{\"author\":\"b\",\"invocationId\":\"i2\",\"content\":{\"parts\":["
	RESP("\"id\":\"nobody\",", "nothing", "{}") ","
	CALL("", "f", "{\"n\":1}") "," CALL("", "f", "{\"n\":2}") "," CALL("", "g", "[]") "]}},"
	"{\"author\":\"b\",\"invocationId\":\"i2\",\"errorCode\":\"E1\",\"errorMessage\":\"boom\","
	" \"actions\":{\"stateDelta\":{}},"
	" \"content\":{\"parts\":["
	RESP("", "f", "\"first\"") "," RESP("\"id\":\"unknown\",", "f", "\"second\"") "]}},"
	/* The long-running answer, and a response without a response field. */
	"{\"author\":\"user\",\"invocationId\":\"i3\",\"content\":{\"parts\":["
	RESP("\"id\":\"lr\",", "approve", "{\"status\":\"approved\",\"password\":\"p\"}") ","
	"{\"functionResponse\":{\"id\":\"c1\",\"name\":\"search\"}}]}},"
	"{\"author\":\"b\",\"invocationId\":\"i3\",\"actions\":{\"stateDelta\":{\"done\":[1,{\"x\":\"y\"}]}},"
	" \"content\":{\"parts\":[{\"text\":\"All done.\"}]}},"
	"{\"error\":\"stream broke\"}"
	"]";
/* clang-format on */

START_TEST(spooled_bytes_equal_the_in_memory_result_under_every_option)
{
	json_t *events = parse(mixed_events);
	struct trajectory_config c;
	const char *words[] = {"note"};
	for (int variant = 0; variant < 9; variant++) {
		trajectory_config_init(&c);
		switch (variant) {
		case 1:
			c.redact = false;
			break;
		case 2:
			c.max_string = 3;
			break;
		case 3:
			c.max_string = -1;
			c.redact_exact = true;
			break;
		case 4:
			c.tool_calls = false;
			break;
		case 5:
			c.state_deltas = false;
			break;
		case 6:
			c.token_usage = false;
			break;
		case 7:
			c.redact_words = xmalloc(sizeof words);
			memcpy(c.redact_words, words, sizeof words);
			c.nredact_words = 1;
			break;
		case 8:
			c.tool_calls = c.state_deltas = c.token_usage = false;
			break;
		}
		free(check_spooled_equals_in_memory(&c, events));
		trajectory_config_release(&c);
	}
	/* The outcome itself, not only the agreement. */
	trajectory_config_init(&c);
	char *text = check_spooled_equals_in_memory(&c, events);
	ck_assert_ptr_nonnull(
	    strstr(text, "\"result\":{\"status\":\"approved\",\"password\":\"[REDACTED]\"}"));
	ck_assert_ptr_nonnull(strstr(text, "\"arguments\":{\"n\":2},\"result\":\"second\""));
	ck_assert_ptr_nonnull(
	    strstr(text, "\"name\":\"search\",\"arguments\":{\"q\":\"weather in paris\","
	                 "\"token\":\"[REDACTED]\"},\"result\":null"));
	ck_assert_ptr_nonnull(strstr(text,
	                             "\"token_usage\":{\"input_tokens\":10,\"output_tokens\":0,"
	                             "\"total_tokens\":12}"));
	ck_assert_ptr_nonnull(strstr(text, "\"error\":\"stream broke\"}\n"));
	free(text);
	trajectory_config_release(&c);
	json_decref(events);
}
END_TEST

/* Feeds t events[from..to). */
static void add_range(struct trajectory *t, json_t *events, size_t from, size_t to)
{
	for (size_t i = from; i < to; i++) {
		json_t *ev = json_array_get(events, i);
		struct reader_item item = {.value = ev, .kind = value_kind(ev)};
		trajectory_add(t, &item);
	}
}

/* A chunk's trajectory of events[from..to), as a run in chunks makes it. */
static struct trajectory *chunk_of(const struct trajectory_config *c, json_t *events, size_t from,
                                   size_t to, bool pretty, size_t in_memory)
{
	struct trajectory *t = trajectory_new(c);
	trajectory_journal_laid_out(t, pretty, 0);
	trajectory_spill(t, in_memory);
	add_range(t, events, from, to);
	return t;
}

/*
 * The bytes of a run in chunks: the run's state reads events[0..a) itself
 * and replays the chunks [a..b) and [b..n), its stores and the chunks' in
 * files from their first byte, or in memory.
 */
static char *replayed_text(const struct trajectory_config *c, json_t *events, size_t a, size_t b,
                           bool pretty, size_t in_memory)
{
	struct strbuf sb = STRBUF_INIT;
	struct trajectory *t = trajectory_new(c);
	trajectory_layout(t, pretty, 0);
	trajectory_spill(t, in_memory);
	add_range(t, events, 0, a);
	size_t cuts[] = {a, b, json_array_size(events)};
	for (int i = 0; i < 2; i++) {
		struct trajectory *chunk = chunk_of(c, events, cuts[i], cuts[i + 1], pretty, in_memory);
		ck_assert_int_eq(trajectory_replay(t, chunk), 0);
		trajectory_free(chunk);
	}
	ck_assert_int_eq(write_text(t, &sb, pretty), 0);
	trajectory_free(t);
	strbuf_addstr(&sb, "");
	return sb.buf;
}

START_TEST(chunks_replayed_at_every_cut_give_one_run)
{
	json_t *events = parse(mixed_events);
	size_t n = json_array_size(events);
	struct trajectory_config c;
	for (int variant = 0; variant < 4; variant++) {
		trajectory_config_init(&c);
		c.redact = variant != 1;
		c.max_string = variant == 2 ? 3 : c.max_string;
		c.tool_calls = variant != 3;
		for (int pretty = 0; pretty <= 1; pretty++) {
			int status = -1;
			char *one = spilled_text(&c, events, pretty, TRAJECTORY_IN_MEMORY, &status);
			ck_assert_int_eq(status, 0);
			for (size_t a = 0; a <= n; a++)
				for (size_t b = a; b <= n; b++) {
					size_t limit = (a + b) % 2 ? 0 : TRAJECTORY_IN_MEMORY;
					char *chunked = replayed_text(&c, events, a, b, pretty, limit);
					ck_assert_str_eq(chunked, one);
					free(chunked);
				}
			free(one);
		}
		trajectory_config_release(&c);
	}
	json_decref(events);
}
END_TEST

/* spooled_text(), with each item's texts prepared as a -j worker would, under prep_config. */
static char *spooled_text_prepared(const struct trajectory_config *c,
                                   const struct trajectory_config *prep_config, json_t *events,
                                   bool pretty)
{
	struct strbuf sb = STRBUF_INIT;
	struct trajectory_prep prep;
	trajectory_prep_init(&prep, prep_config, pretty);
	struct trajectory *t = trajectory_new(c);
	trajectory_layout(t, pretty, 0);
	trajectory_spill(t, 0);
	size_t i;
	json_t *ev;
	json_array_foreach(events, i, ev)
	{
		struct reader_item item = {.value = ev, .kind = value_kind(ev)};
		item.mapped = trajectory_prepare(ev, &prep);
		trajectory_add(t, &item);
		if (item.mapped)
			trajectory_prepared_free(item.mapped);
	}
	ck_assert_int_eq(write_text(t, &sb, pretty), 0);
	trajectory_free(t);
	trajectory_prep_release(&prep);
	strbuf_addstr(&sb, "");
	return sb.buf;
}

START_TEST(texts_prepared_on_a_worker_are_the_ones_written)
{
	json_t *events = parse(mixed_events);
	struct trajectory_config c, other;
	trajectory_config_init(&c);
	trajectory_config_init(&other);
	other.max_string = 3;
	for (int pretty = 0; pretty <= 1; pretty++) {
		int status = -1;
		char *plain = spilled_text(&c, events, pretty, 0, &status);
		char *prepared = spooled_text_prepared(&c, &c, events, pretty);
		/* Prepared under the same configuration: the same bytes. */
		ck_assert_str_eq(prepared, plain);
		/* Prepared otherwise (a test only: -j never does this), the prepared texts show. */
		char *shown = spooled_text_prepared(&c, &other, events, pretty);
		ck_assert_ptr_null(strstr(plain, "wea...[truncated"));
		ck_assert_ptr_nonnull(strstr(shown, "wea...[truncated"));
		free(plain);
		free(prepared);
		free(shown);
	}
	trajectory_config_release(&c);
	trajectory_config_release(&other);
	json_decref(events);
}
END_TEST

/*
 * A trajectory laid out for a deeper level (a --per-invocation line, an
 * agent of partition --trajectories) and written inside objects there is
 * the value read back, written in those objects: pretty lines included,
 * so nothing needs to be parsed back to print it.
 */
START_TEST(a_trajectory_laid_out_deeper_is_written_in_place)
{
	json_t *events = parse(mixed_events);
	struct trajectory_config c;
	trajectory_config_init(&c);
	for (int pretty = 0; pretty <= 1; pretty++) {
		for (int level = 1; level <= 2; level++) {
			struct trajectory *t = trajectory_new(&c);
			trajectory_layout(t, pretty, level);
			add_all(t, events);
			json_t *expected = trajectory_json(t);
			for (int l = 0; l < level; l++)
				expected = json_pack("{s:o}", "k", expected);
			struct strbuf sb = STRBUF_INIT;
			struct json_writer w;
			jw_init_buf(&w, &sb, pretty ? JW_PRETTY : 0);
			for (int l = 0; l < level; l++) {
				jw_object_begin(&w);
				jw_key(&w, "k");
			}
			ck_assert_int_eq(trajectory_write(t, &w), 0);
			for (int l = 0; l < level; l++)
				jw_object_end(&w);
			jw_line_end(&w);
			jw_release(&w);
			char *want = text_of(expected, pretty, true);
			ck_assert_str_eq(sb.buf, want);
			free(want);
			strbuf_release(&sb);
			json_decref(expected);
			trajectory_free(t);
		}
	}
	trajectory_config_release(&c);
	json_decref(events);
}
END_TEST

START_TEST(a_spooled_trajectory_as_a_value_is_the_in_memory_one)
{
	json_t *events = parse(mixed_events);
	struct trajectory_config c;
	trajectory_config_init(&c);
	struct trajectory *t = trajectory_new(&c);
	trajectory_layout(t, true, 0);
	trajectory_spill(t, 0);
	add_all(t, events);
	json_t *v = trajectory_json(t);
	ck_assert_ptr_nonnull(v);
	char *read_back = text_of(v, false, true);
	char *memory = in_memory_text(&c, events, false);
	ck_assert_str_eq(read_back, memory);
	free(memory);
	free(read_back);
	json_decref(v);
	trajectory_free(t);
	trajectory_config_release(&c);
	json_decref(events);
}
END_TEST

/* An event of author a with one part. */
static json_t *event_with(const char *author, json_t *part)
{
	return json_pack("{s:s, s:{s:[o]}}", "author", author, "content", "parts", part);
}

static json_t *call_part(const char *id, const char *name, json_t *args)
{
	json_t *call = json_pack("{s:s, s:o}", "name", name, "args", args);
	if (id)
		json_object_set_new(call, "id", json_string(id));
	return json_pack("{s:o}", "functionCall", call);
}

static json_t *response_part(const char *id, const char *name, json_t *response)
{
	json_t *fr = json_pack("{s:s, s:o}", "name", name, "response", response);
	if (id)
		json_object_set_new(fr, "id", json_string(id));
	return json_pack("{s:o}", "functionResponse", fr);
}

START_TEST(equal_hashes_pair_by_the_ids_read_back)
{
	/* Every id hashes alike: each lookup compares ids read back from the file. */
	trajectory_test_equal_hashes(true);
	json_t *events = json_array();
	char id[3000];
	/* Long ids that differ only at their end (past the 512-byte compare chunk). */
	memset(id, 'x', 2000);
	for (int i = 0; i < 3; i++) {
		id[2000] = (char)('0' + i);
		id[2001] = '\0';
		json_array_append_new(
		    events, event_with("a", call_part(id, "long", json_pack("{s:i}", "i", i))));
	}
	/* Ids that are prefixes of one another, and the empty id. */
	const char *ids[] = {"a", "ab", "abc", ""};
	for (int i = 0; i < 4; i++)
		json_array_append_new(events,
		                      event_with("a", call_part(ids[i], "p", json_object())));
	for (int i = 0; i < 150; i++) {
		snprintf(id, sizeof id, "call-%d", i);
		json_array_append_new(
		    events, event_with("a", call_part(id, "t", json_pack("{s:i}", "n", i))));
	}
	/* A second call with an id takes the later responses. */
	json_array_append_new(events, event_with("a", call_part("call-7", "again", json_object())));
	for (int i = 149; i >= 0; i -= 2) {
		snprintf(id, sizeof id, "call-%d", i);
		json_array_append_new(events,
		                      event_with("u", response_part(id, "t", json_integer(i))));
	}
	json_array_append_new(events,
	                      event_with("u", response_part("call-7", "t", json_string("late"))));
	json_array_append_new(events,
	                      event_with("u", response_part("ab", "p", json_string("ab!"))));
	json_array_append_new(events,
	                      event_with("u", response_part("", "p", json_string("empty!"))));
	json_array_append_new(events,
	                      event_with("u", response_part("abcd", "p", json_string("none"))));
	memset(id, 'x', 2000);
	id[2000] = '1';
	id[2001] = '\0';
	json_array_append_new(events,
	                      event_with("u", response_part(id, "long", json_string("one"))));
	id[2000] = '3';
	json_array_append_new(events,
	                      event_with("u", response_part(id, "long", json_string("three"))));

	struct trajectory_config c;
	trajectory_config_init(&c);
	char *text = check_spooled_equals_in_memory(&c, events);
	ck_assert_ptr_nonnull(
	    strstr(text, "\"id\":\"ab\",\"name\":\"p\",\"arguments\":{},\"result\":\"ab!\""));
	ck_assert_ptr_nonnull(
	    strstr(text, "\"id\":\"a\",\"name\":\"p\",\"arguments\":{},\"result\":null"));
	ck_assert_ptr_nonnull(
	    strstr(text, "\"id\":\"\",\"name\":\"p\",\"arguments\":{},\"result\":\"empty!\""));
	ck_assert_ptr_nonnull(
	    strstr(text, "1\",\"name\":\"long\",\"arguments\":{\"i\":1},\"result\":\"one\""));
	ck_assert_ptr_nonnull(strstr(
	    text, "\"id\":\"call-7\",\"name\":\"again\",\"arguments\":{},\"result\":\"late\""));
	ck_assert_ptr_nonnull(strstr(
	    text, "\"id\":\"call-7\",\"name\":\"t\",\"arguments\":{\"n\":7},\"result\":null"));
	ck_assert_ptr_nonnull(
	    strstr(text, "\"id\":\"call-9\",\"name\":\"t\",\"arguments\":{\"n\":9},\"result\":9"));
	ck_assert_ptr_nonnull(strstr(
	    text, "\"id\":\"call-8\",\"name\":\"t\",\"arguments\":{\"n\":8},\"result\":null"));
	free(text);
	trajectory_config_release(&c);
	json_decref(events);
	trajectory_test_equal_hashes(false);
}
END_TEST

START_TEST(large_values_and_many_calls_cross_the_spool_buffer)
{
	/* Values larger than the 64 KiB buffer go straight to the file; results read back
	 * both from the file and from the buffer; more calls than the index buffer holds,
	 * so results are rewritten in the index file as well as in its buffer. */
	json_t *events = json_array();
	char id[32];
	char *big = xmalloc(200001);
	memset(big, 'b', 200000);
	big[200000] = '\0';
	for (int i = 0; i < 6000; i++) {
		snprintf(id, sizeof id, "c%d", i);
		json_t *args =
		    i % 97 == 0 ? json_pack("{s:s}", "blob", big) : json_pack("{s:i}", "i", i);
		json_array_append_new(events, event_with("a", call_part(id, "t", args)));
		if (i % 3 == 0)
			json_array_append_new(
			    events, event_with("u", response_part(id, "t", json_integer(i))));
		if (i % 500 == 499)
			json_array_append_new(
			    events,
			    event_with("u",
			               response_part("c1", "t", json_pack("{s:s}", "blob", big))));
	}
	json_array_append_new(events, json_pack("{s:s, s:{s:{s:s}}}", "author", "a", "actions",
	                                        "stateDelta", "big", big));
	struct trajectory_config c;
	trajectory_config_init(&c);
	free(check_spooled_equals_in_memory(&c, events));
	c.max_string = -1;
	free(check_spooled_equals_in_memory(&c, events));
	trajectory_config_release(&c);
	free(big);
	json_decref(events);
}
END_TEST

START_TEST(an_unusable_tmpdir_is_reported_once_and_nothing_is_written)
{
	json_t *events = parse(mixed_events);
	struct trajectory_config c;
	trajectory_config_init(&c);
	char *saved = getenv("TMPDIR") ? strdup(getenv("TMPDIR")) : NULL;
	setenv("TMPDIR", "/nonexistent/adkev-test", 1);
	int status = -1;
	capture_begin();
	char *text = spilled_text(&c, events, false, 0, &status);
	char *err = capture_end();
	ck_assert_int_eq(status, EXIT_OSERR);
	ck_assert_str_eq(text, "");
	ck_assert_str_eq(err, "adkev: trajectory: cannot create a temporary file in "
	                      "'/nonexistent/adkev-test': No such file or directory\n");
	free(text);
	free(err);
	/* What fits in memory needs no file. */
	capture_begin();
	text = spilled_text(&c, events, false, TRAJECTORY_IN_MEMORY, &status);
	err = capture_end();
	ck_assert_int_eq(status, 0);
	ck_assert_str_eq(err, "");
	ck_assert_ptr_nonnull(strstr(text, "\"error\":\"stream broke\"}\n"));
	free(text);
	free(err);
	/* Nothing to keep, not even token usage: no file is made, and the result is written. */
	c.tool_calls = c.state_deltas = c.token_usage = false;
	capture_begin();
	text = spilled_text(&c, events, false, 0, &status);
	err = capture_end();
	ck_assert_int_eq(status, 0);
	ck_assert_str_eq(err, "");
	ck_assert_str_eq(text, "{\"tool_calls\":[],\"state_deltas\":[],\"token_usage\":null,"
	                       "\"final_output\":\"All done.\",\"error\":\"stream broke\"}\n");
	free(text);
	free(err);
	if (saved)
		setenv("TMPDIR", saved, 1);
	else
		unsetenv("TMPDIR");
	free(saved);
	trajectory_config_release(&c);
	json_decref(events);
}
END_TEST

START_TEST(a_full_disk_is_a_write_error_and_nothing_is_written)
{
	/* A file size limit stands in for a full disk: writes past it fail with EFBIG. */
	struct rlimit saved, limit;
	ck_assert_int_eq(getrlimit(RLIMIT_FSIZE, &saved), 0);
	limit = saved;
	limit.rlim_cur = 100 * 1024;
	void (*old)(int) = signal(SIGXFSZ, SIG_IGN);
	json_t *events = json_array();
	char *big = xmalloc(40001);
	memset(big, 'v', 40000);
	big[40000] = '\0';
	for (int i = 0; i < 10; i++)
		json_array_append_new(
		    events, event_with("a", call_part(NULL, "t", json_pack("{s:s}", "v", big))));
	struct trajectory_config c;
	trajectory_config_init(&c);
	c.max_string = -1;
	int status = -1;
	capture_begin();
	ck_assert_int_eq(setrlimit(RLIMIT_FSIZE, &limit), 0);
	char *text = spilled_text(&c, events, false, 0, &status);
	setrlimit(RLIMIT_FSIZE, &saved);
	char *err = capture_end();
	signal(SIGXFSZ, old);
	ck_assert_int_eq(status, EXIT_IOERR);
	ck_assert_str_eq(text, "");
	ck_assert_ptr_nonnull(
	    strstr(err, "adkev: trajectory: cannot write to a temporary file in '"));
	ck_assert_ptr_nonnull(strstr(err, "': File too large\n"));
	ck_assert_ptr_eq(strchr(err, '\n'), err + strlen(err) - 1); /* one message */
	free(text);
	free(err);
	free(big);
	trajectory_config_release(&c);
	json_decref(events);
}
END_TEST

/* A sink that takes its first piece and then fails; it counts what it is handed. */
struct short_sink {
	struct strbuf text;
	int calls;
};

static bool short_sink(void *ctx, const char *p, size_t n)
{
	struct short_sink *k = ctx;
	strbuf_add(&k->text, p, n);
	k->calls++;
	return false;
}

START_TEST(writing_stops_when_the_sink_fails)
{
	/* Enough calls that the output is written in many pieces, from files and from memory. */
	json_t *events = json_array();
	for (int i = 0; i < 2000; i++)
		json_array_append_new(
		    events, event_with("a", call_part(NULL, "t", json_pack("{s:i}", "n", i))));
	struct trajectory_config c;
	trajectory_config_init(&c);
	for (size_t i = 0; i < sizeof in_memory_limits / sizeof *in_memory_limits; i++) {
		struct trajectory *t = trajectory_new(&c);
		struct short_sink k = {STRBUF_INIT, 0};
		struct json_writer w;
		trajectory_layout(t, false, 0);
		trajectory_spill(t, in_memory_limits[i]);
		add_all(t, events);
		jw_init_sink(&w, 0, short_sink, &k);
		ck_assert_int_eq(trajectory_write(t, &w), 0);
		jw_release(&w);
		/* The first piece, then no more. */
		ck_assert_int_eq(k.calls, 1);
		ck_assert_int_eq(strncmp(k.text.buf, "{\"tool_calls\":[", 15), 0);
		ck_assert_ptr_null(strstr(k.text.buf, "\"n\":1999"));
		strbuf_release(&k.text);
		trajectory_free(t);
	}
	trajectory_config_release(&c);
	json_decref(events);
}
END_TEST

/*
 * The usage total of 1000 invocations, twice over, with the table in a file
 * past limit bytes (STORE_IN_MEMORY: never).
 */
static char *usage_of_many_invocations(size_t limit, int *status)
{
	struct usage_total u;
	usage_total_init(&u);
	if (limit != STORE_IN_MEMORY)
		usage_total_spill(&u, "trajectory", limit, status);
	for (int round = 0; round < 2; round++) {
		for (int i = 0; i < 1000; i++) {
			char inv[32];
			snprintf(inv, sizeof inv, "inv-%d", i);
			/* The same object in another key order is a repeat; 7.0 is not 7. */
			json_t *first = json_pack("{s:s, s:s, s:{s:i, s:i}}", "author", "a",
			                          "invocationId", inv, "usageMetadata",
			                          "promptTokenCount", 7, "totalTokenCount", 9);
			json_t *same = json_pack("{s:s, s:s, s:{s:i, s:i}}", "author", "a",
			                         "invocationId", inv, "usageMetadata",
			                         "totalTokenCount", 9, "promptTokenCount", 7);
			json_t *real = json_pack("{s:s, s:s, s:{s:f, s:i}}", "author", "a",
			                         "invocationId", inv, "usageMetadata",
			                         "promptTokenCount", 7.0, "totalTokenCount", 9);
			usage_total_add(&u, first);
			usage_total_add(&u, same);
			if (round == 1)
				usage_total_add(&u, real);
			json_decref(first);
			json_decref(same);
			json_decref(real);
		}
	}
	json_t *total = usage_total_json(&u);
	char *got = dump(total);
	json_decref(total);
	usage_total_release(&u);
	return got;
}

/* Round 0: 1000 counted.  Round 1: first equals the last seen (skipped), real counts. */
#define MANY_INVOCATIONS_USAGE "{\"input_tokens\":14000,\"output_tokens\":0,\"total_tokens\":18000}"

/* A small deterministic generator, so a failure can be replayed. */
static uint64_t next_random(uint64_t *state)
{
	*state = *state * 6364136223846793005u + 1442695040888963407u;
	return *state >> 33;
}

START_TEST(a_store_in_a_file_reads_back_what_was_written)
{
	/*
	 * Appends, rewrites and reads of every size, at random places, against
	 * the same bytes kept in a plain buffer: the read-ahead window must
	 * give what the file holds, also right after a rewrite inside it.
	 */
	int status = 0;
	struct store s;
	store_init(&s, "trajectory", 0, &status);
	size_t cap = 4 << 20, size = 0;
	char *model = malloc(cap), *got = malloc(64 * 1024), *piece = malloc(64 * 1024);
	uint64_t rnd = 7;
	for (int step = 0; step < 20000; step++) {
		unsigned what = next_random(&rnd) % 8;
		size_t len = next_random(&rnd) % (next_random(&rnd) % 4 ? 64 : 40000) + 1;
		for (size_t i = 0; i < len; i++)
			piece[i] = (char)next_random(&rnd);
		if (what < 2 || size < len) {
			if (size + len > cap)
				break;
			ck_assert_uint_eq(store_append(&s, piece, len), size);
			memcpy(model + size, piece, len);
			size += len;
		} else if (what < 4) {
			size_t at = next_random(&rnd) % (size - len + 1);
			store_write(&s, at, piece, len);
			memcpy(model + at, piece, len);
		} else {
			size_t at = next_random(&rnd) % (size - len + 1);
			ck_assert(store_read(&s, at, got, len));
			ck_assert_mem_eq(got, model + at, len);
		}
	}
	ck_assert_int_eq(status, 0);
	ck_assert_uint_eq(s.size, size);
	for (size_t at = 0; at < size; at += 1000) {
		size_t len = size - at < 1000 ? size - at : 1000;
		ck_assert(store_read(&s, at, got, len));
		ck_assert_mem_eq(got, model + at, len);
	}
	store_release(&s);
	free(model);
	free(got);
	free(piece);
}
END_TEST

START_TEST(usage_table_grows_and_keeps_telling_repeats)
{
	char *got = usage_of_many_invocations(STORE_IN_MEMORY, NULL);
	ck_assert_str_eq(got, MANY_INVOCATIONS_USAGE);
	free(got);
}
END_TEST

START_TEST(usage_table_in_a_file_counts_the_same)
{
	/*
	 * In a file at once, after the first 64 slots (48 entries), and after
	 * 1024 slots (768 entries): the file grows several times.
	 */
	size_t spills[] = {0, 64 * sizeof(struct store_slot), 1024 * sizeof(struct store_slot)};
	for (size_t i = 0; i < 3; i++) {
		int status = 0;
		char *got = usage_of_many_invocations(spills[i], &status);
		ck_assert_int_eq(status, 0);
		ck_assert_str_eq(got, MANY_INVOCATIONS_USAGE);
		free(got);
	}
	/* A file that cannot be made is reported once, into the status given. */
	char *saved = getenv("TMPDIR") ? strdup(getenv("TMPDIR")) : NULL;
	setenv("TMPDIR", "/nonexistent/adkev-test", 1);
	int status = 0;
	capture_begin();
	free(usage_of_many_invocations(0, &status));
	char *err = capture_end();
	if (saved)
		setenv("TMPDIR", saved, 1);
	else
		unsetenv("TMPDIR");
	free(saved);
	ck_assert_int_eq(status, EXIT_OSERR);
	ck_assert_str_eq(err, "adkev: trajectory: cannot create a temporary file in "
	                      "'/nonexistent/adkev-test': No such file or directory\n");
	free(err);
}
END_TEST

int main(void)
{
	pool_serve_jansson();
	Suite *s = suite_create("trajectory_spool");
	TCase *tc = tcase_create("trajectory_spool");
	tcase_add_test(tc, spooled_bytes_equal_the_in_memory_result_under_every_option);
	tcase_add_test(tc, texts_prepared_on_a_worker_are_the_ones_written);
	tcase_add_test(tc, a_spooled_trajectory_as_a_value_is_the_in_memory_one);
	tcase_add_test(tc, a_trajectory_laid_out_deeper_is_written_in_place);
	tcase_add_test(tc, equal_hashes_pair_by_the_ids_read_back);
	tcase_add_test(tc, chunks_replayed_at_every_cut_give_one_run);
	tcase_add_test(tc, large_values_and_many_calls_cross_the_spool_buffer);
	tcase_add_test(tc, an_unusable_tmpdir_is_reported_once_and_nothing_is_written);
	tcase_add_test(tc, a_full_disk_is_a_write_error_and_nothing_is_written);
	tcase_add_test(tc, writing_stops_when_the_sink_fails);
	tcase_add_test(tc, a_store_in_a_file_reads_back_what_was_written);
	tcase_add_test(tc, usage_table_grows_and_keeps_telling_repeats);
	tcase_add_test(tc, usage_table_in_a_file_counts_the_same);
	suite_add_tcase(s, tc);
	return run_suite(s) ? EXIT_FAILURE : EXIT_SUCCESS;
}
