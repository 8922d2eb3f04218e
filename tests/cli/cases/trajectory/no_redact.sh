# --no-redact keeps every value.
adkev trajectory --no-redact --no-token-usage "$CORPUS"/adkjs/j_secrets.jsonl || echo "exit $?"
# --no-redact wins over --redact-key.
adkev trajectory --redact-key host --no-redact --no-token-usage "$CORPUS"/adkjs/j_secrets.jsonl | grep -c db.internal
