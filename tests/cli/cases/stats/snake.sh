# snake_case and float-second timestamps give the same numbers as camelCase.
adkev stats "$CORPUS/adkpy-style/b_tool_call.session.snake.jsonl"
adkev stats "$CORPUS/adkjs/b_tool_call.session.jsonl"
