# --content: tool arguments and results, the user's input and the agents' output, redacted
# and cut as trajectory does them (--no-redact, --max-string); off, none of it is written.
spans() { jq -c '.resourceSpans[].scopeSpans[].spans[] | [.name, [.attributes[] | select(.key | test("arguments|result|messages")) | {(.key): .value.stringValue}], [.events[].attributes[] | select(.key == "adk.state_delta") | .value.stringValue]]'; }
for f in j_secrets.jsonl e_sequential_critic.session.json c_streaming.session.json; do
	echo "== $f --content"
	adkev to-otlp --content "$CORPUS/adkjs/$f" | spans
done
echo "== j_secrets.jsonl --content --no-redact"
adkev to-otlp --content --no-redact "$CORPUS/adkjs/j_secrets.jsonl" | spans
echo "== j_secrets.jsonl --content --max-string 8 --redact-key service"
adkev to-otlp --content --max-string 8 --redact-key service "$CORPUS/adkjs/j_secrets.jsonl" | spans
echo "== without --content no value of the run is written"
adkev to-otlp "$CORPUS/adkjs/j_secrets.jsonl" | grep -c 'payments\|svc_\|credentials for' || true
