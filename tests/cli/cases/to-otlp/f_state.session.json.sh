# adkjs/f_state.session.json as OTLP/JSON traces: one TracesData line per invocation.
adkev to-otlp "$CORPUS/adkjs/f_state.session.json"; echo "exit $?"
