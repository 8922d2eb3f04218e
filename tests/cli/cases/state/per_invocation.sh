# Each invocation's own deltas, one line per invocation.
adkev state --per-invocation "$CORPUS"/adkjs/h_loop_escalate.jsonl
adkev state --per-invocation --key draft "$CORPUS"/adkjs/h_loop_escalate.jsonl
adkev state --invocation e-cc84522c-e0f9-4b55-a1dc-7906e43228c5 --key draft -r "$CORPUS"/adkjs/e_sequential_critic.jsonl
