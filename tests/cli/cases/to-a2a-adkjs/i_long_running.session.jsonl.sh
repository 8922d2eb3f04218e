# ADK JS 2.0 toA2AMessage over the same events is i_long_running.session.jsonl.stdout; README.md says how it was made.
adkev to-a2a "$CORPUS/adkjs/i_long_running.session.jsonl"; echo "exit $?"
