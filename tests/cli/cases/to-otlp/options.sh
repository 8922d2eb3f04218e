# The resource, the provider and the model: --service-name, --provider, --model and
# --conversation-id; the provider from a model's name (modelVersion); the filters.
# Scratch files live in a folder of their own, so runs side by side do not meet.
t=$(mktemp -d) && cd "$t" || exit 1
trap 'rm -rf "$t"' EXIT
# otlp ARGS...: adkev to-otlp ARGS, shown, and its status when it is not 0.
otlp() {
	adkev to-otlp "$@" >out.tmp
	status=$?
	show <out.tmp
	[ $status -eq 0 ] || echo "exit $status"
}
show() { jq -c '.resourceSpans[0] | [(.resource.attributes[] | .value.stringValue), (.scopeSpans[0].spans[] | [.name, (.attributes[] | select(.key | test("provider|model|conversation")) | "\(.key)=\(.value.stringValue)")])]'; }
otlp "$CORPUS/adkjs/a_plain.jsonl"
otlp --service-name shop --provider openai --model gpt-4o --conversation-id c-1 "$CORPUS/adkjs/a_plain.jsonl"
for m in gemini-2.5-flash claude-sonnet-4 openai/gpt-4o o3-mini mistral-large some-local-model; do
	printf '{"id":"e","invocationId":"i","author":"a","modelVersion":"%s","content":{"role":"model","parts":[{"text":"x"}]}}\n' "$m" |
		otlp
done
echo "== --author, --invocation"
otlp --author billing_agent "$CORPUS/adkjs/g_transfer.jsonl"
otlp --invocation e-98 "$CORPUS/adkjs/g_transfer.jsonl"
