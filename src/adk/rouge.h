/*
 * rouge.h - ROUGE-1 as ADK's response_match_score computes it: rouge_score's
 * tokenizer (google-research rouge/tokenize.py) and n-gram scoring
 * (rouge_scorer.py _score_ngrams, scoring.py fmeasure), with NLTK's Porter
 * stemmer (adk/porter.h) when ADK's final_response_match_v1.py asks for
 * it: only when both texts are mostly Latin script (_is_latin_script).
 */
#ifndef ADKEV_ROUGE_H
#define ADKEV_ROUGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ROUGE-1 of a prediction against a target: what rouge_score's Score holds. */
struct rouge_score {
	double precision, recall, fmeasure;
};

/*
 * rouge_score's RougeScorer(["rouge1"], use_stemmer).score(target,
 * prediction)["rouge1"]; texts are UTF-8 (as JSON strings are).
 */
struct rouge_score rouge1(const char *target, size_t target_len, const char *prediction,
                          size_t prediction_len, bool use_stemmer);
/*
 * ADK's _calculate_rouge_1_scores(candidate, reference): rouge1() with the
 * stemmer when both texts are mostly Latin script.
 */
struct rouge_score rouge1_adk(const char *reference, size_t reference_len, const char *candidate,
                              size_t candidate_len);
/*
 * ADK's _is_latin_script(): true when more than half of the letters are
 * Latin (a name with "LATIN" in it), or when there are no letters.
 */
bool rouge_latin_script(const char *text, size_t len);

/* The letters of Unicode in ranges, each Latin or not (letters.c, generated). */
struct letter_range {
	uint32_t lo, hi;
	int latin;
};
extern const struct letter_range letter_ranges[];
extern const size_t letter_range_count;

#endif
