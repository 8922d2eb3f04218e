/*
 * base64.h - RFC 4648 base64, the encoding of every bytes field ADK and A2A
 * exchange.  ADK Go and JS write the standard alphabet with padding; ADK
 * Python's pydantic dumps may write the URL-safe one, with or without
 * padding.  The decoder takes all of these and nothing else.
 */
#ifndef ADKEV_BASE64_H
#define ADKEV_BASE64_H

#include <stdbool.h>
#include <stddef.h>

#include "util.h"

/* Appends the standard, padded base64 of data[0..len) to sb. */
void base64_encode(struct strbuf *sb, const void *data, size_t len);

/*
 * Decodes text[0..len), standard or URL-safe alphabet (not both in one
 * text), padded or not, and appends the bytes to out.  False, with out
 * unchanged, on any other byte (white space included), misplaced or wrong
 * padding, a lone trailing character, or non-zero leftover bits.
 */
bool base64_decode(struct strbuf *out, const char *text, size_t len);

#endif
