# The snake_case copy of adkjs/k_model_errors.jsonl gives what ADK JS gives for the original: k_model_errors.jsonl.stdout.
{ adkev to-a2a "$CORPUS/adkpy-style/k_model_errors.snake.jsonl"; echo "exit $?"; } | cmp - k_model_errors.jsonl.stdout &&
	echo "same as ADK JS for k_model_errors.jsonl: $(grep -vc "^exit " k_model_errors.jsonl.stdout) messages"
