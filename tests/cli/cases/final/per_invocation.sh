adkev final --per-invocation "$CORPUS"/adkjs/l_multi_turn.jsonl
adkev final --per-invocation --author billing_agent "$CORPUS"/adkjs/g_transfer.jsonl
