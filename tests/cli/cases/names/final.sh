# final compares names by their whole length: an author "a\u0000evil" is not
# --author a, an invocation "inv\u0000X" is not --invocation inv, and
# --per-invocation keeps the two invocations apart, so no answer is lost or
# taken from the wrong agent.  "user\u0000x" is not the user: its text counts.
adkev final -r --author a nul-names.jsonl; echo "status $?"
adkev final -r --author a <nul-names.jsonl; echo "status $? (backward read impossible: stdin)"
adkev final -r --invocation inv nul-names.jsonl; echo "status $?"
adkev final --per-invocation nul-names.jsonl; echo "status $?"
adkev final -r nul-names.jsonl; echo "status $?"
