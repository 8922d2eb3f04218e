# The snake_case copy of adkjs/c_streaming.jsonl gives what ADK JS gives for the original: c_streaming.jsonl.stdout.
{ adkev to-a2a "$CORPUS/adkpy-style/c_streaming.snake.jsonl"; echo "exit $?"; } | cmp - c_streaming.jsonl.stdout &&
	echo "same as ADK JS for c_streaming.jsonl: $(grep -vc "^exit " c_streaming.jsonl.stdout) messages"
