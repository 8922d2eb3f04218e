# gepa's normalize_feedback: fixed keys and order, stripped text, empty parts left out.
printf '%s\n' '{"author":"critic","content":{"parts":[{"text":"{\"extra\":true,\"actionable_guidance\":\"  Name the city. \",\"dimension_scores\":{\"accuracy\":0.9,\"tone\":0.4},\"feedback\":\"  Good.  \",\"score\":1}"}]}}' | adkev critic -p
# feedback_text is preferred when non-empty; a feedback that is not a string gives "".
printf '%s\n' '{"author":"critic","content":{"parts":[{"text":"{\"score\":0.5,\"feedback_text\":\"ft\",\"feedback\":\"f\"}"}]}}' | adkev critic
printf '%s\n' '{"author":"critic","content":{"parts":[{"text":"{\"score\":0.5,\"feedback\":null,\"dimension_scores\":{},\"actionable_guidance\":\" \"}"}]}}' | adkev critic
printf '%s\n' '{"author":"critic","content":{"parts":[{"text":"{\"score\":0.5,\"feedback\":42}"}]}}' | adkev critic
