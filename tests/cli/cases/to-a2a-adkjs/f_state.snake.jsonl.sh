# The snake_case copy of adkjs/f_state.jsonl gives what ADK JS gives for the original: f_state.jsonl.stdout.
{ adkev to-a2a "$CORPUS/adkpy-style/f_state.snake.jsonl"; echo "exit $?"; } | cmp - f_state.jsonl.stdout &&
	echo "same as ADK JS for f_state.jsonl: $(grep -vc "^exit " f_state.jsonl.stdout) messages"
