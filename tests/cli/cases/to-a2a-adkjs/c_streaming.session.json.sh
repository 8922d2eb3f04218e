# ADK JS 2.0 toA2AMessage over the same events is c_streaming.session.json.stdout; README.md says how it was made.
adkev to-a2a "$CORPUS/adkjs/c_streaming.session.json"; echo "exit $?"
