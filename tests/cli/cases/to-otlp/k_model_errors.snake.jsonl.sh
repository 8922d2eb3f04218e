# The snake_case copy of adkjs/k_model_errors.jsonl gives the same traces as the original: k_model_errors.jsonl.stdout.
{ adkev to-otlp "$CORPUS/adkpy-style/k_model_errors.snake.jsonl"; echo "exit $?"; } | cmp - k_model_errors.jsonl.stdout &&
	echo "same as k_model_errors.jsonl: $(grep -vc "^exit " k_model_errors.jsonl.stdout) traces"
