# timeline: each event of an ADK 2.x workflow node is marked with its
# nodeInfo.path, in the lane of the node's author (ADK JS 2.0.0's
# workflow_route.jsonl).
page=$(adkev timeline "$CORPUS/adk2/workflow_route.jsonl") || echo "exit $?"
printf '%s\n' "$page" | sed -n 's/^<script type="application\/json" id="adkev-run">\(.*\)<\/script>$/\1/p' |
	jq -c '.lanes as $l | .items[] | select(.kind == "node") | [.kind, .text, $l[.lane].name]'
