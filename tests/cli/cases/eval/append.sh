# evalset --append: the cases added to an existing set and the whole set
# written; an eval_id already there is an error unless --force (which
# replaces it in place); nothing is written when the set or a run cannot be
# read, so `evalset --append set.json run > new.json` never leaves half a set.
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
a=$CORPUS/adkjs
adkev evalset --set-id weather --name Weather "$a"/b_tool_call.session.json > set.json
adkev evalset --append set.json "$a"/l_multi_turn.session.json "$a"/f_state.session.jsonl > two.json; echo "exit $?"
jq -c '[.eval_set_id, .name, [.eval_cases[].eval_id]]' two.json
adkev eval two.json "$a"/l_multi_turn.session.json "$a"/f_state.session.jsonl | jq -c '[.eval_id, .status]'
# An eval_id already there: 65 and nothing written; --force replaces the case in place.
adkev evalset --append two.json --id f_state "$a"/b_tool_call.session.json > out.json; echo "exit $?"
wc -c < out.json
adkev evalset --append two.json --force --id f_state "$a"/b_tool_call.session.json |
	jq -c '[.eval_cases[] | [.eval_id, .conversation[0].user_content.parts[0].text]]'
# A run that cannot be read, a set that is no eval set; a set that is not
# there yet is started, with a note (issue 36).
printf '{"author": oops}\n' > bad.jsonl
adkev evalset --append set.json "$a"/f_state.session.jsonl bad.jsonl > out.json; echo "exit $?"
wc -c < out.json
echo '{"cases": []}' > notaset.json
adkev evalset --append notaset.json "$a"/f_state.session.jsonl; echo "exit $?"
printf '{"eval_set_id": "x",\n "eval_cases": [oops]}\n' > broken.json
adkev evalset --append broken.json "$a"/f_state.session.jsonl; echo "exit $?"
adkev evalset --append missing.json "$a"/f_state.session.jsonl |
	jq -c '[.eval_set_id, [.eval_cases[].eval_id]]'
