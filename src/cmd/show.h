/*
 * show.h - the second form of adkev show: --format=mermaid, a Mermaid
 * sequenceDiagram of the run (show_mermaid.c), fed item by item by show.c.
 */
#ifndef ADKEV_SHOW_H
#define ADKEV_SHOW_H

#include "read/reader.h"
#include "util.h"

struct show_mermaid;

/*
 * A new diagram; its first line is written at once, to standard output, or
 * appended to sink when it is not NULL (a session shown under its heading
 * once it ends), as every later line is.  sink must outlive the diagram.
 */
struct show_mermaid *show_mermaid_new(struct strbuf *sink);
/* Writes the lines of one event, or of a server stream error. */
void show_mermaid_add(struct show_mermaid *m, const struct reader_item *item);
/* Writes what the end of the run still owes (a user message no agent answered). */
void show_mermaid_end(struct show_mermaid *m);
/*
 * Frees m (NULL is nothing), whether or not its end was written: a run that
 * stops at an ambiguous --invocation prefix writes no end.
 */
void show_mermaid_free(struct show_mermaid *m);

#endif
