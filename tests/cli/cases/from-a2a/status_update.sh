# Status updates: a 0.3 boolean final decides, else (1.0) the state does.  Final updates
# are events even without a message and carry long-running ids; non-final ones with a
# message become partial thoughts; without a message they give nothing.
# Scratch files live in a private directory: several runs of the suite may overlap.
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
msg='"message":{"kind":"message","messageId":"m","role":"agent","parts":[{"kind":"text","text":"Need approval"},{"kind":"data","data":{"id":"c1","name":"approve","args":{"amount":1250}},"metadata":{"adk_type":"function_call","adk_is_long_running":true}}]}'
cat > in.jsonl <<IN
{"kind":"status-update","taskId":"t","contextId":"c","status":{"state":"input-required",$msg},"final":true}
{"kind":"status-update","taskId":"t","contextId":"c","status":{"state":"working",$msg},"final":false}
{"kind":"status-update","taskId":"t","contextId":"c","status":{"state":"completed",$msg},"final":false}
{"kind":"status-update","taskId":"t","contextId":"c","status":{"state":"working"},"final":false}
{"kind":"status-update","taskId":"t","contextId":"c","status":{"state":"completed","timestamp":"2026-01-01T00:00:00Z"},"final":true}
{"kind":"status-update","taskId":"t","contextId":"c","status":{"state":"failed","message":{"kind":"message","messageId":"m","role":"agent","parts":[{"kind":"text","text":"llm error response: boom"}]}},"final":true}
{"statusUpdate":{"taskId":"t","contextId":"c","status":{"state":"TASK_STATE_WORKING","message":{"messageId":"m","role":"ROLE_AGENT","parts":[{"text":"thinking"}]}}}}
{"statusUpdate":{"taskId":"t","contextId":"c","status":{"state":"TASK_STATE_WORKING"}}}
{"statusUpdate":{"taskId":"t","contextId":"c","status":{"state":"TASK_STATE_INPUT_REQUIRED","message":{"messageId":"m","role":"ROLE_AGENT","parts":[{"data":{"id":"c2","name":"approve"},"metadata":{"adk_type":"function_call","adk_is_long_running":true}}]}}}}
{"statusUpdate":{"taskId":"t","contextId":"c","status":{"state":"TASK_STATE_AUTH_REQUIRED","message":{"messageId":"m","role":"ROLE_AGENT","parts":[{"text":"sign in"}]}}}}
{"statusUpdate":{"taskId":"t","contextId":"c","status":{"state":"TASK_STATE_CANCELED"}}}
IN
adkev from-a2a --deterministic in.jsonl; echo "exit $?"
rm -f in.jsonl
