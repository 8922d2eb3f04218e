# --format takes text or mermaid.
adkev show --format=html </dev/null; echo "exit $?"
printf '%s\n' '{"author":"a","content":{"role":"model","parts":[{"text":"plain"}]}}' | adkev show --format=text --width 40
# An ambiguous --invocation prefix ends the diagram where it was found (64);
# what was drawn of the first invocation stays, and nothing is left unfreed.
printf '%s\n' '{"author":"user","invocationId":"e-1","content":{"role":"user","parts":[{"text":"hi"}]}}' \
	'{"author":"user","invocationId":"e-2","content":{"role":"user","parts":[{"text":"hi"}]}}' |
	adkev show --format=mermaid --invocation e-; echo "exit $?"
