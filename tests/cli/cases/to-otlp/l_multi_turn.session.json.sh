# adkjs/l_multi_turn.session.json as OTLP/JSON traces: one TracesData line per invocation.
adkev to-otlp "$CORPUS/adkjs/l_multi_turn.session.json"; echo "exit $?"
