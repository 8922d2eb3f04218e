# adkjs/c_streaming.session.jsonl as OTLP/JSON traces: one TracesData line per invocation.
adkev to-otlp "$CORPUS/adkjs/c_streaming.session.jsonl"; echo "exit $?"
