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
