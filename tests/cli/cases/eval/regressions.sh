# Runs perturbed as regressions look, made from a real session with jq (a tool
# call dropped, added, reordered, an argument changed, the answer reworded or in
# another script), each held against the eval set evalset made from the session,
# under each match type.
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
s="$CORPUS"/adkjs/f_state.session.jsonl
adkev evalset --id cart "$s" > set.json
call='select(.content.parts[0].functionCall != null)'
jq -c "if .content.parts[0].functionCall.name == \"save_receipt\" then empty else . end" "$s" > dropped.jsonl
jq -c "if .content.parts[0].functionCall.name == \"add_to_cart\" then ., . else . end" "$s" > added.jsonl
jq -s -c '(map('"$call"') | reverse) as $c | reduce range(length) as $i ({out: [], k: 0, ev: .};
	if (.ev[$i].content.parts[0].functionCall != null) then .out += [$c[.k]] | .k += 1
	else .out += [.ev[$i]] end) | .out[]' "$s" > reordered.jsonl
jq -c 'if .content.parts[0].functionCall.name == "add_to_cart" then
	.content.parts[0].functionCall.args |= with_entries(.value |= (if type == "number" then . + 1 else "changed" end)) else . end' "$s" > argument.jsonl
jq -c 'if .author != "user" and (.content.parts[0].text? // null) != null then
	.content.parts[0].text |= ("Sure. " + .) else . end' "$s" > reworded.jsonl
jq -c 'if .author != "user" and (.content.parts[0].text? // null) != null then
	.content.parts[0].text = "東京の天気は晴れです。" else . end' "$s" > script.jsonl
for m in EXACT IN_ORDER ANY_ORDER; do
	for r in dropped added reordered argument reworded script; do
		adkev eval --match-type $m --case cart set.json $r.jsonl > out.jsonl
		echo "exit $?"
		jq -r --arg r "$m $r" '[$r, .status, .metrics.tool_trajectory_avg_score.score, .metrics.response_match_score.score] | @tsv' out.jsonl
	done
done
adkev eval --ignore-args --case cart set.json argument.jsonl | jq -r .status
