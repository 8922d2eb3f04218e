# The snake_case copy of adkjs/b_tool_call.session.jsonl gives the same traces as the original: b_tool_call.session.jsonl.stdout.
{ adkev to-otlp "$CORPUS/adkpy-style/b_tool_call.session.snake.jsonl"; echo "exit $?"; } | cmp - b_tool_call.session.jsonl.stdout &&
	echo "same as b_tool_call.session.jsonl: $(grep -vc "^exit " b_tool_call.session.jsonl.stdout) traces"
