/*
 * porter.h - the Porter stemmer as NLTK's PorterStemmer runs it in its
 * default mode (NLTK_EXTENSIONS), which rouge_score, and so ADK's
 * response_match_score, stems with.
 *
 * NLTK's mode departs from Porter's 1980 paper in a few places (a table
 * of irregular forms, "ies"/"ied" on four-letter words, the y-to-i rule,
 * "bli", "alli", "fulli", "logi", the cvc test on two-letter stems, words
 * of one or two letters left alone); porter.c follows NLTK's nltk/stem/
 * porter.py (NLTK 3.8) rule by rule.  tests/check_porter.c holds it to
 * NLTK's own output.
 */
#ifndef ADKEV_PORTER_H
#define ADKEV_PORTER_H

#include <stddef.h>

/*
 * Stems word[0..len), lower-case ASCII letters, in place; returns the
 * stem's length (never more than len).  word need not end in a NUL.
 */
size_t porter_stem(char *word, size_t len);

#endif
