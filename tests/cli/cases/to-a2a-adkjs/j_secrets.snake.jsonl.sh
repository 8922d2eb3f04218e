# The snake_case copy of adkjs/j_secrets.jsonl gives what ADK JS gives for the original: j_secrets.jsonl.stdout.
{ adkev to-a2a "$CORPUS/adkpy-style/j_secrets.snake.jsonl"; echo "exit $?"; } | cmp - j_secrets.jsonl.stdout &&
	echo "same as ADK JS for j_secrets.jsonl: $(grep -vc "^exit " j_secrets.jsonl.stdout) messages"
