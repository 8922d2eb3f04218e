# plain-state.jq - the jq a user would write for adkev state: the stateDelta
# of every non-partial event merged in order, "temp:" keys dropped at the
# end.  Left out of the contract: snake_case spellings and deltas that are
# not objects.
reduce (inputs | select(.partial != true) | .actions.stateDelta // {}) as $d ({}; . + $d)
| with_entries(select(.key | startswith("temp:") | not))
