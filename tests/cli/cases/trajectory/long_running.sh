# A long-running tool answers "pending", later (from the user) its real result: the last wins.
adkev trajectory "$CORPUS"/adkjs/i_long_running.session.jsonl
# Without the later answer the pending one stays.
adkev trajectory "$CORPUS"/adkjs/i_long_running.jsonl
# One invocation at a time: the result arrives in the second invocation, so the first is pending.
adkev trajectory --per-invocation --no-token-usage "$CORPUS"/adkjs/i_long_running.session.jsonl
