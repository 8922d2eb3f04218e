/*
 * output.c - results to standard output, and the JSON printer they share.
 */
#include "output.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct output_style style;
static struct strbuf line = STRBUF_INIT;
static bool failed;
static int failed_errno;

void output_set_style(struct output_style s)
{
	style = s;
}

bool output_failed(void)
{
	return failed;
}

static void note_failure(void)
{
	if (!failed) {
		failed = true;
		failed_errno = errno ? errno : EIO;
	}
}

bool output_bytes(const char *data, size_t len)
{
	if (failed)
		return false;
	if (len && fwrite(data, 1, len, stdout) != len)
		note_failure();
	return !failed;
}

bool output_json(const json_t *value)
{
	strbuf_reset(&line);
	if (style.raw && json_is_string(value))
		strbuf_add(&line, json_string_value(value), json_string_length(value));
	else
		json_append(&line, value, style.pretty, 0);
	strbuf_addch(&line, '\n');
	return output_bytes(line.buf, line.len);
}

int output_finish(void)
{
	strbuf_release(&line);
	if (!failed && (fflush(stdout) != 0 || ferror(stdout)))
		note_failure();
	if (failed) {
		fprintf(stderr, "adkev: write error: %s\n", strerror(failed_errno));
		return EXIT_IOERR;
	}
	return 0;
}

void json_append_string(struct strbuf *sb, const char *s, size_t len)
{
	static const char hex[] = "0123456789abcdef";
	strbuf_grow(sb, len + 2);
	strbuf_addch(sb, '"');
	size_t run = 0;
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c >= 0x20 && c != '"' && c != '\\')
			continue;
		strbuf_add(sb, s + run, i - run);
		run = i + 1;
		switch (c) {
		case '"':
			strbuf_add(sb, "\\\"", 2);
			break;
		case '\\':
			strbuf_add(sb, "\\\\", 2);
			break;
		case '\n':
			strbuf_add(sb, "\\n", 2);
			break;
		case '\t':
			strbuf_add(sb, "\\t", 2);
			break;
		case '\r':
			strbuf_add(sb, "\\r", 2);
			break;
		case '\b':
			strbuf_add(sb, "\\b", 2);
			break;
		case '\f':
			strbuf_add(sb, "\\f", 2);
			break;
		default: {
			char esc[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
			strbuf_add(sb, esc, 6);
		}
		}
	}
	strbuf_add(sb, s + run, len - run);
	strbuf_addch(sb, '"');
}

void json_append_real(struct strbuf *sb, double v)
{
	char tmp[40];
	if (!isfinite(v)) {
		/* JSON has no infinities; jansson never produces them, but be safe. */
		strbuf_addstr(sb, "null");
		return;
	}
	for (int prec = 15; prec <= 17; prec++) {
		snprintf(tmp, sizeof tmp, "%.*g", prec, v);
		if (strtod(tmp, NULL) == v)
			break;
	}
	strbuf_addstr(sb, tmp);
	/* Keep a real recognisable as one, as Python and jansson do: 3.0, not 3. */
	if (!strpbrk(tmp, ".eEn"))
		strbuf_add(sb, ".0", 2);
}

static void newline_indent(struct strbuf *sb, int indent)
{
	strbuf_addch(sb, '\n');
	for (int i = 0; i < indent; i++)
		strbuf_add(sb, "  ", 2);
}

void json_append(struct strbuf *sb, const json_t *v, bool pretty, int indent)
{
	switch (json_typeof(v)) {
	case JSON_OBJECT: {
		const char *key;
		json_t *member;
		bool first = true;
		strbuf_addch(sb, '{');
		json_object_foreach((json_t *)v, key, member)
		{
			if (!first)
				strbuf_addch(sb, ',');
			if (pretty)
				newline_indent(sb, indent + 1);
			json_append_string(sb, key, strlen(key));
			strbuf_add(sb, pretty ? ": " : ":", pretty ? 2 : 1);
			json_append(sb, member, pretty, indent + 1);
			first = false;
		}
		if (pretty && !first)
			newline_indent(sb, indent);
		strbuf_addch(sb, '}');
		break;
	}
	case JSON_ARRAY: {
		size_t i, n = json_array_size(v);
		strbuf_addch(sb, '[');
		for (i = 0; i < n; i++) {
			if (i)
				strbuf_addch(sb, ',');
			if (pretty)
				newline_indent(sb, indent + 1);
			json_append(sb, json_array_get(v, i), pretty, indent + 1);
		}
		if (pretty && n)
			newline_indent(sb, indent);
		strbuf_addch(sb, ']');
		break;
	}
	case JSON_STRING:
		json_append_string(sb, json_string_value(v), json_string_length(v));
		break;
	case JSON_INTEGER:
		strbuf_addf(sb, "%" JSON_INTEGER_FORMAT, json_integer_value(v));
		break;
	case JSON_REAL:
		json_append_real(sb, json_real_value(v));
		break;
	case JSON_TRUE:
		strbuf_add(sb, "true", 4);
		break;
	case JSON_FALSE:
		strbuf_add(sb, "false", 5);
		break;
	default:
		strbuf_add(sb, "null", 4);
	}
}
