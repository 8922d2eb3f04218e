# trajectory: --author a does not take a\u0000evil's call or answer, and
# --per-invocation keeps inv and inv\u0000X apart.
adkev trajectory --author a nul-names.jsonl; echo "status $?"
adkev trajectory --invocation inv nul-names.jsonl; echo "status $?"
adkev trajectory --per-invocation nul-names.jsonl; echo "status $?"
