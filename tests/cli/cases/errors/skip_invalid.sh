printf '%s\n' '{"author":"a","content":{"parts":[{"text":"before"}]}}' '{"author": oops}' \
	'not json' '42' '{"unrelated":true}' \
	'{"author":"a","content":{"parts":[{"text":"after"}]}}' > bad.tmp
adkev final --full-scan --skip-invalid bad.tmp; echo "status $?"
adkev final --skip-invalid -e --author nobody bad.tmp; echo "status $?"
rm -f bad.tmp
