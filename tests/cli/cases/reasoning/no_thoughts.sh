# No thought at all: reasoning writes null (with -r an empty line), and -e
# exits 1; the same with filters that match nothing and with no input.
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 1
cat >none.jsonl <<'JSONL'
{"invocationId":"i1","author":"a","content":{"role":"model","parts":[{"text":"answer"},{"text":"","thought":true}]}}
{"invocationId":"i1","author":"user","content":{"role":"user","parts":[{"text":"hello","thought":true}]}}
{"invocationId":"i1","author":"a","partial":true,"content":{"role":"model","parts":[{"text":"chunk","thought":true}]}}
JSONL
adkev reasoning none.jsonl; echo "status $?"
adkev reasoning -r none.jsonl; echo "status $?"
adkev reasoning -e none.jsonl; echo "status $?"
adkev reasoning -r -p -e none.jsonl; echo "status $?"
adkev reasoning -e </dev/null; echo "status $?"
adkev reasoning -e --author nobody "$CORPUS"/adkjs/d_thinking.jsonl; echo "status $?"
