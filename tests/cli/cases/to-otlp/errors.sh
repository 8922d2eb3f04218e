# Bad input: one line with its position and exit 65; the traces of the events before it are
# written whole (each line a whole TracesData), nothing of a line half; --skip-invalid goes on.
t=$(mktemp -d) && cd "$t" || exit 1
trap 'rm -rf "$t"' EXIT
head -n 3 "$CORPUS/adkjs/l_multi_turn.jsonl" >in.jsonl
echo '{"author":"a", "apiKey":"sk-live-123" "x":1}' >>in.jsonl
tail -n +4 "$CORPUS/adkjs/l_multi_turn.jsonl" >>in.jsonl
adkev to-otlp in.jsonl >out.tmp; echo "exit $?"
echo "$(wc -l <out.tmp) lines, $(jq -c . out.tmp | wc -l) of them whole JSON"
adkev to-otlp --skip-invalid in.jsonl | wc -l; echo "exit $?"
echo "== a truncated last line"
head -c -20 "$CORPUS/adkjs/b_tool_call.jsonl" | adkev to-otlp >out.tmp; echo "exit $?"
echo "$(wc -l <out.tmp) lines, $(jq -c . out.tmp | wc -l) of them whole JSON, $(jq '.resourceSpans[0].scopeSpans[0].spans | length' out.tmp) spans"
echo "== A2A is not ADK"
echo '{"kind":"message","messageId":"m","parts":[]}' | adkev to-otlp; echo "exit $?"
echo "== a server stream error fails the agent's span"
{ head -n 1 "$CORPUS/adkjs/a_plain.jsonl"; echo '{"error":"upstream closed: token=abc"}'; } | adkev to-otlp |
	jq -c '.resourceSpans[0].scopeSpans[0].spans[] | [.name, .status, [.events[] | [.name, [.attributes[].value.stringValue]]]]'
echo "== usage errors"
adkev to-otlp --max-string x /dev/null; echo "exit $?"
adkev to-otlp --invocation last /dev/null; echo "exit $?"
adkev to-otlp --service-name; echo "exit $?"
adkev to-otlp no-such-file.jsonl; echo "exit $?"
echo "== nothing in, nothing out"
adkev to-otlp /dev/null; echo "exit $?"
