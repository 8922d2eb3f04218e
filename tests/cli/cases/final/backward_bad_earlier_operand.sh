# The backward read answers from the last operand, but it does not pass over
# an earlier one it cannot read: NUL bytes, random bytes, an array cut short,
# a cut gzip stream and a last line cut short are reported as the forward
# read (and `cat bad good | adkev final`) reports them, with 65.  A good
# earlier operand keeps the backward answer.
good=$SAMPLES/a_plain.jsonl
printf '\0\0\n' >nul.jsonl
# Random bytes, made the same each run: a line of bytes no JSON starts with.
printf '\361\2\377ab\200\n' >rnd.jsonl
printf '[\n' >arr.jsonl; head -n 1 "$SAMPLES/b_tool_call.jsonl" >>arr.jsonl; printf ',\n' >>arr.jsonl
gzip -c "$SAMPLES/b_tool_call.jsonl" | head -c 100 >cut.gz
{ cat "$SAMPLES/b_tool_call.jsonl"; head -c 50 "$SAMPLES/a_plain.jsonl"; } >cutline.jsonl
for bad in nul.jsonl rnd.jsonl arr.jsonl cut.gz cutline.jsonl; do
	adkev final "$bad" "$good" 2>&1; echo "$bad: exit $?"
	cat "$bad" "$good" | adkev final >/dev/null 2>&1; echo "$bad through cat: exit $?"
done
adkev final "$SAMPLES/b_tool_call.jsonl" "$good"; echo "good first: exit $?"
rm -f nul.jsonl rnd.jsonl arr.jsonl cut.gz cutline.jsonl
