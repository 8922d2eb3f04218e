# --format takes text or mermaid.
adkev show --format=html </dev/null; echo "exit $?"
printf '%s\n' '{"author":"a","content":{"role":"model","parts":[{"text":"plain"}]}}' | adkev show --format=text --width 40
