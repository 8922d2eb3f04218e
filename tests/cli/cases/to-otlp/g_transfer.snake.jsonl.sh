# The snake_case copy of adkjs/g_transfer.jsonl gives the same traces as the original: g_transfer.jsonl.stdout.
{ adkev to-otlp "$CORPUS/adkpy-style/g_transfer.snake.jsonl"; echo "exit $?"; } | cmp - g_transfer.jsonl.stdout &&
	echo "same as g_transfer.jsonl: $(grep -vc "^exit " g_transfer.jsonl.stdout) traces"
