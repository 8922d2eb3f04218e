adkev final --per-invocation -p "$CORPUS"/adkjs/i_long_running.jsonl
