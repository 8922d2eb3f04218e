# messageId is the event's id, else a fresh random UUID (shown here as UUID); --task-id and
# --context-id set those fields and win over --ids-from-metadata.
# Scratch files live in a private directory: several runs of the suite may overlap.
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
uuid='s/[0-9a-f]\{8\}-[0-9a-f]\{4\}-4[0-9a-f]\{3\}-[89ab][0-9a-f]\{3\}-[0-9a-f]\{12\}/UUID/g'
cat > in.jsonl <<'IN'
{"author":"agent","customMetadata":{"a2a:task_id":"t-9","a2a:context_id":"ctx-9"},"content":{"parts":[{"text":"a"}]}}
{"id":"","author":"user","content":{"parts":[{"text":"b"}]}}
{"id":"e3","author":"agent","invocationId":"inv-2","customMetadata":{"a2a:task_id":7}}
IN
{ adkev to-a2a in.jsonl; echo "exit $?"; } | sed "$uuid"
echo "== --ids-from-metadata"
adkev to-a2a --ids-from-metadata in.jsonl | sed "$uuid"
echo "== --task-id T --ids-from-metadata"
adkev to-a2a --task-id T --ids-from-metadata in.jsonl | sed "$uuid"
echo "== --context-id C --task-id T, 1.0"
adkev to-a2a --a2a-version 1.0 --context-id C --task-id T in.jsonl | sed "$uuid"
echo "== two messages without ids get two different UUIDs"
printf '{"author":"a"}\n{"author":"a"}\n' | adkev to-a2a | cut -c1-70 | sort -u | wc -l
echo "== --author user, --invocation inv-2"
adkev to-a2a --author user in.jsonl | sed "$uuid"
adkev to-a2a --invocation inv-2 in.jsonl
rm -f in.jsonl
