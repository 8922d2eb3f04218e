# gepa's exact, case-sensitive match: api_key, password and token go, client_secret stays.
# Scratch files live in a private directory: several runs of the suite may overlap.
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
adkev trajectory --redact-exact --no-token-usage --no-state-deltas "$CORPUS"/adkjs/j_secrets.jsonl
# The normalised rule hides Authorization and apiKey; the exact one does not.
printf '%s\n' '{"author":"a","actions":{"stateDelta":{"Authorization":"Bearer x","apiKey":"k","api_key":"k2","pin":1}}}' > in.jsonl
adkev trajectory --no-token-usage in.jsonl
adkev trajectory --no-token-usage --redact-exact in.jsonl
adkev trajectory --no-token-usage --redact-exact --redact-key pin in.jsonl
adkev trajectory --no-token-usage --redact-exact --redact-key PIN in.jsonl
