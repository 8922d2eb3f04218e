/*
 * fuzz_reader.c - the reader under arbitrary bytes, in every mode, and the
 * per-event path of final and reasoning on what it hands out.
 *
 * Beyond "no crash, no leak, no undefined behaviour" it checks what the
 * contract promises about each item: an event is an object, its original
 * bytes parse back to the same value (partition writes them out as they
 * are), its position is real, and our printer's output reads back as the
 * same value, compact, pretty and with sorted keys.
 */
#include "fuzz.h"

#include "adk/answer.h"
#include "adk/event.h"
#include "write/json.h"
#include "read/reader.h"
#include "util.h"

#include <jansson.h>

#define PARSE_FLAGS (JSON_DECODE_ANY | JSON_ALLOW_NUL)

static void check_round_trip(const json_t *value, unsigned flags)
{
	struct strbuf sb = STRBUF_INIT;
	struct json_writer w;
	jw_init_buf(&w, &sb, flags);
	jw_value(&w, value);
	json_error_t e;
	json_t *back = json_loadb(sb.buf, sb.len, PARSE_FLAGS, &e);
	FUZZ_CHECK(back != NULL);
	FUZZ_CHECK(json_equal(back, value));
	json_decref(back);
	strbuf_release(&sb);
}

static void check_item(const struct reader_item *item, unsigned flags)
{
	FUZZ_CHECK(item->value != NULL);
	/* A database row is placed by its record's name; a line by line and column. */
	FUZZ_CHECK(item->pos.file != NULL);
	if (item->pos.record)
		FUZZ_CHECK(item->pos.line == 0 && item->pos.column == 0);
	else
		FUZZ_CHECK(item->pos.line >= 1 && item->pos.column >= 1);
	if (!(flags & READER_ANY_VALUE))
		FUZZ_CHECK(item->kind == VALUE_EVENT || item->kind == VALUE_STREAM_ERROR);
	if (item->kind == VALUE_EVENT || item->kind == VALUE_STREAM_ERROR)
		FUZZ_CHECK(json_is_object(item->value));

	FUZZ_CHECK(item->raw != NULL && item->raw_len > 0);
	json_error_t e;
	json_t *again = json_loadb(item->raw, item->raw_len, PARSE_FLAGS, &e);
	FUZZ_CHECK(again != NULL);
	FUZZ_CHECK(json_equal(again, item->value));
	json_decref(again);

	check_round_trip(item->value, 0);
	check_round_trip(item->value, JW_PRETTY);
	check_round_trip(item->value, JW_PRETTY | JW_SORTED);
}

/* Reads every operand through with the given flags; returns the items handed out. */
static size_t read_all(const char *const *operands, int count, unsigned flags, size_t size)
{
	struct reader *r = reader_new((char *const *)operands, count, &(struct reader_options){.flags = flags});
	struct reader_item item;
	enum reader_result res;
	struct answer concat, last;
	struct reasoning thoughts;
	size_t items = 0;

	answer_init(&concat, true);
	answer_init(&last, false);
	/* Half the inputs read every event's thoughts, as reasoning --all does. */
	reasoning_init(&thoughts, size % 2 == 1);
	while ((res = reader_next(r, &item)) == READ_ITEM) {
		check_item(&item, flags);
		/* Every item holds at least "{}" or a one-byte scalar: no endless stream. */
		FUZZ_CHECK(++items <= size);
		if (item.kind == VALUE_EVENT) {
			answer_add(&concat, item.value);
			answer_add(&last, item.value);
			reasoning_add(&thoughts, item.value);
		}
	}
	if (flags & READER_SKIP_INVALID)
		FUZZ_CHECK(res == READ_END);
	/*
	 * The input files always open and read: no 66 or 74.  A damaged
	 * container (a gzip member, a database page) sets 65.
	 */
	int status = reader_status(r);
	FUZZ_CHECK(status == 0 || status == EXIT_DATAERR);

	json_t *a = answer_json(&concat), *b = answer_json(&last), *t = reasoning_json(&thoughts);
	FUZZ_CHECK(json_is_string(a) && json_is_string(b));
	FUZZ_CHECK(json_is_null(t) || json_is_string(t));
	/* The last answer is one of the parts --concat joined. */
	FUZZ_CHECK(json_string_length(b) <= json_string_length(a));
	json_decref(a);
	json_decref(b);
	json_decref(t);
	answer_release(&concat);
	answer_release(&last);
	reasoning_release(&thoughts);
	reader_free(r);
	return items;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *one[] = {fuzz_file(0, data, size)};
	size_t strict = read_all(one, 1, 0, size);
	size_t skipping = read_all(one, 1, READER_SKIP_INVALID, size);
	/* Skipping bad input never loses a value that strict reading handed out. */
	FUZZ_CHECK(skipping >= strict);
	read_all(one, 1, READER_ANY_VALUE, size);
	read_all(one, 1, READER_ANY_VALUE | READER_SKIP_INVALID, size);

	/* The same bytes as two operands, cut in the middle: each file starts afresh. */
	size_t half = size / 2;
	const char *two[] = {fuzz_file(0, data, half), fuzz_file(1, data + half, size - half)};
	read_all(two, 2, READER_SKIP_INVALID, size);
	return 0;
}
