# The snake_case copy of adkjs/i_long_running.session.jsonl gives what ADK JS gives for the original: i_long_running.session.jsonl.stdout.
{ adkev to-a2a "$CORPUS/adkpy-style/i_long_running.session.snake.jsonl"; echo "exit $?"; } | cmp - i_long_running.session.jsonl.stdout &&
	echo "same as ADK JS for i_long_running.session.jsonl: $(grep -vc "^exit " i_long_running.session.jsonl.stdout) messages"
