# evalset then eval on every corpus session (both file forms and the snake_case
# streams): every computed score at its maximum, except response_match_score of
# k_model_errors, whose invocations end without a text answer (eval.md 2).
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
cd "$CORPUS" || exit 1
for f in adkjs/*.session.json adkjs/*.session.jsonl adkpy-style/*.jsonl; do
	adkev evalset --final-state "$f" > "$tmp"/set.json || echo "evalset: exit $?"
	adkev eval --criterion final_session_state_match=1 "$tmp"/set.json "$f" |
		jq -r --arg f "${f##*/}" '[$f, .status, (.metrics | to_entries |
			map(select(.value.threshold != null) | "\(.key)=\(.value.score)") | join(" "))] | @tsv'
done
