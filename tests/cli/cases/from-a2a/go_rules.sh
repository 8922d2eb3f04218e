# Issue 13: Go's rules where a2a.md states them (sections 6.2 and 6.3).
# A Message never sets longRunningToolIds, even for a call flagged adk_is_long_running;
# only the adkev-only adk_long_running_tool_ids that to-a2a --lossless writes restores them.
printf '%s\n' \
	'{"kind":"message","messageId":"m1","role":"agent","parts":[{"kind":"data","data":{"id":"c1","name":"approve","args":{}},"metadata":{"adk_type":"function_call","adk_is_long_running":true}}]}' \
	'{"kind":"message","messageId":"m2","role":"agent","parts":[{"kind":"data","data":{"id":"c1","name":"approve","args":{}},"metadata":{"adk_type":"function_call","adk_is_long_running":true}}],"metadata":{"adk_long_running_tool_ids":["c1"]}}' \
	| adkev from-a2a --deterministic; echo "exit $?"
# An artifact update reads actions from event.metadata only, never from artifact.metadata;
# the artifact's other keys (usage here) still win over the event's.
printf '%s\n' \
	'{"kind":"artifact-update","taskId":"t","contextId":"c","lastChunk":true,"artifact":{"artifactId":"a","parts":[{"kind":"text","text":"x"}],"metadata":{"adk_escalate":true,"adk_transfer_to_agent":"other","adk_usage_metadata":{"totalTokenCount":2}}},"metadata":{"adk_usage_metadata":{"totalTokenCount":1}}}' \
	'{"kind":"artifact-update","taskId":"t","contextId":"c","lastChunk":true,"artifact":{"artifactId":"a","parts":[{"kind":"text","text":"y"}]},"metadata":{"adk_escalate":true}}' \
	| adkev from-a2a --deterministic; echo "exit $?"
# A final status update takes its metadata from event.metadata only: the status message's
# own usage, error code and custom metadata are ignored.  So does a Task (task.metadata).
printf '%s\n' \
	'{"kind":"status-update","taskId":"t","contextId":"c","final":true,"status":{"state":"completed","message":{"kind":"message","messageId":"s","role":"agent","parts":[{"kind":"text","text":"done"}],"metadata":{"adk_usage_metadata":{"totalTokenCount":9},"adk_error_code":"E","adk_custom_metadata":{"k":1}}}},"metadata":{"adk_author":"a"}}' \
	'{"kind":"task","id":"t","contextId":"c","status":{"state":"completed","message":{"kind":"message","messageId":"s","role":"agent","parts":[{"kind":"text","text":"done"}],"metadata":{"adk_usage_metadata":{"totalTokenCount":9},"adk_escalate":true}}},"metadata":{"adk_error_code":"T"}}' \
	| adkev from-a2a --deterministic; echo "exit $?"
