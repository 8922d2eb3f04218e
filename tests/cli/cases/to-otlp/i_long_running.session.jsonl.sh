# adkjs/i_long_running.session.jsonl as OTLP/JSON traces: one TracesData line per invocation.
adkev to-otlp "$CORPUS/adkjs/i_long_running.session.jsonl"; echo "exit $?"
