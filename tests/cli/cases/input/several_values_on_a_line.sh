printf '%s %s\n' '{"author":"a","content":{"parts":[{"text":"A"}]}}' \
	'{"author":"a","content":{"parts":[{"text":"B"}]}}' | adkev final --concat -r
