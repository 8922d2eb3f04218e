# stats counts authors, tools and invocations by their whole names, and the
# table escapes the NUL; with --per-invocation the two ids stay apart.
adkev stats nul-names.jsonl; echo "status $?"
adkev stats --table --per-invocation nul-names.jsonl; echo "status $?"
adkev stats --author a nul-names.jsonl; echo "status $?"
