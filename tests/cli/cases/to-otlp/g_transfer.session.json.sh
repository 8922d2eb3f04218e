# adkjs/g_transfer.session.json as OTLP/JSON traces: one TracesData line per invocation.
adkev to-otlp "$CORPUS/adkjs/g_transfer.session.json"; echo "exit $?"
