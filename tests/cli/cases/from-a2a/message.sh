# Messages in every wrapping: bare 0.3, JSON-RPC result, 1.0 wrapper, 1.0 wrapper in an
# envelope, SSE data: lines, a bare object without kind, pretty-printed, in an array.
# A user-role message gives content role user; the author is the --author option.
# Scratch files live in a private directory: several runs of the suite may overlap.
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
cat > in.txt <<'IN'
{"kind":"message","messageId":"m1","role":"user","parts":[{"kind":"text","text":"What is 17 x 23?"}]}
{"jsonrpc":"2.0","id":1,"result":{"kind":"message","messageId":"m2","contextId":"c","taskId":"t","role":"agent","parts":[{"kind":"text","text":"391"}],"metadata":{"adk_author":"calc","adk_invocation_id":"e-9","adk_usage_metadata":{"totalTokenCount":7}}}}
{"message":{"messageId":"m3","role":"ROLE_AGENT","parts":[{"text":"hm","metadata":{"adk_thought":true}},{"text":"ok"}]}}
{"jsonrpc":"2.0","id":"x","result":{"message":{"messageId":"m4","role":"ROLE_USER","parts":[{"text":"thanks"}]}}}
data: {"kind":"message","messageId":"m5","role":"agent","parts":[]}
{"messageId":"m6","role":"agent","parts":[{"kind":"data","data":{"b":[1,2.50,1e3],"a":"<tag> & \u2028"}}]}
{
  "kind": "message",
  "messageId": "m7",
  "role": "agent",
  "parts": [{"kind": "file", "file": {"uri": "gs://b/x.png", "mimeType": "image/png", "name": "x.png"}}]
}
[{"kind":"message","messageId":"m8","role":"agent","parts":[{"kind":"file","file":{"bytes":"_-8","name":"b.bin"}}]},{"kind":"message","messageId":"m9","role":"agent","parts":[{"kind":"text","text":""}],"metadata":{"adk_escalate":true,"adk_transfer_to_agent":"billing","adk_custom_metadata":"{\"k\":1}","adk_error_code":"E1"}}]
IN
adkev from-a2a --deterministic in.txt; echo "exit $?"
echo "== -p"
head -n 1 in.txt | adkev from-a2a --deterministic -p; echo "exit $?"
rm -f in.txt
