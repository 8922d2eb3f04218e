# The snake_case copy of adkjs/c_streaming.jsonl gives the same traces as the original: c_streaming.jsonl.stdout.
{ adkev to-otlp "$CORPUS/adkpy-style/c_streaming.snake.jsonl"; echo "exit $?"; } | cmp - c_streaming.jsonl.stdout &&
	echo "same as c_streaming.jsonl: $(grep -vc "^exit " c_streaming.jsonl.stdout) traces"
