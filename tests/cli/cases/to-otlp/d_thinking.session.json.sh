# adkjs/d_thinking.session.json as OTLP/JSON traces: one TracesData line per invocation.
adkev to-otlp "$CORPUS/adkjs/d_thinking.session.json"; echo "exit $?"
