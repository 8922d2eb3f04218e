# --content: tool arguments and results, the user's input and the agents' output, redacted
# and cut as trajectory does them (--no-redact, --max-string); off, none of it is written.
# Scratch files live in a folder of their own, so runs side by side do not meet.
t=$(mktemp -d) && cd "$t" || exit 1
trap 'rm -rf "$t"' EXIT
# otlp ARGS...: adkev to-otlp ARGS, its spans shown, and its status when it is not 0.
otlp() {
	adkev to-otlp "$@" >out.tmp
	status=$?
	spans <out.tmp
	[ $status -eq 0 ] || echo "exit $status"
}
spans() { jq -c '.resourceSpans[].scopeSpans[].spans[] | [.name, [.attributes[] | select(.key | test("arguments|result|messages")) | {(.key): .value.stringValue}], [.events[].attributes[] | select(.key == "adk.state_delta") | .value.stringValue]]'; }
for f in j_secrets.jsonl e_sequential_critic.session.json c_streaming.session.json; do
	echo "== $f --content"
	otlp --content "$CORPUS/adkjs/$f"
done
echo "== j_secrets.jsonl --content --no-redact"
otlp --content --no-redact "$CORPUS/adkjs/j_secrets.jsonl"
echo "== j_secrets.jsonl --content --max-string 8 --redact-key service"
otlp --content --max-string 8 --redact-key service "$CORPUS/adkjs/j_secrets.jsonl"
echo "== without --content no value of the run is written"
adkev to-otlp "$CORPUS/adkjs/j_secrets.jsonl" >out.tmp; echo "exit $?"
grep -c 'payments\|svc_\|credentials for' out.tmp || true
