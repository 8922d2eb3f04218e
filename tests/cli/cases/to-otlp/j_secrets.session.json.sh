# adkjs/j_secrets.session.json as OTLP/JSON traces: one TracesData line per invocation.
adkev to-otlp "$CORPUS/adkjs/j_secrets.session.json"; echo "exit $?"
