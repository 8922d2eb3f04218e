# No final text at all: final --concat writes "" (an empty line with -r),
# and -e exits 1; the same with filters that match nothing and no input.
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 1
cat >"none.jsonl" <<'JSONL'
{"invocationId":"i1","author":"a","content":{"role":"model","parts":[{"text":"hm","thought":true},{"functionCall":{"name":"f","args":{}}}]}}
{"invocationId":"i1","author":"user","content":{"role":"user","parts":[{"text":"hello"}]}}
{"invocationId":"i1","author":"a","partial":true,"content":{"role":"model","parts":[{"text":"chunk"}]}}
JSONL
adkev final --concat "none.jsonl"; echo "status $?"
adkev final --concat -r "none.jsonl" | od -An -c; echo "status $?"
adkev final --concat -e "none.jsonl"; echo "status $?"
adkev final --concat -r -e "none.jsonl"; echo "status $?"
adkev final --concat -p -e </dev/null; echo "status $?"
adkev final --concat -e --author nobody "$CORPUS"/adkjs/g_transfer.jsonl; echo "status $?"
adkev final --concat -r -e --invocation nothing "$CORPUS"/adkjs/g_transfer.jsonl; echo "status $?"
