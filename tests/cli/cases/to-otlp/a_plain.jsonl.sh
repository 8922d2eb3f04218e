# adkjs/a_plain.jsonl as OTLP/JSON traces: one TracesData line per invocation.
adkev to-otlp "$CORPUS/adkjs/a_plain.jsonl"; echo "exit $?"
