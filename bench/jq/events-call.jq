# events-call.jq - adkev events --kind call as jq: the events with a
# function call part, in either spelling (adk.jq's rules: null = absent),
# each written as it was read.
include "adk";
select(type == "object" and get("error") == null)
| select(any((parts // [])[]; get("functionCall"; "function_call") != null))
