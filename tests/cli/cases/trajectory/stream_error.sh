# The ADK server's SSE error line sets error; other lines of the stream still count.
# Scratch files live in a private directory: several runs of the suite may overlap.
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
printf 'data: %s\n\n' \
	'{"author":"a","invocationId":"i1","content":{"parts":[{"text":"partial answer"}]}}' \
	'{"error":"Internal server error"}' | adkev trajectory
# --author and --invocation filters drop it; --per-invocation puts it in the invocation in progress.
printf 'data: %s\n\n' \
	'{"author":"a","invocationId":"i1","content":{"parts":[{"text":"one"}]}}' \
	'{"error":"boom"}' \
	'{"author":"a","invocationId":"i2","content":{"parts":[{"text":"two"}]}}' > sse.txt
adkev trajectory --author a sse.txt
adkev trajectory --per-invocation sse.txt
