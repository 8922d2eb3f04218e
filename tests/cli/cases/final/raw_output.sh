adkev final -r "$CORPUS"/adkjs/b_tool_call.jsonl
adkev final --raw-output "$CORPUS"/adkjs/d_thinking.jsonl
