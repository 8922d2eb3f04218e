# Real ADK JS streams, one A2A 0.3 Message per event: ids from the events, thought
# metadata, function calls flagged long-running or not, responses, escalate, transfer,
# error codes and usage, as ADK Go writes them; then with --lossless, which adds the
# thought signatures, the error messages, the long-running ids and the whole actions object
# when it carries more (j_secrets: the state delta holding a key goes out only then).
for f in b_tool_call d_thinking g_transfer h_loop_escalate i_long_running k_model_errors f_state; do
	echo "== $f"
	adkev to-a2a "$CORPUS/adkjs/$f.jsonl"; echo "exit $?"
done
for f in d_thinking f_state i_long_running j_secrets k_model_errors; do
	echo "== $f --lossless"
	adkev to-a2a --lossless "$CORPUS/adkjs/$f.jsonl"; echo "exit $?"
done
