# adkjs/k_model_errors.session.jsonl as OTLP/JSON traces: one TracesData line per invocation.
adkev to-otlp "$CORPUS/adkjs/k_model_errors.session.jsonl"; echo "exit $?"
