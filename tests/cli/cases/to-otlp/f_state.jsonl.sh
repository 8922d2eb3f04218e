# adkjs/f_state.jsonl as OTLP/JSON traces: one TracesData line per invocation.
adkev to-otlp "$CORPUS/adkjs/f_state.jsonl"; echo "exit $?"
