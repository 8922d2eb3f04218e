# Read forward (--full-scan), the answer over the events before the bad line is
# still printed; exit 65.  (Read backwards, lines before the answer are not read:
# perf/backward_cases.)
printf '%s\n' '{"author":"a","content":{"parts":[{"text":"before"}]}}' '{"author": oops}' \
	'{"author":"a","content":{"parts":[{"text":"after"}]}}' > bad.tmp
adkev final --full-scan bad.tmp; echo "status $?"
rm -f bad.tmp
