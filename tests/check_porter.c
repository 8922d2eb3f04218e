/*
 * check_porter.c - the Porter stemmer against NLTK's own output: every word
 * of tests/eval/porter.tsv, which tests/eval/porter-nltk.py wrote with
 * Debian's python3-nltk (NLTK 3.8, PorterStemmer() in its default
 * NLTK_EXTENSIONS mode); make check-nltk writes it again with the NLTK
 * installed and compares.  The named cases below each pin one of NLTK's
 * departures from Porter's paper (nltk/stem/porter.py).
 */
#include "testutil.h"

#include "adk/porter.h"

#include <stdio.h>

static const char *stem(const char *word)
{
	static char buf[256];
	size_t n = strlen(word);
	ck_assert_uint_lt(n, sizeof buf);
	memcpy(buf, word, n);
	buf[porter_stem(buf, n)] = '\0';
	return buf;
}

START_TEST(matches_nltk_on_the_word_list)
{
	FILE *f = fopen("tests/eval/porter.tsv", "r");
	ck_assert_msg(f != NULL, "tests/eval/porter.tsv: cannot open");
	char line[512];
	unsigned count = 0, wrong = 0;
	while (fgets(line, sizeof line, f)) {
		char *tab = strchr(line, '\t');
		ck_assert(tab != NULL);
		*tab = '\0';
		tab[strcspn(tab + 1, "\n") + 1] = '\0';
		const char *got = stem(line);
		if (strcmp(got, tab + 1) != 0) {
			fprintf(stderr, "porter: %s: %s, NLTK %s\n", line, got, tab + 1);
			wrong++;
		}
		count++;
	}
	fclose(f);
	ck_assert_uint_ge(count, 200);
	ck_assert_uint_eq(wrong, 0);
}
END_TEST

/* stem(): NLTK_EXTENSIONS' irregular forms bypass the steps. */
START_TEST(irregular_forms)
{
	ck_assert_str_eq(stem("skies"), "sky");
	ck_assert_str_eq(stem("dying"), "die");
	ck_assert_str_eq(stem("innings"), "inning");
	ck_assert_str_eq(stem("succeed"), "succeed");
	ck_assert_str_eq(stem("news"), "news");
}
END_TEST

/* stem(): words of one or two letters are left alone outside ORIGINAL_ALGORITHM. */
START_TEST(short_words_unchanged)
{
	ck_assert_str_eq(stem("as"), "as");
	ck_assert_str_eq(stem("is"), "is");
	ck_assert_str_eq(stem("s"), "s");
}
END_TEST

/* _step1a() and _step1b(): "ies"/"ied" on four letters keep "ie". */
START_TEST(four_letter_ies_and_ied)
{
	ck_assert_str_eq(stem("dies"), "die");
	ck_assert_str_eq(stem("died"), "die");
	ck_assert_str_eq(stem("flies"), "fli");
	ck_assert_str_eq(stem("spied"), "spi");
}
END_TEST

/* _step1c(): y -> i only after a consonant that is not the word's first letter. */
START_TEST(y_to_i)
{
	ck_assert_str_eq(stem("happy"), "happi");
	ck_assert_str_eq(stem("enjoy"), "enjoy");
	ck_assert_str_eq(stem("sky"), "sky");
}
END_TEST

/* _step2(): "alli" recurses, "bli" -> "ble", "fulli", "logi" keeps its l. */
START_TEST(step2_departures)
{
	ck_assert_str_eq(stem("radicalli"), "radic");
	ck_assert_str_eq(stem("conformabli"), "conform");
	ck_assert_str_eq(stem("geology"), "geolog");
	ck_assert_str_eq(stem("carefully"), "care");
}
END_TEST

/* _ends_cvc(): a two-letter vowel-consonant stem counts (NLTK_EXTENSIONS). */
START_TEST(two_letter_cvc)
{
	ck_assert_str_eq(stem("oed"), "o");
	ck_assert_str_eq(stem("filing"), "file");
}
END_TEST

static Suite *porter_suite(void)
{
	Suite *s = suite_create("porter");
	TCase *tc = tcase_create("nltk");
	tcase_add_test(tc, matches_nltk_on_the_word_list);
	tcase_add_test(tc, irregular_forms);
	tcase_add_test(tc, short_words_unchanged);
	tcase_add_test(tc, four_letter_ies_and_ied);
	tcase_add_test(tc, y_to_i);
	tcase_add_test(tc, step2_departures);
	tcase_add_test(tc, two_letter_cvc);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return run_suite(porter_suite()) ? 1 : 0;
}
