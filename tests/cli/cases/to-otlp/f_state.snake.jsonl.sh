# The snake_case copy of adkjs/f_state.jsonl gives the same traces as the original: f_state.jsonl.stdout.
{ adkev to-otlp "$CORPUS/adkpy-style/f_state.snake.jsonl"; echo "exit $?"; } | cmp - f_state.jsonl.stdout &&
	echo "same as f_state.jsonl: $(grep -vc "^exit " f_state.jsonl.stdout) traces"
