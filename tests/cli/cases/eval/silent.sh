# No silent pass (issue 36): a case whose run could not be scored on any
# gating metric is NOT_EVALUATED, said on standard error, and a run of eval
# that scored nothing exits 1 with one line saying why, not 0.  With
# --require-all a NOT_EVALUATED case fails the gate, in the status and in
# the JUnit report, as a case without a run does.  A gate that scored
# something still passes beside a case that no run matched.
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
cp "$CORPUS"/adkjs/b_tool_call.session.json "$CORPUS"/adkjs/f_state.session.json .
a=.
adkev evalset "$a"/b_tool_call.session.json "$a"/f_state.session.json > set.json
echo '{"criteria": {"final_response_match_v2": 0.8, "safety_v1": 0.5}}' > judges.json
adkev eval --config judges.json set.json "$a"/b_tool_call.session.json | jq -c '[.eval_id, .status]'
adkev eval --config judges.json set.json "$a"/b_tool_call.session.json > /dev/null; echo "exit $?"
adkev eval --config judges.json --require-all --junit r.xml set.json "$a"/b_tool_call.session.json > /dev/null
echo "exit $?"
xmllint --xpath 'concat(//testsuite/@tests, " ", //testsuite/@failures, " ", //testsuite/@skipped)' r.xml; echo
xmllint --xpath '//testcase/failure/@message' r.xml | sed 's/^ *//'; echo
# The defaults score the one run; the case no run matched does not stop the gate.
adkev eval set.json "$a"/b_tool_call.session.json | jq -c '[.eval_id, .status]'
adkev eval set.json "$a"/b_tool_call.session.json > /dev/null; echo "exit $?"
