# ADK JS 2.0 toA2AMessage over the same events is k_model_errors.jsonl.stdout; README.md says how it was made.
adkev to-a2a "$CORPUS/adkjs/k_model_errors.jsonl"; echo "exit $?"
