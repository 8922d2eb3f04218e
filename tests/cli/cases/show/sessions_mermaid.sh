# --format=mermaid over several sessions: one sequenceDiagram per session,
# each in a ```mermaid block under a Markdown heading naming the session,
# as GitHub draws them; one session is the bare diagram, as before.
export TZ=UTC
cd "$CORPUS/db" || exit 1
db=adkjs.db
adkev show --format=mermaid --app adkev_corpus "$db"; echo "exit $?"
echo ---
adkev show --format=mermaid --session 00df "$db"; echo "exit $?"
echo ---
adkev show --format=mermaid --session none "$db"; echo "exit $?"
