# The snake_case copy of adkjs/e_sequential_critic.jsonl gives what ADK JS gives for the original: e_sequential_critic.jsonl.stdout.
{ adkev to-a2a "$CORPUS/adkpy-style/e_sequential_critic.snake.jsonl"; echo "exit $?"; } | cmp - e_sequential_critic.jsonl.stdout &&
	echo "same as ADK JS for e_sequential_critic.jsonl: $(grep -vc "^exit " e_sequential_critic.jsonl.stdout) messages"
