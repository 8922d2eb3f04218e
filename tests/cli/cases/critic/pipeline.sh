# No jq needed: an SSE capture straight into the gate, the draft it judged printed raw.
# Scratch files live in a private directory: several runs of the suite may overlap.
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
log="$CORPUS"/adkjs/e_sequential_critic.jsonl
awk '{ print "data: " $0; print "" }' "$log" | adkev critic --min-score 0.75 - > verdict.json &&
	echo "accepted: $(adkev state --key draft -r "$log")"
cat verdict.json
# Token spend of the critic alone, as one number.
adkev trajectory --author critic --no-tool-calls --no-state-deltas "$log" | tr ',{}' '\n\n\n' | grep total_tokens
