# Every exit status with each output format (JSON lines, --table,
# --format=adk, and --junit beside the lines): 0 passed, 1 failed, 64 a
# usage error (nothing written, no report), 65 a run no case matches (the
# rest written, the report too), 66 a missing run (before 65), 73 a report
# that cannot be created (nothing written), 74 standard output that cannot
# be written.  Each line: format, case, status, whether standard output got
# anything, whether the report is there.
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
cp -r "$CORPUS"/adkjs a
adkev evalset a/b_tool_call.session.json a/f_state.session.jsonl > set.json
jq -c 'if .content.parts[0].functionCall.name == "add_to_cart" then
	.content.parts[0].functionCall.args.quantity = 3 else . end' a/f_state.session.jsonl > f_state.jsonl
try() {
	what=$1 && shift
	rm -f r.xml
	adkev eval "$@" > out 2> err
	status=$?
	report=no && [ -f r.xml ] && report=yes
	written=empty && [ -s out ] && written=written
	xml=; case " $* " in *" --junit r.xml "*) xml=" junit" ;; esac
	printf '%s\t%s\t%s\t%s\t%s\n' "${format:-json}$xml" "$what" "$status" "$written" "$report"
}
for f in json table adk junit; do
	case $f in junit) format= opts="--junit r.xml" ;; *) format=$f opts="--format=$f" ;; esac
	# shellcheck disable=SC2086
	{
		try passed $opts set.json a/b_tool_call.session.json a/f_state.session.jsonl
		try failed $opts set.json a/b_tool_call.session.json f_state.jsonl
		try usage $opts --criterion nonsense=1 set.json a/b_tool_call.session.json
		try unmatched $opts set.json a/b_tool_call.session.json a/a_plain.session.json
		try missing $opts set.json a/b_tool_call.session.json a/a_plain.session.json nothere.jsonl
		try badset $opts a/nothere.json a/b_tool_call.session.json
	}
	adkev eval $opts set.json a/b_tool_call.session.json > /dev/full 2> err
	echo "$f full: $? $(grep -c 'No space left' err)"
done
adkev eval --junit no/dir/r.xml set.json a/b_tool_call.session.json > out 2> err; echo "junit uncreatable: $? $(wc -c < out | tr -d ' ')"
cat err
adkev evalset a/b_tool_call.session.json > /dev/full 2> err; echo "evalset full: $? $(grep -c 'No space left' err)"
