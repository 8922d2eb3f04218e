# The snake_case copy of adkjs/l_multi_turn.jsonl gives the same traces as the original: l_multi_turn.jsonl.stdout.
{ adkev to-otlp "$CORPUS/adkpy-style/l_multi_turn.snake.jsonl"; echo "exit $?"; } | cmp - l_multi_turn.jsonl.stdout &&
	echo "same as l_multi_turn.jsonl: $(grep -vc "^exit " l_multi_turn.jsonl.stdout) traces"
