# plain-trajectory.jq - the jq a user would write for adkev trajectory's
# tool calls: each functionCall of a non-partial event with the response
# of the functionResponse of the same id; with --argjson clean true, keys
# that look secret (key, token, secret, password) in arguments and results
# replaced by "[REDACTED]".  Left out of the contract: state deltas, token
# usage, the final output and the error (adkev's output is cut down to
# [.tool_calls[] | {id, name, arguments, result}] before comparing), the
# timestamp and author of each call, snake_case spellings, calls paired by
# name, and truncation of long strings (no string in the generated
# streams reaches adkev's 10000 characters).  It holds every call and
# response in memory.
def clean: if $clean then walk(if type == "object" then with_entries(
    if .key | test("key|token|secret|password"; "i") then .value = "[REDACTED]" else . end) else . end)
  else . end;
[inputs | select(.partial != true) | .content.parts[]? | select(.functionCall or .functionResponse)]
| (map(.functionResponse // empty | {(.id): .response}) | add) as $results
| [.[] | .functionCall // empty
   | {id, name, arguments: (.args | clean), result: ($results[.id] | clean)}]
