# ADK JS 2.0 toA2AMessage over the same events is h_loop_escalate.jsonl.stdout; README.md says how it was made.
adkev to-a2a "$CORPUS/adkjs/h_loop_escalate.jsonl"; echo "exit $?"
