# ADK Python's spelling (snake_case, float-second timestamps) gives byte-identical trajectories.
# Scratch files live in a private directory: several runs of the suite may overlap.
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
for name in b_tool_call c_streaming e_sequential_critic f_state g_transfer i_long_running j_secrets k_model_errors l_multi_turn; do
	adkev trajectory --per-invocation "$CORPUS"/adkjs/$name.jsonl > camel.out
	adkev trajectory --per-invocation "$CORPUS"/adkpy-style/$name.snake.jsonl > snake.out
	if cmp -s camel.out snake.out; then echo "same: $name"; else echo "DIFFERENT: $name"; diff camel.out snake.out; fi
done
adkev trajectory "$CORPUS"/adkpy-style/i_long_running.session.snake.jsonl > snake.out || echo "exit $?"
adkev trajectory "$CORPUS"/adkjs/i_long_running.session.jsonl > camel.out || echo "exit $?"
cmp -s camel.out snake.out && echo "same: i_long_running.session"
cat snake.out
