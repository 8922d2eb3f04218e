# adkjs/i_long_running.jsonl as OTLP/JSON traces: one TracesData line per invocation.
adkev to-otlp "$CORPUS/adkjs/i_long_running.jsonl"; echo "exit $?"
