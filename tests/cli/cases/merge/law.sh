# The law of --partial and --merge: for any input cut at line ends into
# pieces, the merge of the pieces' partial results writes what one run over
# the whole input writes, with its exit status.  Every corpus stream (ADK JS
# and the adkpy-style snake_case ones), and one made of several of them with
# server stream errors ({"error": ...}, as ADK's server writes them) between,
# is cut at every line end into two pieces, and into three (the second cut
# halfway through the rest).  Each corpus stream is cut for stats
# --per-invocation (the widest fold); the mixed stream for each option that
# changes a fold, so the case stays within seconds.  --invocation ID is
# taken for the first id read that begins with ID, which a piece cannot
# know: it is cut for a prefix of one id, of two (ambiguous: exit 64, no
# result), of none, with --author, and where an id equal to ID comes after
# a longer one (ambiguous) and before it (the equal one is taken); those two
# streams have one turn of l_multi_turn renamed to a prefix of another's id.
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
{
	cat "$CORPUS"/adkjs/c_streaming.jsonl
	echo '{"error":"model overloaded"}'
	cat "$CORPUS"/adkjs/l_multi_turn.jsonl "$CORPUS"/adkjs/b_tool_call.jsonl
	echo '{"error":"quota"}'
	cat "$CORPUS"/adkpy-style/e_sequential_critic.snake.jsonl "$CORPUS"/adkjs/k_model_errors.jsonl
} >"$t/mixed.jsonl"

. ./law.lib

law "$CORPUS"/adkjs/*.jsonl "$CORPUS"/adkpy-style/*.jsonl -- stats --per-invocation
m=$t/mixed.jsonl
law "$m" -- stats
law "$m" -- stats --invocation last
law "$m" -- stats --no-redact --table
law "$m" -- state
law "$m" -- state --per-invocation -p
law "$m" -- state --invocation last --key draft
law "$m" -- stats --author critic --per-invocation
law "$m" -- state --author assistant --invocation last
law "$m" -- stats --invocation e-5525
law "$m" -- state --invocation e-2
law "$m" -- trajectory --invocation e-0000
law "$m" -- stats --author critic --invocation e-cc8
sed 's/e-85e4718d-2554-4a00-b132-f729a5c43de1/e-5525f9ee/' "$m" >"$t/after.jsonl"
sed 's/e-5525f9ee-34b9-471b-97ef-e2471b6e7877/e-5525f9ee/' "$m" >"$t/before.jsonl"
law "$t/after.jsonl" -- stats --invocation e-5525f9ee
law "$t/before.jsonl" -- trajectory --invocation e-5525f9ee
# Each of them writes a result (or, ambiguous, none) as one run does.
for p in e-5525 e-2 e-0000; do adkev stats --invocation $p "$m" | wc -c; done
adkev stats --invocation e-5525f9ee "$t/after.jsonl" | wc -c
adkev trajectory --invocation e-5525f9ee "$t/before.jsonl" | wc -c
