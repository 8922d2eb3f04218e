# A tool call and its answer: every number of one run.
adkev stats -p "$CORPUS/adkjs/b_tool_call.session.jsonl"
