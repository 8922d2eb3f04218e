# Issue 34: an A2A round trip keeps who spoke.  For every stream of the corpus (both
# spellings, sessions too) and both protocol versions, to-a2a --lossless | from-a2a gives
# back events for which final, reasoning, state and stats' authors, invocations and times
# say what they say of the originals: from-a2a takes a message's author, invocation, id
# and time from the adk_* metadata to-a2a wrote.
# Scratch files live in a private directory: several runs of the suite may overlap.
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
view() {
	adkev final "$1" || echo "exit $?"
	adkev reasoning "$1" || echo "exit $?"
	adkev state -c "$1" || echo "exit $?"
	adkev stats -c "$1" | jq -c '{authors, invocations, first_timestamp, duration}'
}
for f in "$CORPUS"/adkjs/* "$CORPUS"/adkpy-style/*.jsonl; do
	for v in 0.3 1.0; do
		# From the corpus folder, so that a warning names the file the same anywhere.
		(cd "$CORPUS" && view "${f#"$CORPUS"/}") > want.txt
		adkev to-a2a --lossless --a2a-version $v "$f" > a2a.jsonl || echo "exit $?"
		adkev from-a2a a2a.jsonl > back.jsonl || echo "exit $?"
		view back.jsonl > got.txt
		if cmp -s want.txt got.txt; then
			echo "ok $(basename "$f") $v"
		else
			echo "DIFFERS $(basename "$f") $v"
			diff want.txt got.txt | head -n 6
		fi
	done
done
# A message in the user's role is the user's whoever its author: with every author
# forced to one name, the answer is still the agent's, not the user's last question.
f="$CORPUS/adkjs/k_model_errors.session.json"
adkev to-a2a --lossless "$f" | adkev from-a2a --set-author remote | adkev final -r
adkev to-a2a --lossless "$f" | adkev from-a2a --set-author remote | adkev stats -c | jq -c .authors
# Without the metadata (what an ADK peer that is not adkev may send), Go's rule stays:
# the events are the remote agent's, whatever the message's role.
adkev to-a2a "$f" > a2a.jsonl || echo "exit $?"
jq -c 'del(.metadata)' a2a.jsonl | adkev from-a2a --deterministic > back.jsonl || echo "exit $?"
head -n 2 back.jsonl
adkev final -r back.jsonl
