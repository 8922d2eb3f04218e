adkev final "$CORPUS"/adkjs/a_plain.jsonl -r
adkev final "$CORPUS"/adkjs/g_transfer.jsonl --author router -e; echo "status $?"
adkev final -- "$CORPUS"/adkjs/a_plain.jsonl
