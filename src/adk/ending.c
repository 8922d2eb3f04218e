/*
 * ending.c - how the events of a result end (ending.h).
 */
#include "adk/ending.h"
#include "adk/event.h"
#include "adk/eventview.h"
#include "adk/redact.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

void ending_init(struct ending *e)
{
	*e = (struct ending){NULL, false, false};
}

/*
 * The place of an item: its file only.  No line: a read from the end of a
 * file does not count them, and the warning must be the same however the
 * file was read; no record, so a session database says what the session's
 * file says.
 */
static void add_place(struct strbuf *sb, const struct reader_pos *pos)
{
	strbuf_addf(sb, "%s: ", pos->file);
}

/*
 * Appends what ended the items badly, with a secret in the text the
 * input gave hidden by its shape; false when the item ends them well.
 */
static bool add_what(struct strbuf *sb, const struct reader_item *item)
{
	struct strbuf text = STRBUF_INIT;
	const char *what;
	char *error = NULL;
	if (item->kind == VALUE_STREAM_ERROR) {
		const char *s = stream_error_text(item->value);
		strbuf_addstr(&text, s ? s : "");
		what = "the stream ends in a server error: ";
	} else if ((error = event_error_text(item->value))) {
		strbuf_addstr(&text, error);
		free(error);
		/* The id tells which turn, with --per-invocation or without. */
		const char *id = event_invocation_id(item->value);
		if (id && *id)
			strbuf_addf(sb, "invocation %s ends in an error: ", id);
		else
			strbuf_addstr(sb, "the last invocation ends in an error: ");
		what = "";
	} else if (event_is_partial(item->value)) {
		what = "the stream ends inside a streamed response, with no final response "
		       "after its partial events (a capture cut off?)";
	} else {
		strbuf_release(&text);
		return false;
	}
	strbuf_addstr(sb, what);
	if (!text.len || !redact_text(text.buf, text.len, sb))
		strbuf_add(sb, text.buf ? text.buf : "", text.len);
	strbuf_release(&text);
	return true;
}

void ending_take(struct ending *e, const struct reader_item *item)
{
	if (e->backward && e->seen)
		return;
	if (item->kind != VALUE_EVENT && item->kind != VALUE_STREAM_ERROR)
		return;
	e->seen = true;
	free(e->warning);
	e->warning = NULL;
	struct strbuf sb = STRBUF_INIT;
	add_place(&sb, &item->pos);
	strbuf_addstr(&sb, "warning: ");
	if (add_what(&sb, item))
		e->warning = xstrndup(sb.buf, sb.len);
	strbuf_release(&sb);
}

json_t *ending_fold(const struct ending *e)
{
	if (!e->seen)
		return json_null();
	return e->warning ? json_string_lossy(e->warning) : json_false();
}

bool ending_absorb(struct ending *e, const json_t *fold)
{
	if (json_is_null(fold))
		return true;
	if (!json_is_false(fold) && !json_is_string(fold))
		return false;
	e->seen = true;
	free(e->warning);
	e->warning = json_is_string(fold) ? xstrdup(json_string_value(fold)) : NULL;
	return true;
}

const char *ending_warning(const struct ending *e)
{
	return e->warning;
}

void ending_release(struct ending *e)
{
	free(e->warning);
	e->warning = NULL;
}
