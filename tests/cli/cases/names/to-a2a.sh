# to-a2a converts only the events whose author (or invocation) is the whole
# name asked for.
echo "--author a: $(adkev to-a2a --author a nul-names.jsonl | wc -l | tr -d ' ') message(s)"
adkev to-a2a --author a nul-names.jsonl | grep -o '"text":"[^"]*"'
echo "--invocation inv: $(adkev to-a2a --invocation inv nul-names.jsonl | wc -l | tr -d ' ') message(s)"
echo "all: $(adkev to-a2a nul-names.jsonl | wc -l | tr -d ' ') message(s)"
# The messages carry the whole author and invocation id in their metadata.
a2a=$(adkev to-a2a nul-names.jsonl) || echo "exit $?"
printf '%s\n' "$a2a" | grep -o '"adk_author":"[^"]*","adk_invocation_id":"[^"]*"'
