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
