# The law of --partial and --merge: for any input cut at line ends into
# pieces, the merge of the pieces' partial results writes what one run over
# the whole input writes, with its exit status.  Every corpus stream (ADK JS
# and the adkpy-style snake_case ones), and one made of several of them with
# server stream errors ({"error": ...}, as ADK's server writes them) between,
# is cut at every line end into two pieces, and into three (the second cut
# halfway through the rest).  Each corpus stream is cut for stats
# --per-invocation (the widest fold); the mixed stream for each option that
# changes a fold, so the case stays within seconds.
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
{
	cat "$CORPUS"/adkjs/c_streaming.jsonl
	echo '{"error":"model overloaded"}'
	cat "$CORPUS"/adkjs/l_multi_turn.jsonl "$CORPUS"/adkjs/b_tool_call.jsonl
	echo '{"error":"quota"}'
	cat "$CORPUS"/adkpy-style/e_sequential_critic.snake.jsonl "$CORPUS"/adkjs/k_model_errors.jsonl
} >"$t/mixed.jsonl"

# law FILES -- CMD OPTIONS...: every cut; one line of counts, and a line per difference.
law() {
	files=
	while [ "$1" != -- ]; do
		files="$files $1"
		shift
	done
	shift
	checks=0 fails=0
	for f in $files; do
		n=$(wc -l <"$f")
		adkev "$@" <"$f" >"$t/whole" 2>/dev/null
		whole_status=$?
		k=0
		while [ "$k" -le "$n" ]; do
			head -n "$k" "$f" >"$t/p1"
			tail -n "+$((k + 1))" "$f" >"$t/p2"
			half=$(((n - k) / 2))
			head -n "$half" "$t/p2" >"$t/q2"
			tail -n "+$((half + 1))" "$t/p2" >"$t/q3"
			for pieces in "p1 p2" "p1 q2 q3"; do
				: >"$t/parts"
				for p in $pieces; do
					adkev "$@" --partial <"$t/$p" >>"$t/parts" 2>/dev/null
				done
				adkev "$@" --merge <"$t/parts" >"$t/merged" 2>/dev/null
				merged_status=$?
				checks=$((checks + 1))
				if ! cmp -s "$t/whole" "$t/merged" || [ "$whole_status" != "$merged_status" ]; then
					fails=$((fails + 1))
					echo "differs: $* ${f##*/} cut at line $k into $pieces"
				fi
			done
			k=$((k + 1))
		done
	done
	echo "$*: $checks cuts, $fails differ"
}

law "$CORPUS"/adkjs/*.jsonl "$CORPUS"/adkpy-style/*.jsonl -- stats --per-invocation
m=$t/mixed.jsonl
law "$m" -- stats
law "$m" -- stats --invocation last
law "$m" -- stats --no-redact --table
law "$m" -- state
law "$m" -- state --per-invocation -p
law "$m" -- state --invocation last --key draft
