/*
 * rouge.c - ROUGE-1 F-measure with rouge_score's tokenizer and NLTK's Porter
 * stemmer, and ADK's Latin-script test (rouge.h).
 */
#include "adk/rouge.h"
#include "adk/porter.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

/* A token: bytes of the tokens' text. */
struct token {
	const char *p;
	size_t len;
};

struct tokens {
	char *text; /* every token, one after the other: a byte at most per code point */
	size_t text_len;
	struct token *list;
	size_t count;
};

/* Ends the token that started at text[start], stemmed as rouge_score's tokenize() stems. */
static void end_token(struct tokens *t, size_t start, bool stem)
{
	size_t len = t->text_len - start;
	if (len == 0)
		return;
	/* tokenize(): "Only stem words more than 3 characters long." */
	if (stem && len > 3) {
		len = porter_stem(t->text + start, len);
		t->text_len = start + len;
	}
	t->list[t->count++] = (struct token){.p = t->text + start, .len = len};
}

/*
 * rouge_score's tokenize(text, stemmer): lower case (Python's str.lower(),
 * under which only U+0130 and the Kelvin sign U+212A become ASCII letters),
 * every run of anything but [a-z0-9] a space, split at spaces, stemmed.
 */
static void tokenize(const char *s, size_t n, bool stem, struct tokens *t)
{
	t->text = xmalloc(n + 1);
	t->list = xmalloc((n + 1) * sizeof *t->list);
	t->text_len = t->count = 0;
	size_t start = 0;
	for (size_t i = 0; i < n;) {
		uint32_t cp;
		i += utf8_decode(s + i, n - i, &cp);
		char c = 0;
		if ((cp >= 'a' && cp <= 'z') || (cp >= '0' && cp <= '9'))
			c = (char)cp;
		else if (cp >= 'A' && cp <= 'Z')
			c = (char)(cp - 'A' + 'a');
		else if (cp == 0x212A) /* KELVIN SIGN: "k" */
			c = 'k';
		else if (cp == 0x130) /* "i" and a combining dot, which ends the token */
			t->text[t->text_len++] = 'i';
		if (c) {
			t->text[t->text_len++] = c;
			continue;
		}
		end_token(t, start, stem);
		start = t->text_len;
	}
	end_token(t, start, stem);
}

static int token_cmp(const void *a, const void *b)
{
	const struct token *x = a, *y = b;
	size_t n = x->len < y->len ? x->len : y->len;
	int c = memcmp(x->p, y->p, n);
	return c ? c : (x->len > y->len) - (x->len < y->len);
}

/* _score_ngrams() for unigrams: the sum over tokens of the lesser of the two counts. */
static size_t overlap(struct tokens *a, struct tokens *b)
{
	qsort(a->list, a->count, sizeof *a->list, token_cmp);
	qsort(b->list, b->count, sizeof *b->list, token_cmp);
	size_t i = 0, j = 0, n = 0;
	while (i < a->count && j < b->count) {
		int c = token_cmp(&a->list[i], &b->list[j]);
		if (c == 0)
			n++;
		i += c <= 0;
		j += c >= 0;
	}
	return n;
}

struct rouge_score rouge1(const char *target, size_t target_len, const char *prediction,
                          size_t prediction_len, bool use_stemmer)
{
	struct tokens t, p;
	tokenize(target, target_len, use_stemmer, &t);
	tokenize(prediction, prediction_len, use_stemmer, &p);
	double inter = (double)overlap(&t, &p);
	struct rouge_score s;
	/* _score_ngrams(): each count at least 1, then scoring.fmeasure(). */
	s.precision = inter / (double)(p.count > 1 ? p.count : 1);
	s.recall = inter / (double)(t.count > 1 ? t.count : 1);
	if (s.precision + s.recall > 0)
		s.fmeasure = 2 * s.precision * s.recall / (s.precision + s.recall);
	else
		s.fmeasure = 0.0;
	free(t.text);
	free(t.list);
	free(p.text);
	free(p.list);
	return s;
}

/* Whether cp is a letter, and *latin whether it is a Latin one. */
static bool letter(uint32_t cp, bool *latin)
{
	size_t lo = 0, hi = letter_range_count;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (cp < letter_ranges[mid].lo)
			hi = mid;
		else if (cp > letter_ranges[mid].hi)
			lo = mid + 1;
		else {
			*latin = letter_ranges[mid].latin;
			return true;
		}
	}
	return false;
}

bool rouge_latin_script(const char *text, size_t len)
{
	size_t letters = 0, latin = 0;
	for (size_t i = 0; i < len;) {
		uint32_t cp;
		bool is_latin;
		i += utf8_decode(text + i, len - i, &cp);
		if (letter(cp, &is_latin)) {
			letters++;
			latin += is_latin;
		}
	}
	if (letters == 0)
		return true;
	return (double)latin / (double)letters > 0.5;
}

struct rouge_score rouge1_adk(const char *reference, size_t reference_len, const char *candidate,
                              size_t candidate_len)
{
	bool stem = rouge_latin_script(candidate, candidate_len) &&
	            rouge_latin_script(reference, reference_len);
	/* scorer.score(reference, candidate): the reference is rouge's target. */
	return rouge1(reference, reference_len, candidate, candidate_len, stem);
}
