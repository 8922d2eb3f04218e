# The snake_case copy of adkjs/j_secrets.jsonl gives the same traces as the original: j_secrets.jsonl.stdout.
{ adkev to-otlp "$CORPUS/adkpy-style/j_secrets.snake.jsonl"; echo "exit $?"; } | cmp - j_secrets.jsonl.stdout &&
	echo "same as j_secrets.jsonl: $(grep -vc "^exit " j_secrets.jsonl.stdout) traces"
