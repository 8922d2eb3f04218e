# An ADK 2.x event's output (a workflow node's result, any JSON value) travels as a
# DataPart marked adk_type "output", after the content's parts, with adk_node_path; 0.3
# holds a value that is not an object under data.value with data_part_compat, 1.0 as it
# is.  from-a2a makes it the event's output again, and --lossless carries nodeInfo too.
# Workflow events of ADK JS 2.0.0 (tests/corpus/adk2/workflow_route.jsonl).
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
in=$CORPUS/adk2/workflow_route.jsonl
echo "== 0.3: the output parts"
adkev to-a2a "$in" >out.jsonl; echo "exit $?"
jq -c '.parts | map(select(.metadata.adk_type == "output"))' out.jsonl
echo "== 1.0: the output parts"
adkev to-a2a --a2a-version 1.0 "$in" >out.jsonl; echo "exit $?"
jq -c '.parts | map(select(.metadata.adk_type == "output"))' out.jsonl
echo "== --lossless round trip: output and nodeInfo as the events had them"
jq -c '[.id, .output, .nodeInfo]' "$in" >want.jsonl
adkev to-a2a --lossless "$in" >a2a.jsonl; echo "exit $?"
adkev from-a2a a2a.jsonl >back.jsonl; echo "exit $?"
jq -c '[.id, .output, .nodeInfo]' back.jsonl | diff want.jsonl - && echo same
echo "== default round trip: the output comes back, nodeInfo does not"
adkev to-a2a "$in" | adkev from-a2a --deterministic >back.jsonl; echo "exit $?"
jq -c '[.output, .nodeInfo]' back.jsonl
echo "== null and absent output make no part"
printf '%s\n' '{"author":"a","output":null,"content":{"parts":[{"text":"x"}]}}' '{"author":"a"}' |
	adkev to-a2a --a2a-version 1.0 >out.jsonl; echo "exit $?"
jq -c .parts out.jsonl
