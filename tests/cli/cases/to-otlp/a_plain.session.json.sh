# adkjs/a_plain.session.json as OTLP/JSON traces: one TracesData line per invocation.
adkev to-otlp "$CORPUS/adkjs/a_plain.session.json"; echo "exit $?"
