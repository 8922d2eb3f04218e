adkev reasoning --per-invocation "$CORPUS"/adkjs/d_thinking.jsonl
