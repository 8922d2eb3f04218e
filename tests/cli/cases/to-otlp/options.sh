# The resource, the provider and the model: --service-name, --provider, --model and
# --conversation-id; the provider from a model's name (modelVersion); the filters.
show() { jq -c '.resourceSpans[0] | [(.resource.attributes[] | .value.stringValue), (.scopeSpans[0].spans[] | [.name, (.attributes[] | select(.key | test("provider|model|conversation")) | "\(.key)=\(.value.stringValue)")])]'; }
adkev to-otlp "$CORPUS/adkjs/a_plain.jsonl" | show
adkev to-otlp --service-name shop --provider openai --model gpt-4o --conversation-id c-1 "$CORPUS/adkjs/a_plain.jsonl" | show
for m in gemini-2.5-flash claude-sonnet-4 openai/gpt-4o o3-mini mistral-large some-local-model; do
	printf '{"id":"e","invocationId":"i","author":"a","modelVersion":"%s","content":{"role":"model","parts":[{"text":"x"}]}}\n' "$m" |
		adkev to-otlp | show
done
echo "== --author, --invocation"
adkev to-otlp --author billing_agent "$CORPUS/adkjs/g_transfer.jsonl" | show
adkev to-otlp --invocation e-98 "$CORPUS/adkjs/g_transfer.jsonl" | show
