# --table: a heading and a row per metric for each case and run, then the
# expected and actual sides of each failing invocation (of every one with
# --all-invocations); uncoloured and uncut into a pipe, coloured with
# --color=always; text from the input escaped, so it cannot reach the terminal.
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
cp -r "$CORPUS"/adkjs a
adkev evalset a/b_tool_call.session.json a/l_multi_turn.session.json a/f_state.session.jsonl > set.json
jq -c 'if .content.parts[0].functionCall.name == "add_to_cart" then
	.content.parts[0].functionCall.args.quantity = 3 else . end' a/f_state.session.jsonl > f_state.jsonl
adkev eval --table set.json a/b_tool_call.session.json f_state.jsonl; echo "exit $?"
adkev eval --table --all-invocations set.json a/b_tool_call.session.json | head -12
adkev eval --format=table --color=always set.json f_state.jsonl | grep -c "$(printf '\033')\[1;31mFAILED"
jq -c 'if .author != "user" and (.content.parts[0].text? // null) != null then
	.content.parts[0].text = "two\nlines \u001b[2J\u202e" else . end' a/b_tool_call.jsonl > hostile.jsonl
adkev eval --table --case b_tool_call set.json hostile.jsonl | sed -n '/invocation/,$p'
# --table and --format=adk at once is a usage error.
adkev eval --table --format=adk set.json f_state.jsonl; echo "exit $?"
