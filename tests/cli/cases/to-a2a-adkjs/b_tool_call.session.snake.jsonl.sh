# The snake_case copy of adkjs/b_tool_call.session.jsonl gives what ADK JS gives for the original: b_tool_call.session.jsonl.stdout.
{ adkev to-a2a "$CORPUS/adkpy-style/b_tool_call.session.snake.jsonl"; echo "exit $?"; } | cmp - b_tool_call.session.jsonl.stdout &&
	echo "same as ADK JS for b_tool_call.session.jsonl: $(grep -vc "^exit " b_tool_call.session.jsonl.stdout) messages"
