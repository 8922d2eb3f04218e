# to-otlp: an ADK 2.x workflow node's event (nodeInfo.path) hangs under an
# invoke_workflow span for each workflow around it, as ADK Python's
# telemetry/node_tracing.py names them (gen_ai.workflow.name, and
# gen_ai.workflow.nested only on a nested one); the node's own part is
# invoke_agent for an agent's event (usage, messageAsOutput, a tool call of
# its own) else invoke_node, with the path as adk.node.path.  A path of one
# name is the workflow's own event (ADK JS 2.0.0's pause for input).  ADK JS
# 2.0.0's workflow_route.jsonl and request_input.jsonl ("wf.node"), and
# events built as ADK Python 2.x writes them ("wf/A@1/B@1", run ids after
# "@": the name leaves them out, the span is the run's).
t=$(mktemp -d) && cd "$t" || exit 1
trap 'rm -rf "$t"' EXIT
# spans: per line, each span's name, its index and its parent's, the workflow and node attributes.
spans() {
	jq -c '[.resourceSpans[].scopeSpans[].spans[] | .spanId] as $ids
		| [.resourceSpans[].scopeSpans[].spans[]
		| [.name, (.spanId as $s | $ids | index($s)), (.parentSpanId as $p | if $p then ($ids | index($p)) else null end),
		   [.attributes[] | select(.key | test("workflow|node|operation")) | {(.key): (.value | .stringValue // .boolValue)}]]]'
}
for f in workflow_route request_input; do
	echo "== $f"
	adkev to-otlp "$CORPUS/adk2/$f.jsonl" >out.tmp; echo "exit $?"
	spans <out.tmp
done
echo "== ADK Python: nested workflows, a node run twice"
printf '%s\n' \
	'{"author":"lookup","invocation_id":"e-9","id":"p1","timestamp":1767600000.5,"actions":{"route":"refund"},"node_info":{"path":"wf/orders@1/lookup@1"}}' \
	'{"author":"writer","invocation_id":"e-9","id":"p2","timestamp":1767600001.5,"content":{"role":"model","parts":[{"text":"Refunded."}]},"usage_metadata":{"prompt_token_count":9,"candidates_token_count":2},"node_info":{"path":"wf/writer@1","message_as_output":true}}' \
	'{"author":"lookup","invocation_id":"e-9","id":"p3","timestamp":1767600002.5,"node_info":{"path":"wf/orders@1/lookup@2"}}' \
	'{"author":"plain","invocation_id":"e-9","id":"p4","timestamp":1767600003.5,"content":{"role":"model","parts":[{"text":"no node"}]}}' |
	adkev to-otlp >out.tmp
echo "exit $?"
spans <out.tmp
