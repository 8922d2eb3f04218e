# adkjs/d_thinking.jsonl as OTLP/JSON traces: one TracesData line per invocation.
adkev to-otlp "$CORPUS/adkjs/d_thinking.jsonl"; echo "exit $?"
