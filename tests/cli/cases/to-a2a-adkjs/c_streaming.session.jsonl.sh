# ADK JS 2.0 toA2AMessage over the same events is c_streaming.session.jsonl.stdout; README.md says how it was made.
adkev to-a2a "$CORPUS/adkjs/c_streaming.session.jsonl"; echo "exit $?"
