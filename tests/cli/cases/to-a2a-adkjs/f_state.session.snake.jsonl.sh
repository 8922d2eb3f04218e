# The snake_case copy of adkjs/f_state.session.jsonl gives what ADK JS gives for the original: f_state.session.jsonl.stdout.
{ adkev to-a2a "$CORPUS/adkpy-style/f_state.session.snake.jsonl"; echo "exit $?"; } | cmp - f_state.session.jsonl.stdout &&
	echo "same as ADK JS for f_state.session.jsonl: $(grep -vc "^exit " f_state.session.jsonl.stdout) messages"
