/*
 * xml.h - text made fit for an XML 1.0 document (eval --junit's report).
 *
 * XML has no escape for most control characters: a document that holds
 * one is not well-formed, and a CI system that reads the report rejects it
 * whole.  So text from the input goes through here: the markup characters
 * become entities, and what XML 1.0 cannot hold at all (C0 controls other
 * than tab, newline and carriage return, U+FFFE, U+FFFF, and bytes that
 * are no UTF-8, as a file name may be) becomes U+FFFD.
 */
#ifndef ADKEV_XML_H
#define ADKEV_XML_H

#include <stddef.h>

#include "util.h"

/* Appends s[0..len) as character data: & < > escaped. */
void xml_text(struct strbuf *sb, const char *s, size_t len);
/*
 * Appends s[0..len) as an attribute's value between double quotes: " ' too,
 * and tab, newline and carriage return as character references, which an
 * attribute's normalisation would otherwise turn into spaces.
 */
void xml_attr(struct strbuf *sb, const char *s, size_t len);

#endif
