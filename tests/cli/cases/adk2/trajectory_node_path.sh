# trajectory: a tool call made by an ADK 2.x workflow node carries the
# calling event's nodeInfo.path as node_path, after author; a call of an
# event without one has no such member, so a run without workflows reads as
# before.  ADK JS 2.0.0's request_input.jsonl (path "refunds.approve") and
# its session database; an event built as ADK Python 2.x's model_dump()
# writes one (node_info.path "wf/A@1/B@1", run ids after "@").  In chunks,
# with -j, and through --partial | --merge it is the same.
t=$(mktemp -d) && cd "$t" || exit 1
trap 'rm -rf "$t"' EXIT
cp "$CORPUS/adk2/request_input.jsonl" in.jsonl
printf '%s\n' \
	'{"author":"lookup","invocation_id":"e-9","id":"p1","timestamp":1767600000.5,"content":{"role":"model","parts":[{"function_call":{"id":"c-9","name":"get_order","args":{"order":"B-7"}}}]},"node_info":{"path":"wf/orders@1/lookup@2"}}' \
	'{"author":"lookup","invocation_id":"e-9","id":"p2","timestamp":1767600001.5,"content":{"role":"user","parts":[{"function_response":{"id":"c-9","name":"get_order","response":{"amount":12}}}]},"node_info":{"path":"wf/orders@1/lookup@2"}}' \
	'{"author":"helper","invocation_id":"e-9","id":"p3","timestamp":1767600002.5,"content":{"role":"model","parts":[{"function_call":{"id":"c-10","name":"notify","args":{}}}]}}' >>in.jsonl
adkev trajectory -c in.jsonl >one.json; echo "exit $?"
jq -c '.tool_calls[] | [.name, .author, .node_path, has("node_path")]' one.json
ADKEV_CHUNK_BYTES=300 adkev trajectory -c -j 2 in.jsonl | cmp - one.json && echo "-j 2 in chunks: same"
adkev trajectory --partial in.jsonl >part.json; echo "exit $?"
adkev trajectory -c --merge part.json | cmp - one.json && echo "--partial | --merge: same"
echo "== the session database"
adkev trajectory -c --session sess-request-input "$CORPUS/adk2/adk2.db" | jq -c '.tool_calls[] | [.name, .node_path]'
echo "== no nodeInfo, no node_path"
adkev trajectory "$CORPUS/adkjs/b_tool_call.jsonl" | jq -c '[.tool_calls[] | keys]'
