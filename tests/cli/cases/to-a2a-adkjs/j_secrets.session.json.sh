# ADK JS 2.0 toA2AMessage over the same events is j_secrets.session.json.stdout; README.md says how it was made.
adkev to-a2a "$CORPUS/adkjs/j_secrets.session.json"; echo "exit $?"
