# --per-file with --per-invocation: one line per invocation of each file,
# the file's name first, then the invocation id, then the result.  With
# --invocation last, the last invocation of each file.
cp "$CORPUS"/adkjs/l_multi_turn.jsonl "$SAMPLES"/b_tool_call.jsonl .
m=l_multi_turn.jsonl
b=b_tool_call.jsonl
adkev final --per-file --per-invocation "$m" "$b"; echo "status $?"
adkev final --per-invocation --per-file -p "$b"; echo "status $?"
adkev trajectory --per-file --per-invocation --no-tool-calls --no-state-deltas "$b"; echo "status $?"
adkev final --per-file --invocation last "$m" "$b"; echo "status $?"
adkev stats --per-file --per-invocation --table "$b"; echo "status $?"
rm -f l_multi_turn.jsonl b_tool_call.jsonl
