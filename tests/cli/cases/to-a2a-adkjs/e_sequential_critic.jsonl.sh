# ADK JS 2.0 toA2AMessage over the same events is e_sequential_critic.jsonl.stdout; README.md says how it was made.
adkev to-a2a "$CORPUS/adkjs/e_sequential_critic.jsonl"; echo "exit $?"
