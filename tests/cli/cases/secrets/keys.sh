# A secret by its shape in an object key (an artifact's name, a state key,
# the tool call id that keys a confirmation request) is hidden as it is in
# a string, in every command that hides secrets: show's lines and its
# Mermaid notes, trajectory, the timeline page's data and to-otlp's key
# lists.  --no-redact keeps the keys as written.  The stream is ADK JS's
# own f_state run with jq renaming its artifact "receipt.txt" and its state
# key "user:preferred_store" (derived, as tests/corpus/adkpy-style is, not
# written by hand); ADK JS's corpus holds no confirmation request, so the
# event that saves the artifact is also given one, keyed by the call id.
t=$(mktemp -d) && cd "$t" || exit 1
art=sk-proj-LEAKartifact0123456789abc.txt
key=user:sk-proj-LEAKstate0123456789abcdef
call=sk-proj-LEAKconfirm0123456789abcd
jq -c --arg art "$art" --arg key "$key" --arg call "$call" '
	if .actions.artifactDelta["receipt.txt"] then
		.actions.artifactDelta = {($art): .actions.artifactDelta["receipt.txt"]}
		| .actions.requestedToolConfirmations = {($call): {"hint": "Save the receipt?", "confirmed": false}}
	else . end
	| .actions.stateDelta |= with_entries(if .key == "user:preferred_store" then .key = $key else . end)
' "$CORPUS/adkjs/f_state.jsonl" >keys.jsonl
adkev show --color=never keys.jsonl || echo "show: exit $?"
adkev show --format mermaid keys.jsonl | grep -e state: -e artifact: -e confirm:
adkev trajectory keys.jsonl | jq -c '.state_deltas[0]'
adkev timeline keys.jsonl |
	sed -n 's/^<script type="application\/json" id="adkev-run">\(.*\)<\/script>$/\1/p' |
	jq -c '.. | objects | select(.kind? == "artifact" or .kind? == "confirm") | .value'
adkev to-otlp keys.jsonl |
	jq -c '.. | objects | select(.key? == "adk.state_delta.keys" or .key? == "adk.artifact_delta.names")
		| [.key, [.value.arrayValue.values[].stringValue]]'
for cmd in "show --full" "show --format mermaid" "trajectory" "trajectory --per-invocation" \
	"timeline" "to-otlp" "to-otlp --content" "show --no-redact" "trajectory --no-redact"; do
	adkev $cmd keys.jsonl >out 2>&1; status=$?
	echo "$cmd: exit $status, secrets: $(grep -o LEAK out | wc -l | tr -d ' ')"
done
cd / && rm -rf "$t"
