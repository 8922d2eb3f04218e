/*
 * answer.h - what a run answered and what it thought: ADK's final-response
 * events read the way events.md sections 3.1 and 3.2 say.  final,
 * reasoning, trajectory (final_output) and critic all read answers here.
 */
#ifndef ADKEV_ANSWER_H
#define ADKEV_ANSWER_H

#include <jansson.h>
#include <stdbool.h>

#include "util.h"
#include "write/json.h"

/*
 * Both can write their text as it is found instead of keeping it
 * (answer_stream(), reasoning_stream()), so that a result that grows with
 * the input is never held whole: final --concat and reasoning write it so
 * (extract.h: an extractor's begin() and write()).  They hand the text
 * to a JSON writer the caller gives them, as pieces of one string value;
 * the caller ends the line.
 */

/*
 * Text pieces joined with a separator: kept, or written at once as pieces
 * of one JSON string (after joined_stream()).
 */
struct joined_text {
	struct strbuf text;      /* unused while streaming */
	struct json_writer *out; /* while streaming: where the pieces go */
	bool any;                /* a piece was taken */
	/*
	 * The pieces are lines (reasoning's thoughts): while streaming each ends
	 * as soon as its text is written (jw_string_break()), so a live reader
	 * sees it at once; the separator is then "\n".
	 */
	bool lines;
};

struct answer {
	bool concat; /* every text part of every final event, or only the last one */
	const char
	    *separator; /* with concat: written between two parts ("" by default); borrowed */
	struct joined_text joined; /* the answer; its text is the last part's without concat */
	struct json_writer *out;   /* after answer_stream(): where the answer is written */
};

void answer_init(struct answer *a, bool concat);
/*
 * Takes in one event; events that are not final responses, and user events,
 * are passed over.  Returns whether the event gave the answer text.
 */
bool answer_add(struct answer *a, const json_t *event);
/*
 * Without concat, not streaming: takes text (len bytes, copied) as the
 * answer, as a final event whose last text part it were would (a merge of
 * partial results, where the later piece answered).
 */
void answer_take_text(struct answer *a, const char *text, size_t len);
/*
 * The answer as the fold of a piece of a stream (a run in chunks):
 * {"text", "any"}, owned by the caller.
 */
json_t *answer_fold(const struct answer *a);
/*
 * Takes in the fold of the events after a's: with concat its parts follow
 * a's, written at once while streaming; without, its last part replaces
 * a's when it has one.  False when fold is not answer_fold()'s shape.
 */
bool answer_absorb(struct answer *a, const json_t *fold);
/* The answer so far as a JSON string ("" when none); the caller owns it.  Not while streaming. */
json_t *answer_json(const struct answer *a);
/* The answer's text so far (not while streaming), borrowed: *len bytes. */
const char *answer_text(const struct answer *a, size_t *len);
/*
 * With concat, before the first answer_add(): every text part taken from
 * now on is written at once to out (borrowed until answer_stream_end()),
 * as a piece of one string, not kept.  Without concat nothing is written
 * early (a later event may replace the last part) and answer_stream_end()
 * writes the answer whole.
 */
void answer_stream(struct answer *a, struct json_writer *out);
/*
 * Ends the answer being written: the bytes equal jw_value(answer_json())
 * ("" when there was none).  Returns whether it was empty.
 */
bool answer_stream_end(struct answer *a);
void answer_release(struct answer *a);

struct reasoning {
	struct joined_text joined; /* the thoughts, joined with "\n" */
	/*
	 * Every event's thoughts (reasoning --all), not only the final
	 * responses': a blank line then parts one event's thoughts from the
	 * next's.
	 */
	bool all;
};

void reasoning_init(struct reasoning *r, bool all);
/*
 * Takes in one event's thought parts: a final response's, or with all any
 * event's but a partial one (its text comes again in the event that ends
 * the stream), a user's, or a compaction summary.
 */
void reasoning_add(struct reasoning *r, const json_t *event);
/* The thoughts as the fold of a piece of a stream, as answer_fold()'s; owned by the caller. */
json_t *reasoning_fold(const struct reasoning *r);
/*
 * Takes in the fold of the events after r's: their thoughts follow r's,
 * with "\n" between ("\n\n" with all), written at once while streaming.  False when fold is
 * not reasoning_fold()'s shape.
 */
bool reasoning_absorb(struct reasoning *r, const json_t *fold);
/* The thoughts joined with "\n", or JSON null when there were none; the caller owns it. */
json_t *reasoning_json(const struct reasoning *r);
/*
 * Before the first reasoning_add(): every thought from now on is written
 * at once to out (borrowed until reasoning_stream_end()), not kept.
 */
void reasoning_stream(struct reasoning *r, struct json_writer *out);
/*
 * Ends the thoughts being written: the bytes equal
 * jw_value(reasoning_json()) (null when there were none).  Returns whether
 * there were none.
 */
bool reasoning_stream_end(struct reasoning *r);
void reasoning_release(struct reasoning *r);

#endif
