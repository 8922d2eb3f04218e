# -e: the result is printed, and the status says whether it was empty.
adkev final -e "$CORPUS"/adkjs/a_plain.jsonl; echo "status $?"
printf '%s\n' '{"author":"a","errorCode":"SAFETY"}' | adkev final -e; echo "status $?"
adkev final -e --author nobody "$CORPUS"/adkjs/a_plain.jsonl; echo "status $?"
adkev final -e --per-invocation --author nobody "$CORPUS"/adkjs/a_plain.jsonl; echo "status $?"
