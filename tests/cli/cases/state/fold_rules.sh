# Last write wins, keeping the key where it was first written; temp: keys are dropped;
# partial events are not folded; a user's delta counts (it is in the session).
# Scratch files live in a private directory: several runs of the suite may overlap.
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
printf '%s\n' \
	'{"author":"a","actions":{"stateDelta":{"x":1,"temp:scratch":"t","y":[1]}}}' \
	'{"author":"a","partial":true,"actions":{"stateDelta":{"x":"partial","p":1}}}' \
	'{"author":"user","actions":{"state_delta":{"z":{"n":1}}}}' \
	'{"author":"b","actions":{"stateDelta":{"x":3,"temp:other":1,"temp":"kept"}}}' \
	'{"author":"b","actions":{"stateDelta":"not an object"}}' > in.jsonl
adkev state in.jsonl
adkev state --key temp:scratch in.jsonl
adkev state --author b in.jsonl
adkev state --key x --author a in.jsonl
