/*
 * check_a2a.h - what the two suites of the ADK <-> A2A mapping share
 * (check_a2a.c, ADK -> A2A; check_a2a_in.c, A2A -> ADK): JSON written with
 * ' for " both ways, the reason a conversion gives, and from-a2a's options.
 */
#ifndef ADKEV_CHECK_A2A_H
#define ADKEV_CHECK_A2A_H

#include "testutil.h"

#include "adk/a2a.h"
#include "write/json.h"
#include "util.h"

#include <string.h>

/* JSON written with ' for " so the tests stay readable (no test text needs a quote). */
static inline json_t *J(const char *text)
{
	char *s = strdup(text);
	for (char *p = s; *p; p++)
		if (*p == '\'')
			*p = '"';
	json_error_t e;
	json_t *v = json_loads(s, JSON_DECODE_ANY, &e);
	ck_assert_msg(v != NULL, "bad test JSON: %s: %s", e.text, s);
	free(s);
	return v;
}

/* Compact JSON of v with ' for ", then v is released; the text lives until the next call. */
static inline const char *S(json_t *v)
{
	static struct strbuf sb;
	strbuf_reset(&sb);
	if (!v)
		return "NULL";
	struct json_writer w;
	jw_init_buf(&w, &sb, 0);
	jw_value(&w, v);
	json_decref(v);
	for (size_t i = 0; i < sb.len; i++)
		if (sb.buf[i] == '"')
			sb.buf[i] = '\'';
	return sb.buf;
}

static const char *why;

static const struct a2a_event_options opts = {NULL, NULL, NULL, "a2a agent", "inv", false};

#endif
