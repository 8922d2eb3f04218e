# reasoning writes the thoughts as it reads: bad input mid-stream still ends
# with the thoughts so far and exit 65, as when they were written at the
# end; --skip-invalid goes on past it; bad input before any thought: null (with -r an empty line).
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 1
cat >bad.jsonl <<'JSONL'
{"invocationId":"i1","author":"a","content":{"role":"model","parts":[{"text":"one","thought":true}]}}
{"error":"Model overloaded"}
{"invocationId":"i1","author":"a","content":{"role":"model","parts":[{"text":"two","thought":true}]}}
{"invocationId":"i1","author":"a",content
{"invocationId":"i1","author":"a","content":{"role":"model","parts":[{"text":"three","thought":true}]}}
JSONL
adkev reasoning bad.jsonl; echo "status $?"
adkev reasoning -r -e bad.jsonl; echo "status $?"
adkev reasoning --skip-invalid bad.jsonl; echo "status $?"
adkev reasoning --skip-invalid -r bad.jsonl bad.jsonl; echo "status $?"
printf '%s\n' '[1,' | adkev reasoning -r -e; echo "status $?"
printf '%s' '{"author":"a","content":{"parts":[{"text":"cut","thought":true}]}}' '{"author":"a"' | adkev reasoning; echo "status $?"
