# The legacy .test.json shapes, and an eval set in camelCase, converted as ADK
# converts them; a test_config.json beside the set gives the criteria.
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
cp -r "$CORPUS"/adkjs a
adkev evalset --id paris a/b_tool_call.session.json > set.json
jq '[.eval_cases[0].conversation[] | {query: .user_content.parts[0].text,
	expected_tool_use: [.intermediate_data.invocation_events[].content.parts[]?.function_call | select(.) | {tool_name: .name, tool_input: .args}],
	reference: .final_response.parts[0].text}]' set.json > paris.test.json
adkev eval --case paris.test.json paris.test.json a/b_tool_call.session.json | jq -c '[.eval_id, .status]'
jq '[{name: "paris", data: ., initial_session: {app_name: "a", user_id: "u"}}]' paris.test.json > cases.test.json
adkev eval cases.test.json a/b_tool_call.session.json | jq -c '[.eval_id, .status]'
jq '{evalSetId: .eval_set_id, evalCases: [.eval_cases[] | {evalId: .eval_id, conversation: [.conversation[] |
	{invocationId: .invocation_id, userContent: .user_content, finalResponse: .final_response,
	 intermediateData: {invocationEvents: .intermediate_data.invocation_events}}]}]}' set.json > camel.json
adkev eval camel.json a/b_tool_call.session.json | jq -c '[.eval_id, .status]'
mkdir d && cp set.json d/ && echo '{"criteria": {"response_match_score": 1.0, "tool_trajectory_avg_score": {"threshold": 1.0, "match_type": "ANY_ORDER"}}}' > d/test_config.json
adkev eval d/set.json a/b_tool_call.session.json | jq -c '.metrics | map_values(.threshold)'
echo '{"criteria": {"nope": 1}}' > bad.json
adkev eval --config bad.json set.json a/b_tool_call.session.json; echo "exit $?"
