# ADK Python's legacy executor: every event is a non-final status update (a Go-style reader
# makes thoughts of them), metadata on the update (adk_custom_metadata as a JSON string,
# adk_actions as an object or a JSON string), and a final input-required update holding
# the long-running call.  With --no-peer-actions the peer's actions are dropped.
adkev from-a2a --deterministic --set-author expense_agent python_legacy.jsonl; echo "exit $?"
echo "== --no-peer-actions"
adkev from-a2a --deterministic --no-peer-actions python_legacy.jsonl | tail -n 1; echo "exit $?"
