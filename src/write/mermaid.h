/*
 * mermaid.h - a Mermaid sequenceDiagram, written line by line (show
 * --format=mermaid), for CI job summaries and pull requests, which render
 * Mermaid.
 *
 * Participants are declared as they first take part, so the diagram is
 * written while the run is read.  Their ids are ours (user, a1, a2, t1, ...);
 * their names and every message are text from the run, written so that it
 * cannot break the diagram: one line, cut to MERMAID_TEXT_MAX code points,
 * and the characters Mermaid or the page around it give a meaning to (';',
 * '#', '<', '>', '&', '"', '`', '%', control and bidirectional characters)
 * written as Mermaid's entity codes (#59;).
 */
#ifndef ADKEV_MERMAID_H
#define ADKEV_MERMAID_H

#include <stdbool.h>
#include <stddef.h>

#include "util.h"

#define MERMAID_TEXT_MAX 60

/* Appends s[0..len) as Mermaid text: one line, escaped, cut with an ellipsis. */
void mermaid_text(struct strbuf *sb, const char *s, size_t len);

/* The first line of a diagram. */
void mermaid_begin(struct strbuf *sb);
/* "participant ID as NAME" (an actor for the user, whose id is its name). */
void mermaid_participant(struct strbuf *sb, const char *id, bool actor, const char *prefix,
                         const char *name, size_t len);
/* "FROM->>TO: TEXT"; reply draws a dashed arrow, failed a cross at its end. */
void mermaid_message(struct strbuf *sb, const char *from, const char *to, bool reply, bool failed,
                     const char *text, size_t len);
/* "Note over ID: TEXT". */
void mermaid_note(struct strbuf *sb, const char *over, const char *text, size_t len);
/* A comment line, "%% TEXT": seen in the source, not in the picture. */
void mermaid_comment(struct strbuf *sb, const char *text, size_t len);

#endif
