# Artifact updates: partial is append || !lastChunk unless adk_partial says otherwise;
# empty artifacts and Go's reset marker give nothing; metadata from the update and the
# artifact (artifact wins), actions from the update's metadata.
# Scratch files live in a private directory: several runs of the suite may overlap.
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
cat > in.jsonl <<'IN'
{"kind":"artifact-update","taskId":"t","contextId":"c","artifact":{"artifactId":"a","parts":[{"kind":"text","text":"1"}]}}
{"kind":"artifact-update","taskId":"t","contextId":"c","artifact":{"artifactId":"a","parts":[{"kind":"text","text":"2"}]},"append":false,"lastChunk":true}
{"kind":"artifact-update","taskId":"t","contextId":"c","artifact":{"artifactId":"a","parts":[{"kind":"text","text":"3"}]},"append":true,"lastChunk":false}
{"kind":"artifact-update","taskId":"t","contextId":"c","artifact":{"artifactId":"a","parts":[{"kind":"text","text":"4"}]},"append":true,"lastChunk":true}
{"kind":"artifact-update","taskId":"t","contextId":"c","artifact":{"artifactId":"a","parts":[{"kind":"text","text":"5"}]},"append":true,"lastChunk":true,"metadata":{"adk_partial":false}}
{"kind":"artifact-update","taskId":"t","contextId":"c","artifact":{"artifactId":"a","parts":[]},"lastChunk":true}
{"kind":"artifact-update","taskId":"t","contextId":"c","artifact":{"artifactId":"a","parts":[{"kind":"data","data":{}}]},"lastChunk":true,"metadata":{"adk_partial":true}}
{"kind":"artifact-update","taskId":"t","contextId":"c","artifact":{"artifactId":"a","parts":[{"kind":"text","text":"6"}],"metadata":{"adk_error_code":"FROM_ARTIFACT","adk_escalate":false,"adk_custom_metadata":{"k":"artifact"}}},"lastChunk":true,"metadata":{"adk_error_code":"FROM_UPDATE","adk_escalate":true,"adk_grounding_metadata":{"webSearchQueries":["q"]}}}
{"artifactUpdate":{"taskId":"t","contextId":"c","artifact":{"artifactId":"b","parts":[{"text":"7"},{"url":"https://example.com/r.pdf","mediaType":"application/pdf","filename":"r.pdf"},{"raw":"iVBORw0KGgo=","mediaType":"image/png"}]},"append":true,"lastChunk":true}}
IN
adkev from-a2a --deterministic in.jsonl; echo "exit $?"
rm -f in.jsonl
