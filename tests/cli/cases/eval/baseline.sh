# eval --baseline FILE holds each case's scores against an earlier eval's
# (its JSON lines, its --format=adk EvalSetResult, or that result as a JSON
# string, as older ADK wrote .adk/eval_history): each metric gets the
# baseline's score and the change, and --max-increase NAME=PCT fails a case
# whose metric grew past PCT (issue 36).  The baseline here is the weather
# case scored on a_plain's run (32 tokens); today's run is b_tool_call's
# own (184 tokens).
command -v xmllint > /dev/null || { echo "skipped: xmllint (Debian libxml2-utils) is not installed" >&2; exit 77; }
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
a="$CORPUS"/adkjs
cp "$a"/a_plain.session.json "$a"/b_tool_call.session.json .
adkev evalset --id weather b_tool_call.session.json > set.json
adkev eval --case weather set.json a_plain.session.json > base.jsonl
adkev eval --case weather --format=adk set.json a_plain.session.json > base.adk.json
jq tojson base.adk.json > base.old.json
for b in base.jsonl base.adk.json base.old.json; do
	adkev eval --baseline $b --max-increase token_usage_v1=10% set.json b_tool_call.session.json |
		jq -c '[.status, .metrics.token_usage_v1.baseline, .metrics.token_usage_v1.change, .metrics.token_usage_v1.status]'
done
adkev eval --baseline base.jsonl --max-increase token_usage_v1=10% set.json b_tool_call.session.json > /dev/null
echo "past the limit: exit $?"
adkev eval --baseline base.jsonl --max-increase token_usage_v1=500 set.json b_tool_call.session.json > /dev/null
echo "within it: exit $?"
adkev eval --baseline base.jsonl set.json b_tool_call.session.json > /dev/null
echo "no limit: exit $?"
adkev eval --table --junit report.xml --baseline base.jsonl --max-increase token_usage_v1=10% \
	--max-increase inference_call_count_v1=100 set.json b_tool_call.session.json
xmllint --xpath 'string(//failure/@message)' report.xml
# Bad baselines: not a result, no case of the runs in it, an unknown metric, no baseline.
adkev eval --baseline b_tool_call.session.json set.json b_tool_call.session.json; echo "exit $?"
adkev evalset --id other a_plain.session.json > other.json
adkev eval other.json a_plain.session.json > other.jsonl
adkev eval --baseline other.jsonl set.json b_tool_call.session.json > /dev/null; echo "exit $?"
adkev eval --baseline base.jsonl --max-increase tokens=10 set.json b_tool_call.session.json 2>&1 | head -1
adkev eval --max-increase token_usage_v1=10 set.json b_tool_call.session.json 2>&1 | head -1
