# ADK JS 2.0 toA2AMessage over the same events is j_secrets.jsonl.stdout; README.md says how it was made.
adkev to-a2a "$CORPUS/adkjs/j_secrets.jsonl"; echo "exit $?"
