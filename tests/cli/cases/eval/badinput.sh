# Bad input is reported with its file and position, and nothing is written
# to standard output: an eval set that is no JSON, an EXPECTED value that is
# neither an eval set, a legacy eval file nor events, an eval_cases that is
# no array, a legacy turn without its query.
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
cp "$CORPUS"/adkjs/b_tool_call.session.json . && run=b_tool_call.session.json
adkev evalset "$run" > good.json
sed 's/"eval_id": "/"eval_id": oops"/' good.json > broken.json
adkev eval broken.json "$run"; echo "exit $?"
echo '{"settings": {"model": "gemini"}}' > other.json
adkev eval other.json "$run"; echo "exit $?"
printf '[\n  1,\n  2\n]\n' > numbers.json
adkev eval numbers.json "$run"; echo "exit $?"
jq -c '.eval_cases = {}' good.json > cases.json
adkev eval cases.json "$run"; echo "exit $?"
echo '[{"reference": "no query"}]' > legacy.test.json
adkev eval legacy.test.json "$run"; echo "exit $?"
# A bad line in the middle of a run: its position, and the run, read only in
# part, is not scored; the other runs are, and their lines written.
jq -c '.events[]' "$run" | sed '2s/^{/{,/' > broken-run.jsonl
adkev eval --case "$(jq -r '.eval_cases[0].eval_id' good.json)" good.json broken-run.jsonl "$run" > out.jsonl; echo "exit $?"
jq -c '[.run, .status]' out.jsonl
adkev eval good.json broken-run.jsonl > out.jsonl; echo "exit $?"
jq -c '[.run, .status]' out.jsonl
# Eval cases ADK's EvalCase refuses (eval_case.py: a string eval_id, a
# conversation or a conversation_scenario, a user_content per invocation),
# and a second case of one eval_id: each at its position, 65, nothing written.
for edit in 'del(.eval_cases[0].eval_id)' '.eval_cases[0].eval_id = 7' \
	'del(.eval_cases[0].conversation)' '.eval_cases[0].conversation = "hi"' \
	'del(.eval_cases[0].conversation[0].user_content)' '.eval_cases[0] = 5' \
	'.eval_cases += .eval_cases'; do
	jq "$edit" good.json > case.json
	adkev eval case.json "$run"; echo "$edit: exit $?"
done
