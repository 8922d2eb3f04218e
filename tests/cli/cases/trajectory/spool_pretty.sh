# -p: the spooled pieces are indented as the levels they take in the result.
adkev trajectory -p "$CORPUS"/adkjs/i_long_running.session.jsonl; echo "exit $?"
adkev trajectory -p --no-tool-calls "$CORPUS"/adkjs/f_state.jsonl; echo "exit $?"
adkev trajectory -p --no-redact --max-string 12 "$CORPUS"/adkjs/j_secrets.jsonl "$CORPUS"/adkjs/b_tool_call.jsonl; echo "exit $?"
# An empty stream: empty lists, as ever.
adkev trajectory -p /dev/null; echo "exit $?"
