# The snake_case copy of adkjs/l_multi_turn.jsonl gives what ADK JS gives for the original: l_multi_turn.jsonl.stdout.
{ adkev to-a2a "$CORPUS/adkpy-style/l_multi_turn.snake.jsonl"; echo "exit $?"; } | cmp - l_multi_turn.jsonl.stdout &&
	echo "same as ADK JS for l_multi_turn.jsonl: $(grep -vc "^exit " l_multi_turn.jsonl.stdout) messages"
