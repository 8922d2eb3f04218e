# adkjs/a_plain.session.jsonl as OTLP/JSON traces: one TracesData line per invocation.
adkev to-otlp "$CORPUS/adkjs/a_plain.session.jsonl"; echo "exit $?"
