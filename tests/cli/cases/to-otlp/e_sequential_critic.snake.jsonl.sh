# The snake_case copy of adkjs/e_sequential_critic.jsonl gives the same traces as the original: e_sequential_critic.jsonl.stdout.
{ adkev to-otlp "$CORPUS/adkpy-style/e_sequential_critic.snake.jsonl"; echo "exit $?"; } | cmp - e_sequential_critic.jsonl.stdout &&
	echo "same as e_sequential_critic.jsonl: $(grep -vc "^exit " e_sequential_critic.jsonl.stdout) traces"
