# Bad input: one line with its position and exit 65 at the first bad value, or warnings and
# a count with --skip-invalid; nothing of the input is echoed.
# Scratch files live in a private directory: several runs of the suite may overlap.
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
cat > in.jsonl <<'IN'
{"id":"ok1","author":"a","content":{"parts":[{"text":"fine"}]}}
{"id":"b1","author":"a","content":{"parts":[{"inlineData":{"mimeType":"image/png","data":"c2VjcmV0!"}}]}}
{"id":"b2","author":"a","content":{"parts":[{"inlineData":{"mimeType":"text/plain","data":"PGEyYV9kYXRhcGFydF9qc29uPiJzZWNyZXQiPC9hMmFfZGF0YXBhcnRfanNvbj4="}}]}}
{"id":"b3","author":"a","content":{"parts":[{"inlineData":{"mimeType":"text/plain","data":"PGEyYV9kYXRhcGFydF9qc29uPnNlY3JldDwvYTJhX2RhdGFwYXJ0X2pzb24+"}}]}}
{"id":"b4","author":"a","content":{"parts":["secret"]}}
{"id":"b5","author":"a","content":{"parts":[{"functionCall":"secret"}]}}
{"kind":"message","messageId":"m","parts":[]}
{"id":"b6","author":"a", secret}
{"id":"ok2","author":"a","content":{"parts":[{"text":"also fine"}]}}
IN
adkev to-a2a in.jsonl; echo "exit $?"
adkev to-a2a --skip-invalid in.jsonl; echo "exit $?"
rm -f in.jsonl
# Usage errors.
adkev to-a2a --a2a-version 2.0 /dev/null; echo "exit $?"
adkev to-a2a --task-id; echo "exit $?"
adkev to-a2a --aggregate /dev/null; echo "exit $?"
adkev to-a2a no-such-file.jsonl; echo "exit $?"
