# adkjs/i_long_running.session.json as OTLP/JSON traces: one TracesData line per invocation.
adkev to-otlp "$CORPUS/adkjs/i_long_running.session.json"; echo "exit $?"
