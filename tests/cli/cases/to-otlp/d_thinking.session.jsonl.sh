# adkjs/d_thinking.session.jsonl as OTLP/JSON traces: one TracesData line per invocation.
adkev to-otlp "$CORPUS/adkjs/d_thinking.session.jsonl"; echo "exit $?"
