# --format=adk: one EvalSetResult, field for field as ADK's
# LocalEvalSetResultsManager writes it (eval_result.py, eval_metrics.py):
# snake_case, EvalStatus as integers (PASSED 1, FAILED 2, NOT_EVALUATED 3,
# INFORMATIONAL 4), the ids of create_eval_set_result() ("APP_SET_TIME"),
# each case's metrics overall and per invocation with both invocations whole.
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
cp -r "$CORPUS"/adkjs a
adkev evalset --set-id weather a/b_tool_call.session.json a/l_multi_turn.session.json a/f_state.session.jsonl > set.json
jq -c 'if .content.parts[0].functionCall.name == "add_to_cart" then
	.content.parts[0].functionCall.args.quantity = 3 else . end' a/f_state.session.jsonl > f_state.jsonl
adkev eval --format=adk set.json a/b_tool_call.session.json f_state.jsonl > out.json; echo "exit $?"
jq -c 'keys_unsorted' out.json
jq -r '[.eval_set_result_id, .eval_set_result_name, (.creation_timestamp | tostring)] |
	map(sub("[0-9]+\\.[0-9]+$"; "TIME")) | @tsv' out.json
jq -c '.eval_case_results[] | keys_unsorted' out.json | sort -u
jq -c '.eval_case_results[] | [.eval_set_id, .eval_id, .final_eval_status, .session_id, .user_id,
	(.overall_eval_metric_results | map([.metric_name, .threshold, .score, .eval_status]))]' out.json
jq -c '.eval_case_results[] | .eval_metric_result_per_invocation[] | [(.actual_invocation | keys_unsorted),
	(.expected_invocation.invocation_id != null), (.eval_metric_results | map([.metric_name, .eval_status]))]' out.json
# The same cases and statuses as the JSON lines.
adkev eval set.json a/b_tool_call.session.json f_state.jsonl | jq -r '[.eval_id, .status] | @tsv' > lines.tsv
jq -r '.eval_case_results[] | [.eval_id, ({"1": "PASSED", "2": "FAILED", "3": "NOT_EVALUATED"}[.final_eval_status | tostring])] | @tsv' out.json | diff lines.tsv - && echo "same cases and statuses as the lines"
# Each EvalMetricResult is the EvalMetric it was made from (metric_name,
# threshold, criterion, custom_function_path) then score, eval_status and
# details (local_eval_service.py); the informational metrics carry no
# criterion (append_default_efficiency_metrics()), and token_usage_v1's
# details hold its TokenUsageDetails, the per-type counts behind its score.
jq -c '.eval_case_results[0].overall_eval_metric_results[] |
	[(keys_unsorted | join(",")), .metric_name, .criterion, .custom_function_path, .details]' out.json | sort -u
jq -c '.eval_case_results[0].eval_metric_result_per_invocation[0].eval_metric_results[] |
	select(.metric_name == "token_usage_v1") | [.score, .details.token_usage_details.total_tokens]' out.json
# A criterion given as an object keeps the members given beside its
# threshold, as BaseCriterion keeps them (extra="allow"); a metric of the
# config's custom_metrics is NOT_EVALUATED with its code_config's name.
cat > cfg.json <<'CFG'
{"criteria": {"tool_trajectory_avg_score": {"threshold": 1, "matchType": "in-order"},
              "my_metric": 0.5},
 "custom_metrics": {"my_metric": {"code_config": {"name": "pkg.metrics.my_metric"}}}}
CFG
adkev eval --format=adk --config cfg.json set.json a/b_tool_call.session.json |
	jq -c '.eval_case_results[0].overall_eval_metric_results[0:2][] |
	[.metric_name, .threshold, .criterion, .custom_function_path, .score, .eval_status]'
adkev eval --config cfg.json set.json a/b_tool_call.session.json | jq -c 'select(.run != null) | .metrics.my_metric'
# Every metric of the case is written for each invocation, in the case's
# order: one with no value per invocation (a judge's) as NOT_EVALUATED (3),
# as local_eval_service.py writes a metric that was not evaluated.
adkev eval --format=adk --criterion final_response_match_v2=0.5 set.json a/b_tool_call.session.json |
	jq -c '.eval_case_results[0] | [(.overall_eval_metric_results | map(.metric_name)) ==
	(.eval_metric_result_per_invocation[0].eval_metric_results | map(.metric_name)),
	(.eval_metric_result_per_invocation[0].eval_metric_results[] |
	select(.metric_name == "final_response_match_v2") | [.score, .eval_status])]'
