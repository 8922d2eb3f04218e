/*
 * sessiondb_row.c - the event a schema-0 row holds (ADK Python <= 1.21,
 * ADK Go's session/database): a member from each column there is, as its
 * kind says (text, JSON, a boolean, a time, Go's JSON actions), made into
 * the JSON text of one record (sessiondb.h).
 */
#include "read/sessiondb_int.h"
#include "stamp.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const struct event_column sdb_event_columns[] = {
    {"id", ADK_ID, COL_TEXT},
    {"invocation_id", ADK_INVOCATION_ID, COL_TEXT},
    {"author", ADK_AUTHOR, COL_TEXT},
    {"branch", ADK_BRANCH, COL_TEXT},
    {"timestamp", ADK_TIMESTAMP, COL_TIME},
    {"actions", ADK_ACTIONS, COL_ACTIONS},
    {"long_running_tool_ids_json", ADK_LONG_RUNNING_TOOL_IDS, COL_JSON},
    {"content", ADK_CONTENT, COL_JSON},
    {"grounding_metadata", ADK_GROUNDING_METADATA, COL_JSON},
    {"custom_metadata", ADK_CUSTOM_METADATA, COL_JSON},
    {"usage_metadata", ADK_USAGE_METADATA, COL_JSON},
    {"citation_metadata", ADK_CITATION_METADATA, COL_JSON},
    {"partial", ADK_PARTIAL, COL_BOOL},
    {"turn_complete", ADK_TURN_COMPLETE, COL_BOOL},
    {"error_code", ADK_ERROR_CODE, COL_TEXT},
    {"error_message", ADK_ERROR_MESSAGE, COL_TEXT},
    {"interrupted", ADK_INTERRUPTED, COL_BOOL},
    {"input_transcription", ADK_INPUT_TRANSCRIPTION, COL_JSON},
    {"output_transcription", ADK_OUTPUT_TRANSCRIPTION, COL_JSON},
    /* ADK Go's own (session/database/storage_session.go): the JSON its
       encoding/json wrote of Event.Routes, Output, NodeInfo and
       RequestedInput, and IsolationScope, each back under its JSON name */
    {"routes_json", ADK_ROUTES, COL_JSON},
    {"output_json", ADK_OUTPUT, COL_JSON},
    {"node_info_json", ADK_NODE_INFO, COL_JSON},
    {"requested_input_json", ADK_REQUESTED_INPUT, COL_JSON},
    {"isolation_scope", ADK_ISOLATION_SCOPE, COL_TEXT},
};

/* PostgreSQL's bytea in its text form ("\x7b22...") as the bytes, into *out. */
static bool unhex_bytea(const char *p, size_t len, struct strbuf *out)
{
	strbuf_reset(out);
	if (len < 2 || p[0] != '\\' || p[1] != 'x')
		return false;
	for (size_t i = 2; i + 1 < len; i += 2) {
		char byte[3] = {p[i], p[i + 1], 0};
		char *end;
		long v = strtol(byte, &end, 16);
		if (*end)
			return false;
		strbuf_addch(out, (char)v);
	}
	return true;
}

/*
 * The actions column: Go's JSON as a value; NULL for Python's pickle, which
 * sessiondb.c says once per database as it opens one.
 */
static json_t *actions_value(struct sdb_input *in, const char *p, size_t len)
{
	struct strbuf bytes = {0};
	if (in->db->postgres && unhex_bytea(p, len, &bytes)) {
		p = bytes.buf;
		len = bytes.len;
	}
	json_t *v = len && p[0] == '{' ? json_loadb(p, len, 0, NULL) : NULL;
	strbuf_release(&bytes);
	return v;
}

/* One schema-0 cell as its member's value; NULL to leave it out; false when it is bad. */
static bool cell_value(struct sdb_input *in, const struct event_column *col, const char *p,
                       size_t len, json_t **out)
{
	*out = NULL;
	char *text = xstrndup(p, len);
	double t;
	bool ok = true;
	switch (col->kind) {
	case COL_TEXT:
		*out = json_stringn_nocheck(p, len);
		break;
	case COL_JSON:
		ok = (*out = json_loadb(p, len, JSON_DECODE_ANY, NULL)) != NULL;
		break;
	case COL_BOOL:
		*out = json_boolean(strcmp(text, "1") == 0 || strcmp(text, "t") == 0 ||
		                    strcmp(text, "true") == 0);
		break;
	case COL_TIME:
		ok = stamp_parse_db_time(text, in->layout == LAYOUT_SCHEMA0, &t);
		if (ok)
			*out = json_real(t);
		break;
	case COL_ACTIONS:
		*out = actions_value(in, p, len);
		break;
	}
	free(text);
	return ok;
}

bool sdb_row_event(struct sdb_input *in, size_t row)
{
	json_t *event = json_object();
	bool ok = true;
	for (size_t i = 0; i < EVENT_COLUMNS && ok; i++) {
		size_t len;
		const char *p = sdb_cell_text(in, row, (int)i, &len);
		json_t *v;
		if (!in->columns[i] || !p)
			continue;
		ok = cell_value(in, &sdb_event_columns[i], p, len, &v);
		if (!ok)
			snprintf(in->error, sizeof in->error, "%s: column %s holds no %s",
			         in->where.buf, sdb_event_columns[i].column,
			         sdb_event_columns[i].kind == COL_TIME ? "time" : "valid JSON");
		else if (v)
			json_object_set_new_nocheck(event,
			                            adk_field_name(sdb_event_columns[i].field), v);
	}
	if (ok) {
		/* Into our own buffer: jansson's allocator may not be free()'s. */
		size_t n = json_dumpb(event, NULL, 0, JSON_COMPACT);
		strbuf_reset(&in->record);
		strbuf_grow(&in->record, n);
		in->record.len = json_dumpb(event, in->record.buf, n, JSON_COMPACT);
		in->record.buf[in->record.len] = '\0';
	}
	json_decref(event);
	return ok;
}
