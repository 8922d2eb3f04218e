# adkjs/k_model_errors.jsonl as OTLP/JSON traces: one TracesData line per invocation.
adkev to-otlp "$CORPUS/adkjs/k_model_errors.jsonl"; echo "exit $?"
