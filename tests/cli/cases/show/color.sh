# --color=always colours even into a file, and wins over NO_COLOR.
{ NO_COLOR=1 adkev show --color=always --width 100 "$CORPUS/adkjs/b_tool_call.session.jsonl" || echo "exit $?"; } | cat -v
echo ---
# --color alone means always, as ls and grep take it.
adkev show --color --width 100 "$CORPUS/adkjs/a_plain.session.jsonl" | cat -v
echo ---
# auto and never: no colour when standard output is not a terminal.
adkev show --color=auto --width 100 "$CORPUS/adkjs/a_plain.session.jsonl" | cat -v
NO_COLOR= adkev show --colour=never --width 100 "$CORPUS/adkjs/a_plain.session.jsonl" | cat -v
