# Every ADK JS 2.0.0 stream of tests/corpus/adk2 against what ADK JS itself
# computed (NAME.expected.json): final is the last text of the events ADK's
# isFinalResponse() calls final, never a compaction summary's (ADK JS calls
# its compacted event final too); final --concat joins the texts of all of
# them, summaries left out; state is ADK's finalState.  A pending
# adk_request_input call answers with its message (adkev's rule, adkev(1)).
# compaction_token's session was created with state {"garden": "backyard"},
# which no event writes, so its events cannot give that key.
expect='
	(map({(.id): .}) | add) as $ev
	| [$exp[0].isFinalResponse[] | select(.isFinalResponse) | $ev[.id]
	   | select(.isCompacted != true)
	   | [(.content.parts // [])[] | select(.thought != true)
	      | .text // (select(.functionCall.name == "adk_request_input")
	                  | .functionCall.args.message // "")
	      | select(. != "")]]
	| if $want == "last" then (map(select(length > 0) | last) | last // "")
	  else (map(.[]) | join("|")) end'
check() {
	if [ "$2" = "$3" ]; then
		printf ' %s ok' "$1"
	else
		printf '\n  %s: adkev %s, ADK %s' "$1" "$2" "$3"
	fi
}
# From the corpus folder, so that a warning names the file the same anywhere.
cd "$CORPUS/adk2" || exit 1
for f in *.jsonl; do
	b=${f%.jsonl}
	printf '%s:' "${b##*/}"
	if jq -e '.isFinalResponse' "$b.expected.json" >/dev/null; then
		got=$(adkev final "$f") || echo "exit $?"
		want=$(jq -s --arg want last --slurpfile exp "$b.expected.json" "$expect" "$f")
		check final "$got" "$want"
		got=$(adkev final --concat --separator '|' "$f") || echo "exit $?"
		want=$(jq -s --arg want all --slurpfile exp "$b.expected.json" "$expect" "$f")
		check concat "$got" "$want"
	fi
	got=$(adkev state -c "$f" | jq -cS .) || echo "exit $?"
	check state "$got" "$(jq -cS .finalState "$b.expected.json")"
	echo
done
