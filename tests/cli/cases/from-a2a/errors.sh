# Every error of a2a.md section 12: one line with its position and exit 65 at the first,
# or warnings, a count and exit 0 with --skip-invalid.  Lines that convert to nothing are
# no error.  No input value is echoed.
# Scratch files live in a private directory: several runs of the suite may overlap.
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
cat > in.jsonl <<'IN'
{"kind":"message","messageId":"ok","role":"agent","parts":[{"kind":"text","text":"first"}]}
not json at all: secret
"secret"
{"kind":"secret"}
{"task":{"id":"t","status":{}},"message":{"messageId":"m","parts":[]}}
{"result":{"secret":1}}
{"kind":"message","messageId":"m","parts":[{"kind":"secret"}]}
{"kind":"message","messageId":"m","parts":[{"kind":"file","file":{"name":"secret"}}]}
{"kind":"message","messageId":"m","parts":[{"kind":"file","file":{"bytes":"c2VjcmV0","uri":"https://secret"}}]}
{"messageId":"m","parts":[{"filename":"secret"}]}
{"messageId":"m","parts":[{"text":"secret","url":"https://secret"}]}
{"kind":"message","messageId":"m","parts":[{"kind":"file","file":{"bytes":"c2VjcmV0!"}}]}
{"messageId":"m","parts":[{"raw":"c2Vj cmV0"}]}
{"kind":"message","messageId":"m","parts":[{"kind":"data","data":"secret","metadata":{"adk_type":"function_call"}}]}
{"messageId":"m","parts":[{"data":"secret","metadata":{"adk_type":"function_response"}}]}
{"kind":"message","messageId":"m","parts":[{"kind":"data","data":["secret"]}]}
{"jsonrpc":"2.0","id":1}
{"jsonrpc":"2.0","id":1,"method":"message/stream","params":{"message":{"kind":"message","messageId":"m","role":"user","parts":[{"kind":"text","text":"secret"}]}}}
{"kind":"task","id":"t","status":{"state":"working"}}
{"kind":"message","messageId":"ok2","role":"agent","parts":[{"kind":"text","text":"last"}]}
IN
adkev from-a2a --deterministic in.jsonl; echo "exit $?"
adkev from-a2a --deterministic --skip-invalid in.jsonl; echo "exit $?"
adkev from-a2a no-such-file.jsonl; echo "exit $?"
rm -f in.jsonl
