# No thought: null, printed as JSON even with -r, and exit 1 with -e.
adkev reasoning -r -e "$CORPUS"/adkjs/b_tool_call.jsonl; echo "status $?"
adkev reasoning -e "$CORPUS"/adkjs/d_thinking.jsonl > /dev/null; echo "status $?"
