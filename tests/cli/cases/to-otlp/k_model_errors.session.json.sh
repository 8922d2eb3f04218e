# adkjs/k_model_errors.session.json as OTLP/JSON traces: one TracesData line per invocation.
adkev to-otlp "$CORPUS/adkjs/k_model_errors.session.json"; echo "exit $?"
