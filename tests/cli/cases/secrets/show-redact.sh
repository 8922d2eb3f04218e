# show --redact hides what trajectory hides (secret keys' values, secrets by
# their shape in any text, author and tool names included) on every line it
# prints; the filters still match names as written.  Without it nothing is
# hidden.
adkev show --color=never --full --redact leaky.jsonl
echo "status $?"
adkev show --color=never --full --redact --author sk-proj-LEAKauthor0123456789abc leaky.jsonl
echo "markers with --redact: $(adkev show --color=never --full --redact leaky.jsonl | grep -c LEAK)"
echo "markers without: $(adkev show --color=never --full leaky.jsonl | grep -o LEAK | wc -l | tr -d ' ')"
# A real ADK JS stream with a tool that returns credentials.
adkev show --color=never --full --redact "$CORPUS/adkjs/j_secrets.jsonl"
