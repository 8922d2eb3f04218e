# The snake_case copy of adkjs/g_transfer.jsonl gives what ADK JS gives for the original: g_transfer.jsonl.stdout.
{ adkev to-a2a "$CORPUS/adkpy-style/g_transfer.snake.jsonl"; echo "exit $?"; } | cmp - g_transfer.jsonl.stdout &&
	echo "same as ADK JS for g_transfer.jsonl: $(grep -vc "^exit " g_transfer.jsonl.stdout) messages"
