# Every exit status: 0 passed, 1 failed (or --require-all without a run), 64 an
# unknown metric or a threshold on an informational one (nothing on stdout),
# 65 a run no case matches (the other lines still written) or bad input, 66 a
# missing file (before 65); thresholds met exactly pass.
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
cp -r "$CORPUS"/adkjs a
adkev evalset a/b_tool_call.session.json a/l_multi_turn.session.json > set.json
adkev eval set.json a/b_tool_call.session.json > /dev/null; echo "exit $?"
adkev eval set.json a/b_tool_call.session.json | jq -c '[.eval_id, .status, .run]'
adkev eval --require-all set.json a/b_tool_call.session.json > /dev/null; echo "exit $?"
adkev eval --criterion bogus=1 set.json a/b_tool_call.session.json; echo "exit $?"
adkev eval --criterion token_usage_v1=100 set.json a/b_tool_call.session.json 2>/dev/null; echo "exit $?"
adkev eval set.json a/a_plain.session.json > out.jsonl; echo "exit $?"
jq -c '[.status, .run]' out.jsonl
adkev eval set.json a/a_plain.session.json missing.jsonl > /dev/null; echo "exit $?"
printf '{"author": oops}\n' > bad.jsonl
adkev eval set.json bad.jsonl > /dev/null; echo "exit $?"
# Two runs compared: a stream against its session; the response score exactly at its threshold.
adkev eval a/b_tool_call.session.json a/b_tool_call.jsonl | jq -c '[.status, .metrics.response_match_score.score]'
adkev eval --criterion response_match_score=1 a/b_tool_call.session.json a/b_tool_call.session.jsonl | jq -c .status
# Usage errors of the option values: nothing on stdout, exit 64.
adkev eval --match-type SOMETIMES set.json a/b_tool_call.session.json; echo "exit $?"
adkev eval --criterion response_match_score set.json a/b_tool_call.session.json; echo "exit $?"
adkev eval --criterion response_match_score=0.5 --match-type IN_ORDER set.json a/b_tool_call.session.json | jq -c '.metrics | map_values(.threshold)'
