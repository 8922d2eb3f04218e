# show hides what trajectory hides (secret keys' values, secrets by their
# shape in any text, author and tool names included) on every line it
# prints, by default; the filters still match names as written.  With
# --no-redact nothing is hidden; --redact, never released, is an unknown
# option.
adkev show --color=never --full leaky.jsonl
echo "status $?"
adkev show --color=never --full --author sk-proj-LEAKauthor0123456789abc leaky.jsonl
echo "markers by default: $(adkev show --color=never --full leaky.jsonl | grep -c LEAK)"
default=$(adkev show --color=never --full leaky.jsonl)
echo "markers with --no-redact: $(adkev show --color=never --full --no-redact leaky.jsonl | grep -o LEAK | wc -l | tr -d ' ')"
# A real ADK JS stream with a tool that returns credentials.
adkev show --color=never --full "$CORPUS/adkjs/j_secrets.jsonl"
adkev show --redact leaky.jsonl; echo "exit $?"
