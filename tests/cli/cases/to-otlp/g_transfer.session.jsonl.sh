# adkjs/g_transfer.session.jsonl as OTLP/JSON traces: one TracesData line per invocation.
adkev to-otlp "$CORPUS/adkjs/g_transfer.session.jsonl"; echo "exit $?"
