# final --concat writes each text part as it is found, so memory stays
# constant: the bytes are those of the whole answer written at once.  Escapes
# (quote, backslash, controls, a NUL), multi-byte UTF-8, thoughts, partial
# user and tool-call events left out; compact, pretty and raw; several operands, a
# missing one, standard input.
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 1
cat >"a.jsonl" <<'JSONL'
{"invocationId":"i1","author":"a","content":{"role":"model","parts":[{"text":"why","thought":true},{"text":"q\"b\\s/\n\t\r\b\f\u0001\u001f\u0000 é ✓ 😀 \u2028 \u007f|"}]}}
{"invocationId":"i1","author":"user","content":{"role":"user","parts":[{"text":"not me"}]}}
{"invocationId":"i1","author":"a","partial":true,"content":{"role":"model","parts":[{"text":"chunk"}]}}
{"invocationId":"i2","author":"b","content":{"role":"model","parts":[{"text":"calling","thought":true},{"text":"calling"},{"functionCall":{"name":"f","args":{}}}]}}
{"invocationId":"i2","author":"b","content":{"role":"model","parts":[{"text":""},{"text":"two"},{"text":"-three"}]}}
JSONL
cat >"b.jsonl" <<'JSONL'
{"invocationId":"i3","author":"a","content":{"role":"model","parts":[{"text":"|second file"}]}}
JSONL
adkev final --concat "a.jsonl"; echo "status $?"
adkev final --concat -p "a.jsonl"; echo "status $?"
adkev final --concat -r "a.jsonl" | od -An -c; echo "status $?"
adkev final --concat -r -p -e "a.jsonl" "b.jsonl"; echo "status $?"
adkev final --concat "a.jsonl" "missing.jsonl" "b.jsonl"; echo "status $?"
adkev final --concat --author b -e - <"a.jsonl"; echo "status $?"
adkev final --concat --invocation i3 "a.jsonl" "b.jsonl"; echo "status $?"
