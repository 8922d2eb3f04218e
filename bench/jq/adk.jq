# adk.jq - ADK event helpers for the jq side of the benchmark: the same rules
# as adkev's src/event.c (both spellings, null = absent, ADK's
# is_final_response), written as plainly as jq allows.
def get($c; $s): if type == "object" then (if .[$c] != null then .[$c] elif .[$s] != null then .[$s] else null end) else null end;
def get($c): get($c; $c);
def truthy: . != null and . != false and . != 0 and . != "" and . != [] and . != {};
def parts: get("content") | get("parts") | if type == "array" then . else null end;
def answer_parts:
  (get("actions") | get("responseContent"; "response_content")
   | if type == "object" then get("parts") else . end) as $rc
  | if ($rc | type) == "array" and ($rc | length) > 0 then $rc else parts end;
def is_final:
  if (get("actions") | get("skipSummarization"; "skip_summarization") | truthy) then true
  elif (get("longRunningToolIds"; "long_running_tool_ids") | type == "array" and length > 0) then true
  else (parts // []) as $p
    | ($p | all(.[]; get("functionCall"; "function_call") == null
                     and get("functionResponse"; "function_response") == null))
      and (get("partial") | truthy | not)
      and (($p | length) == 0 or ($p[-1] | get("codeExecutionResult"; "code_execution_result")) == null)
  end;
def is_user: get("author") == "user";
# The parts of a final response not written by the user.
def final_parts: select(is_user | not) | select(is_final) | answer_parts // [] | .[];
def text_of: get("text") | select(type == "string" and length > 0);
def answer_texts: final_parts | select(get("thought") | truthy | not) | text_of;
def thought_texts: final_parts | select(get("thought") | truthy) | text_of;
