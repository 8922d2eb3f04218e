# adkev final: the last non-thought text part of the last final response that has one, as JSON.
include "adk"; reduce (inputs | [answer_texts] | last // empty) as $t (""; $t)
