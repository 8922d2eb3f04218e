# final --concat writes the answer as it reads: bad input mid-stream still
# ends with the answer so far and exit 65, as when the answer was written at
# the end; --skip-invalid goes on past it.  A stream error line is no text.
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 1
cat >"bad.jsonl" <<'JSONL'
{"invocationId":"i1","author":"a","content":{"role":"model","parts":[{"text":"one,"}]}}
{"error":"Model overloaded"}
{"invocationId":"i1","author":"a","content":{"role":"model","parts":[{"text":"two,"}]}}
{"invocationId":"i1","author":"a",content
{"invocationId":"i1","author":"a","content":{"role":"model","parts":[{"text":"three"}]}}
JSONL
adkev final --concat "bad.jsonl"; echo "status $?"
adkev final --concat -r -e "bad.jsonl"; echo "status $?"
adkev final --concat --skip-invalid "bad.jsonl"; echo "status $?"
adkev final --concat --skip-invalid -r "bad.jsonl" "bad.jsonl"; echo "status $?"
# Bad input before any text: the empty answer, still exit 65.
printf '%s\n' '[1,' | adkev final --concat -e; echo "status $?"
# A last line cut short.
printf '%s' '{"author":"a","content":{"parts":[{"text":"cut"}]}}' '{"author":"a"' | adkev final --concat; echo "status $?"
