# adkjs/j_secrets.session.jsonl as OTLP/JSON traces: one TracesData line per invocation.
adkev to-otlp "$CORPUS/adkjs/j_secrets.session.jsonl"; echo "exit $?"
