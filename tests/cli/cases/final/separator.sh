# --concat --separator STR: STR between two parts, as given, in the streamed
# writer, with -r, under -j and per invocation (where each answer has one
# part here); the default stays "" (events.md 3.1).  Without --concat: 64.
s="$CORPUS"/adkjs/l_multi_turn.jsonl
adkev final --concat -r "$s"
adkev final --concat --separator "$(printf '\n--\n')x" -r "$s"
adkev final --concat --separator ' | ' -j 2 "$s"
adkev final --concat --separator '"\' "$s"
adkev final --concat --separator ' | ' --per-invocation "$s" | head -1
adkev final --concat --separator '' "$CORPUS"/adkjs/c_streaming.jsonl
adkev final --separator x "$s"
