# ADK JS 2.0 toA2AMessage over the same events is a_plain.session.jsonl.stdout; README.md says how it was made.
adkev to-a2a "$CORPUS/adkjs/a_plain.session.jsonl"; echo "exit $?"
