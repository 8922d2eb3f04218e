# show hides what trajectory hides (secret keys' values, secrets by their
# shape in any text, author and tool names included) on every line it
# prints, by default; the filters still match names as written.  With
# --no-redact nothing is hidden; --redact, the old way to ask, is the same
# as the default.
adkev show --color=never --full leaky.jsonl
echo "status $?"
adkev show --color=never --full --redact --author sk-proj-LEAKauthor0123456789abc leaky.jsonl
echo "markers by default: $(adkev show --color=never --full leaky.jsonl | grep -c LEAK)"
default=$(adkev show --color=never --full leaky.jsonl)
[ "$default" = "$(adkev show --color=never --full --redact leaky.jsonl)" ] && echo "--redact: the default"
echo "markers with --no-redact: $(adkev show --color=never --full --no-redact leaky.jsonl | grep -o LEAK | wc -l | tr -d ' ')"
# A real ADK JS stream with a tool that returns credentials.
adkev show --color=never --full "$CORPUS/adkjs/j_secrets.jsonl"
