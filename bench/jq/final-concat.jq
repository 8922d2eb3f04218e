# adkev final --concat -r: every non-thought text part of every final response,
# printed raw and unjoined (jq -j), which is faster in jq than building the string.
include "adk"; inputs | answer_texts
