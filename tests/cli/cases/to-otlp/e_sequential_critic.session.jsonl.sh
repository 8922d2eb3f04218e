# adkjs/e_sequential_critic.session.jsonl as OTLP/JSON traces: one TracesData line per invocation.
adkev to-otlp "$CORPUS/adkjs/e_sequential_critic.session.jsonl"; echo "exit $?"
