# Bad input stops the run with 65 after what came before it is shown;
# --skip-invalid goes on; a missing file is 66 after the others are shown.
t=$(mktemp -d)
printf '%s\n' '{"author":"a","content":{"parts":[{"text":"one"}]}}' '{oops' \
  '{"author":"a","content":{"parts":[{"text":"two"}]}}' >"$t/bad.jsonl"
cd "$t"
adkev show bad.jsonl; echo "exit $?"
adkev show --skip-invalid bad.jsonl; echo "exit $?"
adkev show no-such-file.jsonl bad.jsonl --skip-invalid; echo "exit $?"
cd / && rm -rf "$t"
