# adkev partition: {"agent": [event, ...], ...}, agents in order of first
# appearance, events whose author is missing, empty or "user" left out.
include "adk";
reduce (inputs | select(get("author") | type == "string" and . != "" and . != "user")) as $e
  ({}; .[$e.author][.[$e.author] | length] = $e)
