/*
 * trajectory_int.h - what the files of a trajectory share (trajectory.h):
 * the pieces an event brings, the trajectory itself and the layout of its
 * stores, and the calls across the files.  Only adk/trajectory*.c include
 * it.
 *
 * trajectory_pieces.c finds what an event brings (its configuration, its
 * prep, the one walk); trajectory.c pairs and records the pieces;
 * trajectory_write.c writes the result; trajectory_merge.c journals,
 * folds and replays pieces for the merges of partial results and chunks.
 */
#ifndef ADKEV_TRAJECTORY_INT_H
#define ADKEV_TRAJECTORY_INT_H

#include "adk/answer.h"
#include "adk/store.h"
#include "adk/trajectory.h"
#include "adk/usage.h"

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * Where the pieces stand when pretty, below the result's own level
 * (prep.level): its lists one deeper, a tool call or a state delta two, a
 * call's members three.
 */
enum { ITEM_LEVEL = 2, MEMBER_LEVEL = 3 };

enum piece_kind { PIECE_CALL, PIECE_RESPONSE, PIECE_DELTA };

/*
 * One thing an event brings: a functionCall with its arguments' text, a
 * functionResponse with its response's text, or a state delta's text.  id
 * and name are copies of the call's or response's strings (NULL where they
 * are not strings), so the pieces outlive the event: a -j worker releases
 * the event, and a copy is the piece's alone, where a second reference to
 * the event's string would have two threads count it down; the text is
 * text[off..off+len) of the event's pieces, when has_text.
 */
struct piece {
	enum piece_kind kind;
	json_t *id, *name;
	bool has_text;
	size_t off, len;
};

/* What one event brings: its pieces, their texts one after another in text. */
struct trajectory_event {
	struct strbuf text;
	struct piece *pieces;
	size_t count, cap;
};

/*
 * The calls store holds records, each a kind_len word ((length << 1) | 1
 * for a call, length << 1 for a result) and that many bytes.  A call is
 * its call_fields, then its id, name, author and node path and the text
 * of its arguments; its latest result is found through fields.result, rewritten
 * in place when a response comes, so a later result replaces an earlier
 * one.  A result is its text.  The deltas store holds each delta's text
 * after its length.
 */
struct call_fields {
	uint64_t result; /* the offset of its latest result record, or NO_RESULT */
	uint64_t flags;  /* which of the members below it has */
	uint64_t id_len, name_len, author_len, node_len, args_len;
	double timestamp;
};

/* HAS_NODE: the calling event's workflow node path (event_node_path(), ADK 2.x). */
enum { HAS_ID = 1, HAS_NAME = 2, HAS_AUTHOR = 4, HAS_ARGS = 8, HAS_TIMESTAMP = 16, HAS_NODE = 32 };

/* Who made a call: the calling event's author and node path (strings, else none), its time. */
struct call_source {
	const json_t *author, *node;
	const double *timestamp; /* NULL: no time */
};

#define NO_RESULT UINT64_MAX

struct trajectory {
	const struct trajectory_config *config;
	struct trajectory_prep prep;
	int status; /* the first failure of a temporary file, reported */
	struct store calls, deltas;
	/* The hash of each call id, with the record of the latest call with that id. */
	struct store_table ids;
	json_t *pending_name; /* name -> array of the records of unanswered calls without an id */
	struct usage_total usage;
	struct answer answer;
	json_t *error;                   /* string or NULL */
	struct trajectory_event scratch; /* the walk of events no worker prepared */
	/*
	 * For a partial result (trajectory_journal()): each piece an event
	 * brought, unpaired, as the text of its record after its length, in
	 * the order the events came; the merge pairs them.
	 */
	bool journaling;
	/* The journal holds pieces as replay_head records laid out as t's (trajectory_replay()). */
	bool laid_out;
	struct store journal;
};

/* trajectory_pieces.c: what one event brings. */

/* A piece of id and name (strings, else none) and value (NULL: none), laid out under p. */
void trajectory_event_add_piece(struct trajectory_event *ev, const struct trajectory_prep *p,
                                enum piece_kind kind, const json_t *id, const json_t *name,
                                const json_t *value, int level);

/* Empties ev, letting go of its pieces' ids and names. */
void trajectory_event_clear(struct trajectory_event *ev);

/* The one walk: what an event brings to a trajectory under p, into ev (emptied first). */
void trajectory_walk(struct trajectory_event *ev, const json_t *value,
                     const struct trajectory_prep *p);

/* Empties ev and gives back its memory. */
void trajectory_event_release(struct trajectory_event *ev);

/* trajectory.c: pairing and recording. */

/* The fields of the call record at. */
struct call_fields trajectory_call_fields(struct trajectory *t, uint64_t record);

/* A call made by src's author and node at its time. */
void trajectory_record_call(struct trajectory *t, const struct call_source *src,
                            const struct piece *piece, const char *text);

/* A response: the result of the latest call with its id, else of the next one of its name. */
void trajectory_record_response(struct trajectory *t, const struct piece *piece, const char *text);

/* A state delta: its text after its length, in the order they came. */
void trajectory_record_delta(struct trajectory *t, const struct piece *piece, const char *text);

/* trajectory_merge.c: the journal of a piece's or a chunk's trajectory. */

/* Appends the record of one piece to the journal, as compact text after its length. */
void trajectory_journal_piece(struct trajectory *t, const struct call_source *src,
                              const struct piece *piece, const char *text);

/* Appends one piece to a chunk's journal: a replay_head, then its strings and text as they are. */
void trajectory_journal_piece_laid_out(struct trajectory *t, const struct call_source *src,
                                       const struct piece *piece, const char *text);

#endif
