# ADK JS 2.0.0's own events (tests/corpus/adk2): show marks a compaction
# summary with its text, a workflow node's path, and a pending
# adk_request_input with the question it asks; stats counts them (the
# nodes too, which it reads only when asked).
for f in compaction_agent request_input workflow_route; do
	echo "== $f"
	adkev show --width 100 "$CORPUS/adk2/$f.jsonl"
	echo "exit $?"
done
adkev stats -c "$CORPUS/adk2/compaction_token.jsonl" | jq -c "{events, invocations, authors, kinds}"
adkev stats -c "$CORPUS/adk2/workflow_route.jsonl" | jq -c .kinds
