# The answer over the events before the bad line is still printed; exit 65.
printf '%s\n' '{"author":"a","content":{"parts":[{"text":"before"}]}}' '{"author": oops}' \
	'{"author":"a","content":{"parts":[{"text":"after"}]}}' > bad.tmp
adkev final bad.tmp; echo "status $?"
rm -f bad.tmp
