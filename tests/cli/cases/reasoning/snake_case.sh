# d_thinking spelled as ADK Python writes it gives the same thoughts.
trap 'rm -f snake.tmp' EXIT
sed -e 's/"invocationId"/"invocation_id"/g' -e 's/"longRunningToolIds"/"long_running_tool_ids"/g' \
	-e 's/"stateDelta"/"state_delta"/g' -e 's/"functionCall"/"function_call"/g' \
	-e 's/"functionResponse"/"function_response"/g' -e 's/"usageMetadata"/"usage_metadata"/g' \
	-e 's/"thoughtSignature"/"thought_signature"/g' "$CORPUS"/adkjs/d_thinking.jsonl > snake.tmp
adkev reasoning snake.tmp
adkev final snake.tmp
