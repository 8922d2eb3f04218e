# adkjs/f_state.session.jsonl as OTLP/JSON traces: one TracesData line per invocation.
adkev to-otlp "$CORPUS/adkjs/f_state.session.jsonl"; echo "exit $?"
