# What eval --table and --junit say of a whole run of eval (issue 36): the
# table's columns are as wide as what they hold and its numbers rounded for
# a person (l_multi_turn's means, 0.3333 and 161.3, ran into the threshold
# column), and it ends with one line counting what passed, failed, was not
# evaluated, and the runs that matched no case; in the JUnit report every
# run appears, one that matched no case as an error (it was missing, with
# errors="0", while eval exited 65).
command -v xmllint > /dev/null || { echo "skipped: xmllint (Debian libxml2-utils) is not installed" >&2; exit 77; }
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
a="$CORPUS"/adkjs
cp "$a"/a_plain.session.json "$a"/l_multi_turn.session.json "$a"/f_state.session.json .
adkev evalset a_plain.session.json l_multi_turn.session.json > set.json
adkev eval --table --junit report.xml set.json l_multi_turn.session.json f_state.session.json
echo "exit $?"
x() { xmllint --xpath "$1" report.xml; }
x 'string(/testsuites/@tests)'
x 'concat(/testsuites/testsuite/@failures, " ", /testsuites/testsuite/@errors, " ", /testsuites/testsuite/@skipped)'
x 'string(//testcase[error]/@name)'
x 'string(//testcase[error]/error/@message)'
x 'string(//testcase[skipped]/@name)'
