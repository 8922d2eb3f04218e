# plain-reasoning.jq - the jq a user would write for adkev reasoning: the
# thought texts of every non-partial event that calls no tool, joined with
# "\n".  Left out of the contract: snake_case spellings, responseContent,
# skipSummarization and longRunningToolIds, the user's own events, code
# execution results, and null when there is no thought (join gives "";
# the generated streams always have thoughts).
[inputs | select(.partial != true) | .content.parts // []
 | select(any(.[]; .functionCall or .functionResponse) | not)
 | .[] | select(.thought) | .text] | join("\n")
