# ADK JS 2.0 toA2AMessage over the same events is f_state.session.jsonl.stdout; README.md says how it was made.
adkev to-a2a "$CORPUS/adkjs/f_state.session.jsonl"; echo "exit $?"
