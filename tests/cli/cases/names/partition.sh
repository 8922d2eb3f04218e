# partition: --author a keeps only the agent named exactly "a", and
# "user\u0000x" is an agent of its own, not the user.
adkev partition --author a nul-names.jsonl; echo "status $?"
adkev partition --invocation inv nul-names.jsonl; echo "status $?"
adkev partition nul-names.jsonl; echo "status $?"
