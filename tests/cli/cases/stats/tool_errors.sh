# A tool result counts as an error when its response has an "error" member
# (not null or false), "status": "error", or MCP's "isError": true.
# Calls and errors of partial events are not counted: streaming repeats them.
adkev stats -p ../show/kinds.jsonl
cat <<'IN' | adkev stats
{"author":"a","content":{"parts":[{"functionCall":{"name":"t","args":{}}}]},"partial":true}
{"author":"a","content":{"parts":[{"functionCall":{"name":"t","args":{}}}]}}
{"author":"a","content":{"parts":[{"functionResponse":{"name":"t","response":{"error":null,"status":"ok"}}}]}}
{"author":"a","content":{"parts":[{"functionResponse":{"name":"t","response":{"error":false,"isError":false}}}]}}
{"author":"a","content":{"parts":[{"functionResponse":{"name":"t","response":"error"}}]}}
{"author":"a","content":{"parts":[{"functionResponse":{"name":"u","response":{"error":{"code":500}}}}]}}
IN
