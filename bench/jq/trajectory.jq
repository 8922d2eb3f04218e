# adkev trajectory (defaults): tool calls paired with their responses by id,
# non-empty state deltas, token usage summed per model call, the final
# output and the last error; arguments, results and deltas redacted and
# truncated (with --argjson clean true).  Calls without an id (paired by
# name) are beyond this filter.  Lists grow by index assignment, which jq
# 1.6 does in place (`+=` copies the list each time).
include "adk";
def sensitive:
  ascii_downcase | gsub("[-_.]"; "") as $k
  | any("apikey", "token", "secret", "password", "credential", "authorization", "bearer";
        . as $w | $k | endswith($w));
def redact:
  if type == "object" then with_entries(if .key | sensitive then .value = "[REDACTED]" else .value |= redact end)
  elif type == "array" then map(redact)
  elif type == "string" and length > 10000 then .[:10000] + "...[truncated \(length - 10000) chars]"
  else . end;
# jq --argjson clean true: redaction and truncation as adkev's defaults; false: --no-redact --no-truncate.
def clean: if $clean then redact else . end;
def seconds: if type == "number" then (if . > 1e11 then . / 1000 else . end) else null end;
def count($c; $s): get($c; $s) // 0;
reduce inputs as $e ({calls: [], results: {}, deltas: [], usage: null, prev: {}, final: "", error: null};
  ($e | get("partial") | truthy) as $partial
  | ($e | parts // []) as $parts
  | if $partial then . else
      reduce ($parts[] | get("functionCall"; "function_call") // empty
              | {id: get("id"), name: get("name"),
                 arguments: (get("args") | if type == "object" then clean else {} end),
                 result: null, timestamp: ($e | get("timestamp") | seconds),
                 author: ($e | get("author"))}) as $c
        (.; .calls[.calls | length] = $c)
      | reduce ($parts[] | get("functionResponse"; "function_response") // empty
                | select(get("id") != null)) as $r (.; .results[$r | get("id")] = ($r | get("response")))
      | (($e | get("actions") | get("stateDelta"; "state_delta")) as $d
         | if $d | truthy then .deltas[.deltas | length] = ($d | clean) else . end)
      | (($e | get("usageMetadata"; "usage_metadata")) as $u
         | (($e | get("author")) + "\u0000" + ($e | get("invocationId"; "invocation_id"))) as $who
         | if $u == null or .prev[$who] == $u then . else
             .prev[$who] = $u
             | .usage = ((.usage // {input_tokens: 0, output_tokens: 0, total_tokens: 0})
                 | .input_tokens += ($u | count("promptTokenCount"; "prompt_token_count"))
                 | .output_tokens += ($u | count("candidatesTokenCount"; "candidates_token_count"))
                 | .total_tokens += ($u | count("totalTokenCount"; "total_token_count"))
                 | if ($u | get("thoughtsTokenCount"; "thoughts_token_count")) != null
                   then .thoughts_tokens += ($u | count("thoughtsTokenCount"; "thoughts_token_count")) else . end
                 | if ($u | get("cachedContentTokenCount"; "cached_content_token_count")) != null
                   then .cached_tokens += ($u | count("cachedContentTokenCount"; "cached_content_token_count")) else . end)
           end)
    end
  | ([$e | answer_texts] | last) as $t | if $t != null then .final = $t else . end
  | (($e | get("errorCode"; "error_code")) as $c | ($e | get("errorMessage"; "error_message")) as $m
     | if $c != null and $m != null then .error = "\($c): \($m)"
       elif $c != null then .error = "\($c)" elif $m != null then .error = $m else . end))
| .results as $res
| {tool_calls: [.calls[] | .result = (if .id != null then ($res[.id] // null | clean) else null end)],
   state_deltas: .deltas, token_usage: .usage, final_output: .final, error: .error}
