# Real ADK JS streams, one A2A 0.3 Message per event: ids from the events, thought and
# signature metadata, function calls flagged long-running or not, responses, escalate,
# transfer, error codes, usage and the whole actions object when it carries more.
for f in b_tool_call d_thinking g_transfer h_loop_escalate i_long_running k_model_errors f_state; do
	echo "== $f"
	adkev to-a2a "$CORPUS/adkjs/$f.jsonl"; echo "exit $?"
done
