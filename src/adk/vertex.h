/*
 * vertex.h - Vertex AI Agent Engine's sessions.events.list responses
 * ({"sessionEvents": [...], "nextPageToken": ...}) as ADK's own
 * VertexAiSessionService reads them: each SessionEvent envelope made the
 * ADK event it stands for.
 */
#ifndef ADKEV_VERTEX_H
#define ADKEV_VERTEX_H

#include <jansson.h>
#include <stdbool.h>

/* Whether value is such a response: an object whose sessionEvents is an array. */
bool vertex_is_dump(const json_t *value);

/*
 * The ADK event that the SessionEvent envelope stands for (the caller owns
 * it): the event id is the last segment of its name; invocationId, author
 * and timestamp (RFC 3339, made epoch seconds) come from the envelope; the
 * rest from rawEvent when there is one, else from the envelope's fields
 * (actions.transferAgent is transferToAgent, eventMetadata's members are
 * the event's own, usage, compaction and workflow from its
 * customMetadata).  Every number the protobuf Structs made a double is a
 * whole number again where it is one.  NULL, with *why saying what is
 * wrong, for an envelope that is not an object, has no name, or whose
 * timestamp or rawEvent is not one.
 */
json_t *vertex_event(const json_t *envelope, const char **why);

#endif
