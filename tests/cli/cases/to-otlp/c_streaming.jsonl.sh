# adkjs/c_streaming.jsonl as OTLP/JSON traces: one TracesData line per invocation.
adkev to-otlp "$CORPUS/adkjs/c_streaming.jsonl"; echo "exit $?"
