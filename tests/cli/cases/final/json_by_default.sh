adkev final "$CORPUS"/adkjs/b_tool_call.jsonl
