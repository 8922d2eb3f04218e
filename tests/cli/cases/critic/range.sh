# A score outside [0, 1] is a warning; with --strict it is an error (65, nothing printed).
# Scratch files live in a private directory: several runs of the suite may overlap.
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
printf '%s\n' '{"author":"critic","content":{"parts":[{"text":"{\"score\":7,\"feedback\":\"out of 10\"}"}]}}' > in.jsonl
adkev critic in.jsonl; echo "exit $?"
adkev critic --strict in.jsonl; echo "exit $?"
adkev critic --strict --min-score 0.5 "$CORPUS"/adkjs/e_sequential_critic.jsonl; echo "exit $?"
printf '%s\n' '{"author":"critic","content":{"parts":[{"text":"{\"score\":-0.5}"}]}}' | adkev critic --min-score 0; echo "exit $?"
