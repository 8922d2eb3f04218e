# --trajectories: each agent's own events become its trajectory (events.md
# 3.3), so each agent has its own final_output and error (gepa gives them to
# a "primary" agent only).
adkev partition --trajectories -p "$CORPUS"/adkjs/g_transfer.jsonl
adkev partition --trajectories "$CORPUS"/adkjs/e_sequential_critic.jsonl
# The trajectory options apply.
adkev partition --trajectories --no-tool-calls --no-token-usage --max-string 12 "$CORPUS"/adkjs/b_tool_call.jsonl
adkev partition --trajectories "$CORPUS"/adkjs/j_secrets.jsonl
adkev partition --trajectories --no-redact "$CORPUS"/adkjs/j_secrets.jsonl
# A server stream error has no author, so it belongs to no agent (issue 12:
# it went to the agent that was running, "a", before); user events
# are dropped; nothing left: {}, and exit 1 with -e.
printf '%s\n' \
	'data: {"author":"a","content":{"parts":[{"text":"working"}]}}' \
	'data: {"author":"user","content":{"parts":[{"text":"hi"}]}}' \
	'data: {"error":"stream broke"}' \
	'data: {"author":"b","errorCode":"SAFETY","errorMessage":"blocked"}' | adkev partition --trajectories
printf '%s\n' '{"author":"user"}' | adkev partition --trajectories -e; echo "status $?"
adkev partition --trajectories --per-invocation "$CORPUS"/adkjs/l_multi_turn.jsonl
