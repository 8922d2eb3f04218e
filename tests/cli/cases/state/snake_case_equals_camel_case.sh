# ADK Python's spelling gives the same state.
# Scratch files live in a private directory: several runs of the suite may overlap.
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
for name in e_sequential_critic f_state j_secrets; do
	adkev state "$CORPUS"/adkjs/$name.jsonl > camel.out
	adkev state "$CORPUS"/adkpy-style/$name.snake.jsonl > snake.out
	if cmp -s camel.out snake.out; then echo "same: $name"; else echo "DIFFERENT: $name"; fi
done
adkev state "$CORPUS"/adkpy-style/f_state.session.snake.jsonl
adkev state --key cart "$CORPUS"/adkpy-style/f_state.snake.jsonl
