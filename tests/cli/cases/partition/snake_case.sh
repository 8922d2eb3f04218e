# ADK Python's model_dump() spelling: the author is read the same, and the
# events are passed through in their own spelling.
adkev partition "$CORPUS"/adkpy-style/e_sequential_critic.snake.jsonl
adkev partition "$CORPUS"/adkpy-style/b_tool_call.session.snake.jsonl
