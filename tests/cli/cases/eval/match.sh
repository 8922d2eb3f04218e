# A run belongs to a case (eval.md 1.3): by --case; by its name (the file's
# base name less .gz/.zst, then .jsonl/.json/.sse/.ndjson, then .session);
# by its users' texts, turn by turn, when its name is no eval_id; a stream
# without the user's message (a /run_sse capture) only by name or --case.
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
a="$CORPUS"/adkjs
jq -c '.events[]' "$a"/l_multi_turn.session.json > trip.session.jsonl
gzip -k trip.session.jsonl
cp "$a"/b_tool_call.jsonl paris.sse.jsonl
adkev evalset trip.session.jsonl > set.json
adkev evalset --append set.json --id paris.sse "$a"/b_tool_call.jsonl > both.json
jq -c '[.eval_cases[].eval_id]' both.json
adkev eval both.json trip.session.jsonl.gz paris.sse.jsonl | jq -c '[.eval_id, .run, .status]'
cp trip.session.jsonl renamed.jsonl
adkev eval both.json renamed.jsonl | jq -c 'select(.run != null) | [.eval_id, .run, .status]'
cp paris.sse.jsonl renamed-stream.jsonl
adkev eval both.json renamed-stream.jsonl > /dev/null; echo "exit $?"
adkev eval --case paris.sse both.json renamed-stream.jsonl | jq -c 'select(.run != null) | [.eval_id, .run, .status]'
