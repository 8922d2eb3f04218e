# --junit FILE: the JUnit report read back with xmllint, its suites, cases,
# failures and skips held against the JSON lines of the same run; markup and
# control characters from the input escaped or replaced, so the report stays
# well-formed; the report made whole under a temporary name, or not at all.
command -v xmllint > /dev/null || { echo "skipped: xmllint (Debian libxml2-utils) is not installed" >&2; exit 77; }
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
cp -r "$CORPUS"/adkjs a
adkev evalset a/b_tool_call.session.json a/l_multi_turn.session.json a/f_state.session.jsonl > set.json
jq -c 'if .content.parts[0].functionCall.name == "add_to_cart" then
	.content.parts[0].functionCall.args.quantity = 3 else . end' a/f_state.session.jsonl > f_state.jsonl
# The same session, its case named and its answer written with markup and control characters.
adkev evalset --id 'x<&"y'"'"'>' a/b_tool_call.session.json > hostile-set.json
jq -c 'if .author != "user" and (.content.parts[0].text? // null) != null then
	.content.parts[0].text = "<b>&amp; \"q\" \u0007 \u001b[31m ]]> é" else . end' a/b_tool_call.jsonl > hostile.jsonl

# What the JSON lines say, and what the report says, as the same table.
from_lines() {
	jq -s -r 'length, (map(select(.status == "FAILED")) | length), (map(select(.status == "NOT_EVALUATED")) | length),
		(.[] | [.eval_id, (if .status == "FAILED" then "failure" elif .status == "NOT_EVALUATED" then "skipped" else "passed" end)] | @tsv)' "$1"
}
from_report() {
	x() { xmllint --xpath "$1" "$2"; }
	x 'string(/testsuites/testsuite/@tests)' "$1"
	x 'string(/testsuites/testsuite/@failures)' "$1"
	x 'string(/testsuites/testsuite/@skipped)' "$1"
	n=$(x 'count(//testcase)' "$1")
	i=1
	while [ "$i" -le "$n" ]; do
		name=$(x "string(//testcase[$i]/@name)" "$1")
		if [ "$(x "count(//testcase[$i]/failure)" "$1")" = 1 ]; then o=failure
		elif [ "$(x "count(//testcase[$i]/skipped)" "$1")" = 1 ]; then o=skipped
		else o=passed; fi
		printf '%s\t%s\n' "$name" "$o"
		i=$((i + 1))
	done
}
check() {
	xmllint --noout "$2" || echo "not well-formed"
	from_lines "$1" > lines.tsv
	from_report "$2" > report.tsv
	diff lines.tsv report.tsv && echo "report agrees with the lines"
	cat report.tsv
}

adkev eval --junit r.xml set.json a/b_tool_call.session.json f_state.jsonl > out.jsonl; echo "exit $?"
check out.jsonl r.xml
echo "suites: $(xmllint --xpath 'count(/testsuites/testsuite)' r.xml)"
xmllint --xpath 'string(//testcase[@name="f_state"]/failure/@message)' r.xml
xmllint --xpath 'string(//testcase[@name="f_state"]/failure)' r.xml
xmllint --xpath 'string(//testcase[@name="f_state"]/properties/property[@name="tool_trajectory_avg_score"]/@value)' r.xml
xmllint --xpath 'string(//testsuite/properties/property[@name="criterion.tool_trajectory_avg_score"]/@value)' r.xml

# --require-all: the case without a run is a failure, in the report as in the status.
adkev eval --require-all --junit r.xml set.json a/b_tool_call.session.json > out.jsonl; echo "exit $?"
xmllint --xpath 'string(//testcase[failure]/failure/@message)' r.xml

# Hostile text: well-formed, the markup read back as it was, the controls replaced.
adkev eval --case 'x<&"y'"'"'>' --junit h.xml hostile-set.json hostile.jsonl > out.jsonl; echo "exit $?"
check out.jsonl h.xml
xmllint --xpath 'string(//testcase/failure)' h.xml | grep response

# Two runs of one case: a testcase each, named by the run too.
adkev eval --case f_state --junit two.xml set.json a/f_state.session.jsonl f_state.jsonl > /dev/null; echo "exit $?"
xmllint --xpath '//testcase[@file]/@name' two.xml

# Nothing half written: no temporary file is left beside the report, and a
# report that cannot be made (no such directory) stops eval before any output.
ls -A
adkev eval --junit no/such/dir/r.xml set.json a/b_tool_call.session.json; echo "exit $?"
