# state.jq - adkev state: the stateDelta of every non-partial event folded
# in order into one object; the last write of a key wins and "temp:" keys
# are dropped.
include "adk";
reduce (inputs | select(get("partial") | truthy | not)
        | get("actions") | get("stateDelta"; "state_delta") | select(type == "object"))
  as $d ({}; reduce ($d | to_entries[] | select(.key | startswith("temp:") | not)) as $kv
               (.; .[$kv.key] = $kv.value))
