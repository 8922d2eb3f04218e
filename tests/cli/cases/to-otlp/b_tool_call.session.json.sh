# adkjs/b_tool_call.session.json as OTLP/JSON traces: one TracesData line per invocation.
adkev to-otlp "$CORPUS/adkjs/b_tool_call.session.json"; echo "exit $?"
