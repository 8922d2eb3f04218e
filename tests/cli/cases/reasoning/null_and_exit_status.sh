# No thought: null, and with -r an empty line, as for final's "" (no
# answer); exit 1 with -e.
adkev reasoning -r -e "$CORPUS"/adkjs/b_tool_call.jsonl; echo "status $?"
adkev reasoning -e "$CORPUS"/adkjs/d_thinking.jsonl > /dev/null; echo "status $?"
