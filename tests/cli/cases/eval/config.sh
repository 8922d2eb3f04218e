# --config and --append are read through the reader like any input: a
# compressed file is read, a message names the position and never echoes
# the file's text; an array (of one EvalConfig) is no EvalConfig, and a
# second value after the first is refused.
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
run="$CORPUS"/adkjs/b_tool_call.session.json
adkev evalset --id paris "$run" > set.json
echo '{"criteria": {"response_match_score": 0.5}}' | gzip > cfg.json.gz
adkev eval --case paris --config cfg.json.gz set.json "$run" | jq -c '.metrics | map_values(.threshold)'
echo '[{"criteria": {"response_match_score": 0.5}}]' > array.json
adkev eval --case paris --config array.json set.json "$run"; echo "exit $?"
echo '{"criteria": {}} {"criteria": {}}' > two.json
adkev eval --case paris --config two.json set.json "$run"; echo "exit $?"
echo '{"criteria": {"response_match_score": "sk-secret"' > cut.json
adkev eval --case paris --config cut.json set.json "$run"; echo "exit $?"
: > empty.json
adkev evalset --append empty.json "$run"; echo "exit $?"
gzip -c set.json > set.json.gz
adkev evalset --append set.json.gz --id rome "$run" | jq -c '[.eval_cases[].eval_id]'
