# The snake_case copy of adkjs/i_long_running.session.jsonl gives the same traces as the original: i_long_running.session.jsonl.stdout.
{ adkev to-otlp "$CORPUS/adkpy-style/i_long_running.session.snake.jsonl"; echo "exit $?"; } | cmp - i_long_running.session.jsonl.stdout &&
	echo "same as i_long_running.session.jsonl: $(grep -vc "^exit " i_long_running.session.jsonl.stdout) traces"
