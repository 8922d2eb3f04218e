# The snake_case copy of adkjs/i_long_running.jsonl gives what ADK JS gives for the original: i_long_running.jsonl.stdout.
{ adkev to-a2a "$CORPUS/adkpy-style/i_long_running.snake.jsonl"; echo "exit $?"; } | cmp - i_long_running.jsonl.stdout &&
	echo "same as ADK JS for i_long_running.jsonl: $(grep -vc "^exit " i_long_running.jsonl.stdout) messages"
