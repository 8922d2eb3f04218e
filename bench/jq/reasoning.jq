# adkev reasoning: every thought text part of every final response, joined with "\n"; null if none.
include "adk"; [inputs | thought_texts] | if length == 0 then null else join("\n") end
