# to-a2a --lossless | from-a2a keeps ADK Python 2.x's members (the files of
# tests/corpus/adk2/members): actions' route (a bool, an int, a string or a
# list of them: false and 0 are routes too), endOfAgent, agentState (an
# object, or a repr string), renderUiWidgets, setModelResponse, in
# adk_actions; the event's isolationScope, interactionId,
# turnCompleteReason, liveSessionId, transcriptions, and adk run --jsonl's
# session_id and node_path, in adk_event_members.
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
cp "$CORPUS"/adk2/members/*.jsonl .
pick='{id, route: .actions.route, endOfAgent: .actions.endOfAgent,
	agentState: .actions.agentState, renderUiWidgets: .actions.renderUiWidgets,
	setModelResponse: .actions.setModelResponse, isolationScope, interactionId,
	turnCompleteReason, liveSessionId, inputTranscription, outputTranscription,
	session_id, node_path} | with_entries(select(.value != null))'
for f in camel snake run odd; do
	adkev to-a2a --lossless $f.jsonl >a2a.jsonl; echo "$f: to-a2a status $?"
	adkev from-a2a a2a.jsonl | jq -c "$pick" >back.jsonl
	adkev events --camel $f.jsonl | jq -c "$pick" >want.jsonl
	if cmp -s back.jsonl want.jsonl; then echo "$f: every member back ($(grep -c . want.jsonl) events)"
	else echo "$f: DIFFERENT"; diff want.jsonl back.jsonl | head -n 6; fi
done
# What a Message carries them in.
adkev to-a2a --lossless run.jsonl | sed -n 5p | jq -c '.metadata | {adk_actions, adk_event_members}'
adkev to-a2a --lossless camel.jsonl | sed -n 9p | jq -c '.metadata.adk_event_members'
echo "status $?"
