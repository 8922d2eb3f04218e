# A JSON array of session objects (what a script that dumps ADK's
# list_sessions and get_session writes, jq -s of session files) is read as
# the same sessions one after another (eval.md 1.2, issue 36): every
# command's output and exit status over it, on one line or indented (read
# as a stream, element by element), at -j 1 and -j 2, are those over the
# session objects as JSON lines, where it was 65 "not an ADK event".
# partition passes events' bytes on as the source held them: the indented
# array's are compared as JSON.  eval scores each session, named by its id.
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
export TZ=UTC
. "$TESTS/cli/same_as_files.sh"
jq -c . "$CORPUS"/adkjs/*.session.json > lines.jsonl
jq -c -s . "$CORPUS"/adkjs/*.session.json > one-line.json
jq -s . "$CORPUS"/adkjs/*.session.json > indented.json
run() {
	# shellcheck disable=SC2086
	adkev $1 -j "$2" "$3" >out 2>err
	status=$?
	if [ "$1" = partition ]; then jq -c . out; else cat out; fi
	# The diagnostics name the file and its positions, which differ: their count is compared.
	echo "exit $status, $(wc -l <err) lines on standard error"
}
echo "$commands|partition|critic|to-otlp|evalset" | tr '|' '\n' | while read -r cmd; do
	for j in 1 2; do
		want=$(run "$cmd" $j lines.jsonl)
		for f in one-line.json indented.json; do
			[ "$(run "$cmd" $j $f)" = "$want" ] || echo "DIFF $cmd -j $j $f"
		done
	done
	echo "$cmd: same"
done
adkev evalset indented.json > set.json
adkev eval set.json indented.json | jq -r .status | sort | uniq -c | sed 's/^ *//'
adkev eval set.json one-line.json > /dev/null; echo "eval: exit $?"
