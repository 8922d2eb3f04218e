# The snake_case copy of adkjs/i_long_running.jsonl gives the same traces as the original: i_long_running.jsonl.stdout.
{ adkev to-otlp "$CORPUS/adkpy-style/i_long_running.snake.jsonl"; echo "exit $?"; } | cmp - i_long_running.jsonl.stdout &&
	echo "same as i_long_running.jsonl: $(grep -vc "^exit " i_long_running.jsonl.stdout) traces"
