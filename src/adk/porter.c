/*
 * porter.c - NLTK's Porter stemmer in its default mode (porter.h).
 *
 * Each step is written after the method of NLTK's PorterStemmer
 * (nltk/stem/porter.py, NLTK 3.8) it follows, named in its comment.  A
 * rule list is applied as NLTK's _apply_rule_list() applies one: the first
 * rule whose suffix the word ends with decides, and when its condition
 * fails the word is left as it is (no later rule is tried).
 */
#include "adk/porter.h"

#include <stdbool.h>
#include <string.h>

/* The word being stemmed: b[0..n), rewritten in place. */
struct word {
	char *b;
	size_t n;
};

/* _is_consonant(): a letter other than a, e, i, o, u, and y after a consonant. */
static bool cons(const char *b, size_t i)
{
	switch (b[i]) {
	case 'a':
	case 'e':
	case 'i':
	case 'o':
	case 'u':
		return false;
	case 'y':
		return i == 0 || !cons(b, i - 1);
	default:
		return true;
	}
}

/* _measure(): how many times a vowel is followed by a consonant in b[0..n). */
static int measure(const char *b, size_t n)
{
	int m = 0;
	for (size_t i = 1; i < n; i++)
		if (!cons(b, i - 1) && cons(b, i))
			m++;
	return m;
}

/* _contains_vowel() */
static bool has_vowel(const char *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!cons(b, i))
			return true;
	return false;
}

/* _ends_double_consonant() */
static bool double_cons(const char *b, size_t n)
{
	return n >= 2 && b[n - 1] == b[n - 2] && cons(b, n - 1);
}

/* _ends_cvc(), with NLTK's two-letter vowel-consonant stems. */
static bool ends_cvc(const char *b, size_t n)
{
	if (n >= 3 && cons(b, n - 3) && !cons(b, n - 2) && cons(b, n - 1) && b[n - 1] != 'w' &&
	    b[n - 1] != 'x' && b[n - 1] != 'y')
		return true;
	return n == 2 && !cons(b, 0) && cons(b, 1);
}

static bool ends(const struct word *w, const char *suffix)
{
	size_t len = strlen(suffix);
	return w->n >= len && memcmp(w->b + w->n - len, suffix, len) == 0;
}

/* Replaces the last cut letters with repl (never longer than cut, so it fits). */
static void replace(struct word *w, size_t cut, const char *repl)
{
	size_t len = strlen(repl);
	w->n -= cut;
	memcpy(w->b + w->n, repl, len);
	w->n += len;
}

/* The conditions NLTK's rules carry. */
enum cond { ALWAYS, M_GT0, M_GT1, ION, LOGI };

struct rule {
	const char *suffix, *repl;
	enum cond cond;
};

static bool holds(const struct word *w, size_t stem, enum cond cond)
{
	switch (cond) {
	case ALWAYS:
		return true;
	case M_GT0:
		return measure(w->b, stem) > 0;
	case M_GT1:
		return measure(w->b, stem) > 1;
	case ION:
		return measure(w->b, stem) > 1 && (w->b[stem - 1] == 's' || w->b[stem - 1] == 't');
	case LOGI: /* _step2's "logi": the measure of the word less "ogi" */
		return measure(w->b, stem + 1) > 0;
	}
	return false;
}

/* _apply_rule_list() for suffix rules: the first suffix found decides. */
static void apply(struct word *w, const struct rule *rules, size_t count)
{
	for (size_t i = 0; i < count; i++) {
		if (!ends(w, rules[i].suffix))
			continue;
		size_t stem = w->n - strlen(rules[i].suffix);
		if (holds(w, stem, rules[i].cond))
			replace(w, w->n - stem, rules[i].repl);
		return;
	}
}

#define RULES(w, r) apply((w), (r), sizeof(r) / sizeof *(r))

/* _step1a(), with NLTK's "ies" on four-letter words ("dies" -> "die"). */
static void step1a(struct word *w)
{
	static const struct rule rules[] = {
	    {"sses", "ss", ALWAYS}, {"ies", "i", ALWAYS}, {"ss", "ss", ALWAYS}, {"s", "", ALWAYS}};
	if (ends(w, "ies") && w->n == 4)
		replace(w, 3, "ie");
	else
		RULES(w, rules);
}

/* The second half of _step1b(), once "ed" or "ing" came off. */
static void step1b_tidy(struct word *w)
{
	static const struct rule rules[] = {
	    {"at", "ate", ALWAYS}, {"bl", "ble", ALWAYS}, {"iz", "ize", ALWAYS}};
	if (ends(w, "at") || ends(w, "bl") || ends(w, "iz")) {
		RULES(w, rules);
	} else if (double_cons(w->b, w->n)) {
		char last = w->b[w->n - 1];
		if (last != 'l' && last != 's' && last != 'z')
			w->n--;
	} else if (measure(w->b, w->n) == 1 && ends_cvc(w->b, w->n)) {
		w->b[w->n++] = 'e';
	}
}

/* _step1b(), with NLTK's "ied" ("died" -> "die", "spied" -> "spi"). */
static void step1b(struct word *w)
{
	if (ends(w, "ied")) {
		replace(w, 3, w->n == 4 ? "ie" : "i");
		return;
	}
	if (ends(w, "eed")) {
		if (measure(w->b, w->n - 3) > 0)
			w->n--;
		return;
	}
	size_t cut = ends(w, "ed") ? 2 : ends(w, "ing") ? 3 : 0;
	if (!cut || !has_vowel(w->b, w->n - cut))
		return;
	w->n -= cut;
	step1b_tidy(w);
}

/* _step1c() in NLTK's form: y -> i after a consonant that is not the first letter. */
static void step1c(struct word *w)
{
	if (ends(w, "y") && w->n - 1 > 1 && cons(w->b, w->n - 2))
		w->b[w->n - 1] = 'i';
}

/* _step2(), with NLTK's "alli" first, "bli", and "fulli" and "logi" last. */
static void step2(struct word *w)
{
	static const struct rule rules[] = {
	    {"ational", "ate", M_GT0}, {"tional", "tion", M_GT0}, {"enci", "ence", M_GT0},
	    {"anci", "ance", M_GT0},   {"izer", "ize", M_GT0},    {"bli", "ble", M_GT0},
	    {"alli", "al", M_GT0},     {"entli", "ent", M_GT0},   {"eli", "e", M_GT0},
	    {"ousli", "ous", M_GT0},   {"ization", "ize", M_GT0}, {"ation", "ate", M_GT0},
	    {"ator", "ate", M_GT0},    {"alism", "al", M_GT0},    {"iveness", "ive", M_GT0},
	    {"fulness", "ful", M_GT0}, {"ousness", "ous", M_GT0}, {"aliti", "al", M_GT0},
	    {"iviti", "ive", M_GT0},   {"biliti", "ble", M_GT0},  {"fulli", "ful", M_GT0},
	    {"logi", "log", LOGI},
	};
	while (ends(w, "alli") && measure(w->b, w->n - 4) > 0)
		w->n -= 2;
	RULES(w, rules);
}

/* _step3() */
static void step3(struct word *w)
{
	static const struct rule rules[] = {
	    {"icate", "ic", M_GT0}, {"ative", "", M_GT0},  {"alize", "al", M_GT0},
	    {"iciti", "ic", M_GT0}, {"ical", "ic", M_GT0}, {"ful", "", M_GT0},
	    {"ness", "", M_GT0},
	};
	RULES(w, rules);
}

/* _step4() */
static void step4(struct word *w)
{
	static const struct rule rules[] = {
	    {"al", "", M_GT1},    {"ance", "", M_GT1}, {"ence", "", M_GT1}, {"er", "", M_GT1},
	    {"ic", "", M_GT1},    {"able", "", M_GT1}, {"ible", "", M_GT1}, {"ant", "", M_GT1},
	    {"ement", "", M_GT1}, {"ment", "", M_GT1}, {"ent", "", M_GT1},  {"ion", "", ION},
	    {"ou", "", M_GT1},    {"ism", "", M_GT1},  {"ate", "", M_GT1},  {"iti", "", M_GT1},
	    {"ous", "", M_GT1},   {"ive", "", M_GT1},  {"ize", "", M_GT1},
	};
	RULES(w, rules);
}

/* _step5a() and _step5b() */
static void step5(struct word *w)
{
	if (ends(w, "e")) {
		int m = measure(w->b, w->n - 1);
		if (m > 1 || (m == 1 && !ends_cvc(w->b, w->n - 1)))
			w->n--;
	}
	if (ends(w, "ll") && measure(w->b, w->n - 1) > 1)
		w->n--;
}

/* NLTK_EXTENSIONS' table of irregular forms, looked up before any step. */
static const char *const irregular[][2] = {
    {"sky", "sky"},        {"skies", "sky"},       {"dying", "die"},        {"lying", "lie"},
    {"tying", "tie"},      {"news", "news"},       {"innings", "inning"},   {"inning", "inning"},
    {"outings", "outing"}, {"outing", "outing"},   {"cannings", "canning"}, {"canning", "canning"},
    {"howe", "howe"},      {"proceed", "proceed"}, {"exceed", "exceed"},    {"succeed", "succeed"},
};

/* stem() in NLTK_EXTENSIONS mode. */
size_t porter_stem(char *word, size_t len)
{
	for (size_t i = 0; i < sizeof irregular / sizeof *irregular; i++) {
		size_t n = strlen(irregular[i][0]);
		if (n == len && memcmp(word, irregular[i][0], n) == 0) {
			size_t m = strlen(irregular[i][1]);
			memcpy(word, irregular[i][1], m);
			return m;
		}
	}
	if (len <= 2)
		return len;
	struct word w = {word, len};
	step1a(&w);
	step1b(&w);
	step1c(&w);
	step2(&w);
	step3(&w);
	step4(&w);
	step5(&w);
	return w.n;
}
