# ADK JS 2.0 toA2AMessage over the same events is b_tool_call.session.jsonl.stdout; README.md says how it was made.
adkev to-a2a "$CORPUS/adkjs/b_tool_call.session.jsonl"; echo "exit $?"
