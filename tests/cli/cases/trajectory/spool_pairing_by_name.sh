# Calls without ids pair with responses by name, in order; a response whose call never
# came (with or without an id) is dropped; a response with an unknown id falls back to
# the oldest unanswered call of its name without an id.
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
cat >names.jsonl <<'JSON'
{"author":"a","content":{"role":"user","parts":[{"functionResponse":{"id":"ghost","name":"search","response":{"early":true}}}]}}
{"author":"a","content":{"role":"model","parts":[{"functionCall":{"name":"search","args":{"q":"one"}}},{"functionCall":{"name":"search","args":{"q":"two"}}},{"functionCall":{"name":"fetch","args":{"url":"u"}}}]}}
{"author":"a","content":{"role":"user","parts":[{"functionResponse":{"name":"search","response":{"hits":1}}}]}}
{"author":"a","content":{"role":"user","parts":[{"functionResponse":{"name":"nothing","response":{"orphan":true}}}]}}
{"author":"a","content":{"role":"user","parts":[{"functionResponse":{"id":"unknown","name":"search","response":{"hits":2}}}]}}
{"author":"a","content":{"role":"user","parts":[{"functionResponse":{"name":"search","response":{"hits":3}}}]}}
JSON
adkev trajectory --no-token-usage names.jsonl; echo "exit $?"
adkev trajectory --no-token-usage -p --max-string 2 names.jsonl; echo "exit $?"
