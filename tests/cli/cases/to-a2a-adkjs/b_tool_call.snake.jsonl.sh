# The snake_case copy of adkjs/b_tool_call.jsonl gives what ADK JS gives for the original: b_tool_call.jsonl.stdout.
{ adkev to-a2a "$CORPUS/adkpy-style/b_tool_call.snake.jsonl"; echo "exit $?"; } | cmp - b_tool_call.jsonl.stdout &&
	echo "same as ADK JS for b_tool_call.jsonl: $(grep -vc "^exit " b_tool_call.jsonl.stdout) messages"
