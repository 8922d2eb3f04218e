adkev final -r < "$CORPUS"/adkjs/a_plain.jsonl
adkev final -r - < "$CORPUS"/adkjs/b_tool_call.jsonl
