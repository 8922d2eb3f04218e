# A Task in every state, without and with parts, in 0.3 and in 1.0 form (a2a.md 6.5):
# submitted/working/unknown/auth-required give nothing without parts and a non-final event
# with them; input-required, completed, canceled, rejected and failed are final; only
# input-required keeps long-running ids; failed gets an error message.
art='"artifacts":[{"artifactId":"a","parts":[{"kind":"data","data":{"id":"c1","name":"approve"},"metadata":{"adk_type":"function_call","adk_is_long_running":true}}]}]'
for s in submitted working unknown auth-required input-required completed canceled rejected failed; do
	echo "== $s"
	printf '{"kind":"task","id":"t","contextId":"c","status":{"state":"%s"}}\n' "$s" | adkev from-a2a --deterministic
	printf '{"kind":"task","id":"t","contextId":"c","status":{"state":"%s"},%s}\n' "$s" "$art" | adkev from-a2a --deterministic
done
art10='"artifacts":[{"artifactId":"a","parts":[{"data":{"id":"c1","name":"approve"},"metadata":{"adk_type":"function_call","adk_is_long_running":true}}]}]'
for s in SUBMITTED WORKING UNSPECIFIED AUTH_REQUIRED INPUT_REQUIRED COMPLETED CANCELED REJECTED FAILED; do
	echo "== TASK_STATE_$s"
	printf '{"task":{"id":"t","contextId":"c","status":{"state":"TASK_STATE_%s"}}}\n' "$s" | adkev from-a2a --deterministic
	printf '{"task":{"id":"t","contextId":"c","status":{"state":"TASK_STATE_%s"},%s}}\n' "$s" "$art10" | adkev from-a2a --deterministic
done
echo "== failed, with the error text in the status message, artifacts first"
printf '%s\n' '{"kind":"task","id":"t","contextId":"c","artifacts":[{"artifactId":"a","parts":[{"kind":"text","text":"partial answer"}]}],"status":{"state":"failed","timestamp":"2026-01-01T12:00:00.125-05:00","message":{"kind":"message","messageId":"m","role":"agent","parts":[{"kind":"text","text":"llm error response: quota"}]}},"history":[{"kind":"message","messageId":"h","role":"user","parts":[{"kind":"text","text":"ignored"}]}]}' | adkev from-a2a --deterministic
echo "== failed, marked error text (Go HEAD) followed by the failing event's parts"
printf '%s\n' '{"kind":"task","id":"t","contextId":"c","status":{"state":"failed","message":{"kind":"message","messageId":"m","role":"agent","parts":[{"kind":"text","text":"model error","metadata":{"adk_is_error_message":true}},{"kind":"text","text":"half"}]}}}' | adkev from-a2a --deterministic
