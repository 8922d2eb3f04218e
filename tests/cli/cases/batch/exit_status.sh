# -e with --per-file: every line is printed, and the status is 1 when any
# file's result is empty (not only the last); with --per-invocation each
# file's last invocation decides for that file, as without --per-file.
cp "$SAMPLES"/a_plain.jsonl "$SAMPLES"/d_thinking.jsonl "$CORPUS"/adkjs/f_state.jsonl .
a=a_plain.jsonl
d=d_thinking.jsonl
adkev final -e --per-file "$a" "$d"; echo "all answered: status $?"
adkev reasoning -e --per-file "$a" "$d"; echo "first empty: status $?"
adkev reasoning -e --per-file "$d" "$a"; echo "last empty: status $?"
adkev final -e --per-file --author nobody "$a" "$d"; echo "--author nobody: status $?"
printf '' >empty.jsonl
adkev final -e --per-file "$a" empty.jsonl; echo "an empty file: status $?"
adkev final -e --per-file --per-invocation "$a" empty.jsonl; echo "--per-invocation, an empty file: status $?"
# A missing file outranks an empty result, as without --per-file.
adkev final -e --per-file missing.jsonl empty.jsonl; echo "missing and empty: status $?"
adkev state -e --per-file --key user:preferred_store f_state.jsonl "$a"
echo "state --key: status $?"
rm -f empty.jsonl a_plain.jsonl d_thinking.jsonl f_state.jsonl
