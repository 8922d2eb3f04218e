# Secrets are redacted as trajectory redacts them (tool arguments, results,
# state) unless --no-redact; the page says when they are not.
f=$CORPUS/adkjs/j_secrets.jsonl
for opts in "" "--no-redact" "--redact-key service"; do
	echo "== timeline $opts"
	adkev timeline $opts "$f" >page.html || echo "exit $?"
	for word in '\[REDACTED\]' sk_live_EXAMPLE hunter2-EXAMPLE ghp_EXAMPLE N0t-a-real-pa55 payments-db '"redacted":false'; do
		echo "$word $(grep -o "$word" page.html | wc -l)"
	done
done
rm -f page.html
