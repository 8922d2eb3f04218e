# plain-to-a2a.jq - the jq a user would write for adkev to-a2a: one A2A
# message per event, text parts as text, function calls and responses as
# data, the author, invocation id and usage in the metadata.  Left out of
# the contract: part metadata (thoughts, signatures, the function part's
# type and long-running flag), state deltas and other actions, snake_case
# spellings and anything else a part may hold; adkev's output is cut down
# to the same shape before comparing (both after jq -S).
{kind: "message", messageId: .id, role: (if .author == "user" then "user" else "agent" end),
 parts: [.content.parts[]? | if .functionCall then {kind: "data", data: .functionCall}
                             elif .functionResponse then {kind: "data", data: .functionResponse}
                             else {kind: "text", text} end],
 metadata: {adk_author: .author, adk_invocation_id: .invocationId, adk_usage_metadata: .usageMetadata}}
