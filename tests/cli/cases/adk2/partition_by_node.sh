# partition --by-node: a workflow node's events are grouped by the event's
# nodeInfo.path instead of its author, with ADK Python's run ids ("@1") left
# out so that every run of a node is one group ("wf/orders@1/lookup@2" is
# "wf/orders/lookup"); an event without a path goes by its author as
# before, and user events are still dropped.  ADK JS 2.0.0's
# workflow_route.jsonl ("triage.classify"), then events built as ADK Python
# 2.x writes them; with --split a path's "/" never leaves the directory;
# the same in chunks with -j.  Without --by-node nothing changes.
t=$(mktemp -d) && cd "$t" || exit 1
trap 'rm -rf "$t"' EXIT
echo "== ADK JS: by author, then by node"
adkev partition -c "$CORPUS/adk2/workflow_route.jsonl" | jq -c 'to_entries | map([.key, (.value | map(.id))])'
adkev partition --by-node -c "$CORPUS/adk2/workflow_route.jsonl" | jq -c 'to_entries | map([.key, (.value | map(.id))])'
printf '%s\n' \
	'{"author":"user","invocation_id":"e-9","id":"u1","timestamp":1767600000,"content":{"role":"user","parts":[{"text":"refund B-7"}]}}' \
	'{"author":"lookup","invocation_id":"e-9","id":"p1","timestamp":1767600000.5,"node_info":{"path":"wf/orders@1/lookup@1"}}' \
	'{"author":"lookup","invocation_id":"e-9","id":"p2","timestamp":1767600001.5,"node_info":{"path":"wf/orders@1/lookup@2"}}' \
	'{"author":"lookup","invocation_id":"e-9","id":"p3","timestamp":1767600002.5}' \
	'{"author":"writer","invocation_id":"e-9","id":"p4","timestamp":1767600003.5,"node_info":{"path":"wf/writer@1"}}' >py.jsonl
echo "== ADK Python, by node"
adkev partition --by-node -c py.jsonl >one.json; echo "exit $?"
jq -c 'to_entries | map([.key, (.value | map(.id))])' one.json
ADKEV_CHUNK_BYTES=100 adkev partition --by-node -c -j 2 py.jsonl | cmp - one.json && echo "-j 2 in chunks: same"
echo "== --split"
adkev partition --by-node --split out py.jsonl; echo "exit $?"
find out -type f | sort
echo "== --trajectories"
adkev partition --by-node --trajectories -c py.jsonl | jq -c keys
