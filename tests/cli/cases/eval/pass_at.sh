# Repeated runs of one case (issue 36): a folder of repeats named after the
# case, or runs held to it by --case, give every line the case's "repeats"
# (runs, passed, pass@k and pass^k from the n runs), a line in the table and
# properties in JUnit.  Without --pass-at each run must pass; --pass-at K
# passes a case when every K of its runs hold a pass, fails it with fewer
# than K evaluated runs, and JUnit shows each run its case's outcome.  The
# runs are ADK JS's own: b_tool_call is the case's run, a_plain fails it.
command -v xmllint > /dev/null || { echo "skipped: xmllint (Debian libxml2-utils) is not installed" >&2; exit 77; }
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
a="$CORPUS"/adkjs
adkev evalset --id weather "$a"/b_tool_call.session.json > set.json
mkdir -p runs/weather
cp "$a"/b_tool_call.session.json runs/weather/1.session.json
cp "$a"/a_plain.jsonl runs/weather/2.jsonl
cp "$a"/b_tool_call.jsonl runs/weather/3.jsonl
adkev eval set.json runs/weather | jq -c '[.run, .status, .repeats]'
adkev eval set.json runs/weather > /dev/null; echo "every run must pass: exit $?"
for k in 1 2 3 4; do
	adkev eval --pass-at $k set.json runs/weather > lines.jsonl; echo "--pass-at $k: exit $?"
	jq -c '.repeats | [.k, .pass_at_k, .pass_hat_k, .status, .reason]' lines.jsonl | uniq
done
# The same runs by --case, given one by one.
cp "$a"/b_tool_call.session.jsonl "$a"/a_plain.session.json .
adkev eval --case weather --pass-at 2 set.json b_tool_call.session.jsonl a_plain.session.json |
	jq -c '[.run, .status, .repeats.passed, .repeats.status]'
adkev eval --pass-at 2 --table set.json runs/weather | tail -n 3
adkev eval --pass-at 4 --table set.json runs/weather | tail -n 3
for k in 2 4; do
	adkev eval --pass-at $k --junit report.xml set.json runs/weather > /dev/null
	xmllint --xpath 'concat(//testsuite/@tests, " tests, ", //testsuite/@failures, " failures")' report.xml; echo
	xmllint --xpath '//testcase[1]/properties/property[starts-with(@name, "case.")]' report.xml; echo
	xmllint --xpath '//testcase/failure/@message | //testcase/system-out/text()' report.xml; echo
done
# One run alone, and no K at all.
adkev eval --pass-at 1 set.json runs/weather/1.session.json | jq -c .repeats
adkev eval --pass-at 0 set.json runs/weather 2>&1 | head -n 1
