# ADK Python 2.x members (tests/corpus/adk2/members, built from ADK
# Python's own models by gen/members.py): events --camel of the snake_case
# dump is the by_alias dump, and events --snake of that is the snake_case
# dump again, member for member.  agentState, setModelResponse and a
# widget's payload hold the agent's own keys (dict and Any in
# event_actions.py), which neither spelling touches; session_id and
# node_path of adk run --jsonl keep the one spelling ADK writes.
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
cp "$CORPUS"/adk2/members/*.jsonl .
adkev events --camel snake.jsonl >/dev/null; echo "status $?"
for way in "--camel snake.jsonl camel.jsonl" "--snake camel.jsonl snake.jsonl"; do
	set -- $way
	adkev events "$1" "$2" | jq -cS . >got.jsonl
	jq -cS . "$3" >want.jsonl
	if cmp -s got.jsonl want.jsonl; then echo "events $1 $2: the same as $3"
	else echo "events $1 $2: DIFFERENT from $3"; fi
done
adkev events --camel snake.jsonl | sed -n 2p | jq -c '.actions | {agentState, setModelResponse, renderUiWidgets}'
adkev events --snake camel.jsonl | sed -n 2p | jq -c '.actions | {agent_state, set_model_response, render_ui_widgets}'
adkev events --camel odd.jsonl | sed -n 2p | jq -c '.actions.agentState'
adkev events --camel run.jsonl | head -n 1 | jq -c '[.session_id, .node_path, (.actions | keys)]'
adkev events --snake run.jsonl | head -n 1 | jq -c '[.session_id, .node_path, (.actions | keys)]'
echo "status $?"
