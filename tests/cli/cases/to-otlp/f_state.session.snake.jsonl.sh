# The snake_case copy of adkjs/f_state.session.jsonl gives the same traces as the original: f_state.session.jsonl.stdout.
{ adkev to-otlp "$CORPUS/adkpy-style/f_state.session.snake.jsonl"; echo "exit $?"; } | cmp - f_state.session.jsonl.stdout &&
	echo "same as f_state.session.jsonl: $(grep -vc "^exit " f_state.session.jsonl.stdout) traces"
