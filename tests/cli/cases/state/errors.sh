# Bad input: 65 with the state folded so far; --skip-invalid goes on; a missing file is 66.
# Scratch files live in a private directory: several runs of the suite may overlap.
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
printf '%s\n' '{"author":"a","actions":{"stateDelta":{"a":1}}}' '{"author":' '{"author":"a","actions":{"stateDelta":{"b":2}}}' > bad.jsonl
adkev state bad.jsonl; echo "exit $?"
adkev state --skip-invalid bad.jsonl; echo "exit $?"
adkev state missing.jsonl bad.jsonl; echo "exit $?"
# Usage errors: 64.
adkev state --key; echo "exit $?"
adkev state --keys x /dev/null; echo "exit $?"
adkev state --help | head -n 3
