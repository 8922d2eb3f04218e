# A run's file whose name is not UTF-8 (a Latin-1 file system, a tool that
# wrote raw bytes): eval and evalset name it with U+FFFD where JSON needs
# UTF-8, and count it, where eval crashed (a segmentation fault) holding it
# against a case, and the JUnit report left an unmatched one out of its
# errors while the exit status was 65.
command -v xmllint > /dev/null || { echo "skipped: xmllint (Debian libxml2-utils) is not installed" >&2; exit 77; }
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
a="$CORPUS"/adkjs
bad=$(printf 'caf\351')
cp "$a"/a_plain.session.json "$bad.session.json"
adkev evalset --id weather "$a"/b_tool_call.session.json > set.json
adkev eval --case weather --junit report.xml set.json "$bad.session.json" > lines.jsonl
echo "exit $?"
jq -c '[.run, .status]' lines.jsonl
xmllint --xpath 'string(//testcase/@file)' report.xml; echo
adkev eval --case weather --format=adk set.json "$bad.session.json" | jq -c '.eval_case_results[0] | [.eval_id, .session_id]'
adkev eval --junit report.xml set.json "$bad.session.json" > /dev/null
echo "no case: exit $?"
xmllint --xpath 'concat(//testsuite/@errors, " error: ", //testcase/error/@message)' report.xml; echo
adkev evalset "$bad.session.json" > named.json
adkev eval named.json "$bad.session.json" | jq -c '[.eval_id, .run, .status]'
adkev eval "$bad.session.json" "$a"/a_plain.jsonl | jq -c '[.eval_set_id, .status]'
# A legacy .test.json under such a name: its case and set are named by it.
jq '[.eval_cases[0].conversation[] | {query: .user_content.parts[0].text, expected_tool_use: [],
	reference: .final_response.parts[0].text}]' set.json > "$bad.test.json"
adkev eval "$bad.test.json" "$a"/b_tool_call.session.json | jq -c '[.eval_set_id, .eval_id, .status]'
