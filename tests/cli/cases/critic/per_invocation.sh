# One verdict per invocation; the gate fails when any invocation is below the bar.
# Scratch files live in a private directory: several runs of the suite may overlap.
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
printf '%s\n' \
	'{"author":"critic","invocationId":"i1","content":{"parts":[{"text":"{\"score\":0.9}"}]}}' \
	'{"author":"critic","invocationId":"i2","content":{"parts":[{"text":"{\"score\":0.3,\"feedback\":\"weak\"}"}]}}' \
	'{"author":"critic","invocationId":"i3","content":{"parts":[{"text":"not json"}]}}' > in.jsonl
adkev critic --per-invocation in.jsonl; echo "exit $?"
head -n 2 in.jsonl | adkev critic --per-invocation --min-score 0.5; echo "exit $?"
adkev critic --invocation i1 --min-score 0.5 in.jsonl; echo "exit $?"
# The last final output of the stream is the verdict.
head -n 2 in.jsonl | adkev critic; echo "exit $?"
