# adkjs/g_transfer.jsonl as OTLP/JSON traces: one TracesData line per invocation.
adkev to-otlp "$CORPUS/adkjs/g_transfer.jsonl"; echo "exit $?"
