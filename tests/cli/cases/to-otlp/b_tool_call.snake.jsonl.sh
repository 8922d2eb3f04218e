# The snake_case copy of adkjs/b_tool_call.jsonl gives the same traces as the original: b_tool_call.jsonl.stdout.
{ adkev to-otlp "$CORPUS/adkpy-style/b_tool_call.snake.jsonl"; echo "exit $?"; } | cmp - b_tool_call.jsonl.stdout &&
	echo "same as b_tool_call.jsonl: $(grep -vc "^exit " b_tool_call.jsonl.stdout) traces"
