# Standard input, as "-" or as no operand at all, is named as the messages
# name it: <stdin>.  -r keeps the JSON lines (the result is inside an
# object, which -r writes as JSON, as jq -r does); -p indents each object.
a=$SAMPLES/a_plain.jsonl
adkev final --per-file <"$a"; echo "status $?"
cp "$SAMPLES"/b_tool_call.jsonl .
adkev final --per-file b_tool_call.jsonl - <"$a"; echo "status $?"
adkev final --per-file -r - <"$a"; echo "-r: status $?"
adkev final --per-file -p - <"$a"; echo "-p: status $?"
printf '%s\n' '{"author":"a","content":{"parts":[{"text":"x"}]}}' '{' | adkev final --per-file
echo "bad input: status $?"
rm -f b_tool_call.jsonl
