# \u0000 is valid JSON inside a string; the raw output keeps the byte.
printf '%s\n' '{"author":"a","content":{"parts":[{"text":"a\u0000b"}]}}' | adkev final || echo "exit $?"
printf '%s\n' '{"author":"a","content":{"parts":[{"text":"a\u0000b"}]}}' | adkev final -r | od -An -c
