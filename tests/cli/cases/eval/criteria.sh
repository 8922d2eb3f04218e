# Criteria as ADK reads them (eval.md 1.4): a judge metric is NOT_EVALUATED
# with its reason and does not fail the gate; match_type is coerced as
# ToolTrajectoryCriterion coerces it (case, - or a space for _), in a config
# and in --match-type; a criterion object without its threshold is refused
# (64, nothing written), as ADK's BaseCriterion refuses it.  And what is
# written (eval.md 1.5): the lines in the eval set's case order whatever the
# order of the runs; a run whose invocations do not pair with the case's
# fails every reference-based metric, with the reason.
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
a="$CORPUS"/adkjs
adkev evalset "$a"/b_tool_call.session.json "$a"/f_state.session.json > set.json
adkev eval --criterion final_response_match_v2=0.8 set.json "$a"/b_tool_call.session.json |
	jq -c 'select(.run != null) | [.status, .metrics.final_response_match_v2]'
echo '{"criteria": {"tool_trajectory_avg_score": {"threshold": 1, "match_type": "any-order"}}}' > any.json
adkev eval --config any.json set.json "$a"/b_tool_call.session.json | jq -c 'select(.run != null) | .status'
adkev eval --match-type in_order set.json "$a"/b_tool_call.session.json | jq -c 'select(.run != null) | .status'
echo '{"criteria": {"tool_trajectory_avg_score": {"match_type": "EXACT"}}}' > nothreshold.json
adkev eval --config nothreshold.json set.json "$a"/b_tool_call.session.json; echo "exit $?"
adkev eval set.json "$a"/f_state.session.json "$a"/b_tool_call.session.json | jq -r .eval_id
jq '.eval_cases[0].conversation += .eval_cases[0].conversation' set.json > twice.json
adkev eval twice.json "$a"/b_tool_call.session.json > out.jsonl; echo "exit $?"
jq -c 'select(.run != null) | [.status, .metrics.tool_trajectory_avg_score.reason, (.invocations | length), .invocations[1].actual]' out.jsonl
# test_config.json beside the eval set gives the criteria; an eval set read
# from standard input lies in no directory, so ADK's defaults apply there.
echo '{"criteria": {"response_match_score": 0.5}}' > test_config.json
adkev eval set.json "$a"/b_tool_call.session.json | jq -c 'select(.run != null) | .metrics | map_values(.threshold)'
adkev eval - "$a"/b_tool_call.session.json < set.json | jq -c 'select(.run != null) | .metrics | map_values(.threshold)'
