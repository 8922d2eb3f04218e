# adkev to-a2a --lossless (A2A 0.3): one message per event, as far as jq can on the
# generated streams: text parts (thoughts and signatures in part metadata),
# function calls and responses as data parts, the author, invocation id,
# usage (camelCase) and non-empty state deltas in message metadata.  jq -S
# on both sides, as adkev writes metadata keys sorted.
include "adk";
def camel: if test("_") then gsub("_(?<c>[a-z])"; .c | ascii_upcase) else . end;
def camelkeys:
  if type == "object" then with_entries(.key |= camel | .value |= camelkeys)
  elif type == "array" then map(camelkeys) else . end;
def signature: get("thoughtSignature"; "thought_signature");
. as $e
| ($e | get("longRunningToolIds"; "long_running_tool_ids") // []) as $lrt
| {kind: "message", messageId: ($e | get("id")),
   role: (if ($e | get("author")) == "user" then "user" else "agent" end),
   parts: [($e | parts // [])[]
     | if get("functionCall"; "function_call") != null then
         get("functionCall"; "function_call") as $c
         | {kind: "data", data: $c,
            metadata: ({adk_type: "function_call",
                        adk_is_long_running: (($c | get("id")) as $id | $lrt | index([$id]) != null)}
                       + (if signature != null then {adk_thought_signature: signature} else {} end))}
       elif get("functionResponse"; "function_response") != null then
         {kind: "data", data: get("functionResponse"; "function_response"),
          metadata: {adk_type: "function_response"}}
       else
         {kind: "text", text: get("text")}
         + (((if get("thought") | truthy then {adk_thought: true} else {} end)
             + (if signature != null then {adk_thought_signature: signature} else {} end))
            | if length > 0 then {metadata: .} else {} end)
       end],
   metadata: ({adk_author: ($e | get("author")), adk_invocation_id: ($e | get("invocationId"; "invocation_id"))}
     + (($e | get("usageMetadata"; "usage_metadata")) as $u
        | if $u != null then {adk_usage_metadata: ($u | camelkeys)} else {} end)
     + (($e | get("actions") | get("stateDelta"; "state_delta")) as $d
        | if $d | truthy then {adk_actions: {stateDelta: $d}} else {} end))}
