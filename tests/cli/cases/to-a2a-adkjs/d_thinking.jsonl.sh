# ADK JS 2.0 toA2AMessage over the same events is d_thinking.jsonl.stdout; README.md says how it was made.
adkev to-a2a "$CORPUS/adkjs/d_thinking.jsonl"; echo "exit $?"
