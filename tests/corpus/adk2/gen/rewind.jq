# Appends to a stored ADK session's events the rewind event ADK Python's
# Runner.rewind_async(rewind_before_invocation_id=$target) appends
# (sessions/_rewind_utils.py rewind_session, ADK Python 2.x; see
# ../RULES.md section 1), spelled as the input's events are (camelCase).
#
#   jq -c -s --arg target INV --arg inv e-UUID --arg id EVENTID \
#      --argjson after MS -f rewind.jq EVENTS.jsonl
#
# Input: the events, one per line; output: them and the rewind event, whose
# timestamp is $after milliseconds after the last event's.
def rewound_key: startswith("app:") or startswith("user:") or startswith("temp:");
# compute_state_delta_for_rewind's replay: a None value removes the key.
def replay: reduce (.[] | .actions.stateDelta // {} | to_entries[]) as $kv ({};
  if $kv.value == null then del(.[$kv.key]) else .[$kv.key] = $kv.value end);
# The session's state as the session service keeps it: update({key: value}).
def stored: reduce (.[] | .actions.stateDelta // {} | to_entries[]) as $kv ({};
  .[$kv.key] = $kv.value);
. as $events
| ([range(0; length) | select($events[.].invocationId == $target)] | first) as $at
| if $at == null then error("invocation \($target) not found") else . end
| ($events[0:$at] | replay | with_entries(select(.key | rewound_key | not))) as $was
| ($events | stored | with_entries(select(.key | rewound_key | not))) as $cur
| (($was | with_entries(select($cur[.key] != .value)))
   + ($cur | with_entries(select(.key as $k | $was | has($k) | not) | .value = null))) as $delta
| .[] , {invocationId: $inv, author: "user",
         actions: {stateDelta: $delta, artifactDelta: {}, requestedAuthConfigs: {},
                   requestedToolConfirmations: {}, rewindBeforeInvocationId: $target},
         id: $id, longRunningToolIds: [], timestamp: ($events[-1].timestamp + $after)}
