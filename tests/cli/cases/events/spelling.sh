# events --camel and --snake spell every key ADK wrote one way, and leave
# alone what a user or a tool chose: a tool's args and response, a state
# delta's keys (issue 34).  The run is ADK JS's; its snake_case twin is ADK
# Python's spelling of the same session.
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
a="$CORPUS"/adkjs
p="$CORPUS"/adkpy-style
adkev events --snake "$a"/b_tool_call.jsonl | jq -c 'select(.content.parts[0].function_response) | .content.parts[0].function_response | {name, response}'
adkev events --camel "$p"/b_tool_call.snake.jsonl | jq -c 'select(.content.parts[0].functionResponse) | .content.parts[0].functionResponse | {name, response}'
adkev events --camel "$p"/f_state.snake.jsonl | jq -c 'select(.actions.stateDelta != {}) | .actions.stateDelta' | head -n 3
adkev events --snake "$a"/b_tool_call.jsonl | jq -c '.usage_metadata // empty | keys'
# ADK Python's spelling made camelCase is ADK JS's (Python writes seconds, JS milliseconds).
adkev events --camel "$p"/b_tool_call.snake.jsonl | jq -cS 'del(.timestamp)' > back.jsonl
adkev events --camel "$a"/b_tool_call.jsonl | jq -cS 'del(.timestamp)' > camel.jsonl
cmp back.jsonl camel.jsonl && echo "ADK Python's spelling made camelCase is ADK JS's"
adkev events --camel --snake "$a"/b_tool_call.jsonl 2>&1 | head -n 1
adkev events --snake "$a"/a_plain.jsonl > /dev/null
echo "exit $?"
