# adkjs/l_multi_turn.jsonl as OTLP/JSON traces: one TracesData line per invocation.
adkev to-otlp "$CORPUS/adkjs/l_multi_turn.jsonl"; echo "exit $?"
