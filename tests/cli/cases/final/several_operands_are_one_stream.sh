adkev final -r "$CORPUS"/adkjs/a_plain.jsonl "$CORPUS"/adkjs/b_tool_call.jsonl
adkev final --concat -r "$CORPUS"/adkjs/a_plain.jsonl - "$CORPUS"/adkjs/a_plain.jsonl < "$CORPUS"/adkjs/f_state.jsonl
