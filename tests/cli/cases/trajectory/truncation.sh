# Strings inside tool arguments, results and state deltas are cut to N code points.
# Scratch files live in a private directory: several runs of the suite may overlap.
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
adkev trajectory --max-string 5 --no-token-usage "$CORPUS"/adkjs/b_tool_call.jsonl || echo "exit $?"
# Redaction first, then truncation: the marker itself is cut.
adkev trajectory --max-string 3 --no-tool-calls --no-token-usage "$CORPUS"/adkjs/j_secrets.jsonl
# Code points, never half a character; keys are never cut.
printf '%s\n' '{"author":"a","actions":{"stateDelta":{"a_long_key":"ééééééééééé🌍","n":"🌍🌍"}}}' |
	adkev trajectory --max-string 5
adkev trajectory --max-string 0 --no-token-usage --no-state-deltas "$CORPUS"/adkjs/b_tool_call.jsonl
# The default is 10000 code points; --no-truncate keeps everything.
long=$(head -c 10005 /dev/zero | tr '\0' x)
printf '{"author":"a","actions":{"stateDelta":{"s":"%s"}}}\n' "$long" > long.jsonl
adkev trajectory long.jsonl | grep -o '\.\.\.\[truncated [0-9]* chars\]'
adkev trajectory --no-truncate long.jsonl | grep -c truncated
# The last of --max-string and --no-truncate counts.
adkev trajectory --no-truncate --max-string 2 long.jsonl | grep -o '"s":"[^"]*"'
