# adkjs/h_loop_escalate.session.json as OTLP/JSON traces: one TracesData line per invocation.
adkev to-otlp "$CORPUS/adkjs/h_loop_escalate.session.json"; echo "exit $?"
