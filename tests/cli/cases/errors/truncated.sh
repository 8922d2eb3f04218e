# A writer that died mid-line: at the end of the input, and in the middle
# (where the next line must not be swallowed).
printf '%s\n%s' '{"author":"a","content":{"parts":[{"text":"whole"}]}}' '{"author":"a","content":{"pa' |
	adkev final; echo "status $?"
printf '%s\n%s\n%s\n' '{"author":"a","content":{"parts":[{"text":"first"}]}}' \
	'{"author":"a","content":{"parts":[{"text":"cut' \
	'{"author":"a","content":{"parts":[{"text":"third"}]}}' | adkev final --skip-invalid; echo "status $?"
printf '%s\n%s\n' '{"author":"a","x":[1,' '{"author":"a","content":{"parts":[{"text":"next"}]}}' |
	adkev final --skip-invalid; echo "status $?"
