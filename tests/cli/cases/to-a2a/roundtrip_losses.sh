# adkev-to-a2a(1)'s table "What a round trip loses", row by row: one event carrying every
# member the table names, through to-a2a | from-a2a, by default and with --lossless.
# A tool-response event (content role user, author an agent), then a model event.
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
cat > in.jsonl <<'IN'
{"id":"e1","invocationId":"inv-1","author":"agent","branch":"root.agent","timestamp":1767229215002,"content":{"role":"user","parts":[{"functionResponse":{"id":"c1","name":"f","response":{"ok":true}}}]},"actions":{"stateDelta":{"k":1},"artifactDelta":{"a.txt":0},"skipSummarization":true,"escalate":true}}
{"id":"e2","invocationId":"inv-1","author":"agent","partial":true,"finishReason":"STOP","interrupted":true,"modelVersion":"gemini-x","errorCode":"E","errorMessage":"boom","longRunningToolIds":["c2"],"usageMetadata":{"totalTokenCount":3},"customMetadata":{"n":1},"content":{"role":"model","parts":[{"text":"t","thoughtSignature":"QUJD"},{"functionCall":{"id":"c2","name":"g","args":{}},"thoughtSignature":"REVG"},{"thoughtSignature":"R0hJ"},{"fileData":{"fileUri":"gs://b/v.mp4","mimeType":"video/mp4"},"videoMetadata":{"fps":1}}]}}
IN
echo "== default"
adkev to-a2a in.jsonl | adkev from-a2a --deterministic
echo "== --lossless"
adkev to-a2a --lossless in.jsonl | adkev from-a2a --deterministic
