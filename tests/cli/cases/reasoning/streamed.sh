# reasoning writes each thought as it is found, so memory stays constant:
# the bytes are those of the whole text written at once, thoughts joined
# with newlines.  Escapes (quote, backslash, controls, a NUL), multi-byte
# UTF-8, answers, partial user and tool-call events left out; compact, pretty and raw;
# several operands, a missing one, standard input, filters.
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 1
cat >a.jsonl <<'JSONL'
{"invocationId":"i1","author":"a","content":{"role":"model","parts":[{"text":"q\"b\\s/\n\t\r\b\f\u0001\u001f\u0000 é ✓ 😀 \u2028 \u007f|","thought":true},{"text":"answer"}]}}
{"invocationId":"i1","author":"user","content":{"role":"user","parts":[{"text":"not me","thought":true}]}}
{"invocationId":"i1","author":"a","partial":true,"content":{"role":"model","parts":[{"text":"chunk","thought":true}]}}
{"invocationId":"i2","author":"b","content":{"role":"model","parts":[{"text":"calling","thought":true},{"text":"calling"},{"functionCall":{"name":"f","args":{}}}]}}
{"invocationId":"i2","author":"b","content":{"role":"model","parts":[{"text":"","thought":true},{"text":"two","thought":true},{"text":"three","thought":true}]}}
JSONL
cat >b.jsonl <<'JSONL'
{"invocationId":"i3","author":"a","content":{"role":"model","parts":[{"text":"second file","thought":true}]}}
JSONL
adkev reasoning a.jsonl; echo "status $?"
adkev reasoning -p a.jsonl; echo "status $?"
adkev reasoning -r a.jsonl | od -An -c; echo "status $?"
adkev reasoning -r -p -e a.jsonl b.jsonl; echo "status $?"
adkev reasoning a.jsonl missing.jsonl b.jsonl; echo "status $?"
adkev reasoning --author b -e - <a.jsonl; echo "status $?"
adkev reasoning -r --invocation i3 a.jsonl b.jsonl; echo "status $?"
