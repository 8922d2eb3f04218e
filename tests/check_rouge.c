/*
 * check_rouge.c - ROUGE-1 against rouge_score's own arithmetic: each pair of
 * tests/eval/rouge.jsonl (made by tests/eval/rouge-pairs.py) carries the
 * precision, recall and F-measure that rouge_score's tokenize() and
 * _score_ngrams(), with Debian's NLTK 3.8 PorterStemmer, gave it, run once
 * outside the project, stemmed and not, and the F-measure of ADK's
 * _calculate_rouge_1_scores() (final_response_match_v1.py), which stems
 * only when both texts are mostly Latin script.  adkev is held to each
 * within 1e-12.
 */
#include "testutil.h"

#include "adk/rouge.h"

#include <jansson.h>

#include <math.h>
#include <stdio.h>

#define NEAR(a, b) (fabs((a) - (b)) <= 1e-12)

static double number(json_t *o, const char *key)
{
	json_t *v = json_object_get(o, key);
	ck_assert_msg(json_is_number(v), "rouge.jsonl: no number %s", key);
	return json_number_value(v);
}

START_TEST(matches_rouge_score_on_the_pairs)
{
	FILE *f = fopen("tests/eval/rouge.jsonl", "r");
	ck_assert_msg(f != NULL, "tests/eval/rouge.jsonl: cannot open");
	unsigned count = 0, wrong = 0;
	json_error_t err;
	json_t *o;
	while ((o = json_loadf(f, JSON_DISABLE_EOF_CHECK, &err)) != NULL) {
		const char *t = json_string_value(json_object_get(o, "target"));
		const char *p = json_string_value(json_object_get(o, "prediction"));
		size_t tl = json_string_length(json_object_get(o, "target"));
		size_t pl = json_string_length(json_object_get(o, "prediction"));
		struct rouge_score s = rouge1(t, tl, p, pl, true);
		struct rouge_score u = rouge1(t, tl, p, pl, false);
		struct rouge_score a = rouge1_adk(t, tl, p, pl);
		if (!NEAR(s.precision, number(o, "precision")) ||
		    !NEAR(s.recall, number(o, "recall")) ||
		    !NEAR(s.fmeasure, number(o, "fmeasure")) ||
		    !NEAR(u.fmeasure, number(o, "fmeasure_unstemmed")) ||
		    !NEAR(a.fmeasure, number(o, "fmeasure_adk"))) {
			fprintf(stderr, "rouge: pair %u: %.17g %.17g %.17g\n", count + 1,
			        s.fmeasure, u.fmeasure, a.fmeasure);
			wrong++;
		}
		json_decref(o);
		count++;
	}
	fclose(f);
	ck_assert_uint_ge(count, 200);
	ck_assert_uint_eq(wrong, 0);
}
END_TEST

/* rouge_score tokenize(): lower case, and only [a-z0-9] runs are tokens. */
START_TEST(tokenizer_keeps_ascii_letters_and_digits)
{
	struct rouge_score s = rouge1("Café, 18°C!", 13, "caf 18 c", 8, false);
	ck_assert(NEAR(s.fmeasure, 1.0));
	/* Python's str.lower(): the Kelvin sign is "k", U+0130 is "i" and a combining dot. */
	s = rouge1("\xe2\x84\xaa", 3, "k", 1, false);
	ck_assert(NEAR(s.fmeasure, 1.0));
	s = rouge1("\xc4\xb0x", 3, "i x", 3, false);
	ck_assert(NEAR(s.fmeasure, 1.0));
}
END_TEST

/* _score_ngrams() and scoring.fmeasure(): two empty texts score 0, not 1. */
START_TEST(empty_texts_score_zero)
{
	struct rouge_score s = rouge1("", 0, "", 0, true);
	ck_assert(s.fmeasure == 0.0);
	s = rouge1("!!!", 3, "...", 3, true);
	ck_assert(s.fmeasure == 0.0);
}
END_TEST

/* _score_ngrams(): repeated tokens count up to the lesser of the two counts. */
START_TEST(counts_are_clipped)
{
	struct rouge_score s = rouge1("a a a a b", 9, "a b b b b", 9, false);
	ck_assert(NEAR(s.precision, 0.4));
	ck_assert(NEAR(s.recall, 0.4));
}
END_TEST

/* final_response_match_v1 _is_latin_script(): more than half of the letters Latin. */
START_TEST(latin_script_test)
{
	ck_assert(rouge_latin_script("", 0));
	ck_assert(rouge_latin_script("123 !!", 6));
	ck_assert(rouge_latin_script("ab\xe6\x9d\xb1", 5));
	ck_assert(!rouge_latin_script("a\xe6\x9d\xb1", 4));
	ck_assert(!rouge_latin_script("ab\xe6\x9d\xb1\xe4\xba\xac", 8));
}
END_TEST

static Suite *rouge_suite(void)
{
	Suite *s = suite_create("rouge");
	TCase *tc = tcase_create("rouge_score");
	tcase_add_test(tc, matches_rouge_score_on_the_pairs);
	tcase_add_test(tc, tokenizer_keeps_ascii_letters_and_digits);
	tcase_add_test(tc, empty_texts_score_zero);
	tcase_add_test(tc, counts_are_clipped);
	tcase_add_test(tc, latin_script_test);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return run_suite(rouge_suite()) ? 1 : 0;
}
