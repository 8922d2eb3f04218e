# ADK Python's snake_case spelling reads the same as camelCase.
t=$(mktemp -d)
adkev show --width 100 "$CORPUS/adkpy-style/b_tool_call.session.snake.jsonl" >"$t/snake" || echo "exit $?"
adkev show --width 100 "$CORPUS/adkjs/b_tool_call.session.jsonl" >"$t/camel" || echo "exit $?"
cmp "$t/snake" "$t/camel" && echo same
cat "$t/snake"
rm -rf "$t"
