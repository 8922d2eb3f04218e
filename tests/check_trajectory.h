/*
 * check_trajectory.h - what the two trajectory suites share
 * (check_trajectory.c, what a trajectory holds; check_trajectory_spool.c,
 * where it is kept and how its pieces join): test JSON parsed, values
 * written as adkev writes them, and event texts made of calls and
 * responses.
 */
#ifndef ADKEV_CHECK_TRAJECTORY_H
#define ADKEV_CHECK_TRAJECTORY_H

#include "testutil.h"

#include "adk/trajectory.h"
#include "write/json.h"
#include "util.h"

/* Test JSON parsed, any value; the caller owns it. */
static inline json_t *parse(const char *text)
{
	json_error_t err;
	json_t *v = json_loads(text, JSON_DECODE_ANY, &err);
	ck_assert_msg(v != NULL, "bad test JSON: %s", err.text);
	return v;
}

/* The JSON text of v as adkev writes it, with a line end when line; the caller frees it. */
static inline char *text_of(const json_t *v, bool pretty, bool line)
{
	struct strbuf sb = STRBUF_INIT;
	struct json_writer w;
	jw_init_buf(&w, &sb, pretty ? JW_PRETTY : 0);
	jw_value(&w, v);
	if (line)
		jw_line_end(&w);
	jw_release(&w);
	return sb.buf;
}

/* The compact text of v as adkev writes it; the caller frees it. */
static inline char *dump(const json_t *v)
{
	return text_of(v, false, false);
}

/*
 * Event texts are laid out by hand, one event or part per line, of these
 * pieces; clang-format would scatter the string pieces.
 */
/* clang-format off */
#define CALL(id, name, args) "{\"functionCall\":{" id "\"name\":\"" name "\",\"args\":" args "}}"
#define RESP(id, name, resp) "{\"functionResponse\":{" id "\"name\":\"" name "\",\"response\":" resp "}}"
#define EVENT(author, parts) "{\"author\":\"" author "\",\"content\":{\"parts\":[" parts "]}}"
/* clang-format on */

#endif
