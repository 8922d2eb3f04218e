# adkjs/j_secrets.jsonl as OTLP/JSON traces: one TracesData line per invocation.
adkev to-otlp "$CORPUS/adkjs/j_secrets.jsonl"; echo "exit $?"
