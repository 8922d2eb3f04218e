# The other operands are read; exit 66 at the end.
adkev final -r nonexistent.jsonl "$CORPUS"/adkjs/a_plain.jsonl .; echo "status $?"
