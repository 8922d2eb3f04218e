# Every rule of a2a.md section 3, in A2A 0.3 and in 1.0 shapes.
# Scratch files live in a private directory: several runs of the suite may overlap.
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
cat > parts.jsonl <<'IN'
{"id":"e1","author":"agent","content":{"role":"model","parts":[{"text":"answer"},{"text":"mulling","thought":true},{"text":""},{"text":"","thought":true}]}}
{"id":"e2","author":"agent","content":{"parts":[{"inlineData":{"mimeType":"text/plain","data":"PGEyYV9kYXRhcGFydF9qc29uPnsiYiI6WzEsMi41XSwiYSI6Ilx1MDAzYyJ9PC9hMmFfZGF0YXBhcnRfanNvbj4="}},{"inlineData":{"mimeType":"text/plain","data":"aGVsbG8="}}]}}
{"id":"e3","author":"agent","content":{"parts":[{"fileData":{"fileUri":"gs://bucket/report.pdf","mimeType":"application/pdf","displayName":"report.pdf"}},{"inlineData":{"data":"iVBORw0KGgo","mimeType":"image/png","displayName":"dot.png"},"videoMetadata":{"fps":2}},{"inline_data":{"data":"_-8","mime_type":"application/octet-stream"}}]}}
{"id":"e4","author":"agent","longRunningToolIds":["call-2"],"content":{"parts":[{"functionCall":{"id":"call-1","name":"lookup","args":{"q":"x"}}},{"functionCall":{"id":"call-2","name":"approve","args":{}}},{"functionResponse":{"id":"call-1","name":"lookup","response":{"hits":3}}},{"executableCode":{"code":"print(2+2)","language":"PYTHON"}},{"codeExecutionResult":{"outcome":"OUTCOME_OK","output":"4\n"}}]}}
{"id":"e5","author":"agent","content":{"parts":[{"thoughtSignature":"QUJD"},{}]}}
IN
echo "== 0.3"
adkev to-a2a parts.jsonl; echo "exit $?"
echo "== 1.0"
adkev to-a2a --a2a-version 1.0 parts.jsonl; echo "exit $?"
rm -f parts.jsonl
