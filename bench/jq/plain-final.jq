# plain-final.jq - the jq a user would write for adkev final: the last
# non-thought text of the last non-partial, non-user event that has one.
# Left out of the contract: snake_case spellings, actions.responseContent,
# skipSummarization and longRunningToolIds, and the rule that an event with
# a function call or response, or ending in a code execution result, is not
# a final response (on the generated camelCase streams such events carry no
# non-thought text, so the answer is the same).
[inputs | select(.partial != true and .author != "user")
 | .content.parts // [] | map(select(.text and (.thought | not))) | select(length > 0)
 | .[-1].text] | last
