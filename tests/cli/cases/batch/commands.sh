# --per-file: every extracting command writes one JSON line per operand, in
# operand order, the file's name first and the result under the command's
# name; each file is read alone, as if it were the only operand.
a=$SAMPLES/a_plain.jsonl
b=$SAMPLES/b_tool_call.jsonl
c=$SAMPLES/e_sequential_critic.jsonl
# Relative names are written as given.
(
cd "$SAMPLES" || exit 1
adkev final --per-file a_plain.jsonl b_tool_call.session.json d_thinking.jsonl; echo "final: status $?"
adkev reasoning --per-file a_plain.jsonl d_thinking.jsonl; echo "reasoning: status $?"
adkev trajectory --per-file --no-tool-calls a_plain.jsonl e_sequential_critic.jsonl; echo "trajectory: status $?"
adkev state --per-file a_plain.jsonl e_sequential_critic.jsonl; echo "state: status $?"
adkev state --per-file --key draft -r a_plain.jsonl e_sequential_critic.jsonl; echo "state --key: status $?"
adkev critic --per-file e_sequential_critic.jsonl e_sequential_critic.jsonl; echo "critic: status $?"
adkev stats --per-file a_plain.jsonl b_tool_call.jsonl; echo "stats: status $?"
adkev stats --per-file --table a_plain.jsonl b_tool_call.jsonl; echo "stats --table: status $?"
adkev partition --trajectories --no-tool-calls --per-file a_plain.jsonl e_sequential_critic.jsonl
echo "partition --trajectories: status $?"
adkev final --concat --per-file c_streaming.jsonl a_plain.jsonl; echo "final --concat: status $?"
)
# Each line equals the command run over that file alone, with -j workers too.
for cmd in final reasoning trajectory state stats; do
	adkev $cmd --per-file -j 2 "$a" "$b" "$c" >per-file.jsonl
	for f in "$a" "$b" "$c"; do
		adkev $cmd -j 1 "$f"
	done >alone.jsonl
	if [ "$(sed 's/^{"file":"[^"]*","[a-z]*"://; s/}$//' per-file.jsonl)" = "$(cat alone.jsonl)" ]; then
		echo "$cmd: each line is the file's own result"
	else
		echo "$cmd: DIFFERENT"
	fi
done
rm -f per-file.jsonl alone.jsonl
