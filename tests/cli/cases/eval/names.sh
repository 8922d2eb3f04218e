# One name rule for every form of one run (issue 36, eval.md 1.3): a file
# holding one run, as events, as one session object, compressed, is named by
# its file (less .gz/.zst, then .jsonl/.json/.sse/.ndjson, then .session);
# only a source of several sessions names its runs by session id.  So
# --append of the same run in another form finds its case there already:
# 65, and the set as it was.
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
a="$CORPUS"/adkjs
cp "$a"/b_tool_call.jsonl "$a"/b_tool_call.session.json "$a"/b_tool_call.session.jsonl .
gzip -c b_tool_call.session.json > b_tool_call.session.json.gz
for f in b_tool_call.jsonl b_tool_call.session.json b_tool_call.session.jsonl b_tool_call.session.json.gz; do
	printf '%s\t%s\n' "$f" "$(adkev evalset "$f" | jq -r '.eval_cases[].eval_id')"
done
printf 'stdin\t%s\n' "$(adkev evalset < b_tool_call.session.json | jq -r '.eval_cases[].eval_id')"
jq -c . "$a"/b_tool_call.session.json "$a"/f_state.session.json > two.jsonl
printf 'two.jsonl\t%s\n' "$(adkev evalset two.jsonl | jq -r '[.eval_cases[].eval_id] | join(" ")')"
adkev evalset b_tool_call.jsonl > set.json
cp set.json before.json
adkev evalset --append set.json b_tool_call.session.json > out.json; echo "exit $?"
cmp -s set.json before.json && echo "set.json as it was"; [ -s out.json ] || echo "nothing written"
# eval matches each form to the case by its name.
adkev eval set.json b_tool_call.session.json.gz | jq -c '[.eval_id, .status]'
