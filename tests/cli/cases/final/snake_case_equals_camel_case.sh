# ADK Python's model_dump() spelling gives the same answers.
adkev final "$CORPUS"/adkpy-style/b_tool_call.session.snake.jsonl
adkev final "$CORPUS"/adkjs/b_tool_call.session.jsonl
adkev final "$CORPUS"/adkpy-style/e_sequential_critic.snake.jsonl
adkev final "$CORPUS"/adkjs/e_sequential_critic.jsonl
