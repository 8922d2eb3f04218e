# ADK JS 2.0 toA2AMessage over the same events is l_multi_turn.session.json.stdout; README.md says how it was made.
adkev to-a2a "$CORPUS/adkjs/l_multi_turn.session.json"; echo "exit $?"
