# plain-partition.jq - the jq a user would write for adkev partition: the
# events grouped by .author, the user's left out.  group_by sorts the
# agents by name where adkev keeps them in order of first appearance, so
# both sides are compared after jq -S.  Left out of the contract: events
# whose author is missing or empty (group_by would make a group of them)
# and adkev's constant-memory split; this holds every event in memory.
[inputs | select(.author != "user")] | group_by(.author) | map({(.[0].author): .}) | add
