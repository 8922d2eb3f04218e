# ADK JS 2.0 toA2AMessage over the same events is g_transfer.session.jsonl.stdout; README.md says how it was made.
adkev to-a2a "$CORPUS/adkjs/g_transfer.session.jsonl"; echo "exit $?"
