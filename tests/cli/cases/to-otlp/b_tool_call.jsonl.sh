# adkjs/b_tool_call.jsonl as OTLP/JSON traces: one TracesData line per invocation.
adkev to-otlp "$CORPUS/adkjs/b_tool_call.jsonl"; echo "exit $?"
