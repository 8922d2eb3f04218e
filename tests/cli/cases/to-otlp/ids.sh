# Ids come from the input: two exports of a run are byte for byte the same; every
# parentSpanId names a span of the same trace; span ids are unique; a session's id is each
# span's gen_ai.conversation.id and goes into the trace id.
# Scratch files live in a folder of their own, so runs side by side do not meet.
t=$(mktemp -d) && cd "$t" || exit 1
trap 'rm -rf "$t"' EXIT
for f in "$CORPUS"/adkjs/*; do
	adkev to-otlp "$f" >one.tmp || echo "$f: exit $?"
	adkev to-otlp "$f" | cmp -s - one.tmp || echo "$f: two exports differ"
	jq -e '.resourceSpans[0].scopeSpans[0].spans | (map(.spanId)) as $ids |
		all(.[]; (.parentSpanId == null or (.parentSpanId as $p | $ids | index($p)))
		and (.traceId | test("^[0-9a-f]{32}$")) and (.spanId | test("^[0-9a-f]{16}$"))) and
		($ids | length == (unique | length))' one.tmp >/dev/null || echo "$f: a parent is missing"
done
rm -f one.tmp
echo "checked $(ls "$CORPUS"/adkjs | wc -l) streams"
echo "== one trace per invocation, and its id"
adkev to-otlp "$CORPUS/adkjs/l_multi_turn.jsonl" >one.tmp; echo "exit $?"
jq -r '[.resourceSpans[0].scopeSpans[0].spans[] | .traceId] | unique | .[]' one.tmp
adkev to-otlp "$CORPUS/adkjs/l_multi_turn.session.json" >one.tmp; echo "exit $?"
jq -r '[.resourceSpans[0].scopeSpans[0].spans[] | [.traceId, (.attributes[] | select(.key == "gen_ai.conversation.id") | .value.stringValue)] | join(" ")] | unique | .[]' one.tmp
echo "== an invocation that comes back after another is a second part of its trace"
printf '%s\n' '{"id":"1","invocationId":"i1","author":"a","timestamp":1.5,"content":{"role":"model","parts":[{"text":"x"}]}}' \
	'{"id":"2","invocationId":"i2","author":"a","timestamp":2.5,"content":{"role":"model","parts":[{"text":"y"}]}}' \
	'{"id":"3","invocationId":"i1","author":"b","timestamp":3.5,"content":{"role":"model","parts":[{"text":"z"}]}}' |
	adkev to-otlp >one.tmp; echo "exit $?"
jq -c '[.resourceSpans[0].scopeSpans[0].spans[] | [.traceId[:8], .spanId, .name, .startTimeUnixNano]]' one.tmp
