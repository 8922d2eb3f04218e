# Duplicate keys in one object: the last one wins, at every level, as in
# jansson, Python's json and JavaScript's JSON.parse.  When a field is
# present in both spellings, camelCase wins whatever the order.  Events
# passed through are written as their original bytes, duplicates and all.
p() {
	input=$1
	shift
	printf "$input" | adkev "$@"
	echo "status $?"
}
p '{"author":"a","content":{"parts":[{"text":"first"}],"parts":[{"text":"second"}]}}\n' final
p '{"author":"a","content":{"parts":[{"text":"x"}]},"partial":true,"partial":false}\n' final
p '{"author":"a","invocation_id":"snake","invocationId":"camel","content":{"parts":[{"text":"x"}]}}\n' final --per-invocation
p '{"author":"a","invocationId":"camel","invocation_id":"snake","content":{"parts":[{"text":"x"}]}}\n' final --per-invocation
p '{"author":"a","actions":{"stateDelta":{"k":1,"k":2},"state_delta":{"k":3}}}\n' state
p '{"author":"a","content":{"parts":[{"functionCall":{"id":"c","name":"f","args":{"q":1,"q":2}}}]}}\n' trajectory
# The session's last "events" array is the one read.
p '{"id":"s","events":[{"author":"a","content":{"parts":[{"text":"one"}]}}],"events":[{"author":"b","content":{"parts":[{"text":"two"}]}}]}\n' final
p '{"author":"critic","content":{"parts":[{"text":"{\\"score\\":0.1,\\"score\\":0.9}"}]}}\n' critic
p '{"kind":"message","kind":"task","id":"t","contextId":"c","status":{"state":"completed"}}\n' from-a2a --deterministic
