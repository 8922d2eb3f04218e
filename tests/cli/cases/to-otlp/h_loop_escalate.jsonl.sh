# adkjs/h_loop_escalate.jsonl as OTLP/JSON traces: one TracesData line per invocation.
adkev to-otlp "$CORPUS/adkjs/h_loop_escalate.jsonl"; echo "exit $?"
