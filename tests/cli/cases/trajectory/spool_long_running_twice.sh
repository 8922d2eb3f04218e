# A long-running tool answers "pending", then its final result: the last response with
# the id wins, though the first was spooled already.  Compact and -p.
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
cat >lr.jsonl <<'JSON'
{"author":"agent","invocationId":"i1","timestamp":1.5,"content":{"role":"model","parts":[{"functionCall":{"id":"c1","name":"approve","args":{"amount":5}}}]}}
{"author":"agent","invocationId":"i1","timestamp":2,"content":{"role":"user","parts":[{"functionResponse":{"id":"c1","name":"approve","response":{"status":"pending"}}}]}}
{"author":"agent","invocationId":"i1","timestamp":3.25,"content":{"role":"model","parts":[{"functionCall":{"id":"c2","name":"lookup","args":{}}}]}}
{"author":"agent","invocationId":"i1","timestamp":4,"content":{"role":"user","parts":[{"functionResponse":{"id":"c2","name":"lookup","response":{"rows":[1,2]}}}]}}
{"author":"user","invocationId":"i2","timestamp":5,"content":{"role":"user","parts":[{"functionResponse":{"id":"c1","name":"approve","response":{"status":"approved","api_key":"s3cret"}}}]}}
{"author":"agent","invocationId":"i2","timestamp":6,"content":{"role":"model","parts":[{"text":"Approved."}]}}
JSON
adkev trajectory lr.jsonl; echo "exit $?"
adkev trajectory -p lr.jsonl; echo "exit $?"
# A third answer without a response field makes the result null again.
{ cat lr.jsonl; echo '{"author":"user","invocationId":"i3","content":{"role":"user","parts":[{"functionResponse":{"id":"c1","name":"approve"}}]}}'; } | adkev trajectory --no-token-usage -; echo "exit $?"
