# Every metadata key of a2a.md section 5 (sorted, as Go writes them), and what is left out:
# empty strings, false, null members, timestamps, partial, turnComplete; the error message
# and the actions beyond escalate and transfer only with --lossless.
# Scratch files live in a private directory: several runs of the suite may overlap.
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
cat > in.jsonl <<'IN'
{"id":"e1","author":"critic","branch":"root.critic","invocationId":"inv-1","timestamp":1767229215002,"partial":false,"turnComplete":true,"errorCode":"SAFETY","errorMessage":"blocked","customMetadata":{"a2a:task_id":"t-1","note":"x"},"groundingMetadata":{"webSearchQueries":["q"]},"citationMetadata":{"citations":[{"uri":"https://e.example"}]},"usageMetadata":{"promptTokenCount":3},"actions":{"escalate":true,"transferToAgent":"fixer","stateDelta":{"score":0.5},"artifactDelta":{},"skipSummarization":false}}
{"id":"e2","author":"","branch":"","invocationId":"","errorCode":"","customMetadata":{},"groundingMetadata":null,"actions":{"escalate":false,"transferToAgent":""}}
{"id":"e3","author":"a","actions":{"stateDelta":{},"artifactDelta":{},"requestedAuthConfigs":{},"requestedToolConfirmations":{}}}
IN
adkev to-a2a in.jsonl; echo "exit $?"
adkev to-a2a -p in.jsonl | head -n 12
adkev to-a2a --lossless in.jsonl; echo "exit $?"
rm -f in.jsonl
