# adkjs/e_sequential_critic.session.json as OTLP/JSON traces: one TracesData line per invocation.
adkev to-otlp "$CORPUS/adkjs/e_sequential_critic.session.json"; echo "exit $?"
