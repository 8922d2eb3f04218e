# adkjs/c_streaming.session.json as OTLP/JSON traces: one TracesData line per invocation.
adkev to-otlp "$CORPUS/adkjs/c_streaming.session.json"; echo "exit $?"
