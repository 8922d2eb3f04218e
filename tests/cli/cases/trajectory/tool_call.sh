# A tool call paired with its response by id; usage of both model calls summed.
adkev trajectory "$CORPUS"/adkjs/b_tool_call.jsonl
# The recorded session (user event included) gives the same trajectory.
adkev trajectory "$CORPUS"/adkjs/b_tool_call.session.jsonl
adkev trajectory "$CORPUS"/adkjs/b_tool_call.session.json
