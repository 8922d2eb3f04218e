# --redact-key adds words, normalised like the defaults (repeatable).
adkev trajectory --redact-key HOST --redact-key rotated-at --no-token-usage "$CORPUS"/adkjs/j_secrets.jsonl
