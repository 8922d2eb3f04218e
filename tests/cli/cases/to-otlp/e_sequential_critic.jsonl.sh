# adkjs/e_sequential_critic.jsonl as OTLP/JSON traces: one TracesData line per invocation.
adkev to-otlp "$CORPUS/adkjs/e_sequential_critic.jsonl"; echo "exit $?"
