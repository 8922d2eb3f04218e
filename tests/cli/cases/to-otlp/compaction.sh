# A compaction summary (ADK JS 2.0.0 isCompacted, ADK Python actions.compaction) is a
# trace line of its own with one root span compact_events, timed over the summarised
# range (else at the event's time), with the range and the summary's length as
# attributes; never a generate_content span nor an agent's answer.  ADK JS writes it
# with invocationId "" in the middle of an invocation, which stays one trace line.
t=$(mktemp -d) && cd "$t" || exit 1
trap 'rm -rf "$t"' EXIT
# spans: per line, each span's name, whether it has a parent, its times and attributes.
spans() {
	jq -c '[.resourceSpans[].scopeSpans[].spans[] | [.name, (.parentSpanId != null), .startTimeUnixNano, .endTimeUnixNano, [.attributes[] | select(.key | test("compaction|conversation|output.messages")) | {(.key): (.value | .stringValue // .intValue // .doubleValue)}]]]'
}
echo "== compaction_agent.jsonl (mid-invocation, agent-controlled)"
adkev to-otlp --content "$CORPUS/adk2/compaction_agent.jsonl" >out.tmp; echo "exit $?"; spans <out.tmp
echo "== compaction_token.session.json (token-based, the second over the first: start after end)"
adkev to-otlp "$CORPUS/adk2/compaction_token.session.json" >out.tmp; echo "exit $?"; spans <out.tmp
echo "== ADK Python: actions.compaction, its own invocation id; its usage (the summarizer's) makes no generate_content"
printf '%s\n' \
	'{"author":"user","invocationId":"e-1","id":"u1","timestamp":1767600000.5,"content":{"role":"user","parts":[{"text":"hi"}]}}' \
	'{"author":"helper","invocationId":"e-1","id":"a1","timestamp":1767600001.25,"content":{"role":"model","parts":[{"text":"Hello."}]},"usageMetadata":{"promptTokenCount":10,"candidatesTokenCount":2}}' \
	'{"author":"user","invocationId":"e-2","id":"c1","timestamp":1767600002,"actions":{"compaction":{"startTimestamp":1767600000.5,"endTimestamp":1767600001.25,"compactedContent":{"role":"model","parts":[{"text":"Gruß: the user said hi."}]}}},"usageMetadata":{"promptTokenCount":40,"candidatesTokenCount":7}}' \
	'{"author":"user","invocationId":"e-3","id":"c2","timestamp":1767600003,"actions":{"compaction":{}}}' |
	adkev to-otlp >out.tmp; echo "exit $?"; spans <out.tmp
